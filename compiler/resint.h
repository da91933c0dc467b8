/*
 * resint.h - what the three files of resource declaration share and no
 * other file sees: resource.c (declaring resources, classes and defines;
 * defaults and overrides; nodes), collect.c (collectors and realize) and
 * finish.c (relationship arrows and the passes that end a compile).  The
 * compile's resource state and its pending collectors, chains and
 * overrides live in the compile arena; the helpers are resource.c's, used
 * as they are there.
 */
#ifndef MCOMP_RESINT_H
#define MCOMP_RESINT_H

#include "compiler/resource.h"

/* A "Type <| query |>" expression. */
struct Collector {
    const char *type;            /* capitalised type name */
    const Node *node;            /* ND_COLLECT */
    Scope *scope;
    Map seen;                    /* resource key -> 1: overrides applied */
    Map wanted;                  /* query node -> its right side's value, evaluated once
                                  * in this collector's scope (a define's instances share
                                  * the node but not the value) */
    Resource **matched;          /* every match so far, in catalog order of finding */
    size_t nmatched, cap;
    int exported;                /* Type <<| |>> (with a store): exported resources only */
    int fetched;                 /* other nodes' exports were read from the store */
    Map remote;                  /* resource key -> 1: read from the store by this collector */
    Collector *next;
};

/* One chain "a -> b ~> c": its operands and arrows, resolved at the end. */
struct Chain {
    const Node *node;
    Value **operands;            /* resref, array of resrefs, or a collector marker */
    int *arrows;                 /* TK_IN_EDGE ... between operand i and i+1 */
    size_t n;
    Chain *next;
};

struct Override {
    const Node *node;
    Scope *scope;
    Value *ref;
    const char **names;
    Value **vals;
    int *ops;
    const Node **at;
    size_t n;
    Override *next;
};

typedef struct ResState {
    Resource **defines;          /* define instances in creation order */
    size_t ndefines, defcap, next_define;
    Map by_type;                 /* lowercase type -> ResList* */
    Map lowered;                 /* text -> its lower-case form, for lower_shared */
    Map from_store;              /* key -> certname (arena) of a resource collected from the store */
} ResState;

typedef struct ResList { Resource **v; size_t n, cap; } ResList;   /* v: malloc'd */

/* Evaluated attributes; scratch in the compile arena (so nothing leaks
 * when an evaluation error unwinds). */
typedef struct AttrList {
    const char **names;
    Value **vals;
    int *ops;
    const Node **at;
    size_t n, cap;
    Arena *arena;
} AttrList;

/* resource.c */
const char *res_lower(Compiler *c, const char *s);
const char *res_lower_shared(Compiler *c, const char *s);
void res_tag_with_segments(Compiler *c, const char *t);
const char *res_ref_text(Compiler *c, const Value *ref);
void res_attrs_free(AttrList *l);
void res_eval_attrs(Compiler *c, Scope *s, const Node *first, AttrList *out, const Node *body);
int res_is_relationship_param(const char *name);
void res_flatten_into(ValVec *vv, Value *v);
/* The tag a value of the tag metaparameter gives, as Puppet's to_s makes
 * it ("default", "5", "true", "1.5"), or NULL for one that gives none
 * here; in the compile arena (or v's own string). */
const char *res_tag_text(Compiler *c, const Value *v);
void res_note_sensitive(Compiler *c, Resource *r, const char *name, Value *v);
const char *res_param_key(Compiler *c, const char *name);
void res_set_param(Compiler *c, Resource *r, const char *name, Value *v);
Resource *res_new_resource(Compiler *c, Scope *s, const Node *at, const char *type, const char *title, int is_virtual, const char *kind);
Resource *res_container_of(Compiler *c, Scope *s);
void res_add_define_pending(Compiler *c, Resource *r);
void res_override_one(Compiler *c, Resource *r, Override *o);
void res_apply_overrides(Compiler *c);
void res_validate_unrealized_defines(Compiler *c);
size_t res_run_defines(Compiler *c);
/* collect.c */
Collector *res_marker_collector(const Value *v);
size_t res_run_collectors(Compiler *c);
/* finish.c: res_finish() (resource.h) only */

#endif
