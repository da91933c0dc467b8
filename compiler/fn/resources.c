/*
 * resources.c - the functions that declare or inspect resources and
 * classes: Puppet's include, require, contain, realize, tag, tagged,
 * defined and create_resources, and stdlib's ensure_resource,
 * ensure_resources, ensure_packages (stdlib 8's and stdlib 9's),
 * defined_with_params, getparam, stdlib::str2resource, stdlib::ensure,
 * assert_private and private.  They declare through ev_declare() and
 * ev_declare_classes() and look resources up through ev_find_resource(),
 * as Puppet's create_resources and find_resource do.  Results live in
 * cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
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

/* ---- resources: ensure_resource(s), ensure_packages, defined_with_params ---- */

/* Puppet::Resource.type_and_title of "Type[title]". */
static int split_ref(const char *ref, const char **type, const char **title, Arena *a)
{
    const char *open = strchr(ref, '[');
    size_t len = strlen(ref);
    if (!open || open == ref || len < 3 || ref[len - 1] != ']' || open + 1 == ref + len - 1) return 0;
    for (const char *p = ref; p < open; p++)
        if (*p == ']') return 0;
    *type = arena_strndup(a, ref, (size_t)(open - ref));
    *title = arena_strndup(a, open + 1, (size_t)(ref + len - 1 - open - 1));
    return 1;
}

/* Is name a resource type, a defined type or a class? */
static int known_type(CallCtx *cc, const char *name)
{
    char *ln = arena_strdup(A, name[0] == ':' && name[1] == ':' ? name + 2 : name);
    for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
    return !strcmp(ln, "class") || ev_type_exists(cc, ln);
}

/* Does resource r have every parameter of params (Ruby ==; undef matches
 * an unset parameter)? */
static int params_match(Resource *r, const Value *params)
{
    for (size_t i = 0; i < params->hash.n; i++) {
        const Value *k = params->hash.keys[i], *want = params->hash.vals[i];
        Value *have = k->kind == V_STR ? cat_res_get(r, k->str.s) : NULL;
        int have_undef = !have || have->kind == V_UNDEF, want_undef = want->kind == V_UNDEF;
        if (have_undef || want_undef) {
            if (have_undef != want_undef) return 0;
        } else if (!v3_equal(have, want, 0)) {
            return 0;
        }
    }
    return 1;
}

/* defined_with_params(reference, params) on converted arguments. */
static int defined_with_params(CallCtx *cc, Value *ref, Value *params)
{
    if (!params || (params->kind == V_STR && !params->str.len) || (params->kind == V_BOOL && !params->b))
        params = val_hash(A, NULL, NULL, 0);
    if (params->kind != V_HASH) v3_no_method(cc, "map", params);
    const char *type, *title;
    if (ref->kind == V_STR) {
        if (!split_ref(ref->str.s, &type, &title, A))
            ev_fail(cc, "No title provided and %s is not a valid resource reference", v3_inspect(cc, ref));
        if (!known_type(cc, type)) ev_fail(cc, "Unknown resource type: '%s'", arena_strdup(A, type));
    } else if (ref->kind == V_TYPE && ref->type.n <= 1 && (!ref->type.n || ref->type.params[0]->kind == V_STR) &&
               !val_is_data_type_name(ref->type.name)) {
        type = ref->type.name;
        title = ref->type.n ? ref->type.params[0]->str.s : "";
    } else {
        ev_fail(cc, "Reference is not understood: '%s'", rv_class(A, ref, RV_FN3));
    }
    Resource *self = ev_container(cc);
    if (!*title) {
        const char *ctype = cat_capitalize_type(A, type);
        Catalog *cat = ev_catalog(cc);
        for (size_t i = 0; i < cat->nres; i++) {
            Resource *r = cat->res[i];
            if (strcmp(r->type, ctype) || r == self) continue;
            if (params_match(r, params)) return 1;
        }
        return 0;
    }
    Resource *r = ev_find_resource(cc, ev_ref(cc, cat_capitalize_type(A, type), title));
    return r && r != self && params_match(r, params);
}

/* defined_with_params(Type['title'] | 'Type[title]', {params}) */
Value *f_defined_with_params(CallCtx *cc)
{
    v3_args(cc);
    Value *ref = cc->nargs ? cc->args[0] : VAL_UNDEF;
    if (!val_truthy(ref)) ev_fail(cc, "Must specify a reference");
    return val_bool(defined_with_params(cc, ref, cc->nargs > 1 ? cc->args[1] : NULL));
}

/* Ruby's [title].flatten */
static void flatten_titles(Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_titles(v->arr.items[i], out);
    } else {
        val_vec_push(out, v);
    }
}

/* ensure_resource on converted arguments: declares type[title] with params
 * (through create_resources) unless one with those params exists. */
static void ensure_resource(CallCtx *cc, Value *type, Value *title, Value *params)
{
    if (!type || !val_truthy(type)) ev_fail(cc, "Must specify a type");
    if (!title || !val_truthy(title)) ev_fail(cc, "Must specify a title");
    if (!params || !val_truthy(params)) params = val_hash(A, NULL, NULL, 0);
    ValVec items = VV_ARENA(A);
    flatten_titles(title, &items);
    const char *tname = v3_to_s(cc, type);
    for (size_t i = 0; i < items.n; i++) {
        const char *t = v3_to_s(cc, items.v[i]);
        Value *ref = val_cstr(A, arena_printf(A, "%s[%s]", tname, t));
        if (defined_with_params(cc, ref, params)) continue;
        if (params->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rv_class(A, params, RV_FN3));
        ev_declare(cc, tname, items.v[i]->kind == V_INT ? items.v[i] : val_cstr(A, t), params, 0);
    }
    val_vec_free(&items);
}

/* ensure_resource(type, title | [titles], {params}) */
Value *f_ensure_resource(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    size_t n = cc->nargs;
    ensure_resource(cc, n > 0 ? a[0] : NULL, n > 1 ? a[1] : NULL, n > 2 ? a[2] : NULL);
    return VAL_UNDEF;
}

/* ensure_resources on converted arguments: each title of the hash with
 * defaults merged under its own parameters. */
static void ensure_resources(CallCtx *cc, Value *type, Value *titles, Value *defaults)
{
    if (!type || !val_truthy(type)) ev_fail(cc, "Must specify a type");
    if (!titles || !val_truthy(titles)) ev_fail(cc, "Must specify a title");
    if (!defaults || !val_truthy(defaults)) defaults = val_hash(A, NULL, NULL, 0);
    if (titles->kind != V_HASH) ev_fail(cc, "ensure_resources(): Requires second argument to be a Hash");
    for (size_t i = 0; i < titles->hash.n; i++) {
        Value *own = titles->hash.vals[i], *params = defaults;
        if (val_truthy(own)) {
            if (defaults->kind != V_HASH) v3_no_method(cc, "merge", defaults);
            if (own->kind != V_HASH) ev_fail(cc, "no implicit conversion of %s into Hash", rv_class(A, own, RV_FN3));
            ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
            for (size_t j = 0; j < defaults->hash.n; j++) val_vec_push(&ks, defaults->hash.keys[j]), val_vec_push(&vs, defaults->hash.vals[j]);
            for (size_t j = 0; j < own->hash.n; j++) val_vec_push(&ks, own->hash.keys[j]), val_vec_push(&vs, own->hash.vals[j]);
            params = v3_hash_of(cc, &ks, &vs);
        }
        ensure_resource(cc, type, titles->hash.keys[i], params);
    }
}

/* ensure_resources(type, {title => {params}}, {defaults}) */
Value *f_ensure_resources(CallCtx *cc)
{
    v3_args(cc);
    Value **a = cc->args;
    size_t n = cc->nargs;
    ensure_resources(cc, n > 0 ? a[0] : NULL, n > 1 ? a[1] : NULL, n > 2 ? a[2] : NULL);
    return VAL_UNDEF;
}

/* A copy of hash h with key set to v (in place when present). */
static Value *hash_with(CallCtx *cc, Value *h, const char *key, Value *v)
{
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    for (size_t i = 0; i < h->hash.n; i++) val_vec_push(&ks, h->hash.keys[i]), val_vec_push(&vs, h->hash.vals[i]);
    val_vec_push(&ks, val_cstr(A, key)), val_vec_push(&vs, v);
    return v3_hash_of(cc, &ks, &vs);
}

/* {'ensure' => 'installed'}.merge(attrs) */
static Value *package_defaults(CallCtx *cc, Value *attrs)
{
    Value *ens = val_cstr(A, "installed");
    Value *k = val_cstr(A, "ensure");
    if (!attrs) return val_hash(A, &k, &ens, 1);
    ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
    val_vec_push(&ks, k), val_vec_push(&vs, ens);
    for (size_t i = 0; i < attrs->hash.n; i++) val_vec_push(&ks, attrs->hash.keys[i]), val_vec_push(&vs, attrs->hash.vals[i]);
    return v3_hash_of(cc, &ks, &vs);
}

static int is_name(const Value *v) { return v->kind == V_STR && v->str.len > 0; }

/* Does packages fit Variant[String[1], Array[String[1]]] (hash_ok: or
 * Hash[String[1], Any])?  Otherwise fills why with Puppet's reason. */
static int packages_ok(CallCtx *cc, const Value *p, int hash_ok)
{
    if (p->kind == V_STR) return p->str.len > 0;
    if (p->kind == V_ARRAY) {
        for (size_t i = 0; i < p->arr.n; i++)
            if (!is_name(p->arr.items[i])) return 0;
        return 1;
    }
    if (p->kind == V_HASH && hash_ok) {
        for (size_t i = 0; i < p->hash.n; i++)
            if (!is_name(p->hash.keys[i])) return 0;
        return 1;
    }
    return 0;
}

/* Puppet's inferred type of a value as TypeMismatchDescriber prints it
 * when the value's kind was right but its details were not: Hash[String,
 * Hash[0, 0], 1, 1]. */
static const char *detailed_type(CallCtx *cc, const Value *v)
{
    switch (v->kind) {
    case V_INT: return arena_printf(A, "Integer[%lld, %lld]", (long long)v->i, (long long)v->i);
    case V_STR: return "String";
    case V_ARRAY:
        if (!v->arr.n) return "Array[0, 0]";
        return arena_printf(A, "Array[%s, %zu, %zu]", detailed_type(cc, v->arr.items[0]), v->arr.n, v->arr.n);
    case V_HASH:
        if (!v->hash.n) return "Hash[0, 0]";
        return arena_printf(A, "Hash[%s, %s, %zu, %zu]", detailed_type(cc, v->hash.keys[0]),
                            detailed_type(cc, v->hash.vals[0]), v->hash.n, v->hash.n);
    default: return fn_got_type(cc, v);
    }
}

/* Why Variant[String[1], Array[String[1]], Hash[String[1], Any]] rejects
 * p, in Puppet's words: the whole message, or with multi (stdlib 9's first
 * signature, which has no Hash) the "rejected:" reasons of an array. */
static const char *packages_why(CallCtx *cc, const char *fn, const Value *p, int multi)
{
    const char *t = fn_got_type(cc, p);
    if (p->kind == V_ARRAY) {
        size_t i = 0;
        while (i < p->arr.n && is_name(p->arr.items[i])) i++;
        Value *e = p->arr.items[i];
        const char *v1 = arena_printf(A, "index %zu expects a %s value, got %s", i,
                                      e->kind == V_STR ? "String[1]" : "String", fn_got_type(cc, e));
        if (multi)
            return arena_printf(A, "parameter 'packages' variant 0 expects a String value, got %s\n"
                                   "    rejected: parameter 'packages' variant 1 %s", t, v1);
        return arena_printf(A, "'%s' expects (Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, "
                               "Hash default_attributes?)\n"
                               "  rejected: parameter 'packages' variant 0 expects a String value, got %s\n"
                               "  rejected: parameter 'packages' variant 1 %s\n"
                               "  rejected: parameter 'packages' variant 2 expects a Hash value, got %s",
                            fn, t, v1, t);
    }
    if (p->kind == V_STR || p->kind == V_HASH)     /* the right kind, wrong details */
        return arena_printf(A, "'%s' parameter 'packages' expects a value of type String[1], Array[String[1]], or "
                               "Hash[String[1], Any], got %s", fn, p->kind == V_STR ? "String" : detailed_type(cc, p));
    return arena_printf(A, "'%s' parameter 'packages' expects a value of type String, Array, or Hash, got %s", fn, t);
}

/* ensure_packages(packages, {defaults}) - stdlib 8: 'present' becomes
 * 'installed'; a hash goes through ensure_resources. */
Value *f_ensure_packages(CallCtx *cc)
{
    Value *pk = cc->args[0], *attrs = cc->nargs > 1 ? cc->args[1] : NULL;
    if (!packages_ok(cc, pk, 1)) ev_fail(cc, "%s", packages_why(cc, "ensure_packages", pk, 0));
    if (attrs && attrs->kind != V_HASH)
        ev_fail(cc, "'ensure_packages' parameter 'default_attributes' expects a Hash value, got %s", fn_got_type(cc, attrs));
    Value *defaults = package_defaults(cc, attrs);
    Value *ens = val_hash_gets(defaults, "ensure");
    if (ens && ens->kind == V_STR && !strcmp(ens->str.s, "present"))
        defaults = hash_with(cc, defaults, "ensure", val_cstr(A, "installed"));
    Value *pkg = val_cstr(A, "package");
    if (pk->kind == V_HASH) {
        ensure_resources(cc, pkg, v3_value(cc, pk, 1), v3_value(cc, defaults, 1));
    } else {
        ValVec names = VV_ARENA(A);
        flatten_titles(pk, &names);
        for (size_t i = 0; i < names.n; i++) ensure_resource(cc, pkg, names.v[i], v3_value(cc, defaults, 1));
        val_vec_free(&names);
    }
    return VAL_UNDEF;
}

/* stdlib 9's per-package step: 'present' or 'installed' stays 'present'
 * when the package is already declared with ensure => present. */
static void ensure_package9(CallCtx *cc, Value *name, Value *attrs)
{
    Value *defaults = package_defaults(cc, attrs);
    Value *ens = val_hash_gets(defaults, "ensure");
    if (ens && ens->kind == V_STR && (!strcmp(ens->str.s, "present") || !strcmp(ens->str.s, "installed"))) {
        Value *k = val_cstr(A, "ensure"), *v = val_cstr(A, "present");
        Value *ref = val_cstr(A, arena_printf(A, "Package[%s]", name->str.s));
        int present = defined_with_params(cc, ref, val_hash(A, &k, &v, 1));
        defaults = hash_with(cc, defaults, "ensure", val_cstr(A, present ? "present" : "installed"));
    }
    ensure_resource(cc, val_cstr(A, "package"), name, v3_value(cc, defaults, 1));
}

/* stdlib::ensure_packages(packages, {defaults}) - stdlib 9: two
 * signatures, names or a hash of name => attributes. */
Value *f_stdlib_ensure_packages(CallCtx *cc)
{
    static const char *fn = "stdlib::ensure_packages";
    Value *pk = cc->args[0], *attrs = cc->nargs > 1 ? cc->args[1] : NULL;
    int names_ok = packages_ok(cc, pk, 0), hash_ok = pk->kind == V_HASH && packages_ok(cc, pk, 1);
    int attrs_ok = !attrs || attrs->kind == V_HASH;
    if (!names_ok && !hash_ok && attrs_ok && pk->kind != V_ARRAY)
        ev_fail(cc, "%s", packages_why(cc, fn, pk, 0));     /* both signatures fail on 'packages' alone */
    if (!(names_ok || hash_ok) || !attrs_ok) {
        const char *sigs[] = {"Variant[String[1], Array[String[1]]] packages, Hash default_attributes?",
                              "Hash[String[1], Any] packages, Hash default_attributes?"};
        const char *abad = attrs_ok ? NULL : arena_printf(A, "parameter 'default_attributes' expects a Hash value, got %s",
                                                          fn_got_type(cc, attrs));
        const char *why[2];
        if (names_ok) why[0] = abad;
        else if (pk->kind == V_ARRAY) why[0] = packages_why(cc, fn, pk, 1);
        else if (pk->kind == V_STR) why[0] = "parameter 'packages' expects a value of type String[1] or Array[String[1]], got String";
        else why[0] = arena_printf(A, "parameter 'packages' expects a value of type String or Array, got %s", fn_got_type(cc, pk));
        if (hash_ok) why[1] = abad;
        else if (pk->kind == V_HASH)
            why[1] = arena_printf(A, "parameter 'packages' expects a Hash[String[1], Any] value, got %s", detailed_type(cc, pk));
        else why[1] = arena_printf(A, "parameter 'packages' expects a Hash value, got %s", fn_got_type(cc, pk));
        fn_fail_dispatch(cc, fn, sigs, why, 2);
    }
    if (pk->kind == V_HASH) {
        for (size_t i = 0; i < pk->hash.n; i++) {
            Value *own = pk->hash.vals[i], *merged = attrs;
            if (own->kind == V_HASH) {
                merged = attrs ? attrs : val_hash(A, NULL, NULL, 0);
                ValVec ks = VV_ARENA(A), vs = VV_ARENA(A);
                for (size_t j = 0; j < merged->hash.n; j++) val_vec_push(&ks, merged->hash.keys[j]), val_vec_push(&vs, merged->hash.vals[j]);
                for (size_t j = 0; j < own->hash.n; j++) val_vec_push(&ks, own->hash.keys[j]), val_vec_push(&vs, own->hash.vals[j]);
                merged = v3_hash_of(cc, &ks, &vs);
            } else if (own->kind != V_UNDEF || !attrs) {
                ev_fail(cc, "no implicit conversion of %s into Hash", own->kind == V_UNDEF ? "nil" : rv_class(A, own, RV_FN3));
            }
            ensure_package9(cc, pk->hash.keys[i], merged);
        }
    } else {
        ValVec names = VV_ARENA(A);
        flatten_titles(pk, &names);
        for (size_t i = 0; i < names.n; i++) ensure_package9(cc, names.v[i], attrs);
        val_vec_free(&names);
    }
    return VAL_UNDEF;
}

/* ---- assert_private ---- */

/* assert_private([message]) - fails unless $module_name equals
 * $caller_module_name (stdlib compares the two with Ruby's ==): the class
 * or define running was declared from code of its own module (from its
 * parent class, for a class that inherits).  At top scope the caller is
 * unset, so it always fails there. */
Value *f_assert_private(CallCtx *cc)
{
    v3_args(cc);
    if (cc->nargs > 1) ev_fail(cc, "assert_private(): Wrong number of arguments given (%zu}) for 0 or 1)", cc->nargs);
    Value *mine = ev_builtin_var(cc, "module_name"), *caller = ev_builtin_var(cc, "caller_module_name");
    if (mine && caller ? val_identical(mine, caller) : mine == caller) return VAL_UNDEF;
    if (cc->nargs && cc->args[0]->kind == V_STR) ev_fail(cc, "%s", cc->args[0]->str.s);
    int is_define;
    const char *owner = ev_owner(cc, &is_define);
    if (!is_define) ev_fail(cc, "Class %s is private", owner);
    ev_fail(cc, "Definition %s is private", owner);
}


/* getparam(reference, name) - a declared resource's parameter, or ''. */
Value *f_getparam(CallCtx *cc)
{
    v3_args(cc);
    Value *ref = cc->nargs ? cc->args[0] : VAL_UNDEF, *param = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF;
    if (!val_truthy(ref)) ev_fail(cc, "Must specify a reference");
    if (param->kind != V_STR) ev_fail(cc, "Must specify name of a parameter");
    if (!param->str.len) return v3_empty_str(cc);
    const char *type, *title, *text = v3_to_s(cc, ref);
    if (!val_is_resref(ref) && !split_ref(text, &type, &title, A))
        ev_fail(cc, "No title provided and %s is not a valid resource reference", v3_inspect(cc, val_cstr(A, text)));
    Resource *r = ev_find_resource(cc, val_is_resref(ref) ? ref : val_cstr(A, text));
    Value *v = r ? cat_res_get(r, param->str.s) : NULL;
    return v && v->kind != V_UNDEF ? v : v3_empty_str(cc);
}


/* stdlib::str2resource('Type[title]') - the reference to a resource
 * declared already. */
Value *f_str2resource(CallCtx *cc)
{
    fn_check_param(cc, "stdlib::str2resource", "res_string", "String", "String res_string", 0);
    const char *type, *title;
    if (!split_ref(cc->args[0]->str.s, &type, &title, A))
        ev_fail(cc, "No title provided and %s is not a valid resource reference", v3_inspect(cc, cc->args[0]));
    const char *ctype = cat_capitalize_type(A, type);
    Value *ref = ev_ref(cc, ctype, title);
    if (!ev_find_resource(cc, ref))
        ev_fail(cc, "stdlib::str2resource(): could not find %s[%s], this is parse order dependent and values should not be quoted",
                ctype, title);
    return ref;
}

/* private([message]) - the deprecated assert_private. */
Value *f_private(CallCtx *cc)
{
    v3_args(cc);
    ev_log(cc, "Warning",
           "private() DEPRECATED: This function will cease to function on Puppet 4; please use assert_private() before "
           "upgrading to puppet 4 for backwards-compatibility, or migrate to the new parser's typing system.");
    CallCtx sub = *cc;
    sub.nargs = cc->nargs ? 1 : 0;
    return f_assert_private(&sub);
}

/* ---- stdlib::ensure ---- */

/* stdlib::ensure(ensure, resource) - stdlib's Puppet-language function:
 * true/'present' and false/'absent' as the ensure value of a resource
 * kind ('package': installed/absent, 'service': running/stopped, others
 * the kind itself or 'absent'). */
Value *f_stdlib_ensure(CallCtx *cc)
{
    static const char sig[] = "Variant[Boolean, Enum['absent', 'present']] ensure, "
                              "Enum['directory', 'file', 'link', 'mounted', 'package', 'service'] resource";
    fn_check_param(cc, "stdlib::ensure", "ensure", "Variant[Boolean, Enum['present', 'absent']]", sig, 0);
    fn_check_param(cc, "stdlib::ensure", "resource", "Enum['directory', 'link', 'mounted', 'service', 'file', 'package']", sig, 1);
    Value *e = cc->args[0];
    int present = e->kind == V_BOOL ? e->b : !strcmp(e->str.s, "present");
    const char *res = cc->args[1]->str.s;
    if (!strcmp(res, "package")) return val_cstr(A, present ? "installed" : "absent");
    if (!strcmp(res, "service")) return val_cstr(A, present ? "running" : "stopped");
    return present ? cc->args[1] : val_cstr(A, "absent");
}

/* ---- include, require, contain, realize, tag, tagged, defined, create_resources ---- */

static void class_names(CallCtx *cc, Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) class_names(cc, v->arr.items[i], out);
    } else if (v->kind == V_UNDEF) {
        ev_fail(cc, "Cannot use undef as a class name");
    } else if (v->kind == V_STR && !v->str.len) {
        ev_fail(cc, "Cannot use empty string as a class name");
    } else if (v->kind == V_STR) {
        val_vec_push(out, v);
    } else if (val_is_resref(v) && strcmp(v->type.name, "Class") == 0) {
        val_vec_push(out, v->type.params[0]);
    } else if (v->kind == V_TYPE && strcmp(v->type.name, "Class") == 0 && v->type.n == 0) {
        ev_fail(cc, "Cannot use an unspecific Class[] Type");
    } else if (v->kind == V_TYPE && v->type.n == 0) {
        val_vec_push(out, val_cstr(A, v->type.name));
    } else {
        ev_fail(cc, "Cannot use a %s where a class name is expected", val_type_name(v));
    }
}

static Value *declare_classes(CallCtx *cc, Value **args, size_t n, ClassMode mode)
{
    ValVec names = VV_ARENA(A);
    for (size_t i = 0; i < n; i++) class_names(cc, args[i], &names);
    ValVec refs = VV_ARENA(A);
    const char **cn = ARENA_NEWN(A, const char *, names.n + 1);
    Resource **rs = ARENA_NEWN(A, Resource *, names.n + 1);
    for (size_t i = 0; i < names.n; i++) cn[i] = names.v[i]->str.s;
    if (names.n) ev_declare_classes(cc, cn, names.n, mode, rs);
    for (size_t i = 0; i < names.n; i++) val_vec_push(&refs, ev_ref(cc, "Class", rs[i]->title));
    Value *r = val_vec_to_array(A, &refs);
    val_vec_free(&names);
    val_vec_free(&refs);
    return r;
}

Value *f_include(CallCtx *cc) { FN_ARGS(a, n, l); return declare_classes(cc, a, n, CLASS_INCLUDE); }
Value *f_require(CallCtx *cc) { FN_ARGS(a, n, l); return declare_classes(cc, a, n, CLASS_REQUIRE); }
Value *f_contain(CallCtx *cc) { FN_ARGS(a, n, l); return declare_classes(cc, a, n, CLASS_CONTAIN); }

Value *f_realize(CallCtx *cc)
{ FN_ARGS(a, n, l);
    for (size_t i = 0; i < n; i++) ev_realize(cc, a[i]);
    return VAL_UNDEF;
}


/* defined() knows Puppet's own data functions by name (the others it
 * finds as loaded functions or not at all). */
static int data_builtin(const char *name)
{
    const Builtin *b = fn_find(name);
    return b && b->origin == FN_DATA;
}

static void flatten_strings(CallCtx *cc, Value *v, ValVec *out)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) flatten_strings(cc, v->arr.items[i], out);
    } else {
        val_vec_push(out, v);
    }
}

Value *f_tag(CallCtx *cc)
{ FN_ARGS(a, n, l);
    Resource *r = ev_container(cc);
    ValVec tags = VV_ARENA(A);
    for (size_t i = 0; i < n; i++) flatten_strings(cc, a[i], &tags);
    for (size_t i = 0; i < tags.n; i++) {
        const char *t = val_to_cstr(A, tags.v[i]);
        char *lt = arena_strdup(A, t);
        for (char *p = lt; *p; p++) *p = (char)tolower((unsigned char)*p);
        if (!cat_valid_tag(lt)) {
            val_vec_free(&tags);
            ev_fail(cc, "Invalid tag '%s'", t);
        }
        cat_res_tag(ev_catalog(cc), r, lt);
        if (strstr(lt, "::"))
            for (const char *p = lt;;) {
                const char *e = strstr(p, "::");
                size_t len = e ? (size_t)(e - p) : strlen(p);
                if (len) cat_res_tag(ev_catalog(cc), r, arena_strndup(A, p, len));
                if (!e) break;
                p = e + 2;
            }
    }
    val_vec_free(&tags);
    return VAL_UNDEF;
}

Value *f_tagged(CallCtx *cc)
{ FN_ARGS(a, n, l);
    Resource *r = ev_container(cc);
    ValVec tags = VV_ARENA(A);
    for (size_t i = 0; i < n; i++) flatten_strings(cc, a[i], &tags);
    int all = 1;
    for (size_t i = 0; i < tags.n && all; i++) {
        char *lt = arena_strdup(A, val_to_cstr(A, tags.v[i]));
        for (char *p = lt; *p; p++) *p = (char)tolower((unsigned char)*p);
        all = ev_tagged_in_scope(cc, r, lt);
    }
    val_vec_free(&tags);
    return val_bool(all);
}

Value *f_defined(CallCtx *cc)
{ FN_ARGS(a, n, l);
    for (size_t i = 0; i < n; i++)
        if (a[i]->kind != V_STR && a[i]->kind != V_TYPE) {
            ev_fail(cc, "'defined' parameter 'vals' expects a value of type String, Type[CatalogEntry], or Type[Type], got %s",
                     fn_got_type(cc, a[i]));
        }
    for (size_t i = 0; i < n; i++) {
        Value *v = a[i];
        if (v->kind == V_STR) {
            const char *name = v->str.s;
            if (name[0] == '$') {
                const char *var = name + 1;
                if (ev_var_defined(cc, var)) return VAL_TRUE;
                continue;
            }
            char *ln = arena_strdup(A, name[0] == ':' && name[1] == ':' ? name + 2 : name);
            for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (ev_name_defined(cc, ln) || data_builtin(ln))
                return VAL_TRUE;
        } else if (val_is_resref(v)) {
            Resource *r = ev_find_resource(cc, v);
            if (r && !r->is_virtual) return VAL_TRUE;
        } else if (v->kind == V_TYPE && v->type.n == 0) {
            const char *tn = v->type.name;
            char *ln = arena_strdup(A, tn);
            for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (ev_type_defined(cc, tn, ln)) return VAL_TRUE;
        }
    }
    return VAL_FALSE;
}

Value *f_create_resources(CallCtx *cc)
{ FN_ARGS(a, n, l);
    if (n > 3) ev_fail(cc, "create_resources(): wrong number of arguments (%zu; must be 2 or 3)", n);
    if (a[1]->kind != V_HASH) ev_fail(cc, "create_resources(): second argument must be a hash");
    if (n > 2 && a[2]->kind != V_HASH) ev_fail(cc, "create_resources(): third argument, if provided, must be a hash");
    const char *type = val_to_cstr(A, a[0]);
    int is_virtual = 0, exported = 0;
    if (type[0] == '@' && type[1] == '@') type += 2, exported = 1;
    else if (type[0] == '@') type += 1, is_virtual = 1;
    Value *defaults = n > 2 ? a[2] : NULL;
    if (exported) return VAL_UNDEF;
    for (size_t i = 0; i < a[1]->hash.n; i++) {
        Value *params = a[1]->hash.vals[i];
        if (defaults && defaults->kind == V_HASH) {
            ValVec k = VV_ARENA(A), v = VV_ARENA(A);
            for (size_t j = 0; j < defaults->hash.n; j++) val_vec_push(&k, defaults->hash.keys[j]), val_vec_push(&v, defaults->hash.vals[j]);
            if (params->kind == V_HASH)
                for (size_t j = 0; j < params->hash.n; j++) val_vec_push(&k, params->hash.keys[j]), val_vec_push(&v, params->hash.vals[j]);
            params = val_hash(A, k.v, v.v, k.n);
            val_vec_free(&k);
            val_vec_free(&v);
        }
        ev_declare(cc, type, a[1]->hash.keys[i], params, is_virtual);
    }
    return VAL_UNDEF;
}

