/*
 * finish.c - the end of a compile: relationship arrows and the passes
 * res_finish() runs once main and everything it included are evaluated.
 * The idea is Puppet's order of those passes: collectors and pending
 * define bodies in rounds until nothing new appears, then overrides,
 * relationship arrows in source order, reference checks, metaparameters
 * inherited from defines, and the catalog's tags, each appending to the
 * catalog in the order Puppet does.
 */
#include "compiler/resint.h"
#include "compiler/ruby/rbtype.h"
#include "catalog/rubyval.h"
#include "catalog/jsonparse.h"
#include "store/store.h"
#include "types/types.h"
#include "base/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (c->arena)

/* ---- relationships ---- */

/* a -> b -> c parses as ((a -> b) -> c): walk down the left spine without
 * recursion (chains can be very long), then evaluate operands left to right. */
static void chain_flatten(Compiler *c, Scope *s, const Node *n, ValVec *ops, int **arrows, size_t *narrows)
{
    size_t len = 0;
    for (const Node *k = n; k->kind == ND_RELATION; k = k->a) len++;
    const Node **spine = ARENA_NEWN(&c->scratch, const Node *, len + 1);   /* released with the statement */
    size_t i = len;
    const Node *k = n;
    for (; k->kind == ND_RELATION; k = k->a) spine[--i] = k;
    *arrows = ARENA_NEWN(A, int, len + 1);
    val_vec_push(ops, ev_expr(c, s, k));
    for (i = 0; i < len; i++) {
        (*arrows)[(*narrows)++] = spine[i]->op;
        val_vec_push(ops, ev_expr(c, s, spine[i]->b));
    }
}

/* a -> b ~> c: operands are evaluated now (declaring what they declare);
 * the parameters are written at the end, in source order. */
Value *res_relation(Compiler *c, Scope *s, const Node *n)
{
    ValVec ops = VV_ARENA(&c->scratch);     /* the operands are kept in ch, exactly sized */
    int *arrows = NULL;
    size_t narrows = 0;
    chain_flatten(c, s, n, &ops, &arrows, &narrows);
    Chain *ch = ARENA_NEW(A, Chain);
    ch->node = n;
    ch->n = ops.n;
    ch->operands = arena_memdup(A, ops.v, ops.n * sizeof *ops.v);
    ch->arrows = arrows;
    Value *last = ops.v[ops.n - 1];
    val_vec_free(&ops);
    if (c->chains_tail) c->chains_tail->next = ch;
    else c->chains = ch;
    c->chains_tail = ch;
    return last;
}

/* The resources an operand stands for; collectors give their matches. */
static void operand_resources(Compiler *c, const Node *at, Value *v, ValVec *refs)
{
    Collector *k = res_marker_collector(v);
    if (k) {
        for (size_t i = 0; i < k->nmatched; i++) val_vec_push(refs, ev_resref(c, k->matched[i]->type, k->matched[i]->title));
        return;
    }
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) operand_resources(c, at, v->arr.items[i], refs);
        return;
    }
    if (v->kind == V_UNDEF) return;
    if (val_is_resref(v) || v->kind == V_STR) {
        val_vec_push(refs, v);
        return;
    }
    cmp_fail(c, at, "Illegal relationship operand, can not form a relationship with %s. A Catalog type is required.",
             val_type_name(v));
}

static void add_relationship_param(Compiler *c, Resource *src, const char *param, Value *target_ref)
{
    Value *old = cat_res_get(src, param);
    ValVec vv = VV_ARENA(&c->scratch);
    if (old && old->kind != V_UNDEF) {
        if (old->kind == V_ARRAY)
            for (size_t i = 0; i < old->arr.n; i++) val_vec_push(&vv, old->arr.items[i]);
        else
            val_vec_push(&vv, old);
    }
    val_vec_push(&vv, target_ref);
    cat_res_set(c->cat, src, param, val_vec_to_array(A, &vv));
    val_vec_free(&vv);
}

static void apply_chains(Compiler *c)
{
    for (Chain *ch = c->chains; ch; ch = ch->next) {
        ArenaMark m = arena_mark(&c->scratch);
        ValVec *sets = ARENA_NEWN(&c->scratch, ValVec, ch->n);
        for (size_t i = 0; i < ch->n; i++) sets[i].arena = &c->scratch;
        for (size_t i = 0; i < ch->n; i++) operand_resources(c, ch->node, ch->operands[i], &sets[i]);
        for (size_t i = 0; i + 1 < ch->n; i++) {
            size_t li = i;
            while (li > 0 && sets[li].n == 0) li--;       /* empty collectors are bridged */
            ValVec *left = &sets[li], *right = &sets[i + 1];
            int op = ch->arrows[i];
            for (size_t a = 0; a < left->n; a++) {
                Resource *lr = res_find_ref(c, left->v[a]);
                for (size_t b = 0; b < right->n; b++) {
                    Resource *rr = res_find_ref(c, right->v[b]);
                    if (!lr) {
                        const char *lt = res_ref_text(c, left->v[a]);
                        cmp_fail(c, ch->node, "Could not find resource '%s' for relationship on '%s'", lt,
                                 rr ? rr->ref : res_ref_text(c, right->v[b]));
                    }
                    if (!rr)
                        cmp_fail(c, ch->node, "Could not find resource '%s' for relationship from '%s'",
                                 res_ref_text(c, right->v[b]), lr->ref);
                    switch (op) {
                    case TK_IN_EDGE: add_relationship_param(c, lr, "before", right->v[b]); break;
                    case TK_IN_EDGE_SUB: add_relationship_param(c, lr, "notify", right->v[b]); break;
                    case TK_OUT_EDGE: add_relationship_param(c, rr, "before", left->v[a]); break;
                    case TK_OUT_EDGE_SUB: add_relationship_param(c, rr, "notify", left->v[a]); break;
                    }
                }
            }
        }
        for (size_t i = 0; i < ch->n; i++) val_vec_free(&sets[i]);
        arena_release(&c->scratch, m);
    }
}

/* Every relationship metaparameter must name a resource in the catalog. */
static void validate_references(Compiler *c)
{
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (r->is_virtual) continue;
        for (size_t k = 0; k < r->nparams; k++) {
            Param *pp = &r->params[k];
            if (!res_is_relationship_param(pp->name)) continue;
            Value *v = pp->value;
            ArenaMark m = arena_mark(&c->scratch);
            ValVec vv = VV_ARENA(&c->scratch);
            res_flatten_into(&vv, v);
            for (size_t j = 0; j < vv.n; j++) {
                Value *ref = vv.v[j];
                if (ref->kind == V_UNDEF) continue;
                Resource *t = res_find_ref(c, ref);
                if (!t || t->is_virtual) {
                    const Node *at = pp->origin ? pp->origin : r->decl;
                    const char *text = res_ref_text(c, ref);
                    if (ref->kind == V_STR && !strchr(ref->str.s, '[')) {
                        val_vec_free(&vv);
                        cmp_fail(c, at, "No title provided and \"%s\" is not a valid resource reference", ref->str.s);
                    }
                    val_vec_free(&vv);
                    cmp_fail(c, at, "Could not find resource '%s' in parameter '%s'", text, pp->name);
                }
            }
            val_vec_free(&vv);
            arena_release(&c->scratch, m);
        }
    }
}

/* ---- finish ---- */

/* The catalog's tags: every class name (and its segments), the tags of
 * class resources, then "node" and "class" in the order the first node
 * and the first class (not main or settings) come in the catalog. */
static void catalog_tags(Compiler *c)
{
    int any_class = 0, any_node = 0, class_first = 0;
    for (size_t i = 1; i < c->cat->nclasses; i++) res_tag_with_segments(c, c->cat->classes[i]);
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (strcmp(r->type, "Node") == 0) any_node = 1;
        if (strcmp(r->type, "Class") == 0 && r != c->class_main && strcmp(r->title, "Settings") != 0) {
            if (!any_class && !any_node) class_first = 1;
            any_class = 1;
            Value *t = cat_res_get(r, "tag");
            if (t) {
                ValVec vv = VV_ARENA(c->arena);
                res_flatten_into(&vv, t);
                for (size_t j = 0; j < vv.n; j++) {
                    const char *tt = res_tag_text(c, vv.v[j]);
                    if (tt) res_tag_with_segments(c, tt);
                }
                val_vec_free(&vv);
            }
        }
    }
    if (class_first) cat_add_tag(c->cat, "class");
    if (any_node) cat_add_tag(c->cat, "node");
    if (any_class) cat_add_tag(c->cat, "class");
}

/* use => Type[title]: copy the target's parameters this resource does not
 * set, except its namevar, relationships, requisites and order (our rule,
 * after Salt's use; see docs/salt.md §1).  use_in => X makes X use this. */
static void resolve_use_one(Compiler *c, Resource *r, Resource *from)
{
    const TypeDef *td = load_find_type(c, from->type, strlen(from->type));
    for (size_t i = 0; i < from->nparams; i++) {
        const char *n = from->params[i].name;
        if (res_is_relationship_param(n) || !strcmp(n, "order") || !strcmp(n, "name") || !strcmp(n, "alias") ||
            (td && !strcmp(n, td->namevar)) || cat_res_get(r, n))
            continue;
        res_set_param(c, r, n, from->params[i].value);
    }
}

static void resolve_use(Compiler *c)
{
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (r->is_virtual) continue;
        for (size_t k = 0; k < r->nparams; k++) {
            Param *p = &r->params[k];
            if (p->name[0] != 'u' || p->value->kind == V_UNDEF) continue;
            int in = strcmp(p->name, "use_in") == 0;
            if (!in && strcmp(p->name, "use") != 0) continue;
            ValVec vv = VV_ARENA(c->arena);
            res_flatten_into(&vv, p->value);
            for (size_t j = 0; j < vv.n; j++) {
                Resource *t = res_find_ref(c, vv.v[j]);
                if (!t) {
                    const char *text = res_ref_text(c, vv.v[j]);
                    val_vec_free(&vv);
                    const void *origin = r->params[k].origin;
                    cmp_fail(c, origin ? origin : r->decl, "Could not find resource '%s' in parameter '%s'",
                             text, in ? "use_in" : "use");
                }
                if (in) resolve_use_one(c, t, r);
                else resolve_use_one(c, r, t);
            }
            val_vec_free(&vv);
            /* (resolve_use_one may have grown r's parameters: p is stale) */
            r->params[k].value = VAL_UNDEF;
        }
    }
}

/* Resources inside a define instance take its noop, loglevel, schedule and
 * audit unless they set their own (classes do not pass these on). */
static void inherit_define_metaparams(Compiler *c, Resource *r)
{
    static const char *const inherited[] = {"noop", "loglevel", "schedule", "audit"};
    if (!r->container || strcmp(r->container->kind, "defined_type") != 0) return;
    for (size_t i = 0; i < ARRAY_LEN(inherited); i++) {
        if (cat_res_get(r, inherited[i])) continue;
        for (Resource *d = r->container; d && strcmp(d->kind, "defined_type") == 0; d = d->container) {
            Value *v = cat_res_get(d, inherited[i]);
            if (v) {
                cat_res_set(c->cat, r, inherited[i], v);
                break;
            }
        }
    }
}

/* A Ruby type's parameters as Puppet's Resource#to_hash gives them: `name`
 * is the namevar's other name (Resource#parameter_name), and the
 * attributes the title patterns derived come first, a parameter the
 * manifest set (and did not leave undef) winning over the title's. */
static void ruby_type_params(Compiler *c, Resource *r)
{
    if (strcmp(r->kind, "compilable_type") != 0) return;
    const TypeDef *td = load_find_type(c, r->type, strlen(r->type));
    if (!rby_type_is_ruby(td)) return;
    Param *nm = cat_res_param(r, "name");
    if (nm && strcmp(td->namevar, "name") != 0) {
        Param *nv = cat_res_param(r, td->namevar);
        if (!nv) {
            nm->name = td->namevar;
        } else {
            /* both set: the one set last wins, as both assign the namevar */
            if (nm > nv) nv->value = nm->value;
            nm->value = VAL_UNDEF;
        }
    }
    Value *t = r->aux;
    if (!t || t->kind != V_HASH || !t->hash.n) return;
    size_t n = t->hash.n + r->nparams;
    Param *ps = ARENA_NEWN(A, Param, n);
    size_t k = 0;
    for (size_t i = 0; i < t->hash.n; i++) {
        if (t->hash.keys[i]->kind != V_STR) continue;
        const char *name = t->hash.keys[i]->str.s;
        Param *given = NULL;
        for (size_t j = 0; j < r->nparams; j++)
            if (r->params[j].value->kind != V_UNDEF && !strcmp(r->params[j].name, name)) given = &r->params[j];
        ps[k++] = given ? *given : (Param){.name = name, .value = t->hash.vals[i]};
    }
    for (size_t j = 0; j < r->nparams; j++) {
        size_t i;
        for (i = 0; i < k; i++)
            if (!strcmp(ps[i].name, r->params[j].name)) break;
        if (i == k) ps[k++] = r->params[j];
    }
    r->params = ps;
    r->nparams = r->paramcap = k;
}

/* Drops a built-in type's namevar when it repeats the title. */
static void drop_namevar(Compiler *c, Resource *r)
{
    if (strcmp(r->kind, "compilable_type") != 0 || strcmp(r->type, "Stage") == 0) return;
    const TypeDef *td = load_find_type(c, r->type, strlen(r->type));
    if (!td) return;
    Param *p = cat_res_param(r, td->namevar);
    if (p && p->value->kind == V_STR && strcmp(p->value->str.s, r->title) == 0 && !r->title_not_string) p->value = VAL_UNDEF;
}

/* Resource#add_scope_tags at the end: every resource but a class gets the
 * tags its container has by then, so tag() reaches what the class declared
 * before the call.  Catalog order puts a container before its contents. */
static void add_container_tags(Compiler *c)
{
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i], *k = r->container;
        if (!k || strcmp(r->type, "Class") == 0 || strcmp(k->type, "Stage") == 0) continue;
        for (size_t j = 0; j < k->ntags; j++) cat_res_tag(c->cat, r, k->tags[j]);
    }
}

/* Resource#validate when Puppet finishes a resource of a built-in type:
 * a parameter that came from a resource default or an override must be
 * one the type has too (a declaration's own are checked when made). */
static void validate_builtin_params(Compiler *c)
{
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (r->is_virtual || strcmp(r->kind, "compilable_type") != 0 || !strcmp(r->type, "Stage")) continue;
        const char *t = res_lower_shared(c, r->type);
        const TypeDef *td = load_find_type(c, t, strlen(t));
        if (!td) continue;
        for (size_t j = 0; j < r->nparams; j++) {
            const char *name = r->params[j].name;
            size_t nl = strlen(name);
            if (!type_is_metaparam(name, nl) && !type_param(td, name, nl))
                cmp_fail(c, r->decl, "no parameter named '%s'", name);
        }
    }
}

void res_finish(Compiler *c)
{
    for (;;) {
        size_t n = res_run_collectors(c);
        n += res_run_defines(c);
        if (!n) break;
    }
    res_apply_overrides(c);
    validate_builtin_params(c);
    for (size_t i = 0; i < c->cat->nres; i++) inherit_define_metaparams(c, c->cat->res[i]);
    apply_chains(c);
    res_validate_unrealized_defines(c);
    resolve_use(c);
    validate_references(c);
    for (size_t i = 0; i < c->cat->nres; i++) {
        ruby_type_params(c, c->cat->res[i]);
        drop_namevar(c, c->cat->res[i]);
    }
    add_container_tags(c);
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        for (size_t j = 0; j < r->nparams; j++) r->params[j].name = res_param_key(c, r->params[j].name);
    }
    catalog_tags(c);
}
