/*
 * yaml.h - YAML as Ruby's Psych reads and writes it: the reader types a
 * document as Psych types it (what Puppet's Hiera and stdlib's
 * parseyaml()/loadyaml() see); the writer's side is the same rules turned
 * round, which scalars must be quoted so that they read back as strings
 * (to_yaml's style choice, the run report's scalars).  It sits in
 * catalog/, with the JSON reader and writer, because it makes and writes
 * Values and is linked by every tool (the compiler's Hiera and functions,
 * mapply's report) while needing nothing above libyaml and base/.
 *
 * Ownership: every Value made, every message, lives in the arena the
 * caller passes (the compile arena in mcomp); nothing is left to free.
 * The reader keeps no state between calls.
 */
#ifndef CATALOG_YAML_H
#define CATALOG_YAML_H
#include "base/arena.h"
#include "base/buf.h"
#include "catalog/value.h"
#include <stddef.h>

/* Reads the first document of text (len bytes; NUL not needed).  name is
 * the file Psych's messages name ("<unknown>" for a string).  no_aliases:
 * Psych.load's aliases: false, where an alias is an error even when its
 * anchor exists (Hiera's data files allow them).  Returns 1 with *out
 * (NULL for an empty document), or 0 with Psych's message in *err.  When
 * symbol_keys is not NULL it receives a V_ARRAY of the top-level keys
 * whose value holds a Ruby Symbol (Hiera warns about those), or NULL. */
int yml_load(Arena *arena, const char *name, const char *text, size_t len, int no_aliases,
             Value **out, Value **symbol_keys, const char **err);

/* Where a failed read stopped: the 1-based line and column (characters)
 * of the problem, where the reader noticed it (for an error that is not
 * the syntax's, the node it was reading), and of its context, the
 * construct being read, which is the place Psych's message cites; a line
 * of 0: none.  problem and context are libyaml's two phrases (in the
 * arena), NULL for an error of ours. */
typedef struct YmlErrorPos {
    int line, col;
    int ctx_line, ctx_col;
    const char *problem, *context;
} YmlErrorPos;

/* yml_load that also tells, on failure, where the error is (pos may be NULL). */
int yml_load_at(Arena *arena, const char *name, const char *text, size_t len, int no_aliases,
                Value **out, Value **symbol_keys, const char **err, YmlErrorPos *pos);

/* Ruby's String#to_i of s (n bytes): leading blanks, a sign, digits with
 * single underscores between them; 0 when none.  (Also what a hiera.yaml
 * "version" string means; it belongs with the Ruby-behaviour helpers.) */
long long yml_to_i(const char *s, size_t n);

/* ---- writing ---- */

/* Would Psych read the plain scalar s (n bytes) back as a String?  0 for
 * what its ScalarScanner takes for something else ("yes", "~", "0755",
 * "1:30", "2024-01-31", ":sym", ".5") and for the empty string: a writer
 * must quote those.  The same rules the reader types plain scalars by. */
int yml_reads_as_string(const char *s, size_t n);

/* Appends the NUL-terminated s to b as a one-line scalar: plain when no
 * YAML reader could take it for anything but that string (a conservative
 * set of characters, no keyword), double-quoted otherwise, with valid
 * UTF-8 kept and control characters, stray bytes, C1 controls and BOMs
 * escaped.  No printf on the plain path (the run report writes 10k
 * resources with it in a few ms). */
void yml_put_str(Buf *b, const char *s);
#endif
