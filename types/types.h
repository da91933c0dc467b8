/*
 * types.h - the resource type registry: which resource types exist, which
 * attributes each one takes, which is its namevar, and which names are
 * metaparameters valid on every type.  The compiler uses it to reject unknown
 * types and attributes; the applier will hang providers off the same TypeDefs.
 *
 * The facts mirror what the installed Puppet 7.23 loads out of the box
 * (Puppet::Type.loadall minus the internal whit and component); see
 * registry.c.  Everything here is static, read-only data: no call allocates,
 * and every returned pointer stays valid for the life of the program.
 */
#ifndef TYPES_TYPES_H
#define TYPES_TYPES_H
#include <stddef.h>

/* What an attribute is.  TP_NAMEVAR is or'ed onto TP_PARAM for each of the
 * type's key attributes (Puppet's key_attributes). */
typedef enum { TP_PARAM = 1, TP_PROPERTY = 2, TP_NAMEVAR = 4 } TypeParamFlags;

typedef struct TypeParam {
    const char *name;   /* attribute name, lowercase, e.g. "mode" */
    unsigned flags;     /* TypeParamFlags or'ed together */
} TypeParam;

typedef struct TypeDef {
    const char *name;          /* lowercase type name, e.g. "file" */
    const char *namevar;       /* the (first) key attribute, e.g. "path" */
    const TypeParam *params;   /* every parameter and property, metaparameters excluded */
    size_t nparams;            /* entries in params, sorted by name (strcmp) */
    const char *module;        /* NULL for Puppet's own types; for a module type,
                                  the Forge module whose lib/puppet/type/NAME.rb
                                  defines it ("stdlib"), see type_find_module() */
} TypeDef;

/* The type called name[0..len), compared ASCII case-insensitively ("File",
 * "FILE" and "file" all find file); NULL if there is no such type.  name need
 * not be NUL-terminated. */
const TypeDef *type_find(const char *name, size_t len);

/* Module types: resource types that Forge modules define in Ruby and that
 * mapply applies natively (stdlib's file_line and anchor, concat's
 * concat_file and concat_fragment, inifile's ini_setting and
 * ini_subsetting).  They are deliberately NOT found by type_find(): at
 * compile time Puppet knows such a type only when its module is on the
 * module path, so the compiler must keep finding it in the module's
 * lib/puppet/type/NAME.rb, never here.  The apply side (mapply, mres),
 * which reads a catalog already compiled, asks type_find_applied().
 * Their TypeDef has module set to the module's name.  Same contract as
 * type_find(). */
const TypeDef *type_find_module(const char *name, size_t len);

/* type_find(), else type_find_module(): every type mapply knows. */
const TypeDef *type_find_applied(const char *name, size_t len);

/* t's attribute called name[0..len), compared exactly (Puppet attribute names
 * are lowercase words); NULL if t has no such parameter or property.
 * Metaparameters are not in t's table: ask type_is_metaparam() for those. */
const TypeParam *type_param(const TypeDef *t, const char *name, size_t len);

/* Nonzero if name[0..len) is a metaparameter, valid on every type: Puppet 7's
 * own (alias audit before loglevel noop notify require schedule stage
 * subscribe tag) and this product's Salt-style requisites and checks
 * (onchanges onfail prereq use onlyif unless creates check_cmd order and the
 * *_in forms; docs/salt.md §1).  Compared exactly.  Note that exec's own
 * onlyif/unless/creates are also ordinary exec parameters. */
int type_is_metaparam(const char *name, size_t len);

/* Nonzero if name[0..len) is one of Puppet's four relationship
 * metaparameters: before, require, notify, subscribe. */
int type_is_relationship_metaparam(const char *name, size_t len);

/* Iterate over every type of Puppet's own (module types are not included), in
 * order of name: type_at(i) for i < type_count().
 * type_at() returns NULL when i is out of range. */
size_t type_count(void);
const TypeDef *type_at(size_t i);

#endif
