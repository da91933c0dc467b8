/*
 * object.h - Puppet's user-defined Object types (Pcore objects):
 * `type Point = Object[{attributes => {x => Integer, y => {type =>
 * Integer, value => 0}}}]`, their instances (`Point(1)`, `Point.new({x =>
 * 1})`), attribute access, instance checks, inheritance and string forms.
 * An instance is a V_OBJECT whose type is the object type's name and
 * whose attributes hash holds the attributes that differ from their
 * declared default, in declaration order (parents' first): exactly what
 * Puppet prints, `Point({'x' => 1})`.  Everything here lives in the
 * compile arena.
 */
#ifndef COMPILER_OBJECT_H
#define COMPILER_OBJECT_H
#include "compiler/compiler.h"

/* Whether type t is an Object type: Object[{...}], or a type alias
 * standing for one.  With name, *name is its name (the alias's, as the
 * declaration writes it, or the init hash's `name`). */
int obj_is_type(Compiler *c, const Value *t, const char **name);
/* new(t, args...) for an Object type t (obj_is_type): an instance, from
 * positional arguments or one hash of attributes, or Puppet's dispatch
 * error at `at`. */
Value *obj_new(Compiler *c, const Node *at, const Value *t, Value **args, size_t n);
/* Whether v is an Init[t] for the Object type t: what t's new takes as its
 * one argument (a hash of its attributes, or their values as an array). */
int obj_init_match(Compiler *c, const Value *t, Value *v);
/* The attribute `name` of an instance of a user Object type (its default
 * when not set); NULL when o is not one or has no such attribute. */
Value *obj_attr(Compiler *c, const Value *o, const char *name);
/* Whether v is an instance of the Object type t (itself or a descendant;
 * unparameterised Object: any object).  -1 when t is not an Object type. */
int obj_instance(Compiler *c, const Value *t, const Value *v);
/* The type of an instance v of a user Object type (for type()), or NULL. */
Value *obj_type_of(Compiler *c, const Value *v);
/* Appends the Object type t as Puppet's TypeFormatter prints it:
 * Object[{name => 'Point', parent => Animal, attributes => {'x' =>
 * Integer, 'y' => {type => Integer, value => 0}}}].  0 when t is not an
 * Object type (nothing appended). */
int obj_type_to_s(Compiler *c, Buf *b, const Value *t);
/* Rewrites the resources' parameters that hold Object types (at any depth
 * in arrays and hashes) to the types' text, which the catalog writes for
 * them: the type-alias hooks are gone when it is written. */
void obj_catalog_values(Compiler *c);
#endif
