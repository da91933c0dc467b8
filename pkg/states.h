/*
 * states.h - a package's pre_local_state and post_local_state: Puppet
 * manifest text, compiled and applied in this process by the toolchain's
 * own compiler and engine.
 */
#ifndef PKG_STATES_H
#define PKG_STATES_H
#include "pkg/formula.h"

typedef struct StateEnv {
    const char *modulepath;   /* paths of the managed system (in the root) */
    const char *root;         /* --root, or NULL */
    const char *vardir;       /* host path: the engine's state (bucket) */
} StateEnv;

/* Compiles text (with every scalar FORMULA field as a top-scope variable:
 * $name, $version, ...) and applies the catalog.  what ("pre_local_state")
 * names it in messages.  0 when it compiled and no resource failed, else 1
 * (the compiler's or the engine's messages are on stderr). */
int states_run(const char *what, const Formula *f, const char *text, const StateEnv *env);
#endif
