/*
 * formula.h - a package's metadata: SPM's FORMULA (YAML) or, for a Puppet
 * module without one, its metadata.json turned into the same fields.
 */
#ifndef PKG_FORMULA_H
#define PKG_FORMULA_H
#include "base/arena.h"
#include "base/buf.h"
#include <stddef.h>

typedef struct PkgDep {
    const char *name;    /* the module's short name ("stdlib") */
    const char *range;   /* a version range (pkg/version.h), or NULL: any */
} PkgDep;

typedef struct PkgFile {
    const char *path;    /* relative to the formula directory, tag removed */
    char tag;            /* 0, or c d g l r s m (SPM's file-type tags) */
} PkgFile;

typedef struct Formula {
    const char *name, *version, *release, *summary, *description;
    const char *os, *os_family, *minimum_version, *top_level_dir, *renderer;
    const char *dependencies, *optional, *recommended;   /* comma lists as written */
    const char *os_dependencies, *os_family_dependencies;
    PkgDep *deps; size_t ndeps;            /* dependencies, parsed */
    PkgFile *files; size_t nfiles;         /* files: (has_files set when given) */
    int has_files;
    const char **excludes; size_t nexcludes;   /* spm_build_exclude regexes */
    const char *pre_local_state, *post_local_state;
    int pre_tgt_state, post_tgt_state;     /* given (mpm refuses them) */
    const char **var_names, **var_values;  /* every top-level scalar, as text */
    size_t nvars;
    const char *text;                      /* the FORMULA text itself */
} Formula;

enum { FORMULA_BUILD, FORMULA_INSTALL };

/* Parses FORMULA text into a Formula in arena a.  mode FORMULA_BUILD
 * checks the required fields with SPM's newest one-line message
 * ("Missing FORMULA fields: ...; Incorrect FORMULA field types: ..."),
 * FORMULA_INSTALL with "Invalid package: the <field> was not found".
 * NULL with the message in err on failure. */
Formula *formula_parse(Arena *a, const char *text, size_t len, int mode, Buf *err);

/* A Formula from a Puppet module's metadata.json text (name after the '-',
 * version, summary, dependencies with their version ranges), with its text
 * set to the equivalent FORMULA.  NULL with the message in err. */
Formula *formula_from_metadata(Arena *a, const char *json, size_t len, Buf *err);

/* Whether s is usable as a module (and package) name: Puppet's rule,
 * [a-z][a-z0-9_]*. */
int formula_valid_name(const char *s);

/* Writes FORMULA text (all of it, keys sorted) as the value of a YAML
 * mapping key, indented by indent spaces, onto out (for SPM-METADATA).
 * -1 when the text does not parse. */
int formula_dump_yaml(const char *text, size_t len, int indent, Buf *out);

/* Appends s as a YAML double-quoted scalar. */
void formula_quote(Buf *out, const char *s);
#endif
