/*
 * inifile.c - puppetlabs-inifile's ini_setting and ini_subsetting at apply
 * time: one setting (or one item of a setting's list value) in one
 * section of an INI file.
 *
 * The one idea: the module edits a file by a model of it, not by text
 * substitution, and its output depends on that model's details, so the
 * model here is the module's (inifile 5.4).  The file is read into lines
 * (each with its line end, as File.readlines) and cut into sections: the
 * global one (lines before the first header; absent when there are none)
 * and one per "[name]" header, each with its line range, its settings in
 * file order and the smallest indentation among them.  Setting a value
 * rewrites the setting's line in place (keeping its indentation and
 * separator), or fills in the line under a commented-out "; key = ..."
 * for the same key, or else becomes an "additional" setting written at
 * the end of its section before the section's trailing blank lines; a new
 * section is appended, after a blank line.  Removing deletes the line, and
 * a section left empty loses its header.  The same quirks as the module,
 * on purpose: the patterns are its patterns (Ruby syntax, Oniguruma) with
 * the key/value separator inserted unescaped, a value keeps its trailing
 * blanks, only the first of two equal sections is edited.
 *
 * Log lines: ensure "created"/"removed"; value "value changed OLD to NEW",
 * where both are "[redacted sensitive information]" unless --show_diff is
 * given (and then raw, or "{md5}..." with show_diff => md5), as the
 * module's should_to_s makes them.  Files are written atomically with the
 * old content in the bucket (modfile.h).
 */
#include "types/modfile.h"
#include "types/param.h"
#include "base/md5.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL LONG_MIN          /* Ruby's nil for a line number */

extern const Provider provider_ini_setting, provider_ini_subsetting;

/* ---- the INI file model -------------------------------------------- */

typedef struct Kv { char *key, *val; } Kv;

typedef struct KvList { Kv *v; size_t n, cap; } KvList;

typedef struct Section {
    char *name;
    long start, end;          /* line range, inclusive; NIL for none (a new section) */
    KvList existing;          /* settings found in the file, file order */
    KvList additional;        /* settings to append at the section's end */
    long indent;              /* smallest indentation of its settings; -1 none */
} Section;

typedef struct Ini {
    char **lines;             /* malloc'd; read lines keep "\n", written ones have none */
    size_t nlines, caplines;
    Section *secs;            /* the module's hash: one per name, the last one read wins */
    size_t nsecs, capsecs;
    char **names;             /* section names in file order, then new ones; a name
                                 twice in the file is here twice, both meaning the
                                 same (last) section, as in the module */
    size_t nnames, capnames;
    const char *kv_sep;       /* written between key and value: " = " */
    const char *prefix, *suffix, *indent_char;
    long indent_width;        /* -1: the section's own */
    OnigRegex section_re, setting_re, commented_re;
} Ini;

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return p;
    *cap = *cap ? *cap * 2 : 8;
    p = realloc(p, *cap * size);
    if (!p) abort();
    return p;
}

static char *dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d) abort();
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static Kv *kv_find(KvList *l, const char *key)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].key, key)) return &l->v[i];
    return NULL;
}

/* Ruby's hash[key] = val: replaced in place, or appended. */
static void kv_set(KvList *l, const char *key, const char *val)
{
    Kv *kv = kv_find(l, key);
    if (kv) {
        free(kv->val);
        kv->val = dupn(val, strlen(val));
        return;
    }
    l->v = grow(l->v, &l->cap, l->n, sizeof *l->v);
    l->v[l->n++] = (Kv){ dupn(key, strlen(key)), dupn(val, strlen(val)) };
}

static void kv_del(KvList *l, const char *key)
{
    Kv *kv = kv_find(l, key);
    if (!kv) return;
    free(kv->key);
    free(kv->val);
    memmove(kv, kv + 1, (size_t)(l->v + l->n - kv - 1) * sizeof *kv);
    l->n--;
}

static void kv_free(KvList *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].key);
        free(l->v[i].val);
    }
    free(l->v);
}

/* Appends s to b with every regexp metacharacter escaped (Regexp.escape). */
static void re_escape(Buf *b, const char *s)
{
    for (; *s; s++) {
        if (strchr(".*?+^$|()[]{}\\/-", *s)) buf_addc(b, '\\');
        if (*s == '\n') buf_adds(b, "\\n");
        else if (*s == '\t') buf_adds(b, "\\t");
        else if (*s == ' ') buf_adds(b, "\\ ");
        else buf_addc(b, *s);
    }
}

/* Searches re in line; fills caps (begin/end pairs for groups 0..ngroups). */
static int re_groups(OnigRegex re, const char *line, int *caps, int ngroups)
{
    OnigRegion *reg = onig_region_new();
    const OnigUChar *p = (const OnigUChar *)line, *e = p + strlen(line);
    int hit = onig_search(re, p, e, p, e, reg, ONIG_OPTION_NONE) >= 0;
    for (int i = 0; hit && i <= ngroups; i++) {
        caps[2 * i] = i < reg->num_regs ? reg->beg[i] : -1;
        caps[2 * i + 1] = i < reg->num_regs ? reg->end[i] : -1;
    }
    onig_region_free(reg, 1);
    return hit;
}

static char *group(const char *line, const int *caps, int i)
{
    if (caps[2 * i] < 0) return dupn("", 0);
    return dupn(line + caps[2 * i], (size_t)(caps[2 * i + 1] - caps[2 * i]));
}

static Section *sec_find(Ini *ini, const char *name)
{
    for (size_t i = 0; i < ini->nsecs; i++)
        if (!strcmp(ini->secs[i].name, name)) return &ini->secs[i];
    return NULL;
}

static void sec_clear(Section *s)
{
    free(s->name);
    kv_free(&s->existing);
    kv_free(&s->additional);
    memset(s, 0, sizeof *s);
}

/* add_section: @sections_hash[name] = section; @section_names << name. */
static Section *sec_add(Ini *ini, const char *name, long start, long end, long indent)
{
    Section *s = sec_find(ini, name);
    if (s) {
        sec_clear(s);
    } else {
        ini->secs = grow(ini->secs, &ini->capsecs, ini->nsecs, sizeof *ini->secs);
        s = &ini->secs[ini->nsecs++];
        memset(s, 0, sizeof *s);
    }
    ini->names = grow(ini->names, &ini->capnames, ini->nnames, sizeof *ini->names);
    ini->names[ini->nnames++] = dupn(name, strlen(name));
    s->name = dupn(name, strlen(name));
    s->start = start;
    s->end = end;
    s->indent = indent;
    return s;
}

/* read_section: the lines after start up to the next header. */
static void read_section(Ini *ini, const char *name, long start, size_t *next)
{
    long end = start, indent = -1;
    int empty = 1;
    KvList settings = { 0 };
    int caps[10];
    for (; *next < ini->nlines; (*next)++) {
        const char *line = ini->lines[*next];
        if (re_groups(ini->section_re, line, caps, 1)) break;
        if (re_groups(ini->setting_re, line, caps, 4)) {
            char *k = group(line, caps, 2), *v = group(line, caps, 4);
            kv_set(&settings, k, v);
            free(k);
            free(v);
            long ind = caps[3] - caps[2];
            if (indent < 0 || ind < indent) indent = ind;
        }
        end = (long)*next;
        empty = 0;
    }
    if (!*name && empty) end = NIL;
    Section *s = sec_add(ini, name, start, end, indent);
    s->existing = settings;
}

static void ini_free(Ini *ini)
{
    for (size_t i = 0; i < ini->nlines; i++) free(ini->lines[i]);
    free(ini->lines);
    for (size_t i = 0; i < ini->nsecs; i++) sec_clear(&ini->secs[i]);
    free(ini->secs);
    for (size_t i = 0; i < ini->nnames; i++) free(ini->names[i]);
    free(ini->names);
    if (ini->section_re) onig_free(ini->section_re);
    if (ini->setting_re) onig_free(ini->setting_re);
    if (ini->commented_re) onig_free(ini->commented_re);
    memset(ini, 0, sizeof *ini);
}

/* IniFile.new: text (the file's content, "" when missing) cut into
 * sections.  Returns 0, or -1 with a bad-pattern message in err. */
static int ini_parse(Ini *ini, const char *text, size_t len, const char *kv_sep, const char *prefix,
                     const char *suffix, const char *indent_char, long indent_width, Buf *err)
{
    ini->kv_sep = kv_sep;
    ini->prefix = prefix;
    ini->suffix = suffix;
    ini->indent_char = indent_char;
    ini->indent_width = indent_width;
    /* the separator as the patterns use it: stripped, or one blank */
    const char *a = kv_sep, *z = kv_sep + strlen(kv_sep);
    while (a < z && strchr(" \t\n\v\f\r", *a)) a++;
    while (z > a && strchr(" \t\n\v\f\r", z[-1])) z--;
    char *kvs = a == z && *kv_sep ? dupn(" ", 1) : dupn(a, (size_t)(z - a));
    Buf p = BUF_INIT;
    buf_adds(&p, "^\\s*");
    re_escape(&p, prefix);
    buf_adds(&p, "(.*)");
    re_escape(&p, suffix);
    buf_adds(&p, "\\s*$");
    ini->section_re = modfile_regex(buf_cstr(&p), err);
    buf_clear(&p);
    buf_printf(&p, "^(\\s*)([^#;\\s]|[^#;\\s].*?[^\\s%s])(\\s*%s[ \\t]*)(.*)\\s*$", kvs, kvs);
    if (ini->section_re) ini->setting_re = modfile_regex(buf_cstr(&p), err);
    buf_clear(&p);
    buf_printf(&p, "^(\\s*)[#;]+(\\s*)(.*?[^\\s%s])(\\s*%s[ \\t]*)(.*)\\s*$", kvs, kvs);
    if (ini->setting_re) ini->commented_re = modfile_regex(buf_cstr(&p), err);
    buf_free(&p);
    free(kvs);
    if (!ini->commented_re) return -1;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        ini->lines = grow(ini->lines, &ini->caplines, ini->nlines, sizeof *ini->lines);
        ini->lines[ini->nlines++] = dupn(text + i, end - i);
        i = end;
    }
    size_t next = 0;
    read_section(ini, "", 0, &next);
    int caps[4];
    while (next < ini->nlines) {
        const char *line = ini->lines[next];
        if (re_groups(ini->section_re, line, caps, 1)) {
            char *name = group(line, caps, 1);
            long start = (long)next++;
            read_section(ini, name, start, &next);
            free(name);
        } else {
            next++;
        }
    }
    return 0;
}

static const char *ini_get(Ini *ini, const char *section, const char *setting)
{
    Section *s = sec_find(ini, section);
    if (!s) return NULL;
    Kv *kv = kv_find(&s->existing, setting);
    if (!kv) kv = kv_find(&s->additional, setting);
    return kv ? kv->val : NULL;
}

/* The index of name's first entry in names (@section_names.index). */
static size_t name_index(const Ini *ini, const char *name)
{
    size_t i = 0;
    while (i < ini->nnames && strcmp(ini->names[i], name)) i++;
    return i;
}

/* increment/decrement_section_line_numbers(from): the section of every
 * name from index from on, once per name (so twice for a name listed twice). */
static void shift_sections(Ini *ini, size_t from, long by)
{
    for (size_t i = from; i < ini->nnames; i++) {
        Section *s = sec_find(ini, ini->names[i]);
        if (s->start != NIL) s->start += by;
        if (s->end != NIL) s->end += by;
    }
}

static void insert_line(Ini *ini, size_t at, char *line)
{
    ini->lines = grow(ini->lines, &ini->caplines, ini->nlines, sizeof *ini->lines);
    memmove(ini->lines + at + 1, ini->lines + at, (ini->nlines - at) * sizeof *ini->lines);
    ini->lines[at] = line;
    ini->nlines++;
}

static void delete_line(Ini *ini, size_t at)
{
    if (at >= ini->nlines) return;
    free(ini->lines[at]);
    memmove(ini->lines + at, ini->lines + at + 1, (ini->nlines - at - 1) * sizeof *ini->lines);
    ini->nlines--;
}

/* The indentation of a line the module writes into s. */
static void indent(Buf *b, const Ini *ini, const Section *s)
{
    long w = ini->indent_width >= 0 ? ini->indent_width : s->indent >= 0 ? s->indent : 0;
    for (long i = 0; i < w; i++) buf_adds(b, ini->indent_char);
}

/* set_value(section[, setting, separator, value]); setting NULL for the
 * one-argument form (the section alone). */
static void ini_set(Ini *ini, const char *section, const char *setting, const char *sep, const char *value)
{
    Section *s = sec_find(ini, section);
    if (!s) s = sec_add(ini, section, NIL, NIL, -1);
    if (!setting) return;
    int caps[12];
    if (kv_find(&s->existing, setting)) {
        for (long i = s->start; i <= s->end && i >= 0; i++) {
            if ((size_t)i >= ini->nlines || !re_groups(ini->setting_re, ini->lines[i], caps, 4)) continue;
            char *k = group(ini->lines[i], caps, 2);
            if (!strcmp(k, setting)) {   /* group 3 ends at caps[7]: keep up to the value */
                Buf nl = BUF_INIT;
                buf_add(&nl, ini->lines[i], (size_t)caps[7]);   /* groups 1-3: up to the value */
                buf_adds(&nl, value);
                free(ini->lines[i]);
                ini->lines[i] = buf_detach(&nl);
            }
            free(k);
        }
        kv_set(&s->existing, setting, value);
        return;
    }
    if (s->end != NIL) {   /* find_commented_setting (not in a new section) */
        for (long i = s->start; i <= s->end; i++) {
            if ((size_t)i >= ini->nlines || !re_groups(ini->commented_re, ini->lines[i], caps, 5)) continue;
            char *k = group(ini->lines[i], caps, 3);
            int hit = !strcmp(k, setting);
            free(k);
            if (!hit) continue;
            Buf nl = BUF_INIT;
            indent(&nl, ini, s);
            buf_printf(&nl, "%s%s%s", setting, sep, value);
            insert_line(ini, (size_t)i + 1, buf_detach(&nl));
            kv_set(&s->existing, setting, value);
            s->end++;
            shift_sections(ini, name_index(ini, section) + 1, 1);
            return;
        }
    }
    kv_set(&s->additional, setting, value);
}

/* remove_setting, with the module's index walk (a line right after a
 * deleted one is not looked at) and its one-line bookkeeping. */
static void ini_remove(Ini *ini, const char *section, const char *setting)
{
    Section *s = sec_find(ini, section);
    if (!s || !kv_find(&s->existing, setting)) return;
    int caps[10];
    for (long i = s->start, end = s->end; i <= end && i >= 0; i++) {
        if ((size_t)i >= ini->nlines || !re_groups(ini->setting_re, ini->lines[i], caps, 4)) continue;
        char *k = group(ini->lines[i], caps, 2);
        if (!strcmp(k, setting)) delete_line(ini, (size_t)i);
        free(k);
    }
    kv_del(&s->existing, setting);
    if (s->end != NIL) s->end--;
    size_t at = name_index(ini, section);
    shift_sections(ini, at + 1, -1);
    int empty = *s->name ? s->start == s->end : s->end == NIL;
    if (!empty) return;
    delete_line(ini, (size_t)s->start);
    shift_sections(ini, at + 1, -1);
    free(ini->names[at]);
    memmove(ini->names + at, ini->names + at + 1, (ini->nnames - at - 1) * sizeof *ini->names);
    ini->nnames--;
    sec_clear(s);
    memmove(s, s + 1, (size_t)(ini->secs + ini->nsecs - s - 1) * sizeof *s);
    ini->nsecs--;
}

static int blank_line(const char *l)
{
    /* ^\s*$ on a line that may end with "\n" */
    for (; *l; l++)
        if (!strchr(" \t\v\f\r", *l) && !(*l == '\n' && !l[1])) return 0;
    return 1;
}

static void puts_str(Buf *out, const char *s)
{
    size_t n = strlen(s);
    buf_add(out, s, n);
    if (!n || s[n - 1] != '\n') buf_addc(out, '\n');
}

/* save: the text the module would write. */
static void ini_render(Ini *ini, Buf *out)
{
    Section *g = sec_find(ini, "");
    int global_empty = g && g->end == NIL && g->additional.n == 0;
    for (size_t i = 0; i < ini->nnames; i++) {
        Section *s = sec_find(ini, ini->names[i]);
        int is_new = s->end == NIL;
        size_t nws = 0;               /* pending blank lines, by index */
        long *ws = NULL;
        size_t capws = 0;
        if (is_new && *s->name) {
            if ((i == 1 && !global_empty) || i > 1) buf_addc(out, '\n');
            buf_printf(out, "%s%s%s\n", ini->prefix, s->name, ini->suffix);
        }
        if (!is_new) {
            for (long l = s->start; l <= s->end; l++) {
                const char *line = (size_t)l < ini->nlines ? ini->lines[l] : "";
                if (blank_line(line)) {
                    ws = grow(ws, &capws, nws, sizeof *ws);
                    ws[nws++] = l;
                } else {
                    for (size_t k = 0; k < nws; k++) puts_str(out, ini->lines[ws[k]]);
                    nws = 0;
                    puts_str(out, line);
                }
            }
        }
        for (size_t k = 0; k < s->additional.n; k++) {
            Buf line = BUF_INIT;
            indent(&line, ini, s);
            buf_printf(&line, "%s%s%s", s->additional.v[k].key, ini->kv_sep, s->additional.v[k].val);
            puts_str(out, buf_cstr(&line));
            buf_free(&line);
        }
        if (nws) {
            for (size_t k = 0; k < nws; k++) puts_str(out, ini->lines[ws[k]]);
        } else if (is_new && s->additional.n && i < ini->nnames - 1) {
            buf_addc(out, '\n');
        }
        free(ws);
    }
}

/* ---- a subsetting's list value (the module's SettingValue) ---------- */

typedef struct SubValue {
    char **items;
    size_t n, cap;
    char quote[2];            /* "" or the quote character */
    const char *sep;          /* between items: subsetting_separator */
    const char *kv_sep;       /* between a subsetting and its value */
} SubValue;

static int in_sep(const char *sep, char c) { return c != '.' && c && strchr(sep, c) != NULL; }

/* Splits value (NULL: the setting is not there) into its items: runs of
 * characters not in the separator, each stripped; a value wrapped in " or
 * ' is unwrapped and its quote kept for writing back. */
static void sub_parse(SubValue *sv, const char *value, const char *sep, const char *quote, const char *kv_sep)
{
    memset(sv, 0, sizeof *sv);
    sv->sep = sep;
    sv->kv_sep = kv_sep;
    snprintf(sv->quote, sizeof sv->quote, "%s", quote);
    if (!value) return;
    size_t len = strlen(value);
    if (len >= 2 && (value[0] == '"' || value[0] == '\'') && value[len - 1] == value[0]) {
        sv->quote[0] = value[0];
        value++;
        len -= 2;
    }
    for (size_t i = 0; i < len;) {
        if (in_sep(sep, value[i])) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && !in_sep(sep, value[j])) j++;
        size_t a = i, z = j;
        while (a < z && strchr(" \t\n\v\f\r", value[a])) a++;
        while (z > a && strchr(" \t\n\v\f\r", value[z - 1])) z--;
        sv->items = grow(sv->items, &sv->cap, sv->n, sizeof *sv->items);
        sv->items[sv->n++] = dupn(value + a, z - a);
        i = j;
    }
}

static void sub_free(SubValue *sv)
{
    for (size_t i = 0; i < sv->n; i++) free(sv->items[i]);
    free(sv->items);
}

static void sub_render(const SubValue *sv, Buf *out)
{
    buf_adds(out, sv->quote);
    for (size_t i = 0; i < sv->n; i++) {
        if (i) buf_adds(out, sv->sep);
        buf_adds(out, sv->items[i]);
    }
    buf_adds(out, sv->quote);
}

static int sub_matches(const SubValue *sv, const char *item, const char *name, int exact)
{
    if (exact) return !strcmp(item, name);
    size_t n = strlen(name), k = strlen(sv->kv_sep);
    return !strncmp(item, name, n) && !strncmp(item + n, sv->kv_sep, k);
}

static long sub_find(const SubValue *sv, const char *name, int exact)
{
    for (size_t i = 0; i < sv->n; i++)
        if (sub_matches(sv, sv->items[i], name, exact)) return (long)i;
    return -1;
}

/* get_subsetting_value: the item's value after "name" and the separator
 * (NULL when absent; "" with use_exact_match, which answers only yes/no). */
static const char *sub_value(const SubValue *sv, const char *name, int exact)
{
    long i = sub_find(sv, name, exact);
    if (i < 0) return NULL;
    if (exact) return "";
    size_t skip = strlen(name) + strlen(sv->kv_sep), n = strlen(sv->items[i]);
    return skip <= n ? sv->items[i] + skip : NULL;
}

static void sub_insert(SubValue *sv, size_t at, char *item)
{
    sv->items = grow(sv->items, &sv->cap, sv->n, sizeof *sv->items);
    memmove(sv->items + at + 1, sv->items + at, (sv->n - at) * sizeof *sv->items);
    sv->items[at] = item;
    sv->n++;
}

/* add_subsetting: every matching item replaced, else a new one placed by
 * insert_type (start, end, before/after the item insert_value names, or
 * at index insert_value). */
static void sub_add(SubValue *sv, const char *name, const char *value, int exact, const char *type,
                    const char *where)
{
    Buf b = BUF_INIT;
    buf_printf(&b, "%s%s%s", name, sv->kv_sep, value ? value : "");
    if (sub_find(sv, name, exact) >= 0) {
        for (size_t i = 0; i < sv->n; i++)
            if (sub_matches(sv, sv->items[i], name, exact)) {
                free(sv->items[i]);
                sv->items[i] = dupn(b.s, b.len);
            }
        buf_free(&b);
        return;
    }
    char *item = dupn(buf_cstr(&b), b.len);
    buf_free(&b);
    long at = (long)sv->n;
    if (!strcmp(type, "start")) {
        at = 0;
    } else if (!strcmp(type, "before") || !strcmp(type, "after")) {
        long i = where ? sub_find(sv, where, exact) : -1;
        if (i >= 0) at = type[0] == 'b' ? i : i + 1;
    } else if (!strcmp(type, "index")) {
        at = where ? atol(where) : 0;
        if (at < 0) at += (long)sv->n + 1;
        if (at < 0) at = 0;
        if (at > (long)sv->n) at = (long)sv->n;
    }
    sub_insert(sv, (size_t)at, item);
}

static void sub_remove(SubValue *sv, const char *name, int exact)
{
    size_t k = 0;
    for (size_t i = 0; i < sv->n; i++) {
        if (sub_matches(sv, sv->items[i], name, exact)) free(sv->items[i]);
        else sv->items[k++] = sv->items[i];
    }
    sv->n = k;
}

/* ---- the resources --------------------------------------------------- */

typedef enum { SD_TRUE, SD_MD5, SD_FALSE } ShowDiff;

typedef struct IniRes {
    const Resource *r;
    int sub;                  /* ini_subsetting */
    int absent, refreshonly, force_new_section, exact, delete_if_empty;
    int show_diff;            /* ShowDiff */
    int insert_index;         /* insert_type, an index of ins_types */
    long indent_width;        /* -1 unset */
    Buf path, section, setting, value, kv_sep, prefix, suffix, indent_char;
    Buf subsetting, sub_sep, sub_kv_sep, quote, insert_type, insert_value;
    int has_setting, has_value, has_subsetting, has_insert_value;
} IniRes;

static void ir_free(IniRes *x)
{
    Buf *bs[] = { &x->path, &x->section, &x->setting, &x->value, &x->kv_sep, &x->prefix, &x->suffix,
                  &x->indent_char, &x->subsetting, &x->sub_sep, &x->sub_kv_sep, &x->quote,
                  &x->insert_type, &x->insert_value };
    for (size_t i = 0; i < sizeof bs / sizeof bs[0]; i++) buf_free(bs[i]);
}

/* param or its default (def NULL: none); returns whether it is set. */
static int str_or(const Resource *r, const char *name, const char *def, Buf *out)
{
    if (modfile_str(r, name, out)) return 1;
    if (def) buf_adds(out, def);
    buf_cstr(out);
    return 0;
}

static void strip(Buf *b)
{
    size_t a = 0, z = b->len;
    while (a < z && strchr(" \t\n\v\f\r", b->s[a])) a++;
    while (z > a && (strchr(" \t\n\v\f\r", b->s[z - 1]) || !b->s[z - 1])) z--;
    if (!b->cap) return;
    memmove(b->s, b->s + a, z - a);
    b->len = z - a;
    b->s[b->len] = '\0';
}

/* ini_subsetting's quote_char: '', '"' or "'" (the type's own validate). */
static int quote_char_ok(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Buf q = BUF_INIT;
    modfile_str(r, p->name, &q);
    int ok = q.len == 0 || (q.len == 1 && (q.s[0] == '"' || q.s[0] == '\''));
    buf_free(&q);
    if (!ok)
        buf_adds(param_fail(err, r, p->name), ":quote_char valid values are '', '\"' and \"'\"");
    return ok ? 0 : -1;
}

static const ParamWord ini_ensures[] = { { "present", 0 }, { "absent", 1 }, { NULL, 0 } };
static const ParamWord ini_show_diffs[] = { { "true", SD_TRUE }, { "md5", SD_MD5 }, { "false", SD_FALSE }, { NULL, 0 } };
static const ParamWord ini_flags[] = { { "true", 1 }, { "false", 0 }, { NULL, 0 } };
/* Puppet::Parameter::Boolean (refreshonly, force_new_section_creation) */
static const ParamWord ini_booleans[] = { { "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 }, { NULL, 0 } };
static const char *const ins_types[] = { "start", "end", "before", "after", "index" };
static const ParamWord ini_insert_types[] = { { "start", 0 }, { "end", 1 }, { "before", 2 }, { "after", 3 },
                                              { "index", 4 }, { NULL, 0 } };
#define INI_BAD "Invalid value %i. Valid values are %w."
#define INI_PATH { "path", PK_STRING, 0, .flags = PF_DISCARD, \
                   .checks = { { param_absolute, "File paths must be fully qualified, not '%v'" } } }
#define INI_ENSURE { "ensure", PK_WORD, offsetof(IniRes, absent), .words = ini_ensures, .flags = PF_PROPERTY, .bad = INI_BAD }
#define INI_SHOW_DIFF { "show_diff", PK_WORD, offsetof(IniRes, show_diff), .dflt = "true", .words = ini_show_diffs, \
                        .bad = INI_BAD }

/* The checked parameters of inifile's two types in the order Puppet sets
 * them, which is the order they report (Type.allattrs: ensure, then the
 * parameters as each type declares them); the strings are read after
 * (str_or), with their defaults. */
static const ParamSpec setting_params[] = {
    INI_ENSURE,
    { "force_new_section_creation", PK_WORD, offsetof(IniRes, force_new_section), .dflt = "true", .words = ini_booleans,
      .bad = INI_BAD },
    INI_PATH, INI_SHOW_DIFF,
    { "refreshonly", PK_WORD, offsetof(IniRes, refreshonly), .dflt = "false", .words = ini_booleans,
      .bad = INI_BAD },
};
static const ParamSpec subsetting_params[] = {
    INI_ENSURE, INI_PATH, INI_SHOW_DIFF,
    { "quote_char", PK_CUSTOM, 0, .hook = quote_char_ok },
    { "use_exact_match", PK_WORD, offsetof(IniRes, exact), .dflt = "false", .words = ini_flags, .bad = INI_BAD },
    { "insert_type", PK_WORD, offsetof(IniRes, insert_index), .dflt = "end", .words = ini_insert_types,
      .bad = INI_BAD },
    { "delete_if_empty", PK_WORD, offsetof(IniRes, delete_if_empty), .dflt = "false", .words = ini_flags,
      .bad = INI_BAD },
};

static int ir_parse(const Resource *r, IniRes *x, Buf *err)
{
    memset(x, 0, sizeof *x);
    x->r = r;
    x->sub = !strcasecmp(r->type, "ini_subsetting");
    if (x->sub ? param_parse(subsetting_params, PARAM_COUNT(subsetting_params), r, x, err) != 0
               : param_parse(setting_params, PARAM_COUNT(setting_params), r, x, err) != 0)
        return -1;
    str_or(r, "path", NULL, &x->path);
    str_or(r, "section", "", &x->section);
    x->has_setting = str_or(r, "setting", NULL, &x->setting);
    x->has_value = str_or(r, "value", NULL, &x->value);
    str_or(r, "key_val_separator", " = ", &x->kv_sep);
    if (!x->sub) {
        if (x->has_setting) strip(&x->setting);
        Value *v = provider_param(r, "value");
        if (v && v->kind == V_STR) strip(&x->value);
        str_or(r, "section_prefix", "[", &x->prefix);
        str_or(r, "section_suffix", "]", &x->suffix);
        str_or(r, "indent_char", " ", &x->indent_char);
        Buf w = BUF_INIT;
        x->indent_width = str_or(r, "indent_width", NULL, &w) ? atol(buf_cstr(&w)) : -1;
        buf_free(&w);
        return 0;
    }
    buf_adds(&x->prefix, "[");
    buf_adds(&x->suffix, "]");
    buf_adds(&x->indent_char, " ");
    x->indent_width = -1;
    x->has_subsetting = str_or(r, "subsetting", NULL, &x->subsetting);
    str_or(r, "subsetting_separator", " ", &x->sub_sep);
    str_or(r, "subsetting_key_val_separator", "", &x->sub_kv_sep);
    str_or(r, "quote_char", "", &x->quote);
    buf_adds(&x->insert_type, ins_types[x->insert_index]);
    x->has_insert_value = str_or(r, "insert_value", NULL, &x->insert_value);
    return 0;
}

static int ir_validate(const Resource *r, Buf *err)
{
    IniRes x;
    int rc = ir_parse(r, &x, err);
    ir_free(&x);
    return rc;
}

/* A value as the module's should_to_s shows it. */
static void shown(Buf *b, TxRes *t, const IniRes *x, const char *v)
{
    if (x->show_diff == SD_TRUE && tx_show_diff(t)) {
        buf_adds(b, v);
    } else if (x->show_diff == SD_MD5 && tx_show_diff(t)) {
        Md5 m;
        unsigned char d[16];
        md5_init(&m);
        md5_update(&m, v, strlen(v));
        md5_final(&m, d);
        buf_adds(b, "{md5}");
        for (int i = 0; i < 16; i++) buf_printf(b, "%02x", d[i]);
    } else {
        buf_adds(b, "[redacted sensitive information]");
    }
}

static int ir_open(const IniRes *x, Ini *ini, const TextFile *tf, Buf *err)
{
    return ini_parse(ini, tf->text.s ? tf->text.s : "", tf->text.len, buf_cstr((Buf *)&x->kv_sep),
                     buf_cstr((Buf *)&x->prefix), buf_cstr((Buf *)&x->suffix), buf_cstr((Buf *)&x->indent_char),
                     x->indent_width, err);
}

/* What ini_setting's exists? says; *force_absent when the section is
 * missing and may not be created (the module then sets ensure absent). */
static int setting_exists(const IniRes *x, Ini *ini, int *force_absent)
{
    const char *sec = buf_cstr((Buf *)&x->section);
    if (!x->has_setting) return sec_find(ini, sec) != NULL;
    if (sec_find(ini, sec)) return ini_get(ini, sec, x->setting.s) != NULL;
    if (!x->force_new_section) *force_absent = 1;
    return 0;
}

/* The module's create and value= (destroy: its destroy) applied to ini.
 * Without a setting, destroy removes nothing ("\x01" names no setting). */
static void setting_change(const IniRes *x, Ini *ini, int destroy)
{
    const char *sec = buf_cstr((Buf *)&x->section);
    if (destroy) {
        ini_remove(ini, sec, x->has_setting ? x->setting.s : "\x01");
        return;
    }
    if (!x->has_setting && !x->has_value) ini_set(ini, sec, NULL, NULL, NULL);
    else ini_set(ini, sec, buf_cstr((Buf *)&x->setting), buf_cstr((Buf *)&x->kv_sep), buf_cstr((Buf *)&x->value));
}

/* The state of a subsetting, and its change. */
static void sub_of(const IniRes *x, Ini *ini, SubValue *sv)
{
    sub_parse(sv, ini_get(ini, buf_cstr((Buf *)&x->section), buf_cstr((Buf *)&x->setting)),
              buf_cstr((Buf *)&x->sub_sep), buf_cstr((Buf *)&x->quote), buf_cstr((Buf *)&x->sub_kv_sep));
}

static void sub_change(const IniRes *x, Ini *ini, int destroy)
{
    SubValue sv;
    sub_of(x, ini, &sv);
    const char *name = buf_cstr((Buf *)&x->subsetting);
    Buf v = BUF_INIT;
    if (destroy) {
        sub_remove(&sv, name, x->exact);
        sub_render(&sv, &v);
        /* the module tests delete_if_empty's symbol, which is always truthy */
        if (!v.len) ini_remove(ini, buf_cstr((Buf *)&x->section), buf_cstr((Buf *)&x->setting));
        else ini_set(ini, buf_cstr((Buf *)&x->section), buf_cstr((Buf *)&x->setting), x->kv_sep.s, v.s);
    } else {
        sub_add(&sv, name, x->has_value ? x->value.s : NULL, x->exact, x->insert_type.s,
                x->has_insert_value ? x->insert_value.s : NULL);
        sub_render(&sv, &v);
        ini_set(ini, buf_cstr((Buf *)&x->section), buf_cstr((Buf *)&x->setting), x->kv_sep.s, buf_cstr(&v));
    }
    buf_free(&v);
    sub_free(&sv);
}

/* One apply, or (refresh set) the refreshonly refresh of ini_setting. */
static int ir_run(TxRes *t, int refresh, Buf *rerr)
{
    const Resource *r = tx_resource(t);
    IniRes x;
    Ini ini;
    TextFile tf;
    Buf err = BUF_INIT, out = BUF_INIT, cur = BUF_INIT;
    int rc = -1;
    memset(&ini, 0, sizeof ini);
    memset(&tf, 0, sizeof tf);
    if (ir_parse(r, &x, &err) != 0) {
        if (refresh) buf_adds(rerr, buf_cstr(&err));
        else tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));
        goto out;
    }
    if (!x.path.len) buf_adds(&err, "no implicit conversion of nil into String");
    if (err.len || textfile_load(&tf, buf_cstr(&x.path), &err) != 0 || ir_open(&x, &ini, &tf, &err) != 0) {
        if (refresh) buf_adds(rerr, buf_cstr(&err));
        else tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
        goto out;
    }
    rc = 0;
    if (refresh) {   /* the type's refresh: only with refreshonly */
        if (!x.refreshonly) goto out;
        setting_change(&x, &ini, x.absent);
        ini_render(&ini, &out);
        if (modfile_write(t, &tf, out.s ? out.s : "", out.len, &err) != 0) {
            buf_adds(rerr, buf_cstr(&err));
            rc = -1;
        }
        goto out;
    }
    if (x.refreshonly) goto out;   /* in sync whatever the file says */
    int force_absent = 0, exists;
    SubValue sv;
    memset(&sv, 0, sizeof sv);
    if (x.sub) {
        sub_of(&x, &ini, &sv);
        exists = sub_value(&sv, buf_cstr(&x.subsetting), x.exact) != NULL;
        const char *v = sub_value(&sv, buf_cstr(&x.subsetting), 0);
        if (v) buf_adds(&cur, v);
        sub_free(&sv);
    } else {
        exists = setting_exists(&x, &ini, &force_absent);
        if (exists && x.has_setting) buf_adds(&cur, ini_get(&ini, buf_cstr(&x.section), x.setting.s));
    }
    int absent = x.absent || force_absent;
    const char *type = x.sub ? "ini_subsetting" : "ini_setting";
    if (exists != !absent) {
        char ev[64];
        snprintf(ev, sizeof ev, "%s_%s", type, absent ? "removed" : "created");
        const char *is = exists ? "'present'" : "'absent'", *should = absent ? "absent" : "present";
        if (tx_noop(t)) {
            tx_would(t, "ensure", ev, is, absent ? "'absent'" : "'present'");
            goto out;
        }
        if (x.sub) sub_change(&x, &ini, absent);
        else setting_change(&x, &ini, absent);
        ini_render(&ini, &out);
        if (modfile_write(t, &tf, out.s ? out.s : "", out.len, &err) != 0) {
            modfile_fail_wrapped(t, is, should, buf_cstr(&err));
            rc = -1;
            goto out;
        }
        tx_change(t, "ensure", ev, absent ? "removed" : "created");
        goto out;
    }
    if (absent || !x.has_value || !strcmp(buf_cstr(&cur), buf_cstr(&x.value)))
        goto out;
    Buf is = BUF_INIT, should = BUF_INIT;
    /* a Sensitive value: Puppet redacts the property whatever show_diff says */
    int sens = provider_sensitive(r, "value");
    if (sens) {
        buf_adds(&is, "[redacted]");
        buf_adds(&should, "[redacted]");
    } else {
        shown(&is, t, &x, buf_cstr(&cur));
        shown(&should, t, &x, buf_cstr(&x.value));
    }
    if (tx_noop(t)) {
        tx_would(t, "value", "value_changed", buf_cstr(&is), buf_cstr(&should));
    } else {
        if (x.sub) sub_change(&x, &ini, 0);
        else setting_change(&x, &ini, 0);
        ini_render(&ini, &out);
        if (modfile_write(t, &tf, out.s ? out.s : "", out.len, &err) != 0) {
            tx_failed(t, "value", buf_cstr(&is), buf_cstr(&should), "%s", buf_cstr(&err));
            rc = -1;
        } else {
            tx_change(t, "value", "value_changed", "%s %s to %s", sens ? "changed" : "value changed", buf_cstr(&is),
                      buf_cstr(&should));
        }
    }
    buf_free(&is);
    buf_free(&should);
out:
    ini_free(&ini);
    textfile_free(&tf);
    ir_free(&x);
    buf_free(&err);
    buf_free(&out);
    buf_free(&cur);
    return rc;
}

static int ir_apply(TxRes *t) { return ir_run(t, 0, NULL); }

/* ini_setting's refresh: with refreshonly, sets (or removes) the value
 * then; without, nothing (but the event is still "Triggered"). */
static int ir_refresh(TxRes *t, Buf *err) { return ir_run(t, 1, err); }

/* autorequire(:file) { the path's parent directory } (ini_setting only) */
static void ir_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v = provider_param(r, "path");
    if (!v || v->kind != V_STR || v->str.s[0] != '/') return;
    const char *slash = strrchr(v->str.s, '/');
    char *dir = dupn(v->str.s, slash == v->str.s ? 1 : (size_t)(slash - v->str.s));
    add(ctx, "File", dir);
    free(dir);
}

const Provider provider_ini_setting = {
    .type = "ini_setting",
    .validate = ir_validate,
    .apply = ir_apply,
    .refresh = ir_refresh,
    .autorequire = ir_autorequire,
};

const Provider provider_ini_subsetting = {
    .type = "ini_subsetting",
    .validate = ir_validate,
    .apply = ir_apply,
};
