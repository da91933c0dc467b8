/*
 * anchor.c - stdlib's anchor at apply time: nothing to sync.  It exists
 * only to be ordered against (the anchor pattern that kept classes inside
 * classes before contain()), so it is always in sync and logs nothing;
 * like stdlib's type, it has an empty refresh, so an event sent to it is
 * "Triggered 'refresh'" and passed on.
 */
#include "types/txres.h"

extern const Provider provider_anchor;

static int anchor_apply(TxRes *t) { return 0; }

static int anchor_refresh(TxRes *t, Buf *err) { return 0; }

const Provider provider_anchor = {
    .type = "anchor",
    .apply = anchor_apply,
    .refresh = anchor_refresh,
};
