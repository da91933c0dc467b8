/*
 * hiera.h - Hiera 5 data for the compiler: lookup() and the automatic
 * lookup of class parameters, over environment-level and module-level
 * hiera.yaml hierarchies with the YAML (libyaml) and JSON backends.
 *
 * The code lives in compiler/hiera/ (internal.h says which file holds
 * what); this header is all the rest of the compiler sees.
 *
 * Nothing here runs until the first lookup() call or the first class
 * parameter that was not given: a compile that never needs data never
 * looks for a hiera.yaml.
 */
#ifndef COMPILER_HIERA_H
#define COMPILER_HIERA_H
#include "compiler/fn/fnapi.h"

/* lookup() in all its forms: (name), (name, type), (name, type, merge),
 * (name, type, merge, default), (name, options_hash), (options_hash), an
 * Array of names for name, and a block giving the default.  The result
 * lives in the compile arena; errors unwind through cmp_fail. */
Value *hiera_lookup_fn(Compiler *c, Scope *s, const Node *at, Value **args, size_t n, const Node *lambda);

/* Puppet 7's deprecated Hiera 3 functions: fn is "hiera" (merge first),
 * "hiera_array" (unique), "hiera_hash" (hash) or "hiera_include" (unique,
 * then include() of what it found).  Arguments (key), (key, default
 * [, override]), (key) { |key| default }, (key, override) { |key| ... };
 * the override (a Hiera 3 level) changes nothing here.  As in Puppet they
 * read data only when the environment layer is a version 5 hiera.yaml, and
 * warn once per function that they are deprecated.  The result lives in
 * the compile arena; errors unwind through cmp_fail. */
Value *hiera_v3_fn(Compiler *c, Scope *s, const Node *at, const char *fn, Value **args, size_t n, const Node *lambda);

/* mcomp --nodes (see load_share): reads and parses the data files under
 * dir (any depth: .yaml and .yml as YAML, .json as JSON) into pre's arena,
 * which is never freed, for every compile of this process and of its
 * forks to take instead of reading them again.  Files that do not parse
 * into a hash without NUL bytes are left to each compile, which reports
 * them as before. */
void hiera_share_data(Compiler *pre, const char *dir);

/* Automatic parameter lookup of <cls>::<param> (cls lowercase) with the
 * merge its lookup_options give, interpolations read in scope s.
 * Returns 1 and sets *out (arena) when data binds the name, 0 when not.
 * Cheap when no hiera.yaml exists: one stat per compile and per module. */
int hiera_class_param(Compiler *c, Scope *s, const Node *at, const char *cls, const char *param, Value **out);

/* Psych.load(text) as Ruby 3.1's Psych 4 does it (what stdlib's
 * parseyaml and loadyaml call): the first document, typed as Psych types
 * it, Symbols as strings, no aliases.  name is the file Psych's messages
 * name ("<unknown>" for a string).  Returns 1 with *out (NULL for an empty
 * document), or 0 with Psych's message in *err; both in the arena.
 * (catalog/yaml.h's yml_load, aliases refused: new callers may use that.) */
int hiera_parse_yaml(Compiler *c, const char *name, const char *text, size_t len, Value **out, const char **err);

/* Frees what the Hiera state holds outside the arena (its maps); called
 * by the compile's cleanup, also after an error. */
void hiera_cleanup(Compiler *c);
#endif
