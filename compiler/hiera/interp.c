/*
 * interp.c - Hiera's interpolation: %{var}, %{facts.os.family},
 * %{lookup('k')}, %{alias('k')}, %{literal('%')}, %{scope('v')} in data
 * values, and the methodless form in hiera.yaml paths and datadirs.
 *
 * The one idea: interpolation runs at each lookup, not when a file is
 * read, because variables are read in the calling scope; a value that
 * holds no "%{" comes back unchanged, so only text that asks for it pays.
 * Arrays and hashes put into a string show as Ruby's inspect shows them.
 */
#include "compiler/hiera/internal.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void val_to_str(Compiler *c, Str *b, const Value *v)
{
    Buf t = BUF_INIT;
    val_to_s(&t, v);
    hiera_str_add(b, buf_cstr(&t), t.len);
    buf_free(&t);
}

/* Ruby's inspect, for values interpolated inside arrays and hashes. */
static void ruby_inspect(Compiler *c, Str *b, const Value *v)
{
    (void)c;
    Buf t = BUF_INIT;
    rv_inspect(&t, v, RV_HIERA);
    hiera_str_add(b, buf_cstr(&t), t.len);
    buf_free(&t);
}

/* Ruby's to_s of a value put into a string by interpolation. */
static void ruby_to_s(Compiler *c, Str *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: break;
    case V_STR: hiera_str_add(b, v->str.s, v->str.len); break;
    case V_ARRAY: case V_HASH: ruby_inspect(c, b, v); break;
    default: val_to_str(c, b, v); break;
    }
}

/* ---- interpolation: %{var}, %{facts.x.y}, %{lookup('k')}, ... ---- */


/* Puppet's Scope#[]: a variable as the scope sees it; 0 when undefined. */
static int scope_var(Compiler *c, Scope *s, const char *name, Value **out)
{
    Value *v = NULL;
    if (name[0] == ':' && name[1] == ':') {
        name += 2;
        s = c->top;
    }
    const char *last = NULL;
    for (const char *p = name; (p = strstr(p, "::")); p += 2) last = p;
    if (last) {
        char *cls = arena_strndup(A, name, (size_t)(last - name));
        for (char *p = cls; *p; p++) *p = (char)tolower((unsigned char)*p);
        Scope *cs = map_get(&c->class_scopes, cls, strlen(cls));
        if (cs) v = map_get(&cs->vars, last + 2, strlen(last + 2));
    } else {
        for (Scope *p = s; p && !v; p = p->parent) v = map_get(&p->vars, name, strlen(name));
    }
    if (!v) return 0;
    *out = v;
    return 1;
}

/* The "scope" interpolation method (also a bare %{name}). */
Value *hiera_interp_scope(Look *lk, const char *key, const char *subject, const Binding *bind)
{
    Compiler *c = lk->c;
    ValVec segs = VV_ARENA(A);
    if (!hiera_split_key(c, key, &segs)) hiera_fail_at(lk, "Syntax error in string: %s", subject);
    const char *root = segs.v[0]->kind == V_STR ? segs.v[0]->str.s : val_to_cstr(A, segs.v[0]);
    Value *v = NULL;
    if (lk->override && (v = val_hash_gets(lk->override, root))) {
    } else if (bind && !strcmp(bind->name, root)) {
        v = bind->val;
    } else if (!scope_var(c, lk->scope, root, &v)) {
        v = NULL;
        if (!map_get(&lk->h->warned, root, strlen(root))) {
            map_put(&lk->h->warned, root, strlen(root), (void *)1);
            cmp_warn(c, NULL, "Undefined variable '%s'; ", root);
        }
        if (lk->defaults) v = val_hash_gets(lk->defaults, root);
    }
    if (!v) v = VAL_UNDEF;
    if (v->kind != V_UNDEF && segs.n > 1 && !hiera_dig(lk, key, segs.v + 1, segs.n - 1, v, &v)) v = VAL_UNDEF;
    val_vec_free(&segs);
    return v;
}

/* %{lookup('k')}, %{hiera('k')}, %{alias('k')}: a whole lookup whose
 * default is the empty string. */
static Value *interp_lookup(Look *lk, const char *key)
{
    Compiler *c = lk->c;
    Look sub = *lk;
    sub.cfg_errors = NULL;
    return hiera_lookup_names(&sub, hiera_str_value(c, key), NULL, NULL, hiera_str_value(c, ""), 1, NULL);
}

/* /^(\w+)\((?:"([^"]+)"|'([^']+)')\)$/ on expr: 1 with the method and its argument. */
static int method_call(Compiler *c, const char *expr, const char **method, const char **data)
{
    const char *p = expr;
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    if (p == expr || *p != '(') return 0;
    char q = p[1];
    if (q != '"' && q != '\'') return 0;
    const char *start = p + 2, *close = strchr(start, q);
    if (!close || close == start || close[1] != ')' || close[2] != '\0') return 0;
    *method = arena_strndup(A, expr, (size_t)(p - expr));
    *data = arena_strndup(A, start, (size_t)(close - start));
    return 1;
}

static Value *interp_string(Look *lk, Value *subject, int methods, const Binding *bind)
{
    Compiler *c = lk->c;
    const char *s = subject->str.s;
    size_t n = subject->str.len, i = 0;
    Str out = {.a = A};
    for (;;) {
        const char *p = strstr(s + i, "%{");
        const char *close = p ? strchr(p + 2, '}') : NULL;
        if (!close) break;
        hiera_str_add(&out, s + i, (size_t)(p - (s + i)));
        const char *e0 = p + 2, *e1 = close;
        while (e0 < e1 && isspace((unsigned char)*e0)) e0++;
        while (e1 > e0 && isspace((unsigned char)e1[-1])) e1--;
        const char *expr = arena_strndup(A, e0, (size_t)(e1 - e0));
        Value *v = VAL_UNDEF;
        static const char *const empty[] = {"", "::", "\"\"", "''", "\"::\"", "'::'"};
        int is_empty = 0;
        for (size_t k = 0; k < ARRAY_LEN(empty); k++) is_empty |= !strcmp(expr, empty[k]);
        if (!is_empty) {
            const char *method = "scope", *data = expr, *check;
            int m = method_call(c, expr, &method, &data);
            if (m && !methods) hiera_fail_at(lk, "Interpolation using method syntax is not allowed in this context");
            if (!strcmp(method, "alias")) {
                if (p != s || close + 1 != s + n)
                    hiera_fail_at(lk, "'alias' interpolation is only permitted if the expression is equal to the entire string");
                return interp_lookup(lk, data);
            }
            if (!strcmp(method, "scope")) {
                v = hiera_interp_scope(lk, data, s, bind);
                check = arena_printf(A, "scope:%s", data);
            } else if (!strcmp(method, "lookup") || !strcmp(method, "hiera")) {
                v = interp_lookup(lk, data);
                check = data;
            } else if (!strcmp(method, "literal")) {
                v = hiera_str_value(c, data);
                check = data;
            } else {
                hiera_fail_at(lk, "Unknown interpolation method '%s'", method);
            }
            hiera_stack_push(lk, check);
            v = hiera_interp_value(lk, v, methods, bind);
            hiera_stack_pop(lk);
        }
        ruby_to_s(c, &out, v);
        i = (size_t)(close + 1 - s);
    }
    if (i == 0) return subject;
    hiera_str_add(&out, s + i, n - i);
    return val_str_nocopy(A, out.s, out.len);
}

typedef struct Inner { Look *lk; int methods; const Binding *bind; } Inner;

static Value *interp_inner(Value *x, void *p)
{
    Inner *in = p;
    return hiera_interp_value(in->lk, x, in->methods, in->bind);
}

/* Interpolates every string in v (hash keys too); v itself when nothing changes. */
Value *hiera_interp_value(Look *lk, Value *v, int methods, const Binding *bind)
{
    Compiler *c = lk->c;
    switch (v->kind) {
    case V_STR:
        return strstr(v->str.s, "%{") ? interp_string(lk, v, methods, bind) : v;
    case V_ARRAY:
    case V_HASH: {
        Inner in = {lk, methods, bind};
        return val_map(A, v, interp_inner, &in);
    }
    default:
        return v;
    }
}

/* A path or datadir from hiera.yaml, interpolated without methods. */
const char *hiera_interp_text(Look *lk, Config *cfg, const char *text, const Binding *bind)
{
    if (!strstr(text, "%{") && !bind) return text;
    Compiler *c = lk->c;
    Config *save = lk->cfg_errors;
    lk->cfg_errors = cfg;
    Value *v = interp_string(lk, hiera_str_value(c, text), 0, bind);
    lk->cfg_errors = save;
    return v->kind == V_STR ? v->str.s : val_to_cstr(A, v);
}
