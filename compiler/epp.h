/*
 * epp.h - Embedded Puppet templates.  A template is translated into Puppet
 * source (text parts become __epp_text('...') calls, <%= e %> becomes
 * __epp_render((e)), <% code %> stays as written, and a parameter list
 * becomes a lambda's), then parsed and evaluated by the ordinary compiler.
 */
#ifndef COMPILER_EPP_H
#define COMPILER_EPP_H
#include "compiler/compiler.h"

/* Renders template text (named name in messages) with params (a hash or
 * NULL) in a scope whose parent is parent. */
Value *epp_render(Compiler *c, Scope *parent, const Node *at, const char *name, const char *text, size_t len, Value *params);
Value *epp_fn_text(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l);
Value *epp_fn_render(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l);
#endif
