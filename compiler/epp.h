/*
 * epp.h - Embedded Puppet templates.  A template is cut into text and tags
 * as Puppet's EPP scanner cuts it and translated into Puppet source (text
 * becomes __epp_text('...') calls, <%= e %> becomes __epp_render((e)),
 * <% code %> stays as written, and a parameter list becomes a lambda's),
 * which the ordinary parser and evaluator then run.  Every node of it is
 * moved back onto the template's own file, so diagnostics name the
 * template and its line, as Puppet's do.
 */
#ifndef COMPILER_EPP_H
#define COMPILER_EPP_H
#include "compiler/compiler.h"

/* Renders template text with params (a hash, undef or NULL) in a scope
 * whose parent is parent, and returns the result (a string in the compile
 * arena).  name is the template's path, or "inline_epp" for inline_epp()
 * (messages then name "inlined-epp-text" and "inline_epp()", as Puppet's
 * do).  text is copied.  Errors unwind through cmp_fail: syntax errors
 * ("epp(): Invalid EPP: ...") and evaluation errors at the template's
 * line, parameter faults ("lambda: ...") at the call at. */
Value *epp_render(Compiler *c, Scope *parent, const Node *at, const char *name, const char *text, size_t len, Value *params);
/* For mcomp --nodes (see load_share): parses the template file at path
 * into a process-wide table, with pre's arena (never freed), when the
 * parse reports nothing; epp_render then takes the tree from there when
 * given that path and the same text. */
void epp_share(Compiler *pre, const char *path);
/* The built-ins the translation calls: they append to c->epp_out. */
Value *epp_fn_text(CallCtx *cc);
Value *epp_fn_render(CallCtx *cc);
#endif
