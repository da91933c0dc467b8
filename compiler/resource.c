/*
 * resource.c - declaring: resources, classes, defines, defaults,
 * overrides and nodes (collectors are collect.c, the passes that end a
 * compile finish.c; resint.h is what the three share).
 *
 * The idea that makes Puppet's behaviour reproducible is to keep Puppet's
 * evaluation phases: statements run in order and declare resources at once
 * (classes are evaluated where they are included, define bodies later);
 * then collectors and pending define bodies run in rounds until nothing new
 * appears; then overrides, defaults, relationship arrows (in source order)
 * and reference checks.  Each phase appends to the catalog in the order
 * Puppet does, so resources and edges come out in Puppet's order.
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


static void apply_defaults(Compiler *c, Resource *r);

int res_is_data_type(const char *name) { return val_is_data_type_name(name); }

const char *res_lower(Compiler *c, const char *s)
{
    if (s[0] == ':' && s[1] == ':') s += 2;
    char *r = arena_strdup(A, s);
    for (char *p = r; *p; p++) *p = (char)tolower((unsigned char)*p);
    return r;
}

/* res_lower() of s[0..n) for the texts every resource repeats (type names,
 * tags): one copy each, kept in a map, instead of one per resource. */
static const char *lower_shared_n(Compiler *c, const char *s, size_t n)
{
    if (n >= 2 && s[0] == ':' && s[1] == ':') s += 2, n -= 2;
    Map *m = &c->rs->lowered;
    const char *r = map_get(m, s, n);
    if (r) return r;
    char *l = arena_strndup(A, s, n);
    int same = 1;
    for (char *p = l; *p; p++) {
        char lc = (char)tolower((unsigned char)*p);
        same &= lc == *p;
        *p = lc;
    }
    map_put(m, same ? l : arena_strndup(A, s, n), n, l);
    return l;
}

const char *res_lower_shared(Compiler *c, const char *s) { return lower_shared_n(c, s, strlen(s)); }

/* Adds tag t (and, for "a::b", its segments) to r; with shared, t is one
 * of the texts many resources have (see lower_shared). */
static void tag_with_segments(Compiler *c, Resource *r, const char *t, int shared)
{
    t = shared ? res_lower_shared(c, t) : res_lower(c, t);
    cat_res_tag(c->cat, r, t);
    if (strstr(t, "::")) {
        const char *p = t;
        for (;;) {
            const char *e = strstr(p, "::");
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (n) cat_res_tag(c->cat, r, shared ? lower_shared_n(c, p, n) : arena_strndup(A, p, n));
            if (!e) break;
            p = e + 2;
        }
    }
}

void res_tag_with_segments(Compiler *c, const char *t)
{
    t = res_lower(c, t);
    cat_add_tag(c->cat, t);
    if (strstr(t, "::")) {
        const char *p = t;
        for (;;) {
            const char *e = strstr(p, "::");
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (n) cat_add_tag(c->cat, arena_strndup(A, p, n));
            if (!e) break;
            p = e + 2;
        }
    }
}

static void index_type(Compiler *c, Resource *r)
{
    ResState *rs = c->rs;
    const char *t = res_lower_shared(c, r->type);
    ResList *l = map_get(&rs->by_type, t, strlen(t));
    if (!l) {
        l = ARENA_NEW(A, ResList);
        map_put(&rs->by_type, t, strlen(t), l);
    }
    if (l->n == l->cap) {   /* malloc'd (freed by res_cleanup): the arena would keep every outgrown array */
        l->cap = l->cap ? l->cap * 2 : 16;
        l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = r;
}

void res_init(Compiler *c)
{
    c->rs = ARENA_NEW(A, ResState);
    map_init(&c->rs->by_type);
    map_init(&c->rs->lowered);
    map_init(&c->rs->from_store);
    Catalog *cat = c->cat;
    Resource *stage = cat_add(cat, "Stage", "main");
    cat_res_tag(cat, stage, "stage");
    cat_res_set(cat, stage, "name", val_cstr(A, "main"));
    index_type(c, stage);
    Resource *settings = cat_add(cat, "Class", "Settings");
    settings->kind = "unknown";
    cat_res_tag(cat, settings, "class");
    cat_res_tag(cat, settings, "settings");
    index_type(c, settings);
    Resource *main = cat_add(cat, "Class", "main");
    main->kind = "unknown";
    cat_res_tag(cat, main, "class");
    cat_res_set(cat, main, "name", val_cstr(A, "main"));
    index_type(c, main);
    cat_add_edge(cat, stage, settings);
    cat_add_edge(cat, stage, main);
    cat_add_class(cat, "settings");
    cat_add_tag(cat, "settings");
    c->stage_main = stage;
    c->class_main = main;
    ty_type_printing(c, 1);
}

void res_cleanup(Compiler *c)
{
    if (!c->rs) return;
    ty_type_printing(c, 0);
    free(c->rs->defines);
    for (size_t i = 0; i < c->rs->by_type.count; i++) free(((ResList *)c->rs->by_type.entries[i].value)->v);
    map_free(&c->rs->by_type);
    map_free(&c->rs->lowered);
    map_free(&c->rs->from_store);
    for (Collector *k = c->collectors; k; k = k->next) {
        map_free(&k->seen);
        map_free(&k->remote);
        map_free(&k->wanted);
        free(k->matched);
    }
}

/* ---- references ---- */

static int parse_ref_string(Compiler *c, const char *s, const char **type, const char **title)
{
    const char *lb = strchr(s, '[');
    size_t n = strlen(s);
    if (!lb || lb == s || n < 3 || s[n - 1] != ']') return 0;
    *type = arena_strndup(A, s, (size_t)(lb - s));
    *title = arena_strndup(A, lb + 1, n - (size_t)(lb - s) - 2);
    if ((*title)[0] == '\'' || (*title)[0] == '"') {
        size_t tl = strlen(*title);
        if (tl >= 2) *title = arena_strndup(A, *title + 1, tl - 2);
    }
    return 1;
}

Resource *res_find_ref(Compiler *c, const Value *ref)
{
    if (val_is_resref(ref)) return cat_find(c->cat, ref->type.name, ref->type.params[0]->str.s);
    if (ref->kind == V_STR) {
        const char *type, *title;
        if (parse_ref_string(c, ref->str.s, &type, &title)) return cat_find(c->cat, type, title);
    }
    return NULL;
}

const char *res_ref_text(Compiler *c, const Value *ref)
{
    if (val_is_resref(ref)) {
        const char *type = ref->type.name, *title = ref->type.params[0]->str.s;
        if (strcmp(type, "Class") == 0 && strcmp(title, "main") != 0) title = cat_capitalize_type(A, title);
        return arena_printf(A, "%s[%s]", type, title);
    }
    return val_to_cstr(A, ref);
}

/* ---- attributes ---- */

#define GROW(a, p, n, cap)                                  \
    do {                                                    \
        void *np_ = arena_alloc((a), (cap) * sizeof *(p));  \
        if (n) memcpy(np_, (p), (n) * sizeof *(p));         \
        (p) = np_;                                          \
    } while (0)

static void attrs_add(AttrList *l, const char *name, Value *v, int op, const Node *at)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4;
        GROW(l->arena, l->names, l->n, l->cap);
        GROW(l->arena, l->vals, l->n, l->cap);
        GROW(l->arena, l->ops, l->n, l->cap);
        GROW(l->arena, l->at, l->n, l->cap);
    }
    l->names[l->n] = name;
    l->vals[l->n] = v;
    l->ops[l->n] = op;
    l->at[l->n] = at;
    l->n++;
}

void res_attrs_free(AttrList *l)
{
    Arena *a = l->arena;
    memset(l, 0, sizeof *l);
    l->arena = a;
}

void res_eval_attrs(Compiler *c, Scope *s, const Node *first, AttrList *out, const Node *body)
{
    for (const Node *a = first; a; a = a->next) {
        Value *v = ev_expr(c, s, a->a);
        if (a->text[0] == '*' && a->text[1] == '\0') {
            if (v->kind == V_UNDEF) continue;
            if (v->kind != V_HASH) cmp_fail(c, a, "Expected value of type Hash, got %s", val_type_name(v));
            for (size_t i = 0; i < v->hash.n; i++) {
                if (v->hash.keys[i]->kind != V_STR) cmp_fail(c, a, "'* =>' expects a Hash with String keys");
                attrs_add(out, v->hash.keys[i]->str.s, v->hash.vals[i], TK_FARROW, a);
            }
            continue;
        }
        for (size_t i = 0; i < out->n; i++)
            if (strcmp(out->names[i], a->text) == 0)
                cmp_fail(c, body ? body : a, "The attribute '%s' has already been set", a->text);
        attrs_add(out, a->text, v, a->op, a);
    }
}

int res_is_relationship_param(const char *name)
{
    /* cheap filter first: every one starts with one of these letters */
    if (!strchr("bnorsuwp", name[0])) return 0;
    static const char *const rel[] = {
        "before", "require", "notify", "subscribe", "onchanges", "onchanges_any", "onfail",
        "onfail_all", "prereq", "use", "require_in", "watch_in", "onchanges_in", "onfail_in",
        "prereq_in", "use_in",
    };
    for (size_t i = 0; i < ARRAY_LEN(rel); i++)
        if (strcmp(name, rel[i]) == 0) return 1;
    return 0;
}

void res_flatten_into(ValVec *vv, Value *v)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) res_flatten_into(vv, v->arr.items[i]);
    } else {
        val_vec_push(vv, v);
    }
}

const char *res_tag_text(Compiler *c, const Value *v)
{
    switch (v->kind) {
    case V_STR: return v->str.s;
    case V_DEFAULT: return "default";
    case V_BOOL: return v->b ? "true" : "false";
    case V_INT: return arena_printf(A, "%lld", (long long)v->i);
    case V_FLOAT: {
        Buf b = BUF_INIT;
        rv_float_to_s(&b, v->f);
        const char *t = arena_strndup(A, buf_cstr(&b), b.len);
        buf_free(&b);
        return t;
    }
    default: return NULL;
    }
}

/* Puppet's Tagging#tag: a tag is the value's text downcased, and one that
 * is not a valid tag ("a b", "-x", "") fails the compile at r. */
static const char *checked_tag(Compiler *c, const Resource *r, const Value *v)
{
    const char *t = res_tag_text(c, v);
    if (t && !cat_valid_tag(res_lower(c, t))) cmp_fail(c, r->decl, "Invalid tag '%s'", res_lower(c, t));
    return t;
}

/* Relationship metaparameters keep their shape, flattened. */
static Value *rel_value(Compiler *c, Value *v)
{
    if (v->kind != V_ARRAY) return v;
    ValVec vv = VV_ARENA(&c->scratch);
    res_flatten_into(&vv, v);
    Value *r = val_vec_to_array(A, &vv);
    val_vec_free(&vv);
    return r;
}

/* "+>" appends to an array (a scalar becomes an array first). */
static Value *append_value(Compiler *c, Value *old, Value *add)
{
    ValVec vv = VV_ARENA(&c->scratch);
    if (old && old->kind != V_UNDEF) res_flatten_into(&vv, old);
    res_flatten_into(&vv, add);
    Value *r = val_vec_to_array(A, &vv);
    val_vec_free(&vv);
    return r;
}

void res_note_sensitive(Compiler *c, Resource *r, const char *name, Value *v)
{
    if (v->kind != V_SENSITIVE) return;
    for (size_t i = 0; i < r->nsensitive; i++)
        if (strcmp(r->sensitive[i], name) == 0) return;
    const char **ns = ARENA_NEWN(A, const char *, r->nsensitive + 1);
    if (r->nsensitive) memcpy(ns, r->sensitive, r->nsensitive * sizeof *ns);
    ns[r->nsensitive++] = name;
    r->sensitive = ns;
}

/* A parameter's name in the catalog: names are matched as written while
 * compiling, and Puppet::Resource downcases them on the way out (class
 * c($barBaz) is printed barbaz; its "sensitive" list keeps the name). */
const char *res_param_key(Compiler *c, const char *name)
{
    const char *p = name;
    while (*p && !isupper((unsigned char)*p)) p++;
    if (!*p) return name;
    char *l = arena_strdup(A, name);
    for (char *q = l; *q; q++) *q = (char)tolower((unsigned char)*q);
    return l;
}

static void set_param_at(Compiler *c, Resource *r, const char *name, Value *v, const Node *at)
{
    if (res_is_relationship_param(name)) v = rel_value(c, v);
    if (at) ev_check_weight_at(c, at, v);
    cat_res_set(c->cat, r, name, v);
    if (at) cat_res_param(r, name)->origin = at;
    res_note_sensitive(c, r, name, v);
    if (strcmp(name, "alias") == 0) {
        ValVec vv = VV_ARENA(&c->scratch);
        res_flatten_into(&vv, v);
        for (size_t i = 0; i < vv.n; i++) {
            if (vv.v[i]->kind != V_STR) continue;
            const char *key = cat_ref_key(A, r->type, vv.v[i]->str.s);
            Resource *other = map_get(&c->cat->by_key, key, strlen(key));
            if (!other) map_put(&c->cat->by_key, key, strlen(key), r);
            else if (other != r) {      /* Catalog#alias */
                Buf msg = BUF_INIT;
                buf_printf(&msg, "Cannot alias %s to ", r->ref);
                rv_inspect(&msg, vv.v[i], RV_FN3);
                if (r->file) buf_printf(&msg, " at (file: %s, line: %d)", r->file, r->line);
                buf_printf(&msg, "; resource [\"%s\", ", r->type);
                rv_inspect(&msg, vv.v[i], RV_FN3);
                buf_adds(&msg, "] already declared");
                if (other->file) buf_printf(&msg, " (file: %s, line: %d)", other->file, other->line);
                const char *text = arena_strdup(A, buf_cstr(&msg));
                buf_free(&msg);
                cmp_fail(c, r->decl ? r->decl : at, "%s", text);
            }
        }
        val_vec_free(&vv);
    }
}

void res_set_param(Compiler *c, Resource *r, const char *name, Value *v) { set_param_at(c, r, name, v, NULL); }

/* A declared or overriding value as the resource gets it: Puppet converts
 * it into new arrays and hashes (Runtime3Converter), so Ruby code (a
 * template) that changes the variable's array in place does not change the
 * resource's, and the other way round (compiler/ruby/rb.c tells them apart
 * by their Values). */
static Value *fresh_in(Compiler *c, Value *v, Map *memo)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH) return v;
    /* a part shared several times is copied once and stays shared, so the
     * copy is linear in the distinct parts (a value doubled 60 times is 60
     * arrays, which the size limit then refuses, not 2^60) */
    Value *done = map_get(memo, (const char *)&v, sizeof v);
    if (done) return done;
    Value *r;
    if (v->kind == V_ARRAY) {
        Value **items = ARENA_NEWN(A, Value *, v->arr.n ? v->arr.n : 1);
        for (size_t i = 0; i < v->arr.n; i++) items[i] = fresh_in(c, v->arr.items[i], memo);
        r = val_array(A, items, v->arr.n);
    } else {
        Value **keys = ARENA_NEWN(A, Value *, v->hash.n ? v->hash.n : 1);
        Value **vals = ARENA_NEWN(A, Value *, v->hash.n ? v->hash.n : 1);
        for (size_t i = 0; i < v->hash.n; i++)
            keys[i] = fresh_in(c, v->hash.keys[i], memo), vals[i] = fresh_in(c, v->hash.vals[i], memo);
        r = val_hash(A, keys, vals, v->hash.n);
    }
    Value **key = ARENA_NEW(A, Value *);     /* the map keeps the key's bytes by reference */
    *key = v;
    map_put(memo, (const char *)key, sizeof v, r);
    return r;
}

static Value *fresh(Compiler *c, Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH) return v;
    Map memo;
    map_init(&memo);
    Value *r = fresh_in(c, v, &memo);
    map_free(&memo);
    return r;
}

/* ---- creating resources ---- */

Resource *res_container_of(Compiler *c, Scope *s);

/* Both declarations of a duplicate are often the same line of a define's
 * body (Puppet cites it twice): a note names the instance that made the
 * first one, as the note of evaluate_define names the one making the
 * second.  Not while Ruby code catches the error (it may rescue it). */
static void note_first_declaration(Compiler *c, const Resource *old, const Resource *now_in)
{
    const Resource *in = old->scope ? res_container_of(c, old->scope) : NULL;
    if (diag_sink || !in || in == now_in || !in->decl || strcmp(in->kind, "defined_type") != 0) return;
    diag_report(DIAG_NOTE, ast_loc(in->decl), "%s was declared first by %s, declared here", old->ref, in->ref);
}

Resource *res_new_resource(Compiler *c, Scope *s, const Node *at, const char *type, const char *title,
                              int is_virtual, const char *kind)
{
    Resource *r = cat_add(c->cat, type, title);
    if (!r) {
        const char *key = cat_ref_key(A, type, title);
        Resource *old = cat_find_key(c->cat, key);
        /* the new resource's reference: the old one may hold the title as an alias */
        const char *ref = arena_printf(A, "%s[%s]", type, title);
        if (!old->file) cmp_fail(c, at, "Duplicate declaration: %s is already declared; cannot redeclare", ref);
        diag_error(at ? ast_loc(at) : (SrcLoc){0},
                   "Duplicate declaration: %s is already declared at (file: %s, line: %d); cannot redeclare",
                   ref, old->file, old->line);
        note_first_declaration(c, old, res_container_of(c, s));
        longjmp(*c->fail, 1);
    }
    r->kind = kind;
    r->is_virtual = is_virtual;
    r->scope = s;
    r->decl = (void *)at;
    if (at && ast_file(at)) {
        const SrcFile *f = ast_file(at);
        const char *name = map_get(&c->file_names, (const char *)&f, sizeof f);
        if (!name) {
            name = arena_strdup(A, f->abspath);
            const SrcFile **keyp = ARENA_NEW(A, const SrcFile *);
            *keyp = f;
            map_put(&c->file_names, (const char *)keyp, sizeof f, (void *)name);
        }
        r->file = name;
        r->line = diag_line(f, at->off);
    }
    index_type(c, r);
    return r;
}

/* How many tags t gives: itself, and its segments when it has "::". */
static size_t tag_count(const char *t)
{
    size_t n = 0;
    for (const char *p = t; (p = strstr(p, "::")); p += 2) n++;
    return n ? n + 2 : 1;
}

/* Tags in Puppet's order: explicit tags, the type, the title when it is a
 * valid tag, then the container's tags. */
static void tag_resource(Compiler *c, Resource *r, Resource *container, int with_title)
{
    Value *explicit = cat_res_get(r, "tag");
    ValVec vv = VV_ARENA(&c->scratch);
    if (explicit) res_flatten_into(&vv, explicit);
    /* room for them all at once (at most this many: duplicates are dropped) */
    size_t room = tag_count(r->type) + (with_title ? tag_count(r->title) : 0) + (container ? container->ntags : 0);
    const char **texts = vv.n ? arena_alloc(&c->scratch, vv.n * sizeof *texts) : NULL;
    for (size_t i = 0; i < vv.n; i++) {
        texts[i] = checked_tag(c, r, vv.v[i]);
        room += texts[i] ? tag_count(texts[i]) : 0;
    }
    cat_res_reserve_tags(c->cat, r, room);
    for (size_t i = 0; i < vv.n; i++)
        if (texts[i]) tag_with_segments(c, r, texts[i], 1);
    val_vec_free(&vv);
    tag_with_segments(c, r, r->type, 1);
    if (with_title) {                 /* "::a::b" keeps its colons, so is no tag */
        char *t = arena_strdup(&c->scratch, r->title);
        for (char *p = t; *p; p++) *p = (char)tolower((unsigned char)*p);
        if (cat_valid_tag(t)) tag_with_segments(c, r, t, 0);
    }
    if (container)
        for (size_t i = 0; i < container->ntags; i++) cat_res_tag(c->cat, r, container->tags[i]);
}

Resource *res_container_of(Compiler *c, Scope *s)
{
    for (; s; s = s->parent)
        if (s->resource) return s->resource;
    return c->class_main;
}

/* A built-in type's unknown attribute is an error where it is declared; a
 * define's parameters are checked when it is evaluated (bind_params), all
 * faults at once, as Puppet does. */
static void check_params(Compiler *c, const Node *at, const TypeDef *td, AttrList *attrs)
{
    for (size_t i = 0; i < attrs->n; i++) {
        const char *name = attrs->names[i];
        size_t nl = strlen(name);
        if (type_is_metaparam(name, nl)) continue;
        if (td && type_param(td, name, nl)) continue;
        cmp_fail(c, at, "no parameter named '%s'", name);
    }
}

void res_add_define_pending(Compiler *c, Resource *r)
{
    ResState *rs = c->rs;
    if (rs->ndefines == rs->defcap) {
        rs->defcap = rs->defcap ? rs->defcap * 2 : 64;
        rs->defines = xrealloc(rs->defines, rs->defcap * sizeof *rs->defines);
    }
    rs->defines[rs->ndefines++] = r;
}

/* Declares one resource of a built-in or defined type. */
static Resource *declare_one(Compiler *c, Scope *s, const Node *at, const Node *res_node, const char *tname,
                             const char *title, AttrList *attrs, int form, int title_is_string)
{
    const TypeDef *td = load_find_type_at(c, at, tname, strlen(tname));
    const Node *def = NULL;
    const char *type = ev_type_name(c, tname);
    if (!td) {
        def = load_define(c, res_lower_shared(c, tname));
        if (!def) cmp_fail(c, res_node ? res_node : at, "Unknown resource type: '%s'", tname);   /* the statement, as Puppet */
    }
    if (form == TK_ATAT && !c->store) {
        cmp_warn(c, res_node ? res_node : at, "You cannot collect exported resources without storeconfigs being set; the export is ignored");
        return NULL;
    }
    /* file titles: trailing slashes are not part of the path (File's title_patterns) */
    size_t file_path_len = 0;
    if (td && strcmp(td->name, "file") == 0) {
        size_t n = strlen(title);
        while (n > 1 && title[n - 1] == '/') n--;
        if (title[n]) file_path_len = n;
    }
    /* a Ruby type's title patterns run when it is declared (Puppet's
     * parse_title); what they derive joins the parameters at the end */
    Value *from_title = td && *title ? rby_type_title(c, at, td, title) : NULL;
    if (td) check_params(c, at, td, attrs);
    if (!*title) cmp_fail(c, at, "Empty string title at 0. Title strings must have a length greater than zero.");
    Resource *r = res_new_resource(c, s, res_node ? res_node : at, type, title, form == TK_AT || form == TK_ATAT,
                               def ? "defined_type" : "compilable_type");
    r->exported = form == TK_ATAT;   /* virtual too (Parser::Resource#exported=) */
    if (from_title) r->aux = from_title;
    cat_res_reserve_params(c->cat, r, attrs->n + 1);     /* one more: a default or a relationship comes often */
    for (size_t i = 0; i < attrs->n; i++) {
        if (strcmp(attrs->names[i], "stage") == 0 && !def)
            cmp_fail(c, at, "Only classes can set 'stage'; normal resources like %s cannot change run stage", r->ref);
        set_param_at(c, r, attrs->names[i], fresh(c, attrs->vals[i]), attrs->at[i]);
    }
    if (file_path_len && !cat_res_get(r, "path")) res_set_param(c, r, "path", val_str(A, title, file_path_len));
    if (!title_is_string) {
        /* Puppet keeps the title as given (443) and prints the namevar
         * apart, as the string parse_title made of it */
        const char *nv = td ? td->namevar : "name";
        if (!cat_res_get(r, nv)) res_set_param(c, r, nv, val_cstr(A, title));
        r->title_not_string = 1;
    }
    apply_defaults(c, r);
    Resource *container = res_container_of(c, s);
    r->container = container;
    tag_resource(c, r, container, title_is_string);
    if (strcmp(r->type, "Stage") != 0) cat_add_edge(c->cat, container, r);   /* stages float free */
    else r->container = NULL;
    if (def) {
        r->aux = (void *)def;
        res_add_define_pending(c, r);
    }
    return r;
}

/* resource -> type '{' title ':' attrs (';' title ':' attrs)* '}' */
Value *res_declare(Compiler *c, Scope *s, const Node *n)
{
    const Node *tn = n->a;
    const char *tname;
    if (!tn) tname = n->text;                 /* a type given by name (parser.y) */
    else if (tn->kind == ND_NAME) tname = tn->text;
    else if (tn->kind == ND_TYPEREF) tname = tn->text;
    else if (tn->kind == ND_ACCESS && tn->a && tn->a->kind == ND_TYPEREF) {
        /* Resource['a::b'] { ... }: an untitled resource type, or Class */
        Value *tv = ev_expr(c, s, tn);
        Buf b = BUF_INIT;
        val_to_string(&b, tv);
        const char *shown = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
        if (tv->kind == V_TYPE && tv->type.n == 0 && !strcmp(tv->type.name, "Class")) tname = "class";
        else if (tv->kind != V_TYPE || tv->type.n != 0 || val_is_data_type_name(tv->type.name)) {
            if (tv->kind == V_TYPE && (val_is_resref(tv) || !strcmp(tv->type.name, "Class")))
                cmp_fail(c, tn, "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", shown);
            cmp_fail(c, tn, "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s",
                     tv->kind == V_TYPE ? arena_printf(A, "Type[%s]", tv->type.name) : val_type_name(tv));
        } else tname = tv->type.name;
    } else cmp_fail(c, tn, "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", ast_kind_name(tn->kind));
    int is_class = strcmp(tname, "class") == 0;
    int keep = c->discard != n;      /* the references are the value: wanted? */
    c->discard = NULL;
    ArenaMark mark = arena_mark(&c->scratch);
    ValVec refs = VV_ARENA(&c->scratch);
    /* A body titled 'default' gives defaults to the other bodies. */
    AttrList dflt = {.arena = &c->scratch};
    for (const Node *b = n->kids; b; b = b->next)
        if (b->a->kind == ND_DEFAULT) res_eval_attrs(c, s, b->kids, &dflt, b);
    for (const Node *b = n->kids; b; b = b->next) {
        if (b->a->kind == ND_DEFAULT) continue;
        /* a title written as a string needs no value in the arena: the
         * resource keeps the text, and a million titles are 24 MB */
        Value literal = {.kind = V_STR};
        Value *tv = &literal;
        if (b->a->kind == ND_STR) literal.str.s = b->a->text, literal.str.len = ast_text_len(b->a);
        else tv = ev_expr(c, s, b->a);
        ValVec titles = VV_ARENA(&c->scratch);
        res_flatten_into(&titles, tv);
        for (size_t ti = 0; ti < titles.n; ti++) {
            Value *t = titles.v[ti];
            AttrList attrs = {.arena = &c->scratch};
            res_eval_attrs(c, s, b->kids, &attrs, b);
            for (size_t i = 0; i < dflt.n; i++) {
                size_t j;
                for (j = 0; j < attrs.n; j++)
                    if (strcmp(attrs.names[j], dflt.names[i]) == 0) break;
                if (j == attrs.n) attrs_add(&attrs, dflt.names[i], dflt.vals[i], dflt.ops[i], dflt.at[i]);
            }
            if (is_class) {
                const char *cname = t->kind == V_STR ? t->str.s : val_is_resref(t) ? t->type.params[0]->str.s : NULL;
                if (!cname) cmp_fail(c, b->a, "Illegal title type at index %zu. Expected String, got %s", ti, val_type_name(t));
                ValVec k = VV_ARENA(&c->scratch), v = VV_ARENA(&c->scratch);
                for (size_t i = 0; i < attrs.n; i++) {
                    val_vec_push(&k, val_cstr(A, attrs.names[i]));
                    val_vec_push(&v, attrs.vals[i]);
                }
                Value *params = val_hash(A, k.v, v.v, k.n);
                val_vec_free(&k);
                val_vec_free(&v);
                if (n->op) cmp_fail(c, n, "Classes cannot be virtual or exported");
                Resource *r = res_declare_class(c, s, n, cname, params, CLASS_RESOURCE);   /* at the statement, as Puppet */
                if (keep) val_vec_push(&refs, ev_resref(c, "Class", r->title));
            } else {
                if (t->kind == V_UNDEF) cmp_fail(c, b->a, "Missing title. The title expression resulted in undef");
                if (t->kind != V_STR)
                    cmp_fail(c, b->a, "Illegal title type at index %zu. Expected String, got %s", ti, val_type_name(t));
                Resource *r = declare_one(c, s, b, n, tname, t->str.s, &attrs, n->op, 1);
                if (r && keep) val_vec_push(&refs, ev_resref(c, r->type, r->title));
            }
            res_attrs_free(&attrs);
        }
        val_vec_free(&titles);
    }
    res_attrs_free(&dflt);
    Value *r = !keep ? VAL_UNDEF : refs.n == 1 ? refs.v[0] : val_vec_to_array(A, &refs);
    val_vec_free(&refs);
    arena_release(&c->scratch, mark);
    return r;
}

Resource *res_declare_from_hash(Compiler *c, Scope *s, const Node *at, const char *type, Value *tv,
                                Value *params, int is_virtual)
{
    const char *title = val_to_cstr(A, tv);
    AttrList attrs = {.arena = c->arena};
    if (params && params->kind == V_HASH)
        for (size_t i = 0; i < params->hash.n; i++)
            attrs_add(&attrs, val_to_cstr(A, params->hash.keys[i]), params->hash.vals[i], TK_FARROW, at);
    Resource *r;
    if (strcasecmp(type, "class") == 0) {
        r = res_declare_class(c, s, at, title, params, CLASS_RESOURCE);
    } else {
        r = declare_one(c, s, at, NULL, type, title, &attrs, is_virtual ? TK_AT : 0, tv->kind == V_STR);
    }
    res_attrs_free(&attrs);
    return r;
}

/* ---- classes ---- */

/* Puppet's InvalidParameter faults: given names that are neither
 * parameters of def nor metaparameters, in the order given. */
static void unknown_params(Compiler *c, const Node *def, const Param *given, size_t ngiven, CmpFaults *faults)
{
    for (size_t i = 0; i < ngiven; i++) {
        const char *name = given[i].name;
        if (type_is_metaparam(name, strlen(name)) || !strcmp(name, "name") || (def->kind == ND_DEFINE && !strcmp(name, "title")))
            continue;
        int found = 0;
        for (const Node *p = def->kids; p && !found; p = p->next) found = strcmp(p->text, name) == 0;
        if (!found) ty_fault(c, faults, arena_printf(A, "has no parameter named '%s'", name));
    }
}

/* Binds a class's or define's parameters in scope cs from the resource's
 * given parameters, then defaults; records defaults as resource parameters
 * and reorders the parameters into declaration order. */
static void bind_params(Compiler *c, Scope *cs, const Node *def, Resource *r, const Node *at)
{
    Param *given = r->params;
    size_t ngiven = r->nparams;
    r->params = NULL;
    r->nparams = r->paramcap = 0;
    /* the parameters' types first, as Puppet evaluates them when it loads
     * the definition (an unknown type fails before any default runs) */
    size_t nparams = 0;
    for (const Node *p = def->kids; p; p = p->next) nparams++;
    Value **types = ARENA_NEWN(A, Value *, nparams ? nparams : 1);
    {
        size_t i = 0;
        for (const Node *p = def->kids; p; p = p->next, i++) types[i] = p->a ? ev_expr(c, cs, p->a) : NULL;
    }
    /* A class parameter not given (or given undef) is looked up in Hiera
     * as <class>::<param>, all of them before any default is evaluated
     * (Puppet's inject_external_parameters); data that is undef does not
     * beat a default. */
    Value **bound = NULL;
    if (cs->class_name && def->kids) {
        size_t i = 0;
        for (const Node *p = def->kids; p; p = p->next, i++) {
            Value *v = NULL, *found;
            for (size_t k = 0; k < ngiven; k++)
                if (strcmp(given[k].name, p->text) == 0) v = given[k].value;
            if ((v && v->kind != V_UNDEF) || !hiera_class_param(c, cs, at, cs->class_name, p->text, &found)) continue;
            if (found->kind == V_UNDEF && p->b) continue;
            if (!bound) bound = ARENA_NEWN(A, Value *, nparams);
            bound[i] = found;
        }
    }
    /* Every fault is reported at once, as Puppet's validate_parameters
     * does: unknown names first, in the order given, then each parameter
     * in declaration order (missing, or not of its type). */
    CmpFaults faults = {0};
    unknown_params(c, def, given, ngiven, &faults);
    size_t idx = 0;
    for (const Node *p = def->kids; p; p = p->next, idx++) {
        Value *v = NULL;
        for (size_t i = 0; i < ngiven; i++)
            if (strcmp(given[i].name, p->text) == 0) v = given[i].value;
        if (bound && bound[idx]) v = bound[idx];
        if (!v || (v->kind == V_UNDEF && p->b)) {
            if (p->b) {
                v = ev_expr(c, cs, p->b);
            } else {
                ty_fault(c, &faults, arena_printf(A, "expects a value for parameter '%s'", p->text));
                continue;
            }
        }
        if (p->a) {
            Value *t = types[idx];
            if (!ty_type_match(c, t, v))
                ty_fault_mismatch(c, &faults, t, v, arena_printf(c->arena, "parameter '%s'", p->text));
        }
        map_put(&cs->vars, p->text, ast_text_len(p), v);
        res_set_param(c, r, p->text, v);
    }
    if (faults.n) cmp_fail(c, at, "%s", ty_faults_message(c, &faults, r->ref));
    for (size_t i = 0; i < ngiven; i++) {
        if (cat_res_param(r, given[i].name)) continue;
        if (type_is_metaparam(given[i].name, strlen(given[i].name)) || strcmp(given[i].name, "name") == 0)
            res_set_param(c, r, given[i].name, given[i].value);
    }
}

/* Puppet's parent_module_name: the $module_name of the class, define or
 * node whose code runs in s (lambda scopes share their definer's), "" at
 * top or node scope.  It becomes $caller_module_name of what s declares. */
static Value *caller_module(Compiler *c, Scope *s)
{
    for (; s; s = s->parent) {
        Value *v = map_get(&s->vars, "module_name", 11);
        if (v) return v;
    }
    return val_cstr(A, "");
}

static Resource *find_stage(Compiler *c, const Node *at, Resource *cls, Value *stage)
{
    const char *name = stage->kind == V_STR ? stage->str.s : val_is_resref(stage) ? stage->type.params[0]->str.s : NULL;
    if (!name) cmp_fail(c, at, "Could not find stage %s specified by %s", val_to_cstr(A, stage), cls->ref);
    Resource *st = cat_find(c->cat, "Stage", name);
    if (!st) cmp_fail(c, at, "Could not find stage %s specified by %s", name, cls->ref);
    return st;
}

/* A class declared but whose body has not run yet. */
typedef struct PendingClass { Resource *r; const Node *def; const Node *at; } PendingClass;
typedef struct PendingList {
    PendingClass *v;
    size_t n, cap;
    const char *creating[256];   /* the chain of classes whose parents are being created */
    size_t ncreating;
} PendingList;

/* Puts Class[name] (and first its parent classes) into the catalog without
 * evaluating it; new ones are queued on pl in the order they must run. */
static Resource *class_create(Compiler *c, Scope *s, const Node *at, const char *name, Value *params,
                              ClassMode mode, PendingList *pl, int is_parent)
{
    const char *lname = res_lower(c, name);
    const char *title = cat_capitalize_type(A, lname);
    Resource *cur = res_container_of(c, s);
    Resource *r = cat_find(c->cat, "Class", lname);
    if (r) {
        if (mode == CLASS_RESOURCE) {
            if (!r->file) cmp_fail(c, at, "Duplicate declaration: Class[%s] is already declared; cannot redeclare", title);
            diag_error(at ? ast_loc(at) : (SrcLoc){0},
                       "Duplicate declaration: Class[%s] is already declared at (file: %s, line: %d); cannot redeclare",
                       title, r->file, r->line);
            note_first_declaration(c, r, cur);
            longjmp(*c->fail, 1);
        }
        return r;
    }
    const Node *def = load_class(c, lname);
    if (!def && mode == CLASS_RESOURCE) {
        c->missing_class = lname;
        cmp_fail(c, at, "Could not find declared class %s", lname);
    }
    if (!def && is_parent)
        cmp_fail(c, at, "Could not find parent resource type '::%s' of type hostclass in %s", lname, c->opt.environment);
    if (!def) {
        c->missing_class = lname;
        cmp_fail(c, at, "Could not find class ::%s for %s", lname, c->certname);
    }
    if (def->c) {                                   /* inherits: the parent comes first */
        if (def->c->kind == ND_DEFAULT) cmp_fail(c, def->c, "Classes cannot inherit from 'default'");
        /* a parent chain that comes back to a class being created loops */
        for (size_t k = 0; k < pl->ncreating; k++)
            if (!strcmp(pl->creating[k], lname)) cmp_fail(c, def->c, "Class '%s' inherits from itself", lname);
        if (pl->ncreating < ARRAY_LEN(pl->creating)) pl->creating[pl->ncreating++] = lname;
        else cmp_fail(c, def->c, "Class inheritance deeper than %zu levels", ARRAY_LEN(pl->creating));
        class_create(c, s, def->c, def->c->text, NULL, CLASS_INCLUDE, pl, 1);
        pl->ncreating--;
        r = cat_find(c->cat, "Class", lname);
        if (r) return r;
    }
    r = res_new_resource(c, s, mode == CLASS_RESOURCE ? at : NULL, "Class", title, 0,
                     mode == CLASS_RESOURCE ? "class" : "unknown");
    if (params)
        for (size_t i = 0; i < params->hash.n; i++)
            cat_res_set(c->cat, r, val_to_cstr(A, params->hash.keys[i]), fresh(c, params->hash.vals[i]));
    /* a class declared from a staged class runs in that stage */
    if (!cat_res_get(r, "stage") && cur && strcmp(cur->type, "Class") == 0) {
        Value *st = cat_res_get(cur, "stage");
        if (st) cat_res_set(c->cat, r, "stage", st);
    }
    Value *st = cat_res_get(r, "stage");
    Resource *stage = st ? find_stage(c, at, r, st) : c->stage_main;
    r->container = stage;
    /* tags: explicit, "class", the name's segments, then the declarer's */
    Value *explicit = cat_res_get(r, "tag");
    if (explicit) {
        ValVec vv = VV_ARENA(c->arena);
        res_flatten_into(&vv, explicit);
        for (size_t i = 0; i < vv.n; i++) {
            const char *t = checked_tag(c, r, vv.v[i]);
            if (t) tag_with_segments(c, r, t, 1);
        }
        val_vec_free(&vv);
    }
    cat_res_tag(c->cat, r, "class");
    tag_with_segments(c, r, lname, 1);
    if (cur) for (size_t i = 0; i < cur->ntags; i++) cat_res_tag(c->cat, r, cur->tags[i]);
    cat_add_edge(c->cat, stage, r);
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? pl->cap * 2 : 8;
        size_t n = pl->n;
        GROW(c->arena, pl->v, n, pl->cap);
    }
    pl->v[pl->n].r = r;
    pl->v[pl->n].def = def;
    pl->v[pl->n].at = at;
    pl->n++;
    return r;
}

static void class_evaluate(Compiler *c, Scope *s, PendingClass *pc)
{
    Resource *r = pc->r;
    const Node *def = pc->def;
    const char *lname = res_lower(c, r->title);
    Scope *parent_scope = c->node_scope ? c->node_scope : c->top;
    if (def->c) {
        const char *pname = res_lower(c, def->c->text);
        Scope *ps = map_get(&c->class_scopes, pname, strlen(pname));
        if (ps) parent_scope = ps;
    }
    Scope *cs = ev_scope_new(c, parent_scope, s, r);
    cs->class_name = lname;
    cs->label = arena_printf(A, "Class[%s]", r->title);
    map_put(&c->class_scopes, lname, strlen(lname), cs);
    cat_add_class(c->cat, lname);
    ev_scope_set(c, cs, "title", val_cstr(A, lname), pc->at);
    ev_scope_set(c, cs, "name", val_cstr(A, lname), pc->at);
    ev_scope_set(c, cs, "module_name", val_cstr(A, load_def_module(c, def)), pc->at);
    /* an inheriting class is called from its parent's scope (Scope#parent_module_name) */
    map_put(&cs->vars, "caller_module_name", 18, caller_module(c, def->c ? parent_scope : s));
    bind_params(c, cs, def, r, pc->at);
    r->evaluated = 1;
    if (def->b) ev_block(c, cs, def->b);
}

/* include / require / contain of several names, or class { name: }: every
 * class resource is created first, then the bodies run, as Puppet does. */
Resource *res_declare_classes(Compiler *c, Scope *s, const Node *at, const char **names, size_t n, Value *params,
                              ClassMode mode, Resource **out)
{
    PendingList pl = {0};
    Resource *cur = res_container_of(c, s);
    Resource *last = NULL;
    for (size_t i = 0; i < n; i++) {
        Resource *r = class_create(c, s, at, names[i], params, mode, &pl, 0);
        if (mode == CLASS_CONTAIN && cur && cur != r) cat_add_edge(c->cat, cur, r);
        if (out) out[i] = r;
        last = r;
    }
    for (size_t i = 0; i < pl.n; i++) {
        PendingClass pc = pl.v[i];
        if (!pc.r->evaluated) class_evaluate(c, s, &pc);
    }
    if (mode == CLASS_REQUIRE && cur)
        for (size_t i = 0; i < n; i++) {
            Resource *r = out ? out[i] : last;
            Value *old = cat_res_get(cur, "require");
            res_set_param(c, cur, "require", append_value(c, old, ev_resref(c, "Class", r->title)));
        }
    return last;
}

Resource *res_declare_class(Compiler *c, Scope *s, const Node *at, const char *name, Value *params, ClassMode mode)
{
    Resource *r = NULL;
    return res_declare_classes(c, s, at, &name, 1, params, mode, &r);
}

/* ---- defaults and overrides ---- */

/* Type { attrs }: recorded in this scope, applied at the end to resources
 * declared in this scope or below it (dynamically, as Puppet does). */
Value *res_defaults(Compiler *c, Scope *s, const Node *n)
{
    Defaults *d = ARENA_NEW(A, Defaults);
    d->type_key = res_lower(c, n->a->text);
    d->stmt = n;
    d->vals = ARENA_NEWN(A, Value *, (size_t)ast_nkids(n) + 1);
    size_t i = 0;
    for (const Node *a = n->kids; a; a = a->next) d->vals[i++] = ev_expr(c, s, a->a);
    d->next = s->defaults;
    s->defaults = d;
    return VAL_UNDEF;
}

static void apply_defaults(Compiler *c, Resource *r)
{
    const char *t = res_lower_shared(c, r->type);
    for (Scope *s = r->scope; s; s = s->dyn ? s->dyn : s->parent) {
        for (Defaults *d = s->defaults; d; d = d->next) {
            if (strcmp(d->type_key, t) != 0) continue;
            size_t i = 0;
            for (const Node *a = d->stmt->kids; a; a = a->next, i++) {
                if (a->text[0] == '*') {
                    Value *h = d->vals[i];
                    if (h->kind == V_HASH)
                        for (size_t j = 0; j < h->hash.n; j++) {
                            const char *k = val_to_cstr(A, h->hash.keys[j]);
                            if (!cat_res_param(r, k)) res_set_param(c, r, k, h->hash.vals[j]);
                        }
                    continue;
                }
                if (!cat_res_param(r, a->text)) res_set_param(c, r, a->text, d->vals[i]);
            }
        }
        if (!s->dyn && !s->parent) break;
    }
}

/* Is scope s inside a class that inherits (directly or not) from the class
 * whose scope declared r?  Only such a scope may change what r already set. */
static int may_override(Compiler *c, Scope *s, Resource *r)
{
    Scope *decl = r->scope;
    const char *owner = NULL;
    for (Scope *d = decl; d && !owner; d = d->parent) owner = d->class_name;
    if (!owner) return 0;
    for (Scope *p = s; p; p = p->parent) {
        if (!p->class_name) continue;
        const Node *def = map_get(&c->classes, p->class_name, strlen(p->class_name));
        while (def && def->c && def->c->kind == ND_NAME) {
            const char *parent = def->c->text;
            if (parent[0] == ':' && parent[1] == ':') parent += 2;
            if (strcasecmp(parent, owner) == 0) return 1;
            def = map_get(&c->classes, res_lower(c, parent), strlen(parent));
        }
    }
    return 0;
}

/* Puppet's "source" of code running in scope s: the class, define or node
 * whose body it is (top scope: main).  Instances of one define share it. */
static const char *scope_source(Compiler *c, Scope *s)
{
    Resource *r = s ? s->resource : NULL;
    if (!r) return "class:main";
    if (strcmp(r->type, "Class") == 0) return arena_printf(A, "class:%s", res_lower(c, r->title));
    if (r->kind && strcmp(r->kind, "defined_type") == 0) return arena_printf(A, "define:%s", res_lower(c, r->type));
    return arena_printf(A, "%s:%s", r->type, r->title);
}

/* Is the source over the source of r, or a class inheriting from it?
 * (Resource#merge: "Only subclasses can override parameters") */
static int source_may_override(Compiler *c, const char *over, const char *of)
{
    if (strcmp(over, of) == 0) return 1;
    if (strncmp(over, "class:", 6) != 0 || strncmp(of, "class:", 6) != 0) return 0;
    const Node *def = map_get(&c->classes, over + 6, strlen(over + 6));
    for (int depth = 0; def && def->c && def->c->kind == ND_NAME && depth < 64; depth++) {
        const char *parent = res_lower(c, def->c->text);
        if (strcmp(parent, of + 6) == 0) return 1;
        def = map_get(&c->classes, parent, strlen(parent));
    }
    return 0;
}

void res_override_one(Compiler *c, Resource *r, Override *o)
{
    if (o->scope && !source_may_override(c, scope_source(c, o->scope), scope_source(c, r->scope)))
        cmp_fail(c, o->node, "Only subclasses can override parameters");
    if (r->evaluated && r->file)
        cmp_warn(c, o->node, "Attempt to override an already evaluated resource, defined at (file: %s, line: %d), with new values",
                 r->file, r->line);
    for (size_t i = 0; i < o->n; i++) {
        Param *old = o->scope ? cat_res_param(r, o->names[i]) : NULL;
        if (old && old->value->kind != V_UNDEF && !may_override(c, o->scope, r)) {
            const Node *on = old->origin;
            if (on && ast_file(on))
                cmp_fail(c, o->at ? o->at[i] : o->node, "Parameter '%s' is already set on %s at (file: %s, line: %d); cannot redefine",
                         o->names[i], r->ref, ast_file(on)->abspath, diag_line(ast_file(on), on->off));
            cmp_fail(c, o->node, "Parameter '%s' is already set on %s; cannot redefine", o->names[i], r->ref);
        }
        Value *v = fresh(c, o->vals[i]);
        if (o->ops[i] == TK_PARROW) v = append_value(c, cat_res_get(r, o->names[i]), v);
        res_set_param(c, r, o->names[i], v);
    }
}

/* Type['title'] { attrs }: applied now when the resource exists, else at
 * the end. */
Value *res_override(Compiler *c, Scope *s, const Node *n)
{
    Value *target = ev_expr(c, s, n->a);
    AttrList attrs = {.arena = &c->scratch};
    res_eval_attrs(c, s, n->kids, &attrs, NULL);
    Override *o = ARENA_NEW(A, Override);
    o->node = n;
    o->scope = s;
    o->ref = target;
    o->n = attrs.n;
    o->names = arena_memdup(A, attrs.names, attrs.n * sizeof *attrs.names);
    o->vals = arena_memdup(A, attrs.vals, attrs.n * sizeof *attrs.vals);
    o->ops = arena_memdup(A, attrs.ops, attrs.n * sizeof *attrs.ops);
    o->at = arena_memdup(A, attrs.at, attrs.n * sizeof *attrs.at);
    res_attrs_free(&attrs);
    /* Compiler#add_override: a resource that exists is changed now (so a
     * define's body sees it); the others when the catalog is finished */
    ValVec refs = VV_ARENA(c->arena), later = VV_ARENA(c->arena);
    res_flatten_into(&refs, target);
    for (size_t i = 0; i < refs.n; i++) {
        Resource *r = res_find_ref(c, refs.v[i]);
        if (r) res_override_one(c, r, o);
        else val_vec_push(&later, refs.v[i]);
    }
    size_t nlater = later.n;
    o->ref = val_vec_to_array(A, &later);
    val_vec_free(&refs);
    val_vec_free(&later);
    if (!nlater) return VAL_UNDEF;
    if (c->overrides_tail) c->overrides_tail->next = o;
    else c->overrides = o;
    c->overrides_tail = o;
    return VAL_UNDEF;
}

void res_apply_overrides(Compiler *c)
{
    for (Override *o = c->overrides; o; o = o->next) {
        ValVec refs = VV_ARENA(c->arena);
        res_flatten_into(&refs, o->ref);
        for (size_t i = 0; i < refs.n; i++) {
            Resource *r = res_find_ref(c, refs.v[i]);
            if (!r) {
                const char *t = res_ref_text(c, refs.v[i]);
                val_vec_free(&refs);
                cmp_fail(c, o->node, "Could not find resource '%s' for overriding", t);
            }
            res_override_one(c, r, o);
        }
        val_vec_free(&refs);
    }
}

/* ---- defines ---- */

/* An error in a define's body is Puppet's "Error while evaluating a
 * Resource Statement" of the instance, whose line it cites last: a note
 * names the instance after the error. */
static void evaluate_define_body(Compiler *c, Resource *r);

static void evaluate_define(Compiler *c, Resource *r)
{
    jmp_buf jb, *saved = c->fail;
    c->fail = &jb;
    if (setjmp(jb) == 0) {
        evaluate_define_body(c, r);
        c->fail = saved;
        return;
    }
    c->fail = saved;
    if (!c->jump && !diag_sink && r->decl)
        diag_report(DIAG_NOTE, ast_loc(r->decl), "while evaluating %s, declared here", r->ref);
    longjmp(*saved, 1);
}

static void evaluate_define_body(Compiler *c, Resource *r)
{
    const Node *def = r->aux;
    r->evaluated = 1;
    Scope *ds = ev_scope_new(c, c->node_scope ? c->node_scope : c->top, r->scope, r);
    ds->label = r->ref;
    const Node *at = r->decl;
    map_put(&ds->vars, "title", 5, val_cstr(A, r->title));
    Value *nm = cat_res_get(r, "name");
    map_put(&ds->vars, "name", 4, nm ? nm : val_cstr(A, r->title));
    map_put(&ds->vars, "module_name", 11, val_cstr(A, load_def_module(c, def)));
    map_put(&ds->vars, "caller_module_name", 18, caller_module(c, r->scope));
    bind_params(c, ds, def, r, at);
    if (def->b) ev_block(c, ds, def->b);
}

/* Puppet validates every resource again when it finishes the catalog
 * (Resource#finish); a virtual define instance never realized is checked
 * only there: its given parameters (resource defaults included), and the
 * ones without a default that it lacks.  Puppet gives no location. */
void res_validate_unrealized_defines(Compiler *c)
{
    ResState *rs = c->rs;
    for (size_t i = 0; i < rs->ndefines; i++) {
        Resource *r = rs->defines[i];
        if (r->evaluated) continue;
        const Node *def = r->aux;
        CmpFaults faults = {0};
        unknown_params(c, def, r->params, r->nparams, &faults);
        for (const Node *p = def->kids; p; p = p->next) {
            Value *v = cat_res_get(r, p->text);
            if (!v) {
                if (!p->b) ty_fault(c, &faults, arena_printf(A, "expects a value for parameter '%s'", p->text));
                continue;
            }
            if (!p->a) continue;
            Value *t = ev_expr(c, c->top, p->a);
            if (!ty_type_match(c, t, v))
                ty_fault_mismatch(c, &faults, t, v, arena_printf(A, "parameter '%s'", p->text));
        }
        if (faults.n) cmp_fail(c, NULL, "%s", ty_faults_message(c, &faults, r->ref));
    }
}

size_t res_run_defines(Compiler *c)
{
    ResState *rs = c->rs;
    size_t end = rs->ndefines, done = 0;
    for (size_t i = 0; i < end; i++) {
        Resource *r = rs->defines[i];
        if (r->evaluated || r->is_virtual) continue;
        evaluate_define(c, r);
        done++;
    }
    return done;
}

/* ---- nodes ---- */

static const char *node_regex_name(Compiler *c, const char *src)
{
    Buf b = BUF_INIT;
    buf_adds(&b, "__node_regexp__");
    for (const char *p = src; *p; p++)
        if (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == ':' || *p == '.') buf_addc(&b, *p);
    const char *r = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    return r;
}

void res_evaluate_node(Compiler *c)
{
    if (!c->nnodes) return;
    const char *cert = c->certname;
    const Node *found = NULL, *dflt = NULL;
    const char *name = NULL;
    /* the certname exactly (Puppet 7 no longer tries its shorter forms) */
    for (size_t i = 0; i < c->nnodes && !found; i++)
        for (const Node *m = c->nodes[i]->kids; m; m = m->next)
            if (m->kind == ND_STR && strcasecmp(m->text, cert) == 0) {
                found = c->nodes[i];
                name = res_lower(c, m->text);
                break;
            }
    for (size_t i = 0; i < c->nnodes && !found; i++)
        for (const Node *m = c->nodes[i]->kids; m; m = m->next) {
            if (m->kind == ND_REGEX) {
                if (ev_regex_match(c, NULL, m, m->text, cert, strlen(cert), 0)) {
                    found = c->nodes[i];
                    name = node_regex_name(c, m->text);
                    break;
                }
            } else if (m->kind == ND_DEFAULT && !dflt) {
                dflt = c->nodes[i];
            }
        }
    if (!found && dflt) {
        found = dflt;
        name = "default";
    }
    if (!found) cmp_fail(c, NULL, "Could not find node statement with name 'default' or '%s'", cert);
    Resource *r = res_new_resource(c, c->top, NULL, "Node", name, 0, "unknown");
    cat_res_tag(c->cat, r, "node");
    tag_with_segments(c, r, name, 0);
    cat_res_tag(c->cat, r, "class");
    r->container = c->class_main;
    cat_add_edge(c->cat, c->class_main, r);
    cat_add_class(c->cat, name);
    Scope *ns = ev_scope_new(c, c->top, c->top, r);
    ns->label = arena_printf(A, "Node[%s]", name);
    map_put(&ns->vars, "module_name", 11, val_cstr(A, load_def_module(c, found)));
    map_put(&ns->vars, "caller_module_name", 18, val_cstr(A, ""));
    c->node_scope = ns;
    for (const Node *m = found->kids; m; m = m->next)
        if (m->kind == ND_REGEX) {
            if (ev_regex_match(c, ns, m, m->text, cert, strlen(cert), 1)) break;
        }
    if (found->b) ev_block(c, ns, found->b);
}
