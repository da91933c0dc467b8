/*
 * data.c - the functions that read data from the node, the variables,
 * the files or the modulepath: Puppet's lookup() (Hiera 5, through
 * ev_lookup), getvar(), file(), epp() and inline_epp() (rendered through
 * ev_epp), and stdlib's fact, parsejson (the json gem 2.6's parser, error
 * positions included), parseyaml, loadjson, loadyaml,
 * load_module_metadata, get_module_path, is_function_available,
 * has_interface_with, has_ip_address, has_ip_network, glob, and the
 * deprecated hiera(), hiera_array(), hiera_hash() and hiera_include()
 * (which run in Hiera's module through ev_hiera3).  Results live in
 * cc->arena.
 */
#define _GNU_SOURCE
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

/* ---- fact ---- */

/* "os.release" -> os.release; a segment holding a dot is quoted. */
static const char *dot_syntax(CallCtx *cc, Value **path, size_t n)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, '.');
        if (strchr(path[i]->str.s, '.')) buf_printf(&b, "\"%s\"", path[i]->str.s);
        else buf_adds(&b, path[i]->str.s);
    }
    const char *s = arena_strndup(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return s;
}

/* fact('os.release.major') - walks $facts by a dotted path ("quoted"
 * segments may hold dots, array indexes are numbers); undef, with a
 * warning when the path runs into a scalar or a bad index. */
Value *f_fact(CallCtx *cc)
{
    Value *name = cc->args[0];
    if (name->kind != V_STR) ev_fail(cc, "'fact' parameter 'fact_name' expects a String value, got %s", fn_got_type(cc, name));
    /* String#scan(/([^."]+)|(?:")([^"]+)(?:")/) */
    ValVec path = VV_ARENA(A);
    const char *s = name->str.s, *end = s + name->str.len;
    while (s < end) {
        if (*s != '.' && *s != '"') {
            const char *e = s;
            while (e < end && *e != '.' && *e != '"') e++;
            val_vec_push(&path, val_str(A, s, (size_t)(e - s)));
            s = e;
        } else if (*s == '"' && s + 1 < end && s[1] != '"' && memchr(s + 1, '"', (size_t)(end - s - 1))) {
            const char *e = memchr(s + 1, '"', (size_t)(end - s - 1));
            val_vec_push(&path, val_str(A, s + 1, (size_t)(e - s - 1)));
            s = e + 1;
        } else {
            s++;
        }
    }
    Value *d = ev_facts(cc);
    for (size_t i = 0; i < path.n && d->kind != V_UNDEF; i++) {
        Value *k = path.v[i], *next = NULL;
        if (d->kind == V_ARRAY) {
            int64_t idx;
            if (rv_integer(k->str.s, 0, &idx)) {
                if (idx < 0) idx += (int64_t)d->arr.n;
                if (idx >= 0 && idx < (int64_t)d->arr.n) next = d->arr.items[idx];
            } else {
                ev_warn(cc, "fact request for %s returning nil: '%s' is an array; cannot index to '%s'",
                         name->str.s, dot_syntax(cc, path.v, i), k->str.s);
            }
        } else if (d->kind == V_HASH) {
            next = val_hash_get(d, k);
        } else {
            ev_warn(cc, "fact request for %s returning nil: '%s' is not a collection; cannot walk to '%s'",
                     name->str.s, dot_syntax(cc, path.v, i), k->str.s);
        }
        d = next ? next : VAL_UNDEF;
    }
    val_vec_free(&path);
    return d;
}

/* ---- parsejson: the json gem's parser (2.6), error positions included ---- */

typedef struct Jp {
    CallCtx *cc;
    const char *p, *end;
    const char *msg;        /* set once the parser raised: the whole message */
} Jp;

/* JSON::ParserError "LINE: unexpected token at 'REST'"; LINE is where in
 * the gem's parser.rl the error is raised, part of the message. */
static void jp_raise(Jp *j, int line, const char *at)
{
    if (j->msg) return;
    j->msg = arena_printf(j->cc->arena, "%d: unexpected token at '%.*s'", line, (int)(j->end - at), at);
}

/* whitespace and comments, as the gem's "ignore*" */
static void jp_ws(Jp *j)
{
    for (;;) {
        while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) j->p++;
        if (j->p + 1 < j->end && j->p[0] == '/' && j->p[1] == '*') {
            const char *e = memmem(j->p + 2, (size_t)(j->end - j->p - 2), "*/", 2);
            j->p = e ? e + 2 : j->end;
        } else if (j->p + 1 < j->end && j->p[0] == '/' && j->p[1] == '/') {
            const char *e = memchr(j->p, '\n', (size_t)(j->end - j->p));
            j->p = e ? e + 1 : j->end;
        } else {
            return;
        }
    }
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static long hex4(const char *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexval((unsigned char)p[i]);
        if (h < 0) return -1;
        v = v * 16 + h;
    }
    return v;
}

/* A string at j->p ('"'); NULL when it is not one (unterminated, a raw
 * control character, a short \u escape). */
static Value *jp_string(Jp *j)
{
    const char *q = j->p + 1;
    while (q < j->end && *q != '"') {
        if ((unsigned char)*q < 0x20) return NULL;
        if (*q == '\\') {
            if (q + 1 >= j->end) return NULL;
            if (q[1] == 'u') {
                if (j->end - q < 6 || hex4(q + 2) < 0) return NULL;
                q += 6;
                continue;
            }
            if ((unsigned char)q[1] < 0x20) return NULL;
            q += 2;
            continue;
        }
        q++;
    }
    if (q >= j->end) return NULL;
    Buf b = BUF_INIT;
    for (const char *s = j->p + 1; s < q;) {
        if (*s != '\\') {
            buf_addc(&b, *s++);
            continue;
        }
        char e = s[1];
        if (e == 'u') {
            long cp = hex4(s + 2);
            if (cp >= 0xd800 && cp <= 0xdbff) {
                long lo = q - s >= 12 && s[6] == '\\' && s[7] == 'u' ? hex4(s + 8) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    buf_free(&b);
                    j->msg = arena_printf(j->cc->arena, "521: incomplete surrogate pair at '%.*s'", (int)(j->end - s), s);
                    return NULL;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                s += 6;
            }
            utf8_encode(&b, cp);
            s += 6;
            continue;
        }
        switch (e) {
        case 'b': buf_addc(&b, '\b'); break;
        case 'f': buf_addc(&b, '\f'); break;
        case 'n': buf_addc(&b, '\n'); break;
        case 'r': buf_addc(&b, '\r'); break;
        case 't': buf_addc(&b, '\t'); break;
        default: buf_addc(&b, e); break;
        }
        s += 2;
    }
    Value *v = val_str(j->cc->arena, buf_cstr(&b), b.len);
    buf_free(&b);
    j->p = q + 1;
    return v;
}

static const char *digits(const char *p, const char *end)
{
    while (p < end && isdigit((unsigned char)*p)) p++;
    return p;
}

/* A number at j->p: the gem tries a float (which must not be followed by
 * [0-9Ee.-]) and then an integer (not followed by a digit). */
static Value *jp_number(Jp *j)
{
    Arena *a = j->cc->arena;
    const char *s = j->p, *q = s, *end = j->end;
    if (q < end && *q == '-') q++;
    if (end - q >= 8 && !memcmp(q, "Infinity", 8) && q > s) {
        jp_raise(j, 249, s);
        return NULL;
    }
    if (q < end && *q == '0') q++;
    else if (q < end && *q >= '1' && *q <= '9') q = digits(q, end);
    else return NULL;
    const char *int_end = q;
    int fl = 0;
    if (q + 1 < end && *q == '.' && isdigit((unsigned char)q[1])) q = digits(q + 1, end), fl = 1;
    if (q < end && (*q == 'e' || *q == 'E')) {
        const char *r = q + 1;
        if (r < end && (*r == '+' || *r == '-')) r++;
        if (r < end && isdigit((unsigned char)*r)) q = digits(r, end), fl = 1;
        else fl = -1;
    }
    if (fl == 1 && !(q < end && strchr("0123456789Ee.-", *q))) {
        char *t = arena_strndup(a, s, (size_t)(q - s));
        j->p = q;
        return val_float(a, strtod(t, NULL));
    }
    if (int_end < end && isdigit((unsigned char)*int_end)) return NULL;
    char *t = arena_strndup(a, s, (size_t)(int_end - s));
    j->p = int_end;
    errno = 0;
    long long i = strtoll(t, NULL, 10);
    if (errno == ERANGE) return val_float(a, strtod(t, NULL));
    return val_int(a, i);
}

static Value *jp_value(Jp *j);

/* An array at j->p ('['): the gem raises at the first element or
 * separator it cannot read. */
static Value *jp_array(Jp *j)
{
    ValVec items = VV_ARENA(j->cc->arena);
    j->p++;
    jp_ws(j);
    if (j->p < j->end && *j->p == ']') {
        j->p++;
        return val_array(j->cc->arena, NULL, 0);
    }
    for (;;) {
        const char *at = j->p;
        Value *v = at < j->end ? jp_value(j) : NULL;
        if (!v) {
            jp_raise(j, 451, at);
            val_vec_free(&items);
            return NULL;
        }
        val_vec_push(&items, v);
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            jp_ws(j);
            continue;
        }
        if (j->p < j->end && *j->p == ']') break;
        jp_raise(j, 451, j->p);
        val_vec_free(&items);
        return NULL;
    }
    j->p++;
    Value *r = val_vec_to_array(j->cc->arena, &items);
    val_vec_free(&items);
    return r;
}

/* An object at j->p ('{'): any fault makes the whole object unreadable,
 * reported where it starts by whoever holds it. */
static Value *jp_object(Jp *j)
{
    Arena *a = j->cc->arena;
    ValVec ks = VV_ARENA(a), vs = VV_ARENA(a);
    const char *start = j->p;
    j->p++;
    jp_ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        return val_hash(a, NULL, NULL, 0);
    }
    for (;;) {
        Value *k = j->p < j->end && *j->p == '"' ? jp_string(j) : NULL, *v = NULL;
        if (k) {
            jp_ws(j);
            if (j->p < j->end && *j->p == ':') {
                j->p++;
                jp_ws(j);
                v = j->p < j->end ? jp_value(j) : NULL;
            }
        }
        if (!v) break;
        val_vec_push(&ks, k), val_vec_push(&vs, v);
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            jp_ws(j);
            continue;
        }
        if (j->p < j->end && *j->p == '}') {
            j->p++;
            Value *h = val_hash(a, ks.v, vs.v, ks.n);
            val_vec_free(&ks);
            val_vec_free(&vs);
            return h;
        }
        break;
    }
    val_vec_free(&ks);
    val_vec_free(&vs);
    j->p = start;
    return NULL;
}

/* A value at j->p (not at the end); NULL when there is none (j->msg set if
 * the parser already raised). */
static Value *jp_value(Jp *j)
{
    const char *p = j->p;
    size_t left = (size_t)(j->end - p);
    switch (*p) {
    case '"': return jp_string(j);
    case '[': return jp_array(j);
    case '{': return jp_object(j);
    case 'N':
        if (left >= 3 && !memcmp(p, "NaN", 3)) jp_raise(j, 225, p);
        return NULL;
    case 'I':
        if (left >= 8 && !memcmp(p, "Infinity", 8)) jp_raise(j, 232, p + 8);
        return NULL;
    case 't':
        if (left >= 4 && !memcmp(p, "true", 4)) return j->p += 4, VAL_TRUE;
        return NULL;
    case 'f':
        if (left >= 5 && !memcmp(p, "false", 5)) return j->p += 5, VAL_FALSE;
        return NULL;
    case 'n':
        if (left >= 4 && !memcmp(p, "null", 4)) return j->p += 4, VAL_UNDEF;
        return NULL;
    default:
        if (*p == '-' || isdigit((unsigned char)*p)) return jp_number(j);
        return NULL;
    }
}

/* JSON.parse(s); NULL with *msg set on an error. */
static Value *json_parse_rb(CallCtx *cc, const Value *s, const char **msg)
{
    Jp j = {cc, s->str.s, s->str.s + s->str.len, NULL};
    jp_ws(&j);
    const char *at = j.p;
    Value *v = at < j.end ? jp_value(&j) : NULL;
    if (v) {
        jp_ws(&j);
        if (j.p < j.end) jp_raise(&j, 859, j.p), v = NULL;
    } else {
        jp_raise(&j, 859, at);
    }
    *msg = j.msg;
    return v;
}

/* parsejson(json [, default]) - the default answers for an error and for
 * null or false. */
Value *f_parsejson(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Wrong number of arguments. 1 or 2 arguments should be provided.");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *s = cc->args[0];
    const char *msg = NULL;
    Value *v = NULL;
    if (s->kind != V_STR) {
        const Value *x = s;
        msg = arena_printf(A, "no implicit conversion of %s into String",
                           x->kind == V_BOOL ? (x->b ? "true" : "false") : rv_class(A, x, RV_FN3));
    } else {
        v = json_parse_rb(cc, s, &msg);
    }
    const char *nul = v ? ev_nul_path(cc, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in the data parsejson() parsed)", *nul ? nul : "the top");
    if (!v) {
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return val_truthy(v) ? v : dflt;
}

/* parseyaml(yaml [, default]) - Psych.load; the default answers for an
 * error and for an empty, null or false document. */
Value *f_parseyaml(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "Wrong number of arguments. 1 or 2 arguments should be provided.");
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *s = cc->args[0];
    const char *msg = NULL;
    Value *v = NULL;
    if (s->kind != V_STR) msg = arena_printf(A, "no implicit conversion of %s into String", rv_class(A, s, RV_FN3));
    else if (!ev_parse_yaml(cc, "<unknown>", s->str.s, s->str.len, &v, &msg)) v = NULL;
    const char *nul = v && !msg ? ev_nul_path(cc, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in the data parseyaml() parsed)", *nul ? nul : "the top");
    if (msg) {
        if (!strncmp(msg, "(<unknown>): Tried", 18)) msg += 13;     /* DisallowedClass names no file */
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return v && val_truthy(v) ? v : dflt;
}

/* get_module_path(name) - the directory of the module on the modulepath. */
Value *f_get_module_path(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "get_module_path(): Wrong number of arguments, expects one");
    const char *name = v3_to_s(cc, cc->args[0]);
    const char *p = cc->args[0]->kind == V_STR ? ev_module_dir(cc, name) : NULL;
    if (!p) ev_fail(cc, "Could not find module %s in environment production", name);
    size_t len = strlen(p);
    while (len > 1 && p[len - 1] == '/') len--;
    if (p[0] != '/') {                                   /* Puppet expands the modulepath */
        char cwd[4096];
        if (getcwd(cwd, sizeof cwd)) p = arena_printf(A, "%s/%.*s", cwd, (int)len, p), len = strlen(p);
    }
    return val_str(A, p, len);
}

/* ---- is_function_available ---- */

/* is_function_available(name) - whether Puppet's 3.x function loader
 * finds name: one of Puppet's own 3.x functions, one of stdlib's (built
 * in here), or a module's lib/puppet/parser/functions/NAME.rb on the
 * modulepath; 4.x and Puppet-language functions do not count. */
Value *f_is_function_available(CallCtx *cc)
{
    static const char *const core[] = {
    "alert", "assert_type", "binary_file", "break", "contain", "create_resources", "crit", "debug", "defined",
    "dig", "digest", "each", "emerg", "epp", "err", "fail", "file", "filter", "find_file", "fqdn_rand",
    "generate", "hiera", "hiera_array", "hiera_hash", "hiera_include", "include", "info", "inline_epp",
    "inline_template", "lest", "lookup", "map", "match", "md5", "new", "next", "notice", "realize", "reduce",
    "regsubst", "require", "return", "reverse_each", "scanf", "sha1", "sha256", "shellquote", "slice", "split",
    "sprintf", "step", "strftime", "tag", "tagged", "template", "then", "type", "versioncmp", "warning",
    "with",
    };
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "is_function_available?(): Wrong number of arguments given %zu for 1", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR || strlen(v->str.s) != v->str.len || !v->str.len) return VAL_FALSE;
    const char *name = v->str.s;
    /* stdlib's functions that have no 3.x version */
    static const char *const only4[] = {"fact", "is_a", "os_version_gte", "seeded_rand_string", "shell_escape", "to_json",
                                        "to_json_pretty", "to_yaml", "type_of", "validate_legacy"};
    for (size_t i = 0; i < ARRAY_LEN(core); i++)
        if (!strcmp(core[i], name)) return VAL_TRUE;
    int builtin = fn_find(name) && fn_find(name)->origin == FN_STDLIB;   /* stdlib's own, built in here */
    for (size_t i = 0; i < ARRAY_LEN(only4); i++)
        if (!strcmp(only4[i], name)) builtin = 0;
    if (builtin && !strchr(name, ':')) return VAL_TRUE;
    if (strchr(name, '/') || strchr(name, '*') || strchr(name, '?') || strchr(name, '[')) return VAL_FALSE;
    size_t nmp;
    char *const *mp = ev_modulepath(cc, &nmp);
    for (size_t i = 0; i < nmp; i++) {
        glob_t g;
        const char *pat = arena_printf(A, "%s/*/lib/puppet/parser/functions/%s.rb", mp[i], name);
        int found = glob(pat, 0, NULL, &g) == 0 && g.gl_pathc > 0;
        globfree(&g);
        if (found) return VAL_TRUE;
    }
    return VAL_FALSE;
}

/* ---- has_interface_with, has_ip_address, has_ip_network ---- */

/* A top-scope variable (a legacy fact) by name, or NULL. */
static Value *top_var(CallCtx *cc, const char *name)
{
    Value *v = ev_var(cc, arena_printf(A, "::%s", name));
    return v && v->kind != V_UNDEF ? v : NULL;
}

/* has_interface_with(name) or (kind, value): the interfaces fact names
 * the interface, or the fact kind (or kind_<interface> of one) is value. */
static Value *has_interface_with(CallCtx *cc, Value **a, size_t n)
{
    Value *ifs = top_var(cc, "interfaces");
    if (!ifs) return VAL_FALSE;
    const char *list = v3_to_s(cc, ifs);
    if (n == 1) {
        for (const char *p = list; *p;) {
            const char *e = strchr(p, ',');
            size_t l = e ? (size_t)(e - p) : strlen(p);
            if (a[0]->kind == V_STR && a[0]->str.len == l && !memcmp(p, a[0]->str.s, l)) return VAL_TRUE;
            if (!e) break;
            p = e + 1;
        }
        return VAL_FALSE;
    }
    const char *kind = v3_to_s(cc, a[0]);
    Value *fv = top_var(cc, kind);
    if (fv && v3_equal(fv, a[1], 0)) return VAL_TRUE;
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char *iface = arena_strndup(A, p, l);
        for (char *q = iface; *q; q++) *q = (char)tolower((unsigned char)*q);
        fv = top_var(cc, arena_printf(A, "%s_%s", kind, iface));
        if (fv && v3_equal(a[1], fv, 0)) return VAL_TRUE;
        if (!e) break;
        p = e + 1;
    }
    return VAL_FALSE;
}

Value *f_has_interface_with(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs || cc->nargs > 2)
        ev_fail(cc, "has_interface_with(): Wrong number of arguments given (%zu for 1 or 2)", cc->nargs);
    return has_interface_with(cc, cc->args, cc->nargs);
}

static Value *has_fact_value(CallCtx *cc, const char *fn, const char *kind)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "%s(): Wrong number of arguments given (%zu for 1)", fn, cc->nargs);
    Value *a[2] = {val_cstr(A, kind), cc->args[0]};
    return has_interface_with(cc, a, 2);
}

Value *f_has_ip_address(CallCtx *cc) { return has_fact_value(cc, "has_ip_address", "ipaddress"); }
Value *f_has_ip_network(CallCtx *cc) { return has_fact_value(cc, "has_ip_network", "network"); }

/* ---- loadyaml, loadjson, load_module_metadata ---- */

/* The text of a file, or NULL (a warning logged) when there is none. */
static const char *read_data_file(CallCtx *cc, const char *path, size_t *len)
{
    struct stat st;
    if (stat(path, &st)) {
        ev_log(cc, "Warning", arena_printf(A, "Can't load '%s' File does not exist!", path));
        return NULL;
    }
    SrcFile *f = diag_file_read(path);
    if (!f) return NULL;
    char *text = arena_strndup(A, f->text, f->len);
    *len = f->len;
    diag_file_free(f);
    return text;
}

/* loadyaml(path [, default]) / loadjson(path [, default]): a local file's
 * data (http and https sources are not fetched: the default); the default
 * for a missing file, an empty or false document, or an error. */
static Value *load_data(CallCtx *cc, int json)
{
    v3_args(cc);
    Value *dflt = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF, *p = cc->args[0];
    if (p->kind != V_STR) v3_no_method(cc, "start_with?", p);
    if (!strncmp(p->str.s, "http://", 7) || !strncmp(p->str.s, "https://", 8)) {
        if (!val_truthy(dflt)) ev_fail(cc, "%s: fetching data over the network is not supported", p->str.s);
        return dflt;
    }
    size_t len = 0;
    const char *text = read_data_file(cc, p->str.s, &len);
    if (!text) return dflt;
    const char *msg = NULL;
    Value *v = NULL;
    if (json) v = json_parse_rb(cc, val_str(A, text, len), &msg);
    else if (!ev_parse_yaml(cc, p->str.s, text, len, &v, &msg)) v = NULL;
    const char *nul = v && !msg ? ev_nul_path(cc, v) : NULL;
    if (nul) ev_fail(cc, CMP_NUL_MSG " (at %s in %s, read by %s())", *nul ? nul : "the top", p->str.s, json ? "loadjson" : "loadyaml");
    if (msg) {
        if (!strncmp(msg, "(", 1) && strstr(msg, "): Tried to load")) msg = strstr(msg, "): Tried") + 3;
        if (!val_truthy(dflt)) ev_fail(cc, "%s", msg);
        return dflt;
    }
    return v && val_truthy(v) ? v : dflt;
}

Value *f_loadyaml(CallCtx *cc) { return load_data(cc, 0); }
Value *f_loadjson(CallCtx *cc) { return load_data(cc, 1); }

/* load_module_metadata(module [, allow_empty]) - its metadata.json. */
Value *f_load_module_metadata(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1 && cc->nargs != 2) ev_fail(cc, "load_module_metadata(): Wrong number of arguments, expects one or two");
    CallCtx sub = *cc;
    sub.nargs = 1;
    const char *dir = f_get_module_path(&sub)->str.s;
    const char *path = arena_printf(A, "%s/metadata.json", dir);
    SrcFile *f = diag_file_read(path);
    if (!f) {
        if (!(cc->nargs > 1 && val_truthy(cc->args[1])))
            ev_fail(cc, "load_module_metadata(): No metadata.json file for module %s", v3_to_s(cc, cc->args[0]));
        return val_hash(A, NULL, NULL, 0);
    }
    Value *text = val_str(A, f->text, f->len);
    diag_file_free(f);
    const char *msg = NULL;
    Value *v = json_parse_rb(cc, text, &msg);
    if (!v) ev_fail(cc, "%s", msg ? msg : "invalid metadata.json");
    return v;
}

/* ---- glob ---- */

/* Ruby's sorted Dir.glob order: path by path component, bytewise. */
static int path_order(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    for (;;) {
        size_t lx = strcspn(x, "/"), ly = strcspn(y, "/");
        int r = memcmp(x, y, lx < ly ? lx : ly);
        if (r) return r;
        if (lx != ly) return lx < ly ? -1 : 1;
        if (!x[lx] || !y[ly]) return !x[lx] && !y[ly] ? 0 : !x[lx] ? -1 : 1;
        x += lx + 1, y += ly + 1;
    }
}

/* Ruby's brace expansion: "a{b,c{d,e}}f" becomes abf, acdf, acef, in
 * that order (a backslash escapes a brace). */
static void brace_expand(CallCtx *cc, const char *pat, ValVec *out)
{
    const char *open = NULL, *close = NULL;
    int depth = 0;
    for (const char *p = pat; *p; p++) {
        if (*p == '\\' && p[1]) p++;
        else if (*p == '{' && !depth++ && !open) open = p;
        else if (*p == '}' && depth && !--depth && open) {
            close = p;
            break;
        }
    }
    if (!close) {
        val_vec_push(out, val_cstr(A, pat));
        return;
    }
    const char *start = open + 1;
    depth = 0;
    for (const char *p = open + 1; p <= close; p++) {
        if (*p == '\\' && p < close) p++;
        else if (*p == '{') depth++;
        else if (*p == '}' && p < close) depth--;
        else if ((*p == ',' && !depth) || p == close) {
            brace_expand(cc, arena_printf(A, "%.*s%.*s%s", (int)(open - pat), pat, (int)(p - start), start, close + 1), out);
            start = p + 1;
        }
    }
}

/* glob(pattern | [patterns]) - Dir.glob: the paths that match (*, ?,
 * [...], {a,b}; not Ruby's recursive **), sorted, pattern by pattern. */
Value *f_glob(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs != 1) ev_fail(cc, "glob(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR && v->kind != V_ARRAY) ev_fail(cc, "glob(): Requires either array or string to work");
    Value **pats = v->kind == V_ARRAY ? v->arr.items : &v;
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < n; i++)
        if (pats[i]->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, pats[i], RV_FN3));
    ValVec out = VV_ARENA(A), expanded = VV_ARENA(A);
    for (size_t i = 0; i < n; i++) brace_expand(cc, pats[i]->str.s, &expanded);
    for (size_t i = 0; i < expanded.n; i++) {
        glob_t g;
        if (glob(expanded.v[i]->str.s, GLOB_NOSORT, NULL, &g) == 0) {
            const char **paths = ARENA_NEWN(A, const char *, g.gl_pathc);
            for (size_t k = 0; k < g.gl_pathc; k++) paths[k] = arena_strdup(A, g.gl_pathv[k]);
            qsort(paths, g.gl_pathc, sizeof *paths, path_order);
            for (size_t k = 0; k < g.gl_pathc; k++) val_vec_push(&out, val_cstr(A, paths[k]));
        }
        globfree(&g);
    }
    val_vec_free(&expanded);
    return v3_array(cc, &out);
}

/* ---- Hiera 3's functions ---- */

/* Puppet 7's hiera functions live with the rest of Hiera (hiera.c). */
#define HIERA_CALLER(name) \
    Value *f_##name##_call(CallCtx *cc) \
    { \
        return ev_hiera3(cc, #name); \
    }
HIERA_CALLER(hiera)
HIERA_CALLER(hiera_array)
HIERA_CALLER(hiera_hash)
HIERA_CALLER(hiera_include)

/* ---- lookup, file, epp, inline_epp, getvar ---- */

/* lookup(): Hiera 5 (hiera.c). */
Value *f_lookup(CallCtx *cc)
{ FN_ARGS(a, n, l);
    return ev_lookup(cc);
}

/* A module-relative path "mod/rest" under <mod>/<dir>/, or an absolute path;
 * whether it exists shows when slurp reads it. */
static const char *resolve_module_path(CallCtx *cc, const char *spec, const char *dir)
{
    if (spec[0] == '/') return spec;
    const char *slash = strchr(spec, '/');
    if (!slash) return NULL;
    const char *module = arena_strndup(A, spec, (size_t)(slash - spec));
    return ev_module_path(cc, module, dir, slash + 1);
}

/* The file at path, NUL-terminated in the compile arena, or NULL. */
static char *slurp(CallCtx *cc, const char *path, size_t *len)
{
    Buf b = BUF_INIT;
    char *s = buf_read_file(&b, path, 0) == 0 ? arena_strndup(A, buf_cstr(&b), b.len) : NULL;
    *len = b.len;
    buf_free(&b);
    return s;
}

Value *f_file(CallCtx *cc)
{ FN_ARGS(a, n, l);
    for (size_t i = 0; i < n; i++) {
        const char *spec = val_to_cstr(A, a[i]);
        const char *path = resolve_module_path(cc, spec, "files");
        size_t len;
        char *data = path ? slurp(cc, path, &len) : NULL;
        if (data && memchr(data, 0, len)) ev_fail(cc, CMP_NUL_MSG " (in %s, read by file())", path);
        if (data) return val_str_nocopy(A, data, len);
    }
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_adds(&b, ", ");
        val_to_s(&b, a[i]);
    }
    const char *names = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    ev_fail(cc, "Could not find any files from %s", names);
}

/* epp()'s and inline_epp()'s first argument, a String called what, with
 * Puppet's message (the second is epp_render's). */
static void epp_check_args(CallCtx *cc, const char *fn, const char *what, Value **a, size_t n,
                           const Node *l)
{
    if (a[0]->kind != V_STR) {
        ev_fail(cc, "'%s' parameter '%s' expects a String value, got %s", fn, what, fn_got_type(cc, a[0]));
    }
}

Value *f_epp(CallCtx *cc)
{ FN_ARGS(a, n, l);
    epp_check_args(cc, "epp", "path", a, n, l);
    const char *spec = val_to_cstr(A, a[0]);
    const char *path = resolve_module_path(cc, spec, "templates");
    size_t len;
    char *text = path ? slurp(cc, path, &len) : NULL;
    if (!text) ev_fail(cc, "Could not find template '%s'", spec);
    return ev_epp(cc, path, text, len, n > 1 ? a[1] : NULL);
}

Value *f_inline_epp(CallCtx *cc)
{ FN_ARGS(a, n, l);
    epp_check_args(cc, "inline_epp", "template", a, n, l);
    return ev_epp(cc, "inline_epp", a[0]->str.s, a[0]->str.len, n > 1 ? a[1] : NULL);
}

/* The segments of a dotted navigation ("a.0.'b.c'"), as Puppet's
 * SubLookup#split_key makes them: quoted parts are strings, all-digit
 * parts Integers.  NULL on a syntax error. */
static Value **split_key(CallCtx *cc, const char *k, size_t *n)
{
    ValVec out = VV_ARENA(A);
    const char *p = k;
    for (;;) {
        const char *b = p;
        Value *seg;
        if (*p == '\'' || *p == '"') {
            const char *e = strchr(p + 1, *p);
            if (!e || (e[1] && e[1] != '.')) return val_vec_free(&out), NULL;
            seg = val_str(A, p + 1, (size_t)(e - p - 1));
            p = e + 1;
        } else {
            while (*p && *p != '.' && *p != '\'' && *p != '"') p++;
            if (*p == '\'' || *p == '"' || p == b) return val_vec_free(&out), NULL;
            int digits = 1;
            for (const char *q = b; q < p; q++) digits &= isdigit((unsigned char)*q) != 0;
            seg = digits && p - b < 19 ? val_int(A, strtoll(b, NULL, 10)) : val_str(A, b, (size_t)(p - b));
        }
        val_vec_push(&out, seg);
        if (!*p) break;
        p++;                                 /* the '.' */
    }
    *n = out.n;
    Value **r = arena_memdup(A, out.v, out.n * sizeof *out.v);
    val_vec_free(&out);
    return r;
}

/* getvar('name[.navigation]'[, default]) - a variable's value (qualified
 * names from their class's scope), dug into by the dotted navigation as
 * get() does; the default when the variable is unknown or the value undef. */
Value *f_getvar(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (a[0]->kind != V_STR)
        ev_fail(cc, "'getvar' parameter 'get_string' expects a String value, got %s", val_type_name(a[0]));
    Value *dflt = n > 1 ? a[1] : VAL_UNDEF;
    const char *str = arena_strndup(A, a[0]->str.s, a[0]->str.len);
    /* \A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z), then the name is ((::)?(\w+::)*\w+) */
    const char *p = str;
    if (p[0] == ':' && p[1] == ':') p += 2;
    for (;;) {
        const char *w = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        if (p == w || !(islower((unsigned char)*w) || (*w == '_' && !(p[0] == ':' && p[1] == ':'))))
            ev_fail(cc, "'getvar' The given string does not start with a valid variable name");
        if (p[0] == ':' && p[1] == ':') { p += 2; continue; }
        break;
    }
    if (*p && *p != '.') ev_fail(cc, "'getvar' The given string does not start with a valid variable name");
    const char *name = arena_strndup(A, str, (size_t)(p - str));
    const char *nav = *p ? p + 1 : p;
    Value *v = ev_var(cc, name);
    if (!v || v->kind == V_UNDEF) return dflt;
    if (!*nav) return v;
    size_t ns;
    Value **segs = split_key(cc, nav, &ns);
    if (!segs) ev_fail(cc, "Syntax error in dotted-navigation string");
    Value **args = ARENA_NEWN(A, Value *, ns + 1);
    args[0] = v;
    memcpy(args + 1, segs, ns * sizeof *segs);
    Value *r = ev_call(cc, "dig", args, ns + 1, NULL);
    return r->kind == V_UNDEF ? dflt : r;
}

