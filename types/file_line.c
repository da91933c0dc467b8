/*
 * file_line.c - stdlib's file_line at apply time: one line in a file,
 * present (appended, put after a line matching `after`, or replacing the
 * lines matching `match`) or absent (the lines equal to `line`, or with
 * match_for_absence the lines matching `match`).
 *
 * The one idea is stdlib 8.5's exists? rule, which decides from the line
 * count and the match count alone whether ensure is in sync (present with
 * a match that finds nothing and append_on_no_match => false counts as in
 * sync, replace => false with a match counts as in sync, ...); only an out
 * of sync resource rewrites the file, and then as stdlib's create/destroy
 * would, line by line.  Lines keep their own line ends ("a\n"); Ruby's
 * puts adds "\n" to a line without one, and chomp compares without it.
 * Patterns are Ruby regexps (Oniguruma), matched against the line with its
 * line end, as String#match does.  The file is rewritten atomically, the
 * old content in the bucket (modfile.h); a missing file is an error, as
 * Ruby's File.readlines makes it, except in noop, where it reads as empty.
 * Log lines: ensure "created" / "removed"; line is never out of sync (its
 * retrieve returns the wanted line).
 */
#include "types/modfile.h"
#include "types/param.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

extern const Provider provider_file_line;

typedef struct Span { const char *s; size_t n; } Span;   /* one line, with its end */

typedef struct FileLine {
    const Resource *r;
    char *path;                /* malloc'd (param_free), NULL when unset */
    char *line;                /* NULL when unset */
    char *match_src, *after_src;
    OnigRegex match, after;
    int absent, multiple, replace, replace_all, append_on_no_match, match_for_absence;
} FileLine;

static const ParamWord fl_ensures[] = { { "present", 0 }, { "absent", 1 }, { NULL, 0 } };
static const ParamWord fl_flags[] = { { "true", 1 }, { "false", 0 }, { NULL, 0 } };   /* newvalues(true, false) */
#define FL_BAD "Invalid value %i. Valid values are %w."

/* stdlib's file_line parameters in the order Puppet sets them, which is
 * the order their checks report (Type.allattrs: properties, ensure and
 * line, then parameters as the type declares them).  multiple has no
 * default: unset it stays 2, neither true nor false. */
static const ParamSpec fl_params[] = {
    { "ensure", PK_WORD, offsetof(FileLine, absent), .words = fl_ensures, .flags = PF_PROPERTY, .bad = FL_BAD },
    { "line", PK_STRING, offsetof(FileLine, line), .flags = 0 },
    { "match", PK_STRING, offsetof(FileLine, match_src), .flags = 0 },
    { "match_for_absence", PK_WORD, offsetof(FileLine, match_for_absence), .dflt = "false", .words = fl_flags,
      .bad = FL_BAD },
    { "multiple", PK_WORD, offsetof(FileLine, multiple), .words = fl_flags, .bad = FL_BAD },
    { "after", PK_STRING, offsetof(FileLine, after_src), .flags = 0 },
    { "path", PK_STRING, offsetof(FileLine, path),
      .checks = { { param_absolute, "File paths must be fully qualified, not '%v'" } } },
    { "replace", PK_WORD, offsetof(FileLine, replace), .dflt = "true", .words = fl_flags, .bad = FL_BAD },
    { "replace_all_matches_not_matching_line", PK_WORD, offsetof(FileLine, replace_all), .dflt = "false",
      .words = fl_flags, .bad = FL_BAD },
    { "append_on_no_match", PK_WORD, offsetof(FileLine, append_on_no_match), .dflt = "true", .words = fl_flags,
      .bad = FL_BAD },
};

static void fl_free(FileLine *f)
{
    if (f->match) onig_free(f->match);
    if (f->after) onig_free(f->after);
    param_free(fl_params, PARAM_COUNT(fl_params), f);
}

/* Reads r into f (the caller frees it with fl_free, even on failure).
 * Returns 0, or -1 with Puppet's message in err. */
static int fl_parse(const Resource *r, FileLine *f, Buf *err)
{
    memset(f, 0, sizeof *f);
    f->r = r;
    f->multiple = 2;
    if (param_parse(fl_params, PARAM_COUNT(fl_params), r, f, err) != 0)
        return -1;
    /* the type's validate block, in its order */
    if (f->replace_all && f->multiple == 0) {
        buf_printf(err, "multiple must be true when replace_all_matches_not_matching_line is true");
        return -1;
    }
    if (f->replace_all && !f->replace) {
        buf_printf(err, "replace must be true when replace_all_matches_not_matching_line is true");
        return -1;
    }
    if (!f->line && !(f->absent && f->match_for_absence && f->match_src)) {
        buf_printf(err, "line is a required attribute");
        return -1;
    }
    if (!f->path) {
        buf_printf(err, "path is a required attribute");
        return -1;
    }
    if (f->match_src && !(f->match = modfile_regex(f->match_src, err)))
        return -1;
    if (f->after_src && !(f->after = modfile_regex(f->after_src, err)))
        return -1;
    return 0;
}

static int fl_validate(const Resource *r, Buf *err)
{
    FileLine f;
    int rc = fl_parse(r, &f, err);
    fl_free(&f);
    return rc;
}

/* Ruby's line.chomp == want. */
static int chomp_eq(Span l, const char *want)
{
    size_t n = l.n;
    if (n && l.s[n - 1] == '\n') {
        n--;
        if (n && l.s[n - 1] == '\r') n--;
    } else if (n && l.s[n - 1] == '\r') {
        n--;
    }
    return want && strlen(want) == n && memcmp(l.s, want, n) == 0;
}

/* Splits text into lines as File.readlines does (each keeps its "\n"). */
static Span *split_lines(const char *text, size_t len, size_t *n)
{
    size_t cap = 16;
    Span *v = malloc(cap * sizeof *v);
    *n = 0;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (*n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
        if (!v) abort();
        v[(*n)++] = (Span){ text + i, end - i };
        i = end;
    }
    return v;
}

/* count_matches: lines re matches, those equal to line left out with
 * replace_all_matches_not_matching_line. */
static size_t count_matches(const FileLine *f, OnigRegex re, const Span *l, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (modfile_match(re, l[i].s, l[i].n) && !(f->replace_all && chomp_eq(l[i], f->line)))
            c++;
    return c;
}

/* stdlib's exists?. */
static int fl_exists(const FileLine *f, const Span *l, size_t n)
{
    size_t lines_count = 0;
    for (size_t i = 0; i < n; i++)
        lines_count += chomp_eq(l[i], f->line);
    if (!f->match)
        return lines_count > 0;
    size_t match_count = count_matches(f, f->match, l, n);
    if (!f->absent) {
        if (match_count == 0)
            return lines_count != 0 || !f->append_on_no_match;
        if (f->replace_all)
            return 0;
        return lines_count ? 1 : !f->replace;
    }
    if (match_count == 0)
        return lines_count != 0;
    return lines_count ? 1 : f->match_for_absence;
}

/* Ruby's puts: the line, and "\n" unless it ends with one. */
static void puts_line(Buf *out, const char *s, size_t n)
{
    buf_add(out, s, n);
    if (!n || s[n - 1] != '\n') buf_addc(out, '\n');
}

/* stdlib's create and destroy: the new text in out, or -1 with the
 * Puppet::Error message in err (*wrapped set for a Ruby TypeError). */
static int fl_rewrite(const FileLine *f, const Span *l, size_t n, Buf *out, Buf *err, int *wrapped)
{
    size_t ll = f->line ? strlen(f->line) : 0;
    if (f->absent) {
        OnigRegex re = f->match_for_absence && f->match ? f->match : NULL;
        if (re) {
            size_t c = count_matches(f, re, l, n);
            if (c > 1 && f->multiple != 1) {
                buf_printf(err, "More than one line in file '%s' matches pattern '%s'", f->path, f->match_src);
                return -1;
            }
        }
        for (size_t i = 0; i < n; i++)
            if (re ? !modfile_match(re, l[i].s, l[i].n) : !chomp_eq(l[i], f->line))
                buf_add(out, l[i].s, l[i].n);
        return 0;
    }
    if (!f->replace) {
        if (!f->match && n) {   /* Ruby: line.match(nil) */
            buf_adds(err, "wrong argument type nil (expected Regexp)");
            *wrapped = 1;
            return -1;
        }
        if (f->match && count_matches(f, f->match, l, n) > 0) {
            for (size_t i = 0; i < n; i++) buf_add(out, l[i].s, l[i].n);
            return 0;
        }
    }
    if (f->match) {
        size_t c = count_matches(f, f->match, l, n);
        if (c > 1 && f->multiple != 1) {
            buf_printf(err, "More than one line in file '%s' matches pattern '%s'", f->path, f->match_src);
            return -1;
        }
        for (size_t i = 0; i < n; i++) {
            if (modfile_match(f->match, l[i].s, l[i].n)) puts_line(out, f->line, ll);
            else puts_line(out, l[i].s, l[i].n);
            if (c == 0 && f->after && modfile_match(f->after, l[i].s, l[i].n)) {
                puts_line(out, f->line, ll);
                c++;
            }
        }
        if (c == 0) puts_line(out, f->line, ll);
    } else if (f->after) {
        size_t c = count_matches(f, f->after, l, n);
        if (c > 1 && f->multiple != 1) {
            buf_printf(err, "%zu lines match pattern '%s' in file '%s'. One or no line must match the pattern.", c,
                       f->after_src, f->path);
            return -1;
        }
        for (size_t i = 0; i < n; i++) {
            puts_line(out, l[i].s, l[i].n);
            if (modfile_match(f->after, l[i].s, l[i].n)) puts_line(out, f->line, ll);
        }
        if (c == 0) puts_line(out, f->line, ll);
    } else {
        for (size_t i = 0; i < n; i++) puts_line(out, l[i].s, l[i].n);
        puts_line(out, f->line, ll);
    }
    return 0;
}

static int fl_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    FileLine f;
    TextFile tf;
    Buf err = BUF_INIT, out = BUF_INIT;
    Span *lines = NULL;
    size_t n = 0;
    int rc = -1;
    memset(&tf, 0, sizeof tf);
    if (fl_parse(r, &f, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));
        goto out;
    }
    if (textfile_load(&tf, f.path, &err) != 0 || (!tf.exists && !tx_noop(t))) {
        if (!err.len) buf_printf(&err, "No such file or directory @ rb_sysopen - %s", f.path);
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
        goto out;
    }
    lines = split_lines(tf.text.s ? tf.text.s : "", tf.text.len, &n);
    int exists = fl_exists(&f, lines, n);
    rc = 0;
    if (exists == !f.absent)
        goto out;
    const char *is = exists ? "'present'" : "'absent'", *should = f.absent ? "absent" : "present";
    const char *ev = f.absent ? "file_line_removed" : "file_line_created";
    if (tx_noop(t)) {
        tx_would(t, "ensure", ev, is, f.absent ? "'absent'" : "'present'");
        goto out;
    }
    int wrapped = 0;
    if (fl_rewrite(&f, lines, n, &out, &err, &wrapped) != 0) {
        if (wrapped) modfile_fail_wrapped(t, is, should, buf_cstr(&err));
        else modfile_fail_error(t, is, should, buf_cstr(&err));
        rc = -1;
        goto out;
    }
    if (modfile_write(t, &tf, out.s ? out.s : "", out.len, &err) != 0) {
        modfile_fail_wrapped(t, is, should, buf_cstr(&err));
        rc = -1;
        goto out;
    }
    tx_change(t, "ensure", ev, f.absent ? "removed" : "created");
out:
    free(lines);
    textfile_free(&tf);
    fl_free(&f);
    buf_free(&err);
    buf_free(&out);
    return rc;
}

/* autorequire(:file) { self[:path] } */
static void fl_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v = provider_param(r, "path");
    if (v && v->kind == V_STR)
        add(ctx, "File", v->str.s);
}

const Provider provider_file_line = {
    .type = "file_line",
    .validate = fl_validate,
    .apply = fl_apply,
    .autorequire = fl_autorequire,
};
