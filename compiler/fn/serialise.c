/*
 * serialise.c - writing Puppet values as other languages' data: to_json,
 * to_json_pretty (Ruby's JSON generator), to_yaml (the YAML module's
 * writer, catalog/yamlout.c, which models Puppet's values as the Ruby
 * objects Psych dumps), to_ruby and to_python.  Puppet's types are Ruby
 * objects to both generators (Psych dumps their instance variables, the
 * JSON generator their to_s), so a user type alias is resolved
 * (ev_alias_type) before any malloc'd buffer exists, since loading it may
 * end the compile.  Results live in cc->arena; Bufs are released before a
 * possible ev_fail().
 */
#include "compiler/fn/fnaux.h"
#include "catalog/json.h"
#include "catalog/yaml.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define A (cc->arena)

/* ---- to_json: Ruby's JSON generator ---- */

/* The type aliases of modules (and site.pp) that a value mentions,
 * loaded and resolved before any malloc'd buffer exists, since loading a
 * file may end the compile.  Data and RichData are Puppet's own. */
typedef struct UserAlias {
    const char *name;            /* as written: "Mymod::Path" */
    Value *type;                 /* what it stands for */
    struct UserAlias *next;
} UserAlias;

static UserAlias *alias_find(UserAlias *l, const char *name)
{
    for (; l; l = l->next)
        if (!strcmp(l->name, name)) return l;
    return NULL;
}

static void alias_collect(CallCtx *cc, const Value *v, UserAlias **list)
{
    switch (v->kind) {
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++) alias_collect(cc, v->arr.items[i], list);
        break;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++) alias_collect(cc, v->hash.keys[i], list), alias_collect(cc, v->hash.vals[i], list);
        break;
    case V_SENSITIVE: alias_collect(cc, v->sensitive, list); break;
    case V_TYPE: {
        for (size_t i = 0; i < v->type.n; i++) alias_collect(cc, v->type.params[i], list);
        if (v->type.n || alias_find(*list, v->type.name)) break;
        Value *type = ev_alias_type(cc, v->type.name);
        if (!type) break;
        UserAlias *u = ARENA_NEW(A, UserAlias);
        u->name = v->type.name;
        u->next = *list;
        *list = u;
        u->type = type;
        alias_collect(cc, u->type, list);
        break;
    }
    default: break;
    }
}

/* Object#to_s of what the generator meets besides JSON's own types. */
static void json_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_TYPE) val_to_string(b, v);    /* TypeFormatter: Integer[1], Mymod::Path = Pattern[...] */
    else rv_to_s(b, v, RV_FN);
}

/* value.to_json; 0 on a string that is not UTF-8. */
static int json_gen(CallCtx *cc, Buf *b, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); return 1;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return 1;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return 1;
    case V_FLOAT: val_to_s(b, v); return 1;
    case V_STR: return cat_json_str_strict(b, v->str.s, v->str.len);
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ',');
            if (!json_gen(cc, b, v->arr.items[i])) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_addc(b, ',');
            const Value *k = v->hash.keys[i];
            int ok;
            if (k->kind == V_STR) {
                ok = cat_json_str_strict(b, k->str.s, k->str.len);
            } else {         /* the generator takes a key's to_s */
                Buf t = BUF_INIT;
                json_to_s(&t, k);
                ok = cat_json_str_strict(b, buf_cstr(&t), t.len);
                buf_free(&t);
            }
            if (!ok) return 0;
            buf_addc(b, ':');
            if (!json_gen(cc, b, v->hash.vals[i])) return 0;
        }
        buf_addc(b, '}');
        return 1;
    default: {
        /* anything else is its to_s as a string: "default", "(?-mix:a)" */
        Buf t = BUF_INIT;
        json_to_s(&t, v);
        int ok = cat_json_str_strict(b, buf_cstr(&t), t.len);
        buf_free(&t);
        return ok;
    }
    }
}

/* to_json(data) */
Value *f_to_json(CallCtx *cc)
{
    ev_check_weight(cc, cc->args[0]);
    Buf b = BUF_INIT;
    UserAlias *al = NULL;
    alias_collect(cc, cc->args[0], &al);   /* loaded now: printing then loads no file */
    int ok = json_gen(cc, &b, cc->args[0]);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "source sequence is illegal/malformed utf-8");
    return r;
}

/* ---- to_yaml: the YAML module's writer (catalog/yamlout.c) ---- */

static int user_alias(void *ctx, const char *name) { return alias_find(ctx, name) != NULL; }

/* to_yaml(data [, options]) - data.to_yaml(options): indentation,
 * line_width, canonical and header are Psych's options. */
Value *f_to_yaml(CallCtx *cc)
{
    Value *data = cc->args[0], *opts = cc->nargs > 1 ? cc->args[1] : NULL;
    if (opts && opts->kind != V_HASH)
        ev_fail(cc, "'to_yaml' parameter 'options' expects a Hash value, got %s", fn_got_type(cc, opts));
    Value *indent = opts ? val_hash_gets(opts, "indentation") : NULL;
    Value *width = opts ? val_hash_gets(opts, "line_width") : NULL;
    Value *canon = opts ? val_hash_gets(opts, "canonical") : NULL;
    Value *header = opts ? val_hash_gets(opts, "header") : NULL;
    UserAlias *aliases = NULL;
    alias_collect(cc, data, &aliases);      /* loaded now: dumping then loads no file */
    YmlDumpOptions o = {
        /* Psych::Handler::DumperOptions: line_width 0, indentation 2 */
        .layout = indent || width || canon,
        .indent = indent && indent->kind == V_INT ? (int)indent->i : 2,
        .width = width && width->kind == V_INT ? (int)width->i : 0,
        .canonical = canon && canon->kind == V_BOOL && canon->b,
        .header = header && val_truthy(header),
        .line_width = width && width->kind == V_INT && width->i >= 0 ? (long)width->i : -1,
        .is_alias = user_alias,
        .ctx = aliases,
    };
    Buf out = BUF_INIT;
    const char *err = NULL;
    Value *r = yml_dump(A, &out, data, &o, &err) ? val_str(A, buf_cstr(&out), out.len) : NULL;
    buf_free(&out);
    if (!r) ev_fail(cc, "%s", err);
    return r;
}

/* ---- to_json_pretty ---- */

typedef struct JsonPretty {
    const char *indent, *space, *space_before, *object_nl, *array_nl;
    int64_t max_nesting;        /* 0: no limit */
    int allow_nan;
    const char *err;            /* set when the generator raised */
} JsonPretty;

static void jp_indent(Buf *b, const JsonPretty *f, int depth)
{
    for (int i = 0; i < depth; i++) buf_adds(b, f->indent);
}

/* JSON.pretty_generate's State#generate (json 2.6): containers laid out
 * with the state's strings, scalars as to_json writes them. */
static int json_pretty(CallCtx *cc, Buf *b, const Value *v, JsonPretty *f, int depth)
{
    if (v->kind == V_FLOAT && !isfinite(v->f) && !f->allow_nan) {
        f->err = arena_printf(A, "1003: %s not allowed in JSON", isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 0;
    }
    if (v->kind == V_FLOAT && !isfinite(v->f)) {
        buf_adds(b, isnan(v->f) ? "NaN" : v->f > 0 ? "Infinity" : "-Infinity");
        return 1;
    }
    if (v->kind != V_ARRAY && v->kind != V_HASH) {
        if (!json_gen(cc, b, v)) return f->err = "source sequence is illegal/malformed utf-8", 0;
        return 1;
    }
    depth++;
    if (f->max_nesting && depth > f->max_nesting) {
        f->err = arena_printf(A, "nesting of %d is too deep", depth - 1);
        return 0;
    }
    if (v->kind == V_ARRAY) {
        buf_addc(b, '[');
        buf_adds(b, f->array_nl);
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ','), buf_adds(b, f->array_nl);
            jp_indent(b, f, depth);
            if (!json_pretty(cc, b, v->arr.items[i], f, depth)) return 0;
        }
        buf_adds(b, f->array_nl);
        jp_indent(b, f, depth - 1);
        buf_addc(b, ']');
        return 1;
    }
    buf_addc(b, '{');
    for (size_t i = 0; i < v->hash.n; i++) {
        if (i) buf_addc(b, ',');
        buf_adds(b, f->object_nl);
        jp_indent(b, f, depth);
        const Value *k = v->hash.keys[i];
        Buf t = BUF_INIT;
        if (k->kind == V_STR) buf_add(&t, k->str.s, k->str.len);
        else json_to_s(&t, k);
        int ok = cat_json_str_strict(b, buf_cstr(&t), t.len);
        buf_free(&t);
        if (!ok) return f->err = "source sequence is illegal/malformed utf-8", 0;
        buf_adds(b, f->space_before);
        buf_addc(b, ':');
        buf_adds(b, f->space);
        if (!json_pretty(cc, b, v->hash.vals[i], f, depth)) return 0;
    }
    buf_adds(b, f->object_nl);
    jp_indent(b, f, depth - 1);
    buf_addc(b, '}');
    return 1;
}

/* to_json_pretty(data [, skip_undef [, opts]]) - JSON.pretty_generate
 * plus a newline; skip_undef drops undef values at the top level; opts
 * override the layout (indent, space, space_before, object_nl, array_nl,
 * allow_nan, max_nesting with -1 for no limit). */
Value *f_to_json_pretty(CallCtx *cc)
{
    static const char sig[] = "Variant[Hash, Array] data, Optional[Boolean] skip_undef?, Struct[{indent => Optional[String], "
                              "space => Optional[String], space_before => Optional[String], object_nl => Optional[String], "
                              "array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => "
                              "Optional[Integer[-1, default]]}] opts?";
    fn_check_param(cc, "to_json_pretty", "data", "Variant[Hash, Array]", sig, 0);
    fn_check_param(cc, "to_json_pretty", "skip_undef", "Optional[Boolean]", sig, 1);
    fn_check_param(cc, "to_json_pretty", "opts",
                "Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], "
                "object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], "
                "max_nesting => Optional[Integer[-1, default]]}]",
                sig, 2);
    Value *data = cc->args[0];
    JsonPretty f = {"  ", " ", "", "\n", "\n", 100, 0, NULL};
    if (cc->nargs > 2) {
        Value *o = cc->args[2];
        const char **strs[] = {&f.indent, &f.space, &f.space_before, &f.object_nl, &f.array_nl};
        static const char *const names[] = {"indent", "space", "space_before", "object_nl", "array_nl"};
        for (size_t i = 0; i < ARRAY_LEN(names); i++) {
            Value *s = val_hash_gets(o, names[i]);
            if (s && s->kind == V_STR) *strs[i] = s->str.s;
        }
        Value *an = val_hash_gets(o, "allow_nan"), *mn = val_hash_gets(o, "max_nesting");
        if (an && an->kind == V_BOOL) f.allow_nan = an->b;
        if (mn && mn->kind == V_INT) f.max_nesting = mn->i == -1 ? 0 : mn->i;
    }
    if (cc->nargs > 1 && cc->args[1]->kind == V_BOOL && cc->args[1]->b) {
        ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
        if (data->kind == V_ARRAY) {
            for (size_t i = 0; i < data->arr.n; i++)
                if (data->arr.items[i]->kind != V_UNDEF) val_vec_push(&ks, data->arr.items[i]);
            data = v3_array(cc, &ks);
            val_vec_free(&vs);
        } else {
            for (size_t i = 0; i < data->hash.n; i++)
                if (data->hash.vals[i]->kind != V_UNDEF) val_vec_push(&ks, data->hash.keys[i]), val_vec_push(&vs, data->hash.vals[i]);
            data = v3_hash_of(cc, &ks, &vs);
        }
    }
    UserAlias *al = NULL;
    alias_collect(cc, data, &al);
    Buf b = BUF_INIT;
    int ok = json_pretty(cc, &b, data, &f, 0);
    if (ok) buf_addc(&b, '\n');
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s", f.err);
    return r;
}

/* ---- to_ruby, to_python ---- */

/* The literal for v after Puppet's ToDataConverter (rich data): Ruby's
 * inspect of strings and numbers, nil/true/false (Python: None, True,
 * False), and {"__ptype" => ...} hashes for default, regexps, Sensitive
 * and hashes with keys other than strings.  0 for a data type (Puppet
 * writes its Pcore form, which is not reproduced). */
static int rich_literal(CallCtx *cc, Buf *b, const Value *v, int py)
{
    const char *arrow = py ? ": " : " => ";
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, py ? "None" : "nil"); return 1;
    case V_BOOL: buf_adds(b, v->b ? (py ? "True" : "true") : (py ? "False" : "false")); return 1;
    case V_INT:
    case V_FLOAT:
    case V_STR: rv_inspect(b, v, RV_FN3); return 1;
    case V_DEFAULT: buf_printf(b, "{\"__ptype\"%s\"Default\"}", arrow); return 1;
    case V_REGEX:
        buf_printf(b, "{\"__ptype\"%s\"Regexp\", \"__pvalue\"%s", arrow, arrow);
        rv_inspect(b, val_cstr(A, v->regex.src), RV_FN3);
        buf_addc(b, '}');
        return 1;
    case V_SENSITIVE:
        buf_printf(b, "{\"__ptype\"%s\"Sensitive\", \"__pvalue\"%s", arrow, arrow);
        if (!rich_literal(cc, b, v->sensitive, py)) return 0;
        buf_addc(b, '}');
        return 1;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->arr.items[i], py)) return 0;
        }
        buf_addc(b, ']');
        return 1;
    case V_HASH: {
        int plain = 1;
        for (size_t i = 0; i < v->hash.n; i++) plain &= v->hash.keys[i]->kind == V_STR;
        if (!plain) buf_printf(b, "{\"__ptype\"%s\"Hash\", \"__pvalue\"%s[", arrow, arrow);
        else buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_adds(b, ", ");
            if (!rich_literal(cc, b, v->hash.keys[i], py)) return 0;
            buf_adds(b, plain ? arrow : ", ");
            if (!rich_literal(cc, b, v->hash.vals[i], py)) return 0;
        }
        buf_adds(b, plain ? "}" : "]}");
        return 1;
    }
    default: return 0;
    }
}

static Value *to_literal(CallCtx *cc, const char *fn, int py)
{
    Buf b = BUF_INIT;
    int ok = rich_literal(cc, &b, cc->args[0], py);
    Value *r = ok ? val_str(A, buf_cstr(&b), b.len) : NULL;
    buf_free(&b);
    if (!r) ev_fail(cc, "%s(): a data type or resource reference in the value is not supported", fn);
    return r;
}

Value *f_to_ruby(CallCtx *cc) { return to_literal(cc, "to_ruby", 0); }
Value *f_to_python(CallCtx *cc) { return to_literal(cc, "to_python", 1); }

