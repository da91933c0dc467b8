/*
 * yaml.h - YAML as Ruby's Psych reads and writes it, the one YAML module:
 * yaml.c is the reader, which types a document as Psych types it (what
 * Puppet's Hiera and stdlib's parseyaml()/loadyaml() see); yamlout.c the
 * writers, whose scalar rules are the reader's turned round: a string is
 * quoted when it would read back as something else (to_yaml's dump, the
 * run report's scalars).  It sits in catalog/, with the JSON reader and
 * writer, because it makes and writes Values and is linked by every tool
 * (the compiler's Hiera and functions, mapply's report) while needing
 * nothing above libyaml and base/.
 *
 * Ownership: every Value made, every message, lives in the arena the
 * caller passes (the compile arena in mcomp); nothing is left to free.
 * Neither side keeps state between calls.
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

/* ---- writing (yamlout.c) ---- */

/* Would Psych read the plain scalar s (n bytes) back as a String?  0 for
 * what its ScalarScanner takes for something else ("yes", "~", "0755",
 * "1:30", "2024-01-31", ":sym", ".5") and for the empty string: a writer
 * must quote those.  The same rules the reader types plain scalars by
 * (defined in yaml.c). */
int yml_reads_as_string(const char *s, size_t n);

/* The style Psych's emitter is asked to write a string in. */
typedef enum YmlStyle {
    YML_PLAIN,       /* as is (libyaml may still quote what it cannot write plain) */
    YML_SINGLE,      /* 'yes', '0755': would read back as something else */
    YML_DOUBLE,      /* "y", "n", and a line that starts with no word character: "- x" */
    YML_LITERAL,     /* |- : a newline inside */
    YML_FOLDED,      /* >- : longer than the line_width option */
    YML_MERGE_KEY,   /* '<<', single-quoted and tagged !!str (not a merge key) */
} YmlStyle;

/* Psych's YAMLTree#visit_String: the style for the string s (len bytes);
 * line_width is Psych's option of that name, -1 when not given.  The one
 * place that decides how to_yaml quotes a string. */
YmlStyle yml_str_style(const char *s, size_t len, long line_width);

/* Appends the NUL-terminated s to b as a one-line scalar: plain when no
 * YAML reader could take it for anything but that string (a conservative
 * set of characters, no keyword), double-quoted otherwise, with valid
 * UTF-8 kept and control characters, stray bytes, C1 controls and BOMs
 * escaped.  No printf on the plain path (the run report writes 10k
 * resources with it in a few ms). */
void yml_put_str(Buf *b, const char *s);

/* yml_put_str for a string value (len bytes), where one more of Psych's
 * choices can arise: a time as Puppet's report holds one
 * ("2024-01-31T10:00:00.123456789+00:00") is single-quoted, since Psych
 * would read it back as a Time. */
void yml_put_strval(Buf *b, const char *s, size_t len);

/* What value.to_yaml(options) is given besides the value. */
typedef struct YmlDumpOptions {
    int layout;          /* set the three below (Psych's DumperOptions when any option was given) */
    int indent;          /* the emitter's indentation */
    int width;           /* the emitter's line width (0: libyaml's best width) */
    int canonical;       /* canonical YAML */
    int header;          /* write the %YAML 1.1 directive */
    long line_width;     /* Psych's line_width: a longer string is folded; -1: not given */
    /* Is name a user type alias (a PTypeAliasType, which Psych cannot
     * dump)?  NULL: none is.  ctx is passed back. */
    int (*is_alias)(void *ctx, const char *name);
    void *ctx;
} YmlDumpOptions;

/* Appends v to out as Psych's Object#to_yaml writes it: its data types as
 * the !ruby/object mappings of Puppet's type classes, an array, hash,
 * regexp or object met twice as an anchor and an alias, strings in
 * yml_str_style.  Returns 1, or 0 with the reason in *err (in arena):
 * Psych's exception for what it cannot dump, or libyaml's problem. */
int yml_dump(Arena *arena, Buf *out, const Value *v, const YmlDumpOptions *opt, const char **err);
#endif
