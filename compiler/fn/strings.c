/*
 * strings.c - Puppet's string functions: match, split, regsubst, upcase,
 * downcase, capitalize, camelcase, strip, chomp, chop, ...  split and
 * regsubst follow Ruby's String#split and #sub/#gsub loops over Oniguruma
 * matches; case mapping is Ruby's (full Unicode, in a UTF-8 locale).
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define A (cc->arena)

/* ---- regex helpers ---- */

/* The capture offsets of one search; grows past the inline room when a
 * pattern has many groups. */
typedef struct Match {
    int inline_caps[2 * 32];
    int *caps;
    int n;              /* groups + 1 */
} Match;

static Regex *compile(CallCtx *cc, const char *src, const char *shown)
{
    const char *err = NULL;
    Regex *re = rx_get(src, &err);
    if (!re) ev_fail(cc, "%s: /%s", err ? err : "invalid pattern", shown);
    return re;
}

static int search(CallCtx *cc, Regex *re, const char *s, size_t len, size_t start, Match *m)
{
    m->caps = m->inline_caps;
    m->n = 32;
    if (!rx_search(re, s, len, start, m->caps, &m->n)) return 0;
    if (m->n > 32) {
        int room = m->n;
        m->caps = ARENA_NEWN(A, int, 2 * (size_t)room);
        rx_search(re, s, len, start, m->caps, &m->n);
    }
    return 1;
}

/* The pattern source of a Regexp value or a Type[Regexp] (Regexp alone
 * is the empty pattern); NULL for anything else. */
static const char *regexp_src(const Value *v)
{
    if (v->kind == V_REGEX) return v->regex.src;
    if (v->kind == V_TYPE && strcmp(v->type.name, "Regexp") == 0) {
        if (v->type.n == 0) return "";
        const Value *p = v->type.params[0];
        if (p->kind == V_REGEX) return p->regex.src;
        if (p->kind == V_STR) return p->str.s;
    }
    return NULL;
}

/* split(str, pattern) - Ruby's String#split with a regexp: captured groups
 * are kept, an empty match splits between characters, trailing empty
 * strings are dropped.  A string pattern is a regexp too (so "." splits
 * everywhere and " " has no awk-style special case). */
Value *f_split(CallCtx *cc)
{
    Value *s = cc->args[0], *p = cc->args[1];
    if (s->kind != V_STR) fn_fail_param(cc, "split", "str", fn_a_value(cc, "String"), s);
    const char *src = p->kind == V_STR ? p->str.s : regexp_src(p);
    if (!src) fn_fail_param(cc, "split", "pattern", "a value of type String, Regexp, or Type[Regexp]", p);
    Regex *re = compile(cc, src, arena_printf(A, "%s/", src));
    const char *str = s->str.s;
    size_t len = s->str.len, start = 0, beg = 0;
    int last_null = 0;
    AVec out = {0};
    if (len == 0) return fn_mk_array(cc, NULL, 0);
    Match m;
    while (start <= len && search(cc, re, str, len, start, &m)) {
        size_t mb = (size_t)m.caps[0], me = (size_t)m.caps[1];
        if (start == mb && mb == me) {
            long cp;
            if (last_null) {
                fn_av_push(cc, &out, val_str(A, str + beg, utf8_decode(str + beg, len - beg, &cp)));
                beg = start;
            } else {
                start += start == len ? 1 : utf8_decode(str + start, len - start, &cp);
                last_null = 1;
                continue;
            }
        } else {
            fn_av_push(cc, &out, val_str(A, str + beg, mb - beg));
            beg = start = me;
        }
        last_null = 0;
        for (int g = 1; g < m.n; g++) {
            if (m.caps[2 * g] < 0) continue;
            fn_av_push(cc, &out, val_str(A, str + m.caps[2 * g], (size_t)(m.caps[2 * g + 1] - m.caps[2 * g])));
        }
    }
    if (len > beg) fn_av_push(cc, &out, val_str(A, str + beg, len - beg));
    while (out.n && out.v[out.n - 1]->str.len == 0) out.n--;
    return fn_av_array(cc, &out);
}

/* ---- regsubst ---- */

/* The group number of the last group named name that matched (Oniguruma
 * numbers only named groups once a pattern has any), found by scanning
 * the pattern's source for (?<name>...) and (?'name'...); -1 if none is
 * named so, 0 if none of those matched. */
static int named_group(const char *src, const char *name, size_t len, const Match *m)
{
    int n = 0, found = -1;
    for (size_t i = 0; src[i]; i++) {
        if (src[i] == '\\') {
            if (src[i + 1]) i++;
        } else if (src[i] == '[') {             /* skip a (possibly nested) class */
            int depth = 1;
            i++;
            if (src[i] == '^') i++;
            if (src[i] == ']') i++;
            for (; src[i] && depth; i++) {
                if (src[i] == '\\' && src[i + 1]) i++;
                else if (src[i] == '[') depth++;
                else if (src[i] == ']') depth--;
            }
            i--;
        } else if (src[i] == '(' && src[i + 1] == '?' &&
                   ((src[i + 2] == '<' && src[i + 3] != '=' && src[i + 3] != '!') || src[i + 2] == '\'')) {
            char close = src[i + 2] == '<' ? '>' : '\'';
            const char *b = src + i + 3, *e = strchr(b, close);
            n++;
            if (e && (size_t)(e - b) == len && memcmp(b, name, len) == 0) {
                if (found < 0) found = 0;
                if (n < m->n && m->caps[2 * n] >= 0) found = n;
            }
        }
    }
    return found;
}

/* Ruby's replacement text: \0-\9 and \& groups, \k<name> a named group,
 * \` before the match, \' after it, \+ the last group that matched, \\ a
 * backslash; any other backslash stays as written. */
static void expand_repl(CallCtx *cc, Buf *out, const Value *repl, const char *src, const char *s, size_t len,
                        const Match *m)
{
    const char *r = repl->str.s;
    size_t rl = repl->str.len;
    for (size_t i = 0; i < rl; i++) {
        if (r[i] != '\\' || i + 1 >= rl) {
            buf_addc(out, r[i]);
            continue;
        }
        char c = r[++i];
        int g = -1;
        if (c >= '0' && c <= '9') g = c - '0';
        else if (c == '&') g = 0;
        else if (c == 'k' && i + 1 < rl && r[i + 1] == '<') {
            const char *nb = r + i + 2, *ne = memchr(nb, '>', rl - (i + 2));
            if (!ne || ne == nb) {
                buf_free(out);
                ev_fail(cc, "invalid group name reference format");
            }
            g = named_group(src, nb, (size_t)(ne - nb), m);
            if (g < 0) {
                const char *nm = arena_strndup(A, nb, (size_t)(ne - nb));
                buf_free(out);
                ev_fail(cc, "undefined group name reference: %s", nm);
            }
            i = (size_t)(ne - r);
            if (g == 0) continue;
        } else if (c == '+') {
            for (g = m->n - 1; g > 0 && m->caps[2 * g] < 0; g--) {}
            if (g == 0) continue;
        } else if (c == '`') {
            buf_add(out, s, (size_t)m->caps[0]);
            continue;
        } else if (c == '\'') {
            buf_add(out, s + m->caps[1], len - (size_t)m->caps[1]);
            continue;
        } else if (c == '\\') {
            buf_addc(out, '\\');
            continue;
        } else {
            buf_addc(out, '\\');
            buf_addc(out, c);
            continue;
        }
        if (g < m->n && m->caps[2 * g] >= 0)
            buf_add(out, s + m->caps[2 * g], (size_t)(m->caps[2 * g + 1] - m->caps[2 * g]));
    }
}

static void replace_match(CallCtx *cc, Buf *out, const Value *repl, const char *src, const char *s, size_t len,
                          const Match *m)
{
    if (repl->kind == V_STR) {
        expand_repl(cc, out, repl, src, s, len, m);
        return;
    }
    /* A hash replacement maps the matched text to its replacement. */
    Value key = {.kind = V_STR};
    key.str.s = arena_strndup(A, s + m->caps[0], (size_t)(m->caps[1] - m->caps[0]));
    key.str.len = (size_t)(m->caps[1] - m->caps[0]);
    Value *v = val_hash_get(repl, &key);
    if (v) rv_to_s(out, v, RV_FN);
}

/* String#sub / #gsub: after an empty match the next character is copied
 * and the search moves past it. */
static Value *subst(CallCtx *cc, Regex *re, const char *src, const Value *target, const Value *repl, int global)
{
    const char *s = target->str.s;
    size_t len = target->str.len, pos = 0, last = 0;
    Buf out = BUF_INIT;
    Match m;
    while (pos <= len && search(cc, re, s, len, pos, &m)) {
        size_t mb = (size_t)m.caps[0], me = (size_t)m.caps[1];
        buf_add(&out, s + last, mb - last);
        replace_match(cc, &out, repl, src, s, len, &m);
        last = pos = me;
        if (!global) break;
        if (mb == me) {
            if (me >= len) break;
            long cp;
            size_t l = utf8_decode(s + me, len - me, &cp);
            buf_add(&out, s + me, l);
            last = pos = me + l;
        }
    }
    buf_add(&out, s + last, len - last);
    Value *r = fn_mk_str(cc, &out);
    buf_free(&out);
    return r;
}

static const char *const regsubst_sigs[] = {
    "Variant[Array[String], String] target, String pattern, Variant[String, Hash[String, String]] replacement, "
    "Pattern[/^[GEIM]*$/] flags?, Enum['E', 'N', 'S', 'U'] encoding?",
    "Variant[Array[String], String] target, Variant[Regexp, Type[Regexp]] pattern, "
    "Variant[String, Hash[String, String]] replacement, Pattern[/^G?$/] flags?",
};

/* regsubst(target, pattern, replacement[, flags[, encoding]]) - replaces
 * the first (flag G: every) match in a string or in each string of an
 * array.  Flags I, E, M make a string pattern case-insensitive, extended,
 * multiline (dot matches newline); the encoding is ignored. */
Value *f_regsubst(CallCtx *cc)
{
    Value *target = cc->args[0], *pat = cc->args[1], *repl = cc->args[2];
    Value *flags = cc->nargs > 3 ? cc->args[3] : VAL_UNDEF;
    const char *tt = fn_got_type(cc, target);
    if (target->kind == V_ARRAY) {
        for (size_t i = 0; i < target->arr.n; i++) {
            if (target->arr.items[i]->kind == V_STR) continue;
            const char *w = arena_printf(A, "parameter 'target' variant 0 index %zu expects a String value, got %s\n"
                                         "    rejected: parameter 'target' variant 1 expects a String value, got %s",
                                         i, fn_got_type(cc, target->arr.items[i]), tt);
            const char *why[] = {w, w};
            fn_fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
        }
    } else if (target->kind != V_STR) {
        fn_fail_param(cc, "regsubst", "target", "a value of type Array or String", target);
    }
    const char *src = pat->kind == V_STR ? pat->str.s : regexp_src(pat);
    if (!src) fn_fail_param(cc, "regsubst", "pattern", "a value of type String, Regexp, or Type[Regexp]", pat);
    int by_string = pat->kind == V_STR;
    const char *pat_why = by_string
        ? arena_printf(A, "parameter 'pattern' expects a value of type Regexp or Type[Regexp], got %s", fn_got_type(cc, pat))
        : arena_printf(A, "parameter 'pattern' expects a String value, got %s", fn_got_type(cc, pat));
    int repl_ok = repl->kind == V_STR;
    if (repl->kind == V_HASH) {
        repl_ok = 1;
        for (size_t i = 0; i < repl->hash.n; i++)
            if (repl->hash.keys[i]->kind != V_STR || repl->hash.vals[i]->kind != V_STR) repl_ok = 0;
    }
    if (!repl_ok) {
        const char *rw;
        if (repl->kind != V_HASH) {
            rw = arena_printf(A, "parameter 'replacement' expects a value of type String or Hash, got %s", fn_got_type(cc, repl));
        } else {
            size_t i = 0;
            while (repl->hash.keys[i]->kind == V_STR && repl->hash.vals[i]->kind == V_STR) i++;
            const Value *k = repl->hash.keys[i];
            rw = repl->hash.keys[i]->kind != V_STR
                ? arena_printf(A, "parameter 'replacement' variant 0 expects a String value, got %s\n"
                               "    rejected: parameter 'replacement' variant 1 expects a Hash[String, String] value, got %s",
                               fn_got_type(cc, repl), fn_got_type(cc, repl))
                : arena_printf(A, "parameter 'replacement' variant 0 expects a String value, got %s\n"
                               "    rejected: parameter 'replacement' variant 1 entry '%s' expects a String value, got %s",
                               fn_got_type(cc, repl), k->str.s, fn_got_type(cc, repl->hash.vals[i]));
        }
        const char *why[] = {by_string ? rw : pat_why, by_string ? pat_why : rw};
        fn_fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
    }
    int global = 0;
    char opts[8], *o = opts;
    if (by_string) {
        if (flags->kind != V_UNDEF) {
            int ok = flags->kind == V_STR && strspn(flags->str.s, "GEIM") == flags->str.len;
            if (!ok) {
                const char *fv = flags->kind == V_STR ? arena_printf(A, "'%s'", flags->str.s) : fn_got_type(cc, flags);
                const char *why[] = {
                    arena_printf(A, "parameter 'flags' expects an undef value or a match for Pattern[/^[GEIM]*$/], got %s", fv),
                    pat_why};
                fn_fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
            }
            global = strchr(flags->str.s, 'G') != NULL;
            if (strchr(flags->str.s, 'I')) *o++ = 'i';
            if (strchr(flags->str.s, 'M')) *o++ = 'm';
            if (strchr(flags->str.s, 'E')) *o++ = 'x';
        }
    } else if (cc->nargs > 3) {
        int ok = flags->kind == V_STR && (flags->str.len == 0 || strcmp(flags->str.s, "G") == 0);
        if (!ok || cc->nargs > 4) {
            const char *fv = flags->kind == V_STR ? arena_printf(A, "'%s'", flags->str.s) : fn_got_type(cc, flags);
            const char *why[] = {pat_why,
                                 cc->nargs > 4 ? "expects between 3 and 4 arguments, got 5"
                                               : arena_printf(A, "parameter 'flags' expects a match for Pattern[/^G?$/], got %s", fv)};
            fn_fail_dispatch(cc, "regsubst", regsubst_sigs, why, 2);
        }
        global = flags->str.len == 1;
    }
    *o = '\0';
    /* Ruby shows a bad pattern with its options: /(/mi */
    char shown_opts[4], *so = shown_opts;
    if (strchr(opts, 'm')) *so++ = 'm';
    if (strchr(opts, 'i')) *so++ = 'i';
    if (strchr(opts, 'x')) *so++ = 'x';
    *so = '\0';
    Regex *re = compile(cc, opts[0] ? arena_printf(A, "(?%s)%s", opts, src) : src,
                        arena_printf(A, "%s/%s", src, shown_opts));
    if (target->kind == V_STR) return subst(cc, re, src, target, repl, global);
    Value **out = ARENA_NEWN(A, Value *, target->arr.n ? target->arr.n : 1);
    for (size_t i = 0; i < target->arr.n; i++) out[i] = subst(cc, re, src, target->arr.items[i], repl, global);
    return fn_mk_array(cc, out, target->arr.n);
}

/* ---- case and whitespace ---- */

/* Case mapping: ASCII directly; other characters through the C library's
 * Unicode tables (C.UTF-8) when that locale exists, else passed through
 * unchanged.  Ruby's special casings that change length (German sharp s
 * upcasing to "SS") and title case are not done. */
static locale_t utf8_locale(void)
{
    static locale_t loc;
    static int tried;
    if (!tried) {
        tried = 1;
        loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    }
    return loc;
}

enum { CASE_UP, CASE_DOWN, CASE_CAPITAL };

static void map_case(Buf *out, const char *s, size_t len, int mode)
{
    int first = 1;
    for (size_t i = 0; i < len;) {
        long cp;
        size_t l = utf8_decode(s + i, len - i, &cp);
        int up = mode == CASE_UP || (mode == CASE_CAPITAL && first);
        first = 0;
        if (cp >= 0 && cp < 0x80) {
            buf_addc(out, (char)(up ? toupper((int)cp) : tolower((int)cp)));
        } else if (cp >= 0 && utf8_locale()) {
            wint_t w = up ? towupper_l((wint_t)cp, utf8_locale()) : towlower_l((wint_t)cp, utf8_locale());
            utf8_encode(out, (long)w);
        } else {
            buf_add(out, s + i, l);
        }
        i += l;
    }
}

static Value *case_str(CallCtx *cc, const Value *v, int mode)
{
    Buf b = BUF_INIT;
    map_case(&b, v->str.s, v->str.len, mode);
    Value *r = fn_mk_str(cc, &b);
    buf_free(&b);
    return r;
}

/* StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]] */
static int is_string_data(const Value *v)
{
    switch (v->kind) {
    case V_STR: case V_INT: case V_FLOAT: return 1;
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (!is_string_data(v->arr.items[i])) return 0;
        return 1;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (!is_string_data(v->hash.keys[i]) || !is_string_data(v->hash.vals[i])) return 0;
        return 1;
    default: return 0;
    }
}

static Value *case_deep(CallCtx *cc, Value *v, int mode)
{
    switch (v->kind) {
    case V_STR: return case_str(cc, v, mode);
    case V_ARRAY: {
        Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
        for (size_t i = 0; i < v->arr.n; i++) out[i] = case_deep(cc, v->arr.items[i], mode);
        return fn_mk_array(cc, out, v->arr.n);
    }
    case V_HASH: {
        size_t n = v->hash.n;
        Value **ks = ARENA_NEWN(A, Value *, n ? n : 1), **vs = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0; i < n; i++) {
            ks[i] = case_deep(cc, v->hash.keys[i], mode);
            vs[i] = case_deep(cc, v->hash.vals[i], mode);
        }
        return val_hash(A, ks, vs, n);
    }
    default: return v;
    }
}

/* upcase / downcase: numbers unchanged, strings mapped, arrays and hashes
 * (keys too) mapped all the way down. */
static Value *updown(CallCtx *cc, const char *fn, int mode)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR || fn_is_num(v)) return case_deep(cc, v, mode);
    if ((v->kind == V_ARRAY || v->kind == V_HASH) && is_string_data(v)) return case_deep(cc, v, mode);
    if (v->kind != V_ARRAY && v->kind != V_HASH)
        fn_fail_param(cc, fn, "arg", "a value of type Numeric, String, Array, or Hash", v);
    static const char sd[] = "StringData = Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]";
    const char *t = fn_got_type(cc, v);
    const char *sigs[] = {"Numeric arg", "String arg", "Array[StringData] arg", "Hash[StringData, StringData] arg"};
    const char *deep;
    if (v->kind == V_ARRAY) {
        size_t i = 0;
        while (is_string_data(v->arr.items[i])) i++;
        deep = arena_printf(A, "parameter 'arg' index %zu expects a %s value, got %s", i, sd, fn_got_type(cc, v->arr.items[i]));
    } else {
        size_t i = 0;
        while (is_string_data(v->hash.keys[i]) && is_string_data(v->hash.vals[i])) i++;
        Buf k = BUF_INIT;
        val_to_s(&k, v->hash.keys[i]);
        deep = arena_printf(A, "parameter 'arg' entry '%s' expects a %s value, got %s", buf_cstr(&k), sd,
                            fn_got_type(cc, is_string_data(v->hash.keys[i]) ? v->hash.vals[i] : v->hash.keys[i]));
        buf_free(&k);
    }
    const char *why[] = {
        arena_printf(A, "parameter 'arg' expects a Numeric value, got %s", t),
        arena_printf(A, "parameter 'arg' expects a String value, got %s", t),
        v->kind == V_ARRAY ? deep : arena_printf(A, "parameter 'arg' expects an Array value, got %s", t),
        v->kind == V_HASH ? deep : arena_printf(A, "parameter 'arg' expects a Hash value, got %s", t),
    };
    fn_fail_dispatch(cc, fn, sigs, why, 4);
}

Value *f_upcase(CallCtx *cc) { return updown(cc, "upcase", CASE_UP); }
Value *f_downcase(CallCtx *cc) { return updown(cc, "downcase", CASE_DOWN); }

/* Ruby's whitespace for strip: NUL, \t \n \v \f \r and space. */
static int ruby_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == '\0'; }

enum { OP_CAPITALIZE, OP_STRIP, OP_LSTRIP, OP_RSTRIP, OP_CHOMP, OP_CHOP, OP_CAMELCASE };

static Value *str_op(CallCtx *cc, Value *v, int op)
{
    if (v->kind != V_STR) return v;
    const char *s = v->str.s;
    size_t b = 0, e = v->str.len;
    switch (op) {
    case OP_CAPITALIZE: return case_str(cc, v, CASE_CAPITAL);
    case OP_STRIP: case OP_LSTRIP: case OP_RSTRIP:
        if (op != OP_RSTRIP) while (b < e && ruby_space(s[b])) b++;
        if (op != OP_LSTRIP) while (e > b && ruby_space(s[e - 1])) e--;
        break;
    case OP_CHOMP:          /* one trailing \r\n, \n or \r */
        if (e && s[e - 1] == '\n') e -= e > 1 && s[e - 2] == '\r' ? 2 : 1;
        else if (e && s[e - 1] == '\r') e--;
        break;
    case OP_CHOP:           /* Ruby's String#chop: a trailing \r\n, or the last character */
        if (e >= 2 && s[e - 1] == '\n' && s[e - 2] == '\r') e -= 2;
        else while (e && (s[--e] & 0xC0) == 0x80) {}
        break;
    case OP_CAMELCASE: {    /* Ruby's s.split('_').map(&:capitalize).join */
        Buf out = BUF_INIT;
        for (size_t i = 0; i <= e;) {
            const char *u = memchr(s + i, '_', e - i);
            size_t j = u ? (size_t)(u - s) : e;
            Value *w = case_str(cc, val_str(A, s + i, j - i), CASE_CAPITAL);
            buf_add(&out, w->str.s, w->str.len);
            i = j + 1;
        }
        Value *r = fn_mk_str(cc, &out);
        buf_free(&out);
        return r;
    }
    }
    return b == 0 && e == v->str.len ? v : val_str(A, s + b, e - b);
}

/* capitalize / strip / lstrip / rstrip / chomp: a number unchanged, a
 * string changed, an Iterable[Variant[String, Numeric]] mapped.  Puppet 7
 * rejects an array mixing strings and numbers (its type check fails on the
 * mixed tuple and prints no reason), so that is an error here too. */
static Value *string_fn(CallCtx *cc, const char *fn, int op)
{
    Value *v = cc->args[0];
    if (v->kind == V_STR || fn_is_num(v)) return str_op(cc, v, op);
    if (v->kind == V_ARRAY) {
        size_t strs = 0, nums = 0;
        for (size_t i = 0; i < v->arr.n; i++) {
            if (v->arr.items[i]->kind == V_STR) strs++;
            else if (fn_is_num(v->arr.items[i])) nums++;
        }
        if (strs + nums == v->arr.n) {
            if (strs && nums) {
                const char *sigs[] = {"Numeric arg", "String arg", "Iterable[Variant[String, Numeric]] arg"};
                const char *why[] = {"parameter 'arg' expects a Numeric value, got Tuple",
                                     "parameter 'arg' expects a String value, got Tuple", NULL};
                fn_fail_dispatch(cc, fn, sigs, why, 3);
            }
            Value **out = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
            for (size_t i = 0; i < v->arr.n; i++) out[i] = str_op(cc, v->arr.items[i], op);
            return fn_mk_array(cc, out, v->arr.n);
        }
    }
    /* Puppet shortens the element type when the value is no collection. */
    fn_fail_param(cc, fn, "arg", v->kind == V_ARRAY || v->kind == V_HASH
               ? "a value of type Numeric, String, or Iterable[Variant[String, Numeric]]"
               : "a value of type Numeric, String, or Iterable[Variant]", v);
}

Value *f_capitalize(CallCtx *cc) { return string_fn(cc, "capitalize", OP_CAPITALIZE); }
Value *f_strip(CallCtx *cc) { return string_fn(cc, "strip", OP_STRIP); }
Value *f_lstrip(CallCtx *cc) { return string_fn(cc, "lstrip", OP_LSTRIP); }
Value *f_rstrip(CallCtx *cc) { return string_fn(cc, "rstrip", OP_RSTRIP); }
Value *f_chomp(CallCtx *cc) { return string_fn(cc, "chomp", OP_CHOMP); }
Value *f_chop(CallCtx *cc) { return string_fn(cc, "chop", OP_CHOP); }
Value *f_camelcase(CallCtx *cc) { return string_fn(cc, "camelcase", OP_CAMELCASE); }
