/*
 * collect.c - collectors: "Type <| query |>" and, with a store of exported
 * resources, "Type <<| query |>>", and realize().  The idea is Puppet's
 * rounds: a collector is recorded where it is evaluated and matched again
 * after every round of pending define bodies, so it also finds what later
 * code declares; each match is realized once and gets the collector's
 * overrides once.  Exported collectors read other nodes' resources from
 * the store the first time they run.
 */
#include "compiler/resint.h"
#include "compiler/ruby/rbtype.h"
#include "catalog/rubyval.h"
#include "catalog/jsonparse.h"
#include "store/store.h"
#include "store/puppetdb.h"
#include "catalog/json.h"
#include "types/types.h"
#include "base/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (c->arena)

static const char COLLECTOR_MARK[] = "<collector>";

/* ---- collectors ---- */

static Value *collector_marker(Compiler *c, Collector *k)
{
    Value *v = val_type(A, COLLECTOR_MARK, NULL, 0);
    v->type.params = (Value **)(void *)k;           /* the marker carries its collector */
    return v;
}

Collector *res_marker_collector(const Value *v)
{
    if (v->kind == V_TYPE && v->type.name == COLLECTOR_MARK) return (Collector *)(void *)v->type.params;
    return NULL;
}

Value *res_collect(Compiler *c, Scope *s, const Node *n)
{
    if (n->a->kind != ND_TYPEREF) cmp_fail(c, n->a, "A collector needs a resource type");
    const char *type = ev_type_name(c, n->a->text);
    if (strcmp(type, "Class") == 0) cmp_fail(c, n, "Classes cannot be collected");
    if (!load_find_type_at(c, n, type, strlen(type)) && !load_define(c, res_lower(c, type)))
        cmp_fail(c, n->a, "Resource type not found: %s", type);
    if (n->op == TK_LLCOLLECT && !c->store)
        cmp_warn(c, n, "You cannot collect exported resources without storeconfigs being set; the collection will be ignored");
    Collector *k = ARENA_NEW(A, Collector);
    k->type = type;
    k->node = n;
    k->scope = s;
    map_init(&k->seen);
    map_init(&k->wanted);
    map_init(&k->remote);
    k->exported = n->op == TK_LLCOLLECT;
    if (n->op != TK_LLCOLLECT || c->store) {
        if (c->collectors_tail) c->collectors_tail->next = k;
        else c->collectors = k;
        c->collectors_tail = k;
    }
    return collector_marker(c, k);
}

static int query_value_eq(Value *attr, Value *want)
{
    if (attr->kind == V_ARRAY) {
        for (size_t i = 0; i < attr->arr.n; i++)
            if (val_equal(attr->arr.items[i], want)) return 1;
        return 0;
    }
    return val_equal(attr, want);
}

/* Parser::Resource#raw_tagged?: r's tags, or those of the resource whose
 * scope declared r, and so on up (so a tag() call reaches what its class
 * declared before it, and what the classes it included declare). */
int res_tagged_in_scope(Resource *r, const char *tag)
{
    for (size_t depth = 0; r && depth < 10000; depth++) {
        if (cat_res_tagged(r, tag)) return 1;
        Scope *s = r->scope;
        Resource *up = s ? s->resource : NULL;
        if (up == r) break;
        r = up;
    }
    return 0;
}

/* The value the query term q (attr == value) compares with: its right side,
 * evaluated once per collector in the collector's scope. */
static Value *query_want(Compiler *c, Collector *k, const Node *q)
{
    Value *want = map_get(&k->wanted, (const char *)&q, sizeof q);
    if (!want) {
        want = ev_expr(c, k->scope, q->b);
        const Node **key = ARENA_NEW(A, const Node *);
        *key = q;
        map_put(&k->wanted, (const char *)key, sizeof q, want);
    }
    return want;
}

static int query_match(Compiler *c, Collector *k, const Node *q, Resource *r)
{
    if (!q) return 1;
    switch (q->kind) {
    case ND_PAREN: return query_match(c, k, q->a, r);
    case ND_AND: return query_match(c, k, q->a, r) && query_match(c, k, q->b, r);
    case ND_OR: return query_match(c, k, q->a, r) || query_match(c, k, q->b, r);
    case ND_BINOP:
        if (q->op == TK_ISEQUAL || q->op == TK_NOTEQUAL) {
            if (q->a->kind != ND_NAME && q->a->kind != ND_STR)
                cmp_fail(c, q->a, "A collector query needs an attribute name on the left of %s", q->op == TK_ISEQUAL ? "==" : "!=");
            Value *want = query_want(c, k, q);
            const char *attr = q->a->text;
            int eq;
            if (strcmp(attr, "tag") == 0) {
                eq = 0;
                ArenaMark m = arena_mark(&c->scratch);
                ValVec w = VV_ARENA(&c->scratch);
                res_flatten_into(&w, want);
                for (size_t i = 0; i < w.n && !eq; i++) {
                    if (w.v[i]->kind != V_STR) continue;
                    char *t = arena_strdup(&c->scratch, w.v[i]->str.s);
                    for (char *p = t; *p; p++) *p = (char)tolower((unsigned char)*p);
                    eq = res_tagged_in_scope(r, t);
                }
                arena_release(&c->scratch, m);
            } else if (strcmp(attr, "title") == 0) {
                Value t = {.kind = V_STR};
                t.str.s = r->title;
                t.str.len = strlen(r->title);
                eq = query_value_eq(&t, want);
            } else {
                Value *v = cat_res_get(r, attr);
                eq = v ? query_value_eq(v, want) : 0;
            }
            return q->op == TK_ISEQUAL ? eq : !eq;
        }
        break;
    default:
        break;
    }
    cmp_fail(c, q, "Unsupported expression in a collector query");
}

static void collector_add_match(Collector *k, Resource *r)
{
    if (k->nmatched == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 16;
        k->matched = xrealloc(k->matched, k->cap * sizeof *k->matched);
    }
    k->matched[k->nmatched++] = r;
}

/* ---- exported collectors: other nodes' resources from the store ---- */

typedef struct Fetched { const char **json, **certname; size_t n, cap; Arena *a; } Fetched;

static int fetched_add(void *ctx, const StoreRes *sr)
{
    Fetched *f = ctx;
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 16;
        f->json = xrealloc(f->json, f->cap * sizeof *f->json);
        f->certname = xrealloc(f->certname, f->cap * sizeof *f->certname);
    }
    f->json[f->n] = arena_strdup(f->a, sr->json);
    f->certname[f->n++] = arena_strdup(f->a, sr->certname);
    return 0;
}

/* A stored resource object as a Resource outside the catalog (for the
 * query), or NULL when the store holds something else. */
static Resource *stored_resource(Compiler *c, const char *json)
{
    Buf err = BUF_INIT;
    Value *o = json_parse(A, json, strlen(json), &err);
    buf_free(&err);
    if (!o || o->kind != V_HASH) return NULL;
    Value *ty = val_hash_gets(o, "type"), *ti = val_hash_gets(o, "title");
    if (!ty || ty->kind != V_STR || !ti || ti->kind != V_STR) return NULL;
    Resource *r = ARENA_NEW(A, Resource);
    r->type = ty->str.s;
    r->title = ti->str.s;
    Value *v = val_hash_gets(o, "tags");
    if (v && v->kind == V_ARRAY)
        for (size_t i = 0; i < v->arr.n; i++)
            if (v->arr.items[i]->kind == V_STR) cat_res_tag(c->cat, r, v->arr.items[i]->str.s);
    if ((v = val_hash_gets(o, "file")) && v->kind == V_STR) r->file = v->str.s;
    if ((v = val_hash_gets(o, "line")) && v->kind == V_INT) r->line = (int)v->i;
    r->kind = (v = val_hash_gets(o, "kind")) && v->kind == V_STR ? v->str.s : "compilable_type";
    if ((v = val_hash_gets(o, "parameters")) && v->kind == V_HASH)
        for (size_t i = 0; i < v->hash.n; i++)
            if (v->hash.keys[i]->kind == V_STR) cat_res_set(c->cat, r, v->hash.keys[i]->str.s, v->hash.vals[i]);
    /* Sensitive parameters are Sensitive again (and stay redacted) */
    if ((v = val_hash_gets(o, "sensitive_parameters")) && v->kind == V_ARRAY)
        for (size_t i = 0; i < v->arr.n; i++) {
            Param *p = v->arr.items[i]->kind == V_STR ? cat_res_param(r, v->arr.items[i]->str.s) : NULL;
            if (p && p->value->kind != V_SENSITIVE) p->value = val_sensitive(A, p->value);
        }
    return r;
}

/* The collector's query in PuppetDB's AST, as the PuppetDB resource
 * terminus builds it: == and != (as "not") on tag (lowercased), title, or
 * a parameter; and, or; parentheses are just grouping. */
static void pdb_filter(Compiler *c, Collector *k, const Node *q, Buf *b)
{
    switch (q->kind) {
    case ND_PAREN: pdb_filter(c, k, q->a, b); return;
    case ND_AND: case ND_OR:
        buf_adds(b, q->kind == ND_AND ? "[\"and\"," : "[\"or\",");
        pdb_filter(c, k, q->a, b);
        buf_addc(b, ',');
        pdb_filter(c, k, q->b, b);
        buf_addc(b, ']');
        return;
    case ND_BINOP:
        if ((q->op == TK_ISEQUAL || q->op == TK_NOTEQUAL) && (q->a->kind == ND_NAME || q->a->kind == ND_STR)) {
            Value *want = query_want(c, k, q);
            const char *attr = q->a->text;
            if (q->op == TK_NOTEQUAL) buf_adds(b, "[\"not\",");
            buf_adds(b, "[\"=\",");
            if (!strcmp(attr, "tag") || !strcmp(attr, "title")) {
                cat_json_str(b, attr, strlen(attr));
            } else {
                buf_adds(b, "[\"parameter\",");
                cat_json_str(b, attr, strlen(attr));
                buf_addc(b, ']');
            }
            buf_addc(b, ',');
            if (!strcmp(attr, "tag") && want->kind == V_STR) {
                char *t = arena_strdup(A, want->str.s);
                for (char *p = t; *p; p++) *p = (char)tolower((unsigned char)*p);
                cat_json_str(b, t, strlen(t));
            } else {
                pdb_value_json(b, want);
            }
            buf_adds(b, q->op == TK_NOTEQUAL ? "]]" : "]");
            return;
        }
        break;
    default:
        break;
    }
    cmp_fail(c, q, "Unsupported expression in a collector query");
}

/* ExportedCollector#collect's search: the resources of k's type other
 * nodes exported that match its query join the catalog, realised and no
 * longer exported, contained in the collector's scope, with their own
 * tags, parameters, file and line; a title already declared here is an
 * error. */
static void fetch_exports(Compiler *c, Collector *k)
{
    k->fetched = 1;
    Fetched f = {.a = A};
    char *err = NULL;
    const char *filter = NULL;
    if (store_is_puppetdb(c->store) && k->node->b) {
        Buf fb = BUF_INIT;
        pdb_filter(c, k, k->node->b, &fb);
        filter = arena_strdup(A, buf_cstr(&fb));
        buf_free(&fb);
    }
    if (store_query(c->store, k->type, c->certname, filter, fetched_add, &f, &err) != 0) {
        const char *msg = arena_strdup(A, err);
        free(err);
        free(f.json);
        free(f.certname);
        cmp_fail(c, k->node, "%s", msg);
    }
    const char **json = arena_memdup(A, f.json, f.n * sizeof *f.json);
    const char **node = arena_memdup(A, f.certname, f.n * sizeof *f.certname);
    size_t n = f.n;
    free(f.json);
    free(f.certname);
    for (size_t i = 0; i < n; i++) {
        Resource *t = stored_resource(c, json[i]);
        if (!t || !query_match(c, k, k->node->b, t)) continue;
        Resource *old = cat_find(c->cat, t->type, t->title);
        const char *from = old ? map_get(&c->rs->from_store, old->key, strlen(old->key)) : NULL;
        if (from && strcmp(from, node[i]) == 0) continue;    /* another collector's: the same one */
        if (old)
            cmp_fail(c, k->node, "A duplicate resource was found while collecting exported resources, with the type and title %s[%s]",
                     t->type, t->title);
        /* PuppetDB does not say what kind a type is: a define if there is one */
        int maybe_def = !strcmp(t->kind, "defined_type") || !strcmp(t->kind, "unknown");
        const Node *def = maybe_def ? load_define(c, res_lower_shared(c, t->type)) : NULL;
        if (!def && !strcmp(t->kind, "unknown")) t->kind = "compilable_type";
        Resource *r = res_new_resource(c, k->scope, NULL, t->type, t->title, 1, def ? "defined_type" : t->kind);
        r->decl = (void *)k->node;
        r->file = t->file;
        r->line = t->line;
        cat_res_reserve_tags(c->cat, r, t->ntags);
        for (size_t j = 0; j < t->ntags; j++) cat_res_tag(c->cat, r, t->tags[j]);
        cat_res_reserve_params(c->cat, r, t->nparams);
        for (size_t j = 0; j < t->nparams; j++) {
            cat_res_set(c->cat, r, t->params[j].name, t->params[j].value);
            res_note_sensitive(c, r, t->params[j].name, t->params[j].value);
        }
        Resource *container = res_container_of(c, k->scope);
        r->container = container;
        cat_add_edge(c->cat, container, r);
        if (def) {
            r->aux = (void *)def;
            res_add_define_pending(c, r);
        }
        map_put(&k->remote, r->key, strlen(r->key), (void *)1);
        map_put(&c->rs->from_store, r->key, strlen(r->key), (void *)node[i]);
    }
}

/* One pass of every collector; returns how many resources were newly
 * realised. */
size_t res_run_collectors(Compiler *c)
{
    size_t realised = 0;
    for (Collector *k = c->collectors; k; k = k->next) {
        if (k->exported && !k->fetched) fetch_exports(c, k);
        const char *t = res_lower(c, k->type);
        ResList *l = map_get(&c->rs->by_type, t, strlen(t));
        if (!l) continue;
        for (size_t i = 0; i < l->n; i++) {
            Resource *r = l->v[i];
            if (map_get(&k->seen, r->key, strlen(r->key))) continue;
            if (k->exported && !r->exported && !map_get(&k->remote, r->key, strlen(r->key))) continue;
            if (!query_match(c, k, k->node->b, r)) continue;
            map_put(&k->seen, r->key, strlen(r->key), (void *)1);
            collector_add_match(k, r);
            if (r->is_virtual) {
                r->is_virtual = 0;
                realised++;
            }
            if (k->node->kids) {
                ArenaMark m = arena_mark(&c->scratch);
                AttrList attrs = {.arena = &c->scratch};
                res_eval_attrs(c, k->scope, k->node->kids, &attrs, NULL);
                Override o = {0};
                o.n = attrs.n;
                o.names = attrs.names;
                o.vals = attrs.vals;
                o.ops = attrs.ops;
                res_override_one(c, r, &o);
                res_attrs_free(&attrs);
                arena_release(&c->scratch, m);
            }
        }
    }
    return realised;
}

void res_realize(Compiler *c, const Node *at, Value *refs)
{
    ValVec vv = VV_ARENA(&c->scratch);
    res_flatten_into(&vv, refs);
    for (size_t i = 0; i < vv.n; i++) {
        Resource *r = res_find_ref(c, vv.v[i]);
        if (!r) {
            const char *t = res_ref_text(c, vv.v[i]);
            val_vec_free(&vv);
            cmp_fail(c, at, "Failed to realize virtual resources %s", t);
        }
        r->is_virtual = 0;
    }
    val_vec_free(&vv);
}
