/*
 * tx.h - the transaction, as providers see it.  The interface lives in
 * types/txres.h (providers must not depend on apply/); apply/tx.c
 * implements it.  This header stays for apply/'s own files.
 */
#ifndef APPLY_TX_H
#define APPLY_TX_H
#include "types/txres.h"
#endif
