/*
 * resource.h - declarations: resources, classes, defines, defaults,
 * overrides, collectors and relationship arrows, and the finishing passes
 * that turn them into the catalog Puppet 7 would produce.
 */
#ifndef COMPILER_RESOURCE_H
#define COMPILER_RESOURCE_H
#include "compiler/compiler.h"
#include "types/types.h"

/* (ClassMode is in fnapi.h.) */

void res_init(Compiler *c);                   /* Stage[main], Class[Settings], Class[main] */
void res_cleanup(Compiler *c);
int res_is_data_type(const char *name);
Value *res_declare(Compiler *c, Scope *s, const Node *n);
Value *res_defaults(Compiler *c, Scope *s, const Node *n);
Value *res_override(Compiler *c, Scope *s, const Node *n);
Value *res_relation(Compiler *c, Scope *s, const Node *n);
Value *res_collect(Compiler *c, Scope *s, const Node *n);
/* include / require / contain / class { name: params }.  params is a hash
 * or NULL.  Returns the class resource. */
Resource *res_declare_class(Compiler *c, Scope *s, const Node *at, const char *name, Value *params, ClassMode mode);
/* The same for several names: all resources first, then the bodies; out[i]
 * receives each class resource. */
Resource *res_declare_classes(Compiler *c, Scope *s, const Node *at, const char **names, size_t n, Value *params,
                              ClassMode mode, Resource **out);
/* Declares a resource of any type from a function (create_resources,
 * ensure_resource); params is a hash.  A title that is no String (443)
 * becomes its string form, is no tag, and sets the namevar, as Puppet's
 * parse_title does. */
Resource *res_declare_from_hash(Compiler *c, Scope *s, const Node *at, const char *type, Value *title, Value *params, int is_virtual);
void res_realize(Compiler *c, const Node *at, Value *refs);
/* Is r tagged with tag (lowercase), or the resource whose scope declared
 * it, and so on up?  (Puppet's raw_tagged?, used by collectors and tagged()) */
int res_tagged_in_scope(Resource *r, const char *tag);
Resource *res_find_ref(Compiler *c, const Value *ref);   /* resref value or "Type[title]" string */
void res_evaluate_node(Compiler *c);
void res_finish(Compiler *c);
#endif
