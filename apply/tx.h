/*
 * tx.h - the transaction, as providers see it.  The interface lives in
 * types/txres.h (providers must not depend on apply/); apply/tx.c
 * implements it.  This header stays for apply/'s own files.
 */
#ifndef APPLY_TX_H
#define APPLY_TX_H
#include "types/txres.h"

/* txguard.c: onlyif / unless / creates on types other than exec (1 to
 * manage the resource, else the reason is logged), and check_cmd (1 when
 * every command succeeds). */
int tx_generic_checks_allow(TxRes *t);
int tx_check_cmds_pass(TxRes *t);
#endif
