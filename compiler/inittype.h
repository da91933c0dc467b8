/*
 * inittype.h - Init[T] as a type to match (see inittype.c): the values
 * T's new() accepts as its one argument, by the signatures of T's new
 * function as Puppet 7.23 declares them.
 */
#ifndef COMPILER_INITTYPE_H
#define COMPILER_INITTYPE_H
#include "compiler/compiler.h"

/* Whether v is an instance of t, the type Init or Init[T]. */
int init_type_match(Compiler *c, Value *t, Value *v);
/* Puppet's error, at `at`, when t is Init[T] and T has no new function
 * ("Creation of new instance of type 'Enum['a']' is not supported");
 * nothing for any other type. */
void init_type_check(Compiler *c, const Node *at, const Value *t);
#endif
