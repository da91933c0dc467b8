/*
 * cfuncs.c - function calls: dispatch, and the functions that need the
 * compiler itself (include, realize, tag, defined, lookup, epp, file, ...).
 * Pure data functions live in functions.c; functions written in the Puppet
 * language are called here with their parameters bound in a new scope.
 */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/stdlib.h"
#include "compiler/epp.h"
#include "compiler/strconv.h"
#include "compiler/timestamp.h"
#include "compiler/ruby/rb.h"
#include "types/types.h"
#include "base/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (c->arena)

static void class_names(Compiler *c, const Node *at, Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) class_names(c, at, v->arr.items[i], out);
    } else if (v->kind == V_UNDEF) {
        cmp_fail(c, at, "Cannot use undef as a class name");
    } else if (v->kind == V_STR && !v->str.len) {
        cmp_fail(c, at, "Cannot use empty string as a class name");
    } else if (v->kind == V_STR) {
        vv_push(out, v);
    } else if (val_is_resref(v) && strcmp(v->type.name, "Class") == 0) {
        vv_push(out, v->type.params[0]);
    } else if (v->kind == V_TYPE && strcmp(v->type.name, "Class") == 0 && v->type.n == 0) {
        cmp_fail(c, at, "Cannot use an unspecific Class[] Type");
    } else if (v->kind == V_TYPE && v->type.n == 0) {
        vv_push(out, val_cstr(A, v->type.name));
    } else {
        cmp_fail(c, at, "Cannot use a %s where a class name is expected", val_type_name(v));
    }
}

static Value *declare_classes(Compiler *c, Scope *s, const Node *at, Value **args, size_t n, ClassMode mode)
{
    static const char *const fn[] = {[CLASS_INCLUDE] = "include", [CLASS_REQUIRE] = "require", [CLASS_CONTAIN] = "contain"};
    if (n == 0) cmp_fail(c, at, "'%s' expects at least 1 argument, got none", fn[mode]);
    ValVec names = VV_ARENA(c->arena);
    for (size_t i = 0; i < n; i++) class_names(c, at, args[i], &names);
    ValVec refs = VV_ARENA(c->arena);
    const char **cn = ARENA_NEWN(A, const char *, names.n + 1);
    Resource **rs = ARENA_NEWN(A, Resource *, names.n + 1);
    for (size_t i = 0; i < names.n; i++) cn[i] = names.v[i]->str.s;
    if (names.n) res_declare_classes(c, s, at, cn, names.n, NULL, mode, rs);
    for (size_t i = 0; i < names.n; i++) vv_push(&refs, ev_resref(c, "Class", rs[i]->title));
    Value *r = vv_to_array(A, &refs);
    vv_free(&names);
    vv_free(&refs);
    return r;
}

Value *f_include(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return declare_classes(c, s, at, a, n, CLASS_INCLUDE); }
Value *f_require(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return declare_classes(c, s, at, a, n, CLASS_REQUIRE); }
Value *f_contain(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return declare_classes(c, s, at, a, n, CLASS_CONTAIN); }

Value *f_realize(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    for (size_t i = 0; i < n; i++) res_realize(c, at, a[i]);
    return VAL_UNDEF;
}

/* defined() knows Puppet's own data functions by name (the others it
 * finds as loaded functions or not at all). */
static int data_builtin(const char *name)
{
    const Builtin *b = fn_find(name);
    return b && b->origin == FN_DATA;
}

static Resource *scope_resource(Compiler *c, Scope *s)
{
    for (; s; s = s->parent)
        if (s->resource) return s->resource;
    return c->class_main;
}

static void flatten_strings(Compiler *c, Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_strings(c, v->arr.items[i], out);
    } else {
        vv_push(out, v);
    }
}

Value *f_tag(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    Resource *r = scope_resource(c, s);
    ValVec tags = VV_ARENA(c->arena);
    for (size_t i = 0; i < n; i++) flatten_strings(c, a[i], &tags);
    for (size_t i = 0; i < tags.n; i++) {
        const char *t = val_to_cstr(A, tags.v[i]);
        char *lt = arena_strdup(A, t);
        for (char *p = lt; *p; p++) *p = (char)tolower((unsigned char)*p);
        if (!cat_valid_tag(lt)) {
            vv_free(&tags);
            cmp_fail(c, at, "Invalid tag '%s'", t);
        }
        res_tag(c->cat, r, lt);
        if (strstr(lt, "::"))
            for (const char *p = lt;;) {
                const char *e = strstr(p, "::");
                size_t len = e ? (size_t)(e - p) : strlen(p);
                if (len) res_tag(c->cat, r, arena_strndup(A, p, len));
                if (!e) break;
                p = e + 2;
            }
    }
    vv_free(&tags);
    return VAL_UNDEF;
}

Value *f_tagged(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n == 0) cmp_fail(c, at, "tagged(): Wrong number of arguments given (0 for minimum 1)");
    Resource *r = scope_resource(c, s);
    ValVec tags = VV_ARENA(c->arena);
    for (size_t i = 0; i < n; i++) flatten_strings(c, a[i], &tags);
    int all = 1;
    for (size_t i = 0; i < tags.n && all; i++) {
        char *lt = arena_strdup(A, val_to_cstr(A, tags.v[i]));
        for (char *p = lt; *p; p++) *p = (char)tolower((unsigned char)*p);
        all = res_tagged_in_scope(r, lt);
    }
    vv_free(&tags);
    return val_bool(all);
}

Value *f_defined(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n == 0) cmp_fail(c, at, "'defined' expects at least 1 argument, got none");
    for (size_t i = 0; i < n; i++)
        if (a[i]->kind != V_STR && a[i]->kind != V_TYPE) {
            cmp_fail(c, at, "'defined' parameter 'vals' expects a value of type String, Type[CatalogEntry], or Type[Type], got %s",
                     fn_got_type(cc, a[i]));
        }
    for (size_t i = 0; i < n; i++) {
        Value *v = a[i];
        if (v->kind == V_STR) {
            const char *name = v->str.s;
            if (name[0] == '$') {
                const char *var = name + 1;
                if (cmp_builtin_var(var)) return VAL_TRUE;
                for (Scope *p = s; p; p = p->parent)
                    if (map_get(&p->vars, var, strlen(var))) return VAL_TRUE;
                if (var[0] == ':' && var[1] == ':' && map_get(&c->top->vars, var + 2, strlen(var + 2))) return VAL_TRUE;
                continue;
            }
            char *ln = arena_strdup(A, name[0] == ':' && name[1] == ':' ? name + 2 : name);
            for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (cmp_find_type_at(c, at, ln, strlen(ln)) || load_class(c, ln) || load_define(c, ln) ||
                map_get(&c->functions, ln, strlen(ln)) || data_builtin(ln))
                return VAL_TRUE;
        } else if (val_is_resref(v)) {
            Resource *r = res_find_ref(c, v);
            if (r && !r->is_virtual) return VAL_TRUE;
        } else if (v->kind == V_TYPE && v->type.n == 0) {
            const char *tn = v->type.name;
            char *ln = arena_strdup(A, tn);
            for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (res_is_data_type(tn) || cmp_find_type(c, ln, strlen(ln)) || load_define(c, ln)) return VAL_TRUE;
        }
    }
    return VAL_FALSE;
}

Value *f_fail(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, ' ');
        val_to_s(&b, a[i]);             /* a 3.x function: references as File[/x], Class[Foo] */
    }
    const char *msg = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    cmp_fail(c, at, "%s", msg);
}

static Value *log_fn(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l, const char *fn, const char *level)
{
    if (l) cmp_fail(c, at, "'%s' does not expect a block", fn);
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(&b, ' ');
        val_to_string(&b, a[i]);
    }
    CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A};
    ev_log(&cc, level, buf_cstr(&b));
    buf_free(&b);
    return VAL_UNDEF;
}

Value *f_notice(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "notice", "Notice"); }
Value *f_warning(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "warning", "Warning"); }
Value *f_err(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "err", "Error"); }
/* info and debug print nothing at the default log level. */
Value *f_info(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (l) cmp_fail(c, at, "'info' does not expect a block");
    return VAL_UNDEF;
}
Value *f_debug(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (l) cmp_fail(c, at, "'debug' does not expect a block");
    return VAL_UNDEF;
}
Value *f_alert(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "alert", "Alert"); }
Value *f_crit(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "crit", "Critical"); }
Value *f_emerg(CallCtx *cc) { FN_UNPACK(c, s, at, a, n, l); return log_fn(c, s, at, a, n, l, "emerg", "Emergency"); }

/* lookup(): Hiera 5 (hiera.c). */
Value *f_lookup(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    return hiera_lookup_fn(c, s, at, a, n, l);
}

/* A module-relative path "mod/rest" under <mod>/<dir>/, or an absolute path;
 * whether it exists shows when slurp reads it. */
static const char *resolve_module_path(Compiler *c, const char *spec, const char *dir)
{
    if (spec[0] == '/') return spec;
    const char *slash = strchr(spec, '/');
    if (!slash) return NULL;
    const char *module = arena_strndup(A, spec, (size_t)(slash - spec));
    return module_path(c, module, dir, slash + 1);
}

/* The file at path, NUL-terminated in the compile arena, or NULL. */
static char *slurp(Compiler *c, const char *path, size_t *len)
{
    Buf b = BUF_INIT;
    char *s = buf_read_file(&b, path, 0) == 0 ? arena_strndup(A, buf_cstr(&b), b.len) : NULL;
    *len = b.len;
    buf_free(&b);
    return s;
}

Value *f_file(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    for (size_t i = 0; i < n; i++) {
        const char *spec = val_to_cstr(A, a[i]);
        const char *path = resolve_module_path(c, spec, "files");
        size_t len;
        char *data = path ? slurp(c, path, &len) : NULL;
        if (data && memchr(data, 0, len)) cmp_fail(c, at, CMP_NUL_MSG " (in %s, read by file())", path);
        if (data) return val_str_nocopy(A, data, len);
    }
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_adds(&b, ", ");
        val_to_s(&b, a[i]);
    }
    const char *names = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    cmp_fail(c, at, "Could not find any files from %s", names);
}

/* epp()'s and inline_epp()'s argument count and first argument, a String
 * called what, with Puppet's messages (the second is epp_render's). */
static void epp_check_args(Compiler *c, Scope *s, const Node *at, const char *fn, const char *what, Value **a, size_t n,
                           const Node *l)
{
    if (n < 1 || n > 2)
        cmp_fail(c, at, "'%s' expects between 1 and 2 arguments, got %s", fn, n ? arena_printf(A, "%zu", n) : "none");
    if (a[0]->kind != V_STR) {
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A};
        cmp_fail(c, at, "'%s' parameter '%s' expects a String value, got %s", fn, what, fn_got_type(&cc, a[0]));
    }
}

Value *f_epp(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    epp_check_args(c, s, at, "epp", "path", a, n, l);
    const char *spec = val_to_cstr(A, a[0]);
    const char *path = resolve_module_path(c, spec, "templates");
    size_t len;
    char *text = path ? slurp(c, path, &len) : NULL;
    if (!text) cmp_fail(c, at, "Could not find template '%s'", spec);
    return epp_render(c, c->top, at, path, text, len, n > 1 ? a[1] : NULL);
}

Value *f_inline_epp(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    epp_check_args(c, s, at, "inline_epp", "template", a, n, l);
    return epp_render(c, c->top, at, "inline_epp", a[0]->str.s, a[0]->str.len, n > 1 ? a[1] : NULL);
}

Value *f_create_resources(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n < 2) cmp_fail(c, at, "create_resources(): Wrong number of arguments given (%zu for minimum 2)", n);
    if (n > 3) cmp_fail(c, at, "create_resources(): wrong number of arguments (%zu; must be 2 or 3)", n);
    if (a[1]->kind != V_HASH) cmp_fail(c, at, "create_resources(): second argument must be a hash");
    if (n > 2 && a[2]->kind != V_HASH) cmp_fail(c, at, "create_resources(): third argument, if provided, must be a hash");
    const char *type = val_to_cstr(A, a[0]);
    int is_virtual = 0, exported = 0;
    if (type[0] == '@' && type[1] == '@') type += 2, exported = 1;
    else if (type[0] == '@') type += 1, is_virtual = 1;
    Value *defaults = n > 2 ? a[2] : NULL;
    if (exported) return VAL_UNDEF;
    for (size_t i = 0; i < a[1]->hash.n; i++) {
        Value *params = a[1]->hash.vals[i];
        if (defaults && defaults->kind == V_HASH) {
            ValVec k = VV_ARENA(c->arena), v = VV_ARENA(c->arena);
            for (size_t j = 0; j < defaults->hash.n; j++) vv_push(&k, defaults->hash.keys[j]), vv_push(&v, defaults->hash.vals[j]);
            if (params->kind == V_HASH)
                for (size_t j = 0; j < params->hash.n; j++) vv_push(&k, params->hash.keys[j]), vv_push(&v, params->hash.vals[j]);
            params = val_hash(A, k.v, v.v, k.n);
            vv_free(&k);
            vv_free(&v);
        }
        res_declare_from_hash(c, s, at, type, a[1]->hash.keys[i], params, is_virtual);
    }
    return VAL_UNDEF;
}

Value *f_assert_type(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n != 2) cmp_fail(c, at, "'assert_type' expects 2 arguments, got %zu", n);
    if (cmp_type_match(c, a[0], a[1])) return a[1];
    if (l) {
        Value *args[2] = {a[0], val_type(A, val_type_name(a[1]), NULL, 0)};
        return ev_yield(cc, args, 2);
    }
    cmp_fail(c, at, "%s", cmp_mismatch(c, a[0], a[1], CMP_MM_SUBJECT, NULL, "assert_type():", NULL));
}

/* compare(a, b[, ignore_case]) - -1, 0 or 1 for two numbers or two
 * strings (case-insensitive unless told otherwise). */
Value *f_compare(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n < 2 || n > 3) cmp_fail(c, at, "'compare' expects between 2 and 3 arguments, got %zu", n);
    Value *x = a[0], *y = a[1];
    int r;
    if ((x->kind == V_INT || x->kind == V_FLOAT) && (y->kind == V_INT || y->kind == V_FLOAT)) {
        double dx = x->kind == V_INT ? (double)x->i : x->f, dy = y->kind == V_INT ? (double)y->i : y->f;
        if (x->kind == V_INT && y->kind == V_INT) r = x->i < y->i ? -1 : x->i > y->i;
        else r = dx < dy ? -1 : dx > dy;
    } else if (x->kind == V_STR && y->kind == V_STR) {
        int fold = n < 3 || val_truthy(a[2]);
        int k = fold ? strcasecmp(x->str.s, y->str.s) : strcmp(x->str.s, y->str.s);
        r = k < 0 ? -1 : k > 0;
    } else if ((VAL_IS_TIME(x) && (y->kind == x->kind || y->kind == V_INT || y->kind == V_FLOAT)) ||
               ((x->kind == V_INT || x->kind == V_FLOAT) && VAL_IS_TIME(y))) {
        /* a number first: -(time <=> number) */
        if (VAL_IS_TIME(x)) tm_spaceship(x, y, &r);
        else tm_spaceship(y, x, &r), r = -r;
    } else {
        cmp_fail(c, at, "'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also "
                        "against Numeric). Got %s and %s", val_type_name(x), val_type_name(y));
    }
    return val_int(A, r);
}

/* Integer('3'), String(x), Array(x), Boolean('true'), Sensitive(x) ... */
/* Integer.new(from[, radix[, abs]]) or Integer.new({from, radix, abs}), as
 * Puppet 7's PIntegerType#new_function: a string must look like an integer
 * (Convertible's lenient pattern) and is read as Ruby's Integer(s, radix)
 * reads it; a radix is 2, 8, 10, 16 or default. */
static Value *new_integer(Compiler *c, const Node *at, Value **args, size_t n)
{
    Value *from = n ? args[0] : VAL_UNDEF, *radix = n > 1 ? args[1] : VAL_DEFAULT, *absv = n > 2 ? args[2] : VAL_FALSE;
    if (n == 1 && from->kind == V_HASH && val_hash_gets(from, "from")) {
        Value *h = from, *r = val_hash_gets(h, "radix"), *b = val_hash_gets(h, "abs");
        from = val_hash_gets(h, "from");
        radix = r ? r : VAL_DEFAULT;
        absv = b ? b : VAL_FALSE;
    }
    int rdx = 0;
    if (radix->kind != V_DEFAULT && radix->kind != V_UNDEF) {
        if (radix->kind != V_INT || (radix->i != 2 && radix->i != 8 && radix->i != 10 && radix->i != 16))
            cmp_fail(c, at, "Illegal radix: %s, expected 2, 8, 10, 16, or default", val_to_cstr(A, radix));
        rdx = (int)radix->i;
    }
    int64_t r;
    switch (from->kind) {
    case V_INT: r = from->i; break;
    case V_BOOL: r = from->b; break;
    case V_TIMESTAMP: case V_TIMESPAN: r = from->time.sec; break;   /* to_i: whole seconds, floored */
    case V_FLOAT:
        if (!(from->f > -9223372036854775808.0 && from->f < 9223372036854775808.0))
            cmp_fail(c, at, "'new' Value of type Float cannot be converted to Integer");
        r = (int64_t)from->f;            /* Float#to_i: toward zero */
        break;
    case V_STR: {
        /* \A[+-]?\s*(?:\d+|0[xX][0-9A-Fa-f]+|0[bB][01]+)\z */
        const char *p = from->str.s, *e = from->str.s + from->str.len;
        if (p < e && (*p == '+' || *p == '-')) p++;
        while (p < e && isspace((unsigned char)*p)) p++;
        const char *digits = p;
        int ok;
        if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
            for (p += 2; p < e && isxdigit((unsigned char)*p); p++) {}
            ok = p == e && p > digits + 2;
        } else if (e - p > 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
            for (p += 2; p < e && (*p == '0' || *p == '1'); p++) {}
            ok = p == e && p > digits + 2;
        } else {
            for (; p < e && isdigit((unsigned char)*p); p++) {}
            ok = p == e && p > digits;
        }
        if (!ok) cmp_fail(c, at, "'new' The string '%s' cannot be converted to Integer", from->str.s);
        if (rv_integer(from->str.s, rdx, &r)) break;
        /* Ruby refuses blanks between the sign and the digits; Puppet tries again without them */
        const char *sign = from->str.s;
        if ((*sign == '+' || *sign == '-') && digits > sign + 1) {
            char *joined = arena_printf(A, "%c%s", *sign, digits);
            if (rv_integer(joined, rdx, &r)) break;
        }
        cmp_fail(c, at, "invalid value for Integer(): \"%s\"", from->str.s);
    }
    default:
        cmp_fail(c, at, "'new' Value of type %s cannot be converted to Integer", val_type_name(from));
    }
    if (absv->kind == V_BOOL && absv->b && r < 0) {
        if (r == INT64_MIN) cmp_fail(c, at, "'new' The absolute value of %lld is outside of Puppet Integer range", (long long)r);
        r = -r;
    }
    return val_int(A, r);
}

/* The new function of a type, by the type's name (Integer[0, 10] uses
 * Integer's); a[0] is the type, a[1..n) the arguments. */
static Value *new_of_base(Compiler *c, Scope *s, const Node *at, Value **a, size_t n)
{
    const char *t = a[0]->type.name;
    if (!strcmp(t, "Timestamp")) return tm_new_timestamp(c, at, a + 1, n - 1);
    if (!strcmp(t, "Timespan")) return tm_new_timespan(c, at, a + 1, n - 1);
    if (n < 2) cmp_fail(c, at, "'new' expects a type and a value");
    Value *v = a[1];
    if (!strcmp(t, "String")) return strconv_new_string(c, at, a + 1, n - 1);
    if (!strcmp(t, "Sensitive")) return v->kind == V_SENSITIVE ? v : val_sensitive(A, v);
    if (!strcmp(t, "Array")) {
        /* Puppet's new_array: an array as it is; with wrap (the third
         * argument) anything else in an array of one; otherwise the
         * elements of an Iterable (a hash's [key, value] pairs, a
         * string's characters, 0..n-1 for an integer n, Integer[a, b],
         * Enum's values) */
        if (v->kind == V_ARRAY) return v;
        if (n > 2 && a[2]->kind == V_BOOL && a[2]->b) return val_array(A, &v, 1);
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A, .args = a, .nargs = n};
        size_t cnt;
        Value **items = fn_iterable_items(&cc, v, &cnt);
        if (!items) cmp_fail(c, at, "'new_array' Value of type %s cannot be converted to Array", val_type_name(v));
        return val_array(A, items, cnt);
    }
    if (!strcmp(t, "Boolean")) {
        if (v->kind == V_BOOL) return v;
        if (v->kind == V_STR) {
            if (!strcasecmp(v->str.s, "true") || !strcasecmp(v->str.s, "yes") || !strcmp(v->str.s, "1")) return VAL_TRUE;
            if (!strcasecmp(v->str.s, "false") || !strcasecmp(v->str.s, "no") || !strcmp(v->str.s, "0") || !*v->str.s) return VAL_FALSE;
        }
        if (v->kind == V_INT) return val_bool(v->i != 0);
        cmp_fail(c, at, "'new_boolean' The string '%s' cannot be converted to Boolean", val_to_cstr(A, v));
    }
    if (!strcmp(t, "Integer")) return new_integer(c, at, a + 1, n - 1);
    if (!strcmp(t, "Integer") || !strcmp(t, "Float") || !strcmp(t, "Numeric")) {
        if (VAL_IS_TIME(v)) return val_float(A, (double)val_time_ns(v) / 1e9);   /* to_f */
        if (v->kind == V_INT) return t[0] == 'F' ? val_float(A, (double)v->i) : v;
        if (v->kind == V_FLOAT) return t[0] == 'I' ? val_int(A, (int64_t)v->f) : v;
        if (v->kind == V_BOOL) return val_int(A, v->b);
        if (v->kind == V_STR) {
            char *end;
            const char *str = v->str.s;
            while (isspace((unsigned char)*str)) str++;
            if (t[0] != 'F') {
                long long i = strtoll(str, &end, 0);
                if (*str && *end == '\0') return val_int(A, i);
            }
            double f = strtod(str, &end);
            if (*str && *end == '\0') return t[0] == 'I' ? val_int(A, (int64_t)f) : val_float(A, f);
        }
        cmp_fail(c, at, "'new' The string '%s' cannot be converted to %s", val_to_cstr(A, v), t);
    }
    if (!strcmp(t, "Hash")) {
        if (v->kind == V_HASH) return v;
        if (v->kind == V_ARRAY) {
            ValVec k = VV_ARENA(c->arena), vals = VV_ARENA(c->arena);
            for (size_t i = 0; i + 1 < v->arr.n + (v->arr.n % 2 ? 0 : 1) && i + 1 <= v->arr.n; i += 2) {
                Value *e = v->arr.items[i];
                if (e->kind == V_ARRAY && e->arr.n == 2) {
                    vv_push(&k, e->arr.items[0]), vv_push(&vals, e->arr.items[1]);
                    i--;
                    continue;
                }
                if (i + 1 >= v->arr.n) break;
                vv_push(&k, e), vv_push(&vals, v->arr.items[i + 1]);
            }
            Value *r = val_hash(A, k.v, vals.v, k.n);
            vv_free(&k);
            vv_free(&vals);
            return r;
        }
    }
    cmp_fail(c, at, "Creating a new %s from %s is not supported", t, val_type_name(v));
}

/* new(Type, args...): Puppet's new_instance.  A single argument that is
 * already of the type is returned as it is; Optional[T] makes a T; a
 * parameterized type's result must be of it ("Converted value from
 * Integer[0, 10].new() has wrong type, ..."). */
Value *f_new(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n == 0) cmp_fail(c, at, "'new' expects at least 1 argument, got none");
    if (a[0]->kind != V_TYPE) {
        cmp_fail(c, at, "'new' parameter 'type' expects a Type value, got %s", fn_got_type(cc, a[0]));
    }
    Value *type = a[0];
    if (type->type.n == 0) return new_of_base(c, s, at, a, n);
    if (n == 2 && cmp_type_match(c, type, a[1])) return a[1];
    Value *base = type;
    while (!strcmp(base->type.name, "Optional") && base->type.n == 1 && base->type.params[0]->kind == V_TYPE)
        base = base->type.params[0];
    Value **args = arena_memdup(A, a, n * sizeof *a);
    args[0] = base;
    Value *r = new_of_base(c, s, at, args, n);
    if (!cmp_type_match(c, type, r)) {
        Buf b = BUF_INIT;
        buf_adds(&b, "Converted value from ");
        val_to_string(&b, type);
        buf_adds(&b, ".new() has wrong type,");
        const char *head = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
        cmp_fail(c, at, "%s", cmp_mismatch(c, type, r, CMP_MM_SUBJECT, NULL, head, NULL));
    }
    return r;
}

/* break() / next([value]) / return([value]): see ev_jump. */
static void jump_arity(Compiler *c, const Node *at, const char *name, size_t n, size_t max)
{
    if (n <= max) return;
    if (max == 0) cmp_fail(c, at, "'%s' expects no arguments, got %zu", name, n);
    cmp_fail(c, at, "'%s' expects at most %zu argument%s, got %zu", name, max, max == 1 ? "" : "s", n);
}

Value *f_break(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    (void)s, (void)a, (void)l;
    jump_arity(c, at, "break", n, 0);
    ev_jump(c, at, EV_JUMP_BREAK, NULL);
}

Value *f_next(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    (void)s, (void)l;
    jump_arity(c, at, "next", n, 1);
    ev_jump(c, at, EV_JUMP_NEXT, n ? a[0] : NULL);
}

Value *f_return(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    (void)s, (void)l;
    jump_arity(c, at, "return", n, 1);
    ev_jump(c, at, EV_JUMP_RETURN, n ? a[0] : NULL);
}


/* The Puppet-language function called name (any case): defined already, or
 * autoloaded from <module>/functions/<name>.pp; NULL when there is none. */
static const Node *puppet_function(Compiler *c, const char *name)
{
    char *lname = arena_strdup(A, name);
    for (char *p = lname; *p; p++) *p = (char)tolower((unsigned char)*p);
    const Node *def = map_get(&c->functions, lname, strlen(lname));
    const char *sep = strstr(lname, "::");
    if (def || !sep) return def;
    const char *module = arena_strndup(A, lname, (size_t)(sep - lname));
    char *rest = arena_printf(A, "%s.pp", sep + 2);
    for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
    const char *path = module_path(c, module, "functions", rest);   /* a missing file: load_file 2 */
    if (!path) return NULL;
    if (load_file(c, path, NULL) == 1) longjmp(*c->fail, 1);
    return map_get(&c->functions, lname, strlen(lname));
}

/* Whether name is a function: built in, defined, or autoloadable from
 * <module>/functions/. */
static int fn_known(Compiler *c, const Node *at, const char *name)
{
    const char *f = name[0] == ':' && name[1] == ':' ? name + 2 : name;
    return fn_find(f) || puppet_function(c, f) || rby_fn_find(c, at, f);
}

int ev_function_exists(Compiler *c, const Node *at, const char *name) { return fn_known(c, at, name); }

/* convert_to(value, type, args...) [|$x|] - new(type, value, args...),
 * given to the block when there is one. */
Value *f_convert_to(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n < 2) cmp_fail(c, at, "'convert_to' expects at least 2 arguments, got %s", n ? "1" : "none");
    if (a[1]->kind != V_TYPE)
        cmp_fail(c, at, "'convert_to' parameter 'type' expects a Type value, got %s", val_type_name(a[1]));
    Value **args = ARENA_NEWN(A, Value *, n);
    args[0] = a[1];
    args[1] = a[0];
    if (n > 2) memcpy(args + 2, a + 2, (n - 2) * sizeof *a);
    Value *r = ev_call_function(c, s, at, "new", args, n, NULL);
    if (!l) return r;
    return ev_yield(cc, &r, 1);
}

/* call(name, args...) [|...|] - calls the function called name. */
Value *f_call(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n < 1) cmp_fail(c, at, "'call' expects at least 1 argument, got none");
    if (a[0]->kind != V_STR)
        cmp_fail(c, at, "'call' parameter 'function_name' expects a String value, got %s", val_type_name(a[0]));
    const char *name = arena_strndup(A, a[0]->str.s, a[0]->str.len);
    if (!fn_known(c, at, name)) cmp_fail(c, at, "Unknown function '%s'", name);
    return ev_call_function(c, s, at, name, a + 1, n - 1, l);
}

/* The segments of a dotted navigation ("a.0.'b.c'"), as Puppet's
 * SubLookup#split_key makes them: quoted parts are strings, all-digit
 * parts Integers.  NULL on a syntax error. */
static Value **split_key(Compiler *c, const char *k, size_t *n)
{
    ValVec out = VV_ARENA(A);
    const char *p = k;
    for (;;) {
        const char *b = p;
        Value *seg;
        if (*p == '\'' || *p == '"') {
            const char *e = strchr(p + 1, *p);
            if (!e || (e[1] && e[1] != '.')) return vv_free(&out), NULL;
            seg = val_str(A, p + 1, (size_t)(e - p - 1));
            p = e + 1;
        } else {
            while (*p && *p != '.' && *p != '\'' && *p != '"') p++;
            if (*p == '\'' || *p == '"' || p == b) return vv_free(&out), NULL;
            int digits = 1;
            for (const char *q = b; q < p; q++) digits &= isdigit((unsigned char)*q) != 0;
            seg = digits && p - b < 19 ? val_int(A, strtoll(b, NULL, 10)) : val_str(A, b, (size_t)(p - b));
        }
        vv_push(&out, seg);
        if (!*p) break;
        p++;                                 /* the '.' */
    }
    *n = out.n;
    Value **r = arena_memdup(A, out.v, out.n * sizeof *out.v);
    vv_free(&out);
    return r;
}

/* getvar('name[.navigation]'[, default]) - a variable's value (qualified
 * names from their class's scope), dug into by the dotted navigation as
 * get() does; the default when the variable is unknown or the value undef. */
Value *f_getvar(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (n < 1) cmp_fail(c, at, "'getvar' expects between 1 and 2 arguments, got none");
    if (n > 2) cmp_fail(c, at, "'getvar' expects between 1 and 2 arguments, got %zu", n);
    if (a[0]->kind != V_STR)
        cmp_fail(c, at, "'getvar' parameter 'get_string' expects a String value, got %s", val_type_name(a[0]));
    Value *dflt = n > 1 ? a[1] : VAL_UNDEF;
    const char *str = arena_strndup(A, a[0]->str.s, a[0]->str.len);
    /* \A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z), then the name is ((::)?(\w+::)*\w+) */
    const char *p = str;
    if (p[0] == ':' && p[1] == ':') p += 2;
    for (;;) {
        const char *w = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        if (p == w || !(islower((unsigned char)*w) || (*w == '_' && !(p[0] == ':' && p[1] == ':'))))
            cmp_fail(c, at, "'getvar' The given string does not start with a valid variable name");
        if (p[0] == ':' && p[1] == ':') { p += 2; continue; }
        break;
    }
    if (*p && *p != '.') cmp_fail(c, at, "'getvar' The given string does not start with a valid variable name");
    const char *name = arena_strndup(A, str, (size_t)(p - str));
    const char *nav = *p ? p + 1 : p;
    Value *v = scope_find(c, s, name, NULL);
    if (!v || v->kind == V_UNDEF) return dflt;
    if (!*nav) return v;
    size_t ns;
    Value **segs = split_key(c, nav, &ns);
    if (!segs) cmp_fail(c, at, "Syntax error in dotted-navigation string");
    Value **args = ARENA_NEWN(A, Value *, ns + 1);
    args[0] = v;
    memcpy(args + 1, segs, ns * sizeof *segs);
    Value *r = ev_call_function(c, s, at, "dig", args, ns + 1, NULL);
    return r->kind == V_UNDEF ? dflt : r;
}

/* Puppet's CountMismatch: "'f' expects between 1 and 2 arguments, got
 * none" for a function of def's parameters given n arguments. */
static _Noreturn void arity_error(Compiler *c, const Node *def, const Node *at, size_t n)
{
    size_t min = 0, max = 0;
    int rest = 0;
    for (const Node *p = def->kids; p; p = p->next) {
        if (p->ival) rest = 1;
        else max++, min += !p->b;
    }
    const char *want = min == max && !rest ? (min ? arena_printf(A, "%zu", min) : "no")
                     : min == 0 ? (rest ? "unlimited" : arena_printf(A, "at most %zu", max))
                     : rest ? arena_printf(A, "at least %zu", min)
                     : arena_printf(A, "between %zu and %zu", min, max);
    int one = (min == 1 && (max == 1 || rest)) || (min == 0 && max == 1 && !rest);
    cmp_fail(c, at, "'%s' expects %s argument%s, got %s", def->text, want, one ? "" : "s",
             n ? arena_printf(A, "%zu", n) : "none");
}

/* A function written in the Puppet language (functions/NAME.pp or site.pp). */
static Value *call_puppet_function(Compiler *c, const Node *def, const Node *at, Value **args, size_t n)
{
    if (c->call_depth >= 10000) cmp_fail(c, at, "stack level too deep: '%s' called itself more than 10000 times", def->text);
    Scope *fs = scope_new(c, c->top, c->top, c->class_main);
    fs->label = arena_printf(A, "Function[%s]", def->text);
    size_t i = 0;
    size_t nparams = (size_t)ast_nkids(def);
    int has_rest = 0;
    for (const Node *p = def->kids; p; p = p->next, i++) {
        Value *v;
        if (p->ival) {
            has_rest = 1;
            v = val_array(A, i < n ? args + i : NULL, i < n ? n - i : 0);
        } else if (i < n) {
            v = args[i];
        } else if (p->b) {
            v = ev_expr(c, fs, p->b);
        } else {
            arity_error(c, def, at, n);
        }
        if (p->a) {
            Value *t = ev_expr(c, fs, p->a);
            if (!cmp_type_match(c, t, v))
                cmp_fail(c, at, "%s", cmp_mismatch(c, t, v, CMP_MM_SIGNATURE, arena_printf(A, "'%s'", def->text),
                                                   arena_printf(A, "parameter '%s'", p->text), cmp_signature(c, fs, def->kids)));
        }
        map_put(&fs->vars, p->text, ast_text_len(p), v);
    }
    if (n > nparams && !has_rest) arity_error(c, def, at, n);
    c->call_depth++;
    Value *r = ev_body(c, fs, def->b, 0);
    c->call_depth--;
    return r;
}

Value *ev_call_function(Compiler *c, Scope *s, const Node *at, const char *name, Value **args, size_t nargs,
                        const Node *lambda)
{
    const char *fname = name[0] == ':' && name[1] == ':' ? name + 2 : name;
    const Builtin *b = fn_find(fname);
    if (b) {
        CallCtx cc = {.c = c, .scope = s, .call = at, .arena = A, .args = args, .nargs = nargs, .lambda = lambda};
        return fn_invoke(b, &cc);
    }
    const Node *def = puppet_function(c, fname);
    if (def) return call_puppet_function(c, def, at, args, nargs);
    const RbyFunc *rf = rby_fn_find(c, at, fname);     /* a module's function written in Ruby */
    if (rf) return rby_fn_call(c, s, at, rf, args, nargs, lambda);
    cmp_fail(c, at, "Unknown function: '%s'.", fname);
}
