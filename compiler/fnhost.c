/*
 * fnhost.c - the evaluator's side of the built-in function library's
 * interface (compiler/fn/fnapi.h): the few services built-ins need from a
 * compile (variables, facts, types, resources, Hiera, the catalog), each
 * taking the call's CallCtx, so that the functions see no scope, no
 * compiler field and no evaluator internal.  Each is a thin wrapper over
 * the compiler's own call; the one idea is that the compiler's internals
 * stay on this side of the line.
 */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/epp.h"
#include "compiler/object.h"
#include "compiler/strconv.h"
#include "compiler/timestamp.h"
#include "parser/parser.h"
#include "catalog/jsonparse.h"
#include "store/store.h"
#include "store/puppetdb.h"
#include "base/util.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void ev_warn(CallCtx *cc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cmp_vwarn(cc->c, cc->call, fmt, ap);
    va_end(ap);
}

Value *ev_call(CallCtx *cc, const char *name, Value **args, size_t n, const Node *lambda)
{
    return ev_call_function(cc->c, cc->scope, cc->call, name, args, n, lambda);
}

Value *ev_var(CallCtx *cc, const char *name) { return ev_scope_find(cc->c, cc->scope, name, NULL); }

Value *ev_builtin_var(CallCtx *cc, const char *name)
{
    for (Scope *s = cc->scope; s; s = s->parent) {
        Value *v = map_get(&s->vars, name, strlen(name));
        if (v) return v;
    }
    return NULL;
}

Value *ev_facts(CallCtx *cc) { return cc->c->facts; }

const char *ev_scope_label(CallCtx *cc) { return cc->scope->label ? cc->scope->label : "Class[main]"; }

const char *ev_owner(CallCtx *cc, int *is_define)
{
    Compiler *c = cc->c;
    Scope *own = c->top;
    /* the nearest scope holding its own $module_name (lambdas share their
     * definer's), or the top or node scope */
    for (Scope *s = cc->scope; s; s = s->parent)
        if (s == c->top || s == c->node_scope || map_get(&s->vars, "module_name", 11)) {
            own = s;
            break;
        }
    *is_define = 0;
    if (own->class_name || own == c->top || own == c->node_scope) return own->class_name ? own->class_name : "";
    *is_define = 1;
    char *type = arena_strdup(cc->arena, own->resource->type);
    for (char *p = type; *p; p++) *p = (char)tolower((unsigned char)*p);
    return type;
}

char *const *ev_modulepath(CallCtx *cc, size_t *n)
{
    *n = cc->c->nmodulepath;
    return cc->c->modulepath;
}

const char *ev_module_dir(CallCtx *cc, const char *name) { return load_module_path(cc->c, name, "", ""); }

int ev_type_match(CallCtx *cc, Value *type, Value *v) { return ty_type_match(cc->c, type, v); }

const char *ev_mismatch(CallCtx *cc, Value *type, Value *v, int style, const char *label, const char *head, const char *sig)
{
    return ty_mismatch(cc->c, type, v, style, label, head, sig);
}

Value *ev_alias_type(CallCtx *cc, const char *name)
{
    Compiler *c = cc->c;
    if (val_is_data_type_name(name) || !strcmp(name, "Class")) return NULL;
    char *ln = arena_strdup(c->arena, name);
    for (char *p = ln; *p; p++) *p = (char)tolower((unsigned char)*p);
    const Node *al = ty_find_alias(c, ln, strlen(ln));
    return al ? ev_expr(c, c->top, al->a) : NULL;
}

/* The first error the parser reports (ev_parse_expr with err). */
static void first_error(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    (void)loc;
    const char **first = ctx;
    if (lvl == DIAG_ERROR && !*first) *first = strdup(msg);
}

const Node *ev_parse_expr(CallCtx *cc, const char *label, const char *text, size_t len, const char **err)
{
    Compiler *c = cc->c;
    SrcFile *f = diag_file_from_string(label, text, len);
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);    /* freed with the compile's files */
    c->files[c->nfiles++] = f;
    if (!err) return parse_expr_range(c->arena, f, 0, (uint32_t)len, 0);
    const char *first = NULL;
    DiagSink saved = diag_sink;
    void *saved_ctx = diag_sink_ctx;
    diag_sink = first_error, diag_sink_ctx = &first;
    Node *n = parse_expr_range(c->arena, f, 0, (uint32_t)len, 0);
    diag_sink = saved, diag_sink_ctx = saved_ctx;
    *err = NULL;
    if (first) {
        *err = arena_strdup(c->arena, first);
        free((void *)first);
    }
    return n;
}

Value *ev_eval(CallCtx *cc, const Node *n, int top) { return ev_expr(cc->c, top ? cc->c->top : cc->scope, n); }

void ev_check_weight(CallCtx *cc, const Value *v) { ev_check_weight_at(cc->c, cc->call, v); }

const char *ev_nul_path(CallCtx *cc, const Value *v) { return cmp_nul_path(cc->c, v); }

int ev_parse_yaml(CallCtx *cc, const char *name, const char *text, size_t len, Value **out, const char **err)
{
    return hiera_parse_yaml(cc->c, name, text, len, out, err);
}

Value *ev_hiera3(CallCtx *cc, const char *fn)
{
    return hiera_v3_fn(cc->c, cc->scope, cc->call, fn, cc->args, cc->nargs, cc->lambda);
}

Catalog *ev_catalog(CallCtx *cc) { return cc->c->cat; }

Resource *ev_container(CallCtx *cc)
{
    for (Scope *s = cc->scope; s; s = s->parent)
        if (s->resource) return s->resource;
    return cc->c->class_main;
}

Resource *ev_find_resource(CallCtx *cc, const Value *ref) { return res_find_ref(cc->c, ref); }

Value *ev_ref(CallCtx *cc, const char *type, const char *title) { return ev_resref(cc->c, type, title); }

int ev_type_exists(CallCtx *cc, const char *lname)
{
    Compiler *c = cc->c;
    return load_find_type(c, lname, strlen(lname)) || load_define(c, lname) || load_class(c, lname);
}

void ev_declare(CallCtx *cc, const char *type, Value *title, Value *params, int is_virtual)
{
    res_declare_from_hash(cc->c, cc->scope, cc->call, type, title, params, is_virtual);
}

void ev_declare_classes(CallCtx *cc, const char **names, size_t n, ClassMode mode, Resource **out)
{
    res_declare_classes(cc->c, cc->scope, cc->call, names, n, NULL, mode, out);
}

void ev_realize(CallCtx *cc, Value *refs) { res_realize(cc->c, cc->call, refs); }

int ev_tagged_in_scope(CallCtx *cc, Resource *r, const char *tag) { return res_tagged_in_scope(r, tag); }

_Noreturn void ev_unwind(CallCtx *cc, int kind, Value *v) { ev_jump(cc->c, cc->call, kind, v); }

int ev_function_known(CallCtx *cc, const char *name) { return ev_function_exists(cc->c, cc->call, name); }

int ev_var_defined(CallCtx *cc, const char *var)
{
    Compiler *c = cc->c;
    if (load_builtin_var(var)) return 1;
    for (Scope *p = cc->scope; p; p = p->parent)
        if (map_get(&p->vars, var, strlen(var))) return 1;
    return var[0] == ':' && var[1] == ':' && map_get(&c->top->vars, var + 2, strlen(var + 2));
}

int ev_name_defined(CallCtx *cc, const char *ln)
{
    Compiler *c = cc->c;
    return load_find_type_at(c, cc->call, ln, strlen(ln)) || load_class(c, ln) || load_define(c, ln) ||
           map_get(&c->functions, ln, strlen(ln));
}

int ev_type_defined(CallCtx *cc, const char *tn, const char *ln)
{
    return res_is_data_type(tn) || load_find_type(cc->c, ln, strlen(ln)) || load_define(cc->c, ln);
}

Value *ev_puppetdb_query(CallCtx *cc, const Value *query)
{
    Compiler *c = cc->c;
    if (!c->store || !store_is_puppetdb(c->store))
        ev_fail(cc, "puppetdb_query: no PuppetDB is configured (give --puppetdb URL)");
    Buf q = BUF_INIT;
    pdb_value_json(&q, query);
    char *err = NULL;
    char *resp = store_pdb_query(c->store, buf_cstr(&q), &err);
    buf_free(&q);
    if (!resp) {
        const char *msg = arena_strdup(cc->arena, err);
        free(err);
        ev_fail(cc, "puppetdb_query: %s", msg);
    }
    Buf jerr = BUF_INIT;
    Value *v = json_parse(cc->arena, resp, strlen(resp), &jerr);
    free(resp);
    if (!v) {
        const char *msg = arena_strdup(cc->arena, buf_cstr(&jerr));
        buf_free(&jerr);
        ev_fail(cc, "puppetdb_query: PuppetDB's answer is not JSON: %s", msg);
    }
    buf_free(&jerr);
    return v;
}

Value *ev_lookup(CallCtx *cc) { return hiera_lookup_fn(cc->c, cc->scope, cc->call, cc->args, cc->nargs, cc->lambda); }

const char *ev_module_path(CallCtx *cc, const char *module, const char *dir, const char *rest)
{
    return load_module_path(cc->c, module, dir, rest);
}

Value *ev_epp(CallCtx *cc, const char *name, const char *text, size_t len, Value *params)
{
    return epp_render(cc->c, cc->c->top, cc->call, name, text, len, params);
}

Value *ev_new_time(CallCtx *cc, int span, Value **args, size_t n)
{
    return span ? tm_new_timespan(cc->c, cc->call, args, n) : tm_new_timestamp(cc->c, cc->call, args, n);
}

Value *ev_new_string(CallCtx *cc, Value **args, size_t n) { return strconv_new_string(cc->c, cc->call, args, n); }

Value *ev_new_object(CallCtx *cc, const Value *type, Value **args, size_t n)
{
    return obj_is_type(cc->c, type, NULL) ? obj_new(cc->c, cc->call, type, args, n) : NULL;
}

const char *ev_time_cmp(const Value *t, const Value *o, int *r) { return tm_spaceship(t, o, r); }
