/*
 * catalog.h - the catalog: the one model mcomp builds and mapply reads.
 * Resources sit in catalog order (which drives apply order) and are found by
 * their reference "Type[title]" in a hash map.  The key folds what Puppet
 * folds: the type name's case always, a class title's case, and a file
 * title's trailing slashes.  Everything lives in the catalog's arena.
 */
#ifndef CATALOG_CATALOG_H
#define CATALOG_CATALOG_H
#include "catalog/value.h"
#include "base/map.h"

typedef struct Param {
    const char *name;
    Value *value;
    const void *origin;      /* compiler: the node that set it (for messages), or NULL */
} Param;

/* 152 bytes (a big catalog has a million): counts are 32-bit, flags bytes. */
typedef struct Resource {
    const char *type;        /* capitalised per segment: "File", "Class", "My::Dt" */
    const char *title;       /* as declared ("Foo::Bar" capitalised for classes) */
    const char *ref;         /* "Type[title]" */
    const char *key;         /* lookup key, see cat_ref_key */
    const char **tags;       /* ordered set, lowercase */
    uint32_t ntags, tagcap;  /* a handful of tags are searched linearly; from 16 on, */
    uint32_t *tagset;        /* an open-addressing index (tags[i] as i+1), so deep */
    uint32_t tagsetcap;      /* nesting copies its containers' tags in linear time */
    int line;                /* 0: none */
    const char *file;        /* absolute manifest path, or NULL */
    const char *kind;        /* "compilable_type", "defined_type", "class", "unknown" */
    Param *params;           /* ordered; undef values are kept until output */
    uint32_t nparams, paramcap;
    const char **sensitive;  /* names of parameters holding Sensitive values */
    uint32_t nsensitive;
    uint32_t index;          /* position in the catalog */
    struct Resource *container; /* enclosing class / define instance / stage (for edges) */
    void *scope;             /* compiler: the scope it was declared in */
    void *decl;              /* compiler: declaring node */
    void *aux;               /* compiler: per-resource state (e.g. define instance) */
    uint8_t exported;        /* declared with @@ */
    uint8_t is_virtual;      /* declared with @ and not (yet) realised */
    uint8_t evaluated;       /* compiler: define body / class body done */
    uint8_t title_not_string; /* compiler: declared by a function with a title such as 443 */
} Resource;

typedef struct Edge { Resource *source, *target; } Edge;

typedef struct Catalog {
    Arena *arena;
    const char *name;        /* node name */
    const char *environment;
    const char *version;     /* as read from JSON (mapply), or the environment's config_version (mcomp), or NULL */
    const char *catalog_uuid; /* as read from JSON (mapply; for its report), or NULL */
    const char *code_id;     /* as read from JSON (mapply), or NULL (also for JSON's null) */
    const char **modulepath; /* the module path it was compiled with: absolute directories
                                (mcomp: those of the compile that exist; mapply: the
                                catalog's "modulepath" key), in the arena; NULL: none */
    size_t nmodulepath;
    Resource **res;          /* catalog order */
    size_t nres, rescap;
    Map by_key;              /* key -> Resource* */
    Edge *edges;             /* containment edges, in insertion order */
    size_t nedges, edgecap;
    const char **classes;    /* evaluated class names, lowercase */
    size_t nclasses, classcap;
    const char **tags;       /* catalog tags, ordered set */
    size_t ntags, tagcap;
    Map tagset;
    int rich_deferred;       /* write Deferred values as Puppet's rich data ({"__ptype": "Deferred",
                                "name": ..., "arguments": [...]}, what an agent receives), not as
                                their strings (what puppet catalog compile prints) */
} Catalog;

void cat_init(Catalog *c, Arena *a);
void cat_free(Catalog *c);                   /* frees maps; the arena is the caller's */
/* The lookup key for a reference: "type[title]" with the type lowercased,
 * class titles lowercased and leading "::" dropped, file titles without
 * trailing slashes.  Lives in arena a. */
const char *cat_ref_key(Arena *a, const char *type, const char *title);
/* "Foo::Bar" from "foo::bar" (each segment's first letter up). */
const char *cat_capitalize_type(Arena *a, const char *name);
Resource *cat_find(const Catalog *c, const char *type, const char *title);
Resource *cat_find_key(const Catalog *c, const char *key);
/* 1 when a (non-virtual) resource holds a secret: a Sensitive parameter,
 * a user's password, or a Sensitive value inside a parameter's array or hash
 * at any depth; such catalogs and reports are written 0600. */
int cat_has_secrets(const Catalog *c);
/* Adds a new resource at the end; returns NULL if the key exists. */
Resource *cat_add(Catalog *c, const char *type, const char *title);
void cat_add_edge(Catalog *c, Resource *source, Resource *target);
void cat_add_class(Catalog *c, const char *name);
void cat_add_tag(Catalog *c, const char *tag);

Param *cat_res_param(Resource *r, const char *name);        /* NULL if unset */
Value *cat_res_get(Resource *r, const char *name);          /* NULL if unset */
/* Sets (replaces) a parameter, keeping its first position. */
void cat_res_set(Catalog *c, Resource *r, const char *name, Value *v);
void cat_res_tag(Catalog *c, Resource *r, const char *tag);  /* adds if new; tag must live in the arena */
/* Room for n more parameters or tags, allocated once at that size (in c's
 * arena) instead of doubling from a default: a compiler that knows how
 * many are coming keeps a million resources smaller. */
void cat_res_reserve_params(Catalog *c, Resource *r, size_t n);
void cat_res_reserve_tags(Catalog *c, Resource *r, size_t n);
int cat_res_tagged(const Resource *r, const char *tag);
/* Puppet's valid tag: [[:alnum:]_][[:alnum:]_:.-]* */
int cat_valid_tag(const char *s);
#endif
