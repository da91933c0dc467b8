/*
 * object.c - user-defined Object types (see object.h).  An Object type is
 * the type Object[{...}] with its init hash (name, parent, attributes ...),
 * almost always reached through a type alias, whose name becomes the
 * type's name as in Puppet.  Nothing is cached: a type's definition is its
 * alias, evaluated when needed, and an instance carries only its type's
 * name and the attributes that differ from their defaults, so equality
 * and the string form need no definition at all.
 *
 * The one idea: an attribute list, parents' attributes first, each with a
 * type and maybe a default (an attribute whose type accepts undef has the
 * default undef, as Puppet's PAttribute gives it).  new() has Puppet's two
 * signatures from it (one Struct hash, or the attributes positionally),
 * and a refusal is described by the same code as a function's dispatch.
 */
#include "compiler/object.h"
#include "compiler/strconv.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include <ctype.h>
#include <string.h>
#include <strings.h>

#define A (c->arena)

static _Thread_local int seen;        /* an Object type alias was used: the catalog pass has work */

typedef struct Attr {
    const char *name;
    Value *type;
    Value *value;       /* the default, or NULL when the attribute is required */
    int own;            /* declared by this type, not a parent */
} Attr;

typedef struct ObjDef {
    const char *name;   /* NULL: anonymous */
    Value *init;        /* the init hash */
    Value *parent;      /* the parent type as written, or NULL */
    Attr *attrs;
    size_t n;
} ObjDef;

/* The keys Puppet's Object initializer accepts (TYPE_OBJECT_I12N). */
static const char *const init_keys[] = {
    "name", "parent", "type_parameters", "attributes", "constants", "functions",
    "equality", "equality_include_type", "checks", "annotations", "serialization",
};

static const char *alias_name(Compiler *c, const Value *t, const Node **al)
{
    *al = NULL;
    if (t->kind != V_TYPE || t->type.n || val_is_data_type_name(t->type.name) || !strcmp(t->type.name, "Class")) return NULL;
    size_t ln = strlen(t->type.name);
    char *lname = arena_strdup(A, t->type.name);
    for (size_t i = 0; i < ln; i++) lname[i] = (char)tolower((unsigned char)lname[i]);
    *al = ty_find_alias(c, lname, ln);
    return *al ? (*al)->text : NULL;
}

/* The Object[{...}] type t is or stands for, and its name; NULL if none. */
static Value *object_of(Compiler *c, const Value *t, const char **name)
{
    if (t->kind != V_TYPE) return NULL;
    if (!strcmp(t->type.name, "Object")) {
        if (t->type.n != 1 || t->type.params[0]->kind != V_HASH) return NULL;
        Value *nm = val_hash_gets(t->type.params[0], "name");
        *name = nm && nm->kind == V_STR ? nm->str.s : NULL;
        return (Value *)t;
    }
    const Node *al;
    const char *an = alias_name(c, t, &al);
    if (!an) return NULL;
    Value *r = ev_expr(c, c->top, al->a);
    if (r->kind == V_TYPE && !strcmp(r->type.name, "TypeSet")) seen = 1;   /* printed by typeset_to_s */
    if (r->kind != V_TYPE || strcmp(r->type.name, "Object") || r->type.n != 1 || r->type.params[0]->kind != V_HASH) return NULL;
    *name = an;
    seen = 1;
    return r;
}

int obj_is_type(Compiler *c, const Value *t, const char **name)
{
    const char *nm = NULL;
    if (!object_of(c, t, &nm)) return 0;
    if (name) *name = nm;
    return 1;
}

/* An attribute's declaration: a type, or {type => T, value => V, ...}. */
static void add_attr(Compiler *c, ObjDef *d, const char *name, Value *spec)
{
    Attr *a = &d->attrs[d->n++];
    a->name = name;
    a->own = 1;
    a->value = NULL;
    if (spec->kind == V_HASH) {
        Value *ty = val_hash_gets(spec, "type");
        a->type = ty && ty->kind == V_TYPE ? ty : val_type(A, "Any", NULL, 0);
        int slot = val_hash_find(spec, val_cstr(A, "value"));
        if (slot >= 0) a->value = spec->hash.vals[slot];
    } else {
        a->type = spec;
    }
    if (!a->value && ty_type_match(c, a->type, VAL_UNDEF)) a->value = VAL_UNDEF;
}

/* Puppet's own Annotation type, the parent of annotation types. */
static int is_annotation(const Value *t) { return t->kind == V_TYPE && !t->type.n && !strcmp(t->type.name, "Annotation"); }

static void definition(Compiler *c, const Node *at, const Value *t, ObjDef *d, int depth)
{
    memset(d, 0, sizeof *d);
    Value *ot = object_of(c, t, &d->name);
    if (!ot) cmp_fail(c, at, "Error while evaluating a Type-Name, not an Object type");
    if (depth > 50) cmp_fail(c, at, "Error while evaluating a Type-Name, the Object type '%s' inherits from itself", d->name ? d->name : "Object");
    d->init = ot->type.params[0];
    for (size_t i = 0; i < d->init->hash.n; i++) {
        const Value *k = d->init->hash.keys[i];
        size_t j = 0;
        while (j < ARRAY_LEN(init_keys) && !(k->kind == V_STR && !strcmp(k->str.s, init_keys[j]))) j++;
        if (j == ARRAY_LEN(init_keys)) {
            const char *kt = k->kind == V_STR ? k->str.s : val_to_cstr(A, k);
            cmp_fail(c, at, "Error while evaluating a Type-Name, object initializer has wrong type, unrecognized key '%s'", kt);
        }
    }
    Value *attrs = val_hash_gets(d->init, "attributes");
    size_t own = attrs && attrs->kind == V_HASH ? attrs->hash.n : 0;
    d->parent = val_hash_gets(d->init, "parent");
    ObjDef p = {0};
    if (d->parent && d->parent->kind == V_TYPE && !is_annotation(d->parent)) definition(c, at, d->parent, &p, depth + 1);
    else if (!d->parent || d->parent->kind != V_TYPE) d->parent = NULL;
    d->attrs = arena_alloc(A, (p.n + own + 1) * sizeof *d->attrs);
    for (size_t i = 0; i < p.n; i++) {
        d->attrs[d->n] = p.attrs[i];
        d->attrs[d->n++].own = 0;
    }
    for (size_t i = 0; i < own; i++) {
        const Value *k = attrs->hash.keys[i];
        if (k->kind != V_STR) continue;
        add_attr(c, d, k->str.s, attrs->hash.vals[i]);
    }
}

/* The instance: the attributes that differ from their defaults. */
static Value *instance(Compiler *c, const ObjDef *d, Value **vals)
{
    Value **k = arena_alloc(A, (d->n + 1) * sizeof *k), **v = arena_alloc(A, (d->n + 1) * sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (d->attrs[i].value && val_identical(d->attrs[i].value, vals[i])) continue;
        k[m] = val_cstr(A, d->attrs[i].name);
        v[m++] = vals[i];
    }
    return val_object(A, d->name ? d->name : "Object", val_hash(A, k, v, m));
}

/* new_T's two signatures: (Struct[{attributes}] hash), and the attributes
 * positionally (Puppet's parameter_info: those without a default first,
 * then those with one, each in declaration order; order[i] is the
 * attribute of parameter i, min how many are required). */
typedef struct NewSigs { Value *struct_t; size_t *order, min; Value **types; const char **names; } NewSigs;

static void new_sigs(Compiler *c, const ObjDef *d, NewSigs *s)
{
    Value **sk = arena_alloc(A, (d->n + 1) * sizeof *sk), **sv = arena_alloc(A, (d->n + 1) * sizeof *sv);
    for (size_t i = 0; i < d->n; i++) {
        Value *key = val_cstr(A, d->attrs[i].name);
        sk[i] = d->attrs[i].value ? val_type(A, "Optional", &key, 1) : key;
        sv[i] = d->attrs[i].type;
    }
    Value *sh = val_hash(A, sk, sv, d->n);
    s->struct_t = val_type(A, "Struct", &sh, 1);
    s->order = arena_alloc(A, (d->n + 1) * sizeof *s->order);
    s->min = 0;
    for (size_t i = 0; i < d->n; i++)
        if (!d->attrs[i].value) s->order[s->min++] = i;
    for (size_t i = 0, k = s->min; i < d->n; i++)
        if (d->attrs[i].value) s->order[k++] = i;
    s->types = arena_alloc(A, (d->n + 1) * sizeof *s->types);
    s->names = arena_alloc(A, (d->n + 1) * sizeof *s->names);
    for (size_t i = 0; i < d->n; i++) s->types[i] = d->attrs[s->order[i]].type, s->names[i] = d->attrs[s->order[i]].name;
}

Value *obj_new(Compiler *c, const Node *at, const Value *t, Value **args, size_t n)
{
    ObjDef d;
    definition(c, at, t, &d, 0);
    NewSigs s;
    new_sigs(c, &d, &s);
    Value **vals = arena_alloc(A, (d.n + 1) * sizeof *vals);
    if (n == 1 && ty_type_match(c, s.struct_t, args[0])) {
        for (size_t i = 0; i < d.n; i++) {
            Value *x = val_hash_gets(args[0], d.attrs[i].name);
            vals[i] = x ? x : d.attrs[i].value;
        }
        return instance(c, &d, vals);
    }
    int ok = n >= s.min && n <= d.n;
    for (size_t i = 0; ok && i < n; i++) ok = ty_type_match(c, s.types[i], args[i]);
    if (ok) {
        for (size_t i = 0; i < d.n; i++) vals[s.order[i]] = i < n ? args[i] : d.attrs[s.order[i]].value;
        return instance(c, &d, vals);
    }
    static const char *const hash_name[] = {"hash"};
    CmpSig sigs[2] = {
        {&s.struct_t, (const char **)hash_name, 1, 1, 1, NULL, 0, NULL},
        {s.types, s.names, d.n, (int64_t)s.min, (int64_t)d.n, NULL, 0, NULL},
    };
    const char *label = arena_printf(A, "'new_%s'", d.name ? d.name : "Object");
    cmp_fail(c, at, "%s", ty_describe_signatures(c, label, sigs, 2, args, n, NULL));
}

int obj_init_match(Compiler *c, const Value *t, Value *v)
{
    ObjDef d;
    definition(c, NULL, t, &d, 0);
    NewSigs s;
    new_sigs(c, &d, &s);
    if (ty_type_match(c, s.struct_t, v)) return 1;
    if (s.min == 1 && d.n == 1) return ty_type_match(c, s.types[0], v);   /* a one-parameter signature */
    Value **tp = arena_alloc(A, (d.n + 3) * sizeof *tp);
    memcpy(tp, s.types, d.n * sizeof *tp);
    tp[d.n] = val_int(A, (int64_t)s.min);
    tp[d.n + 1] = val_int(A, (int64_t)d.n);
    Value *tuple = val_type(A, "Tuple", tp, d.n + 2);
    return ty_type_match(c, tuple, v) || (s.min == 1 && ty_type_match(c, tuple, val_array(A, &v, 1)));
}

static int is_user_object(const Value *o)
{
    return o->kind == V_OBJECT && strcmp(o->obj.type, "URI") && strcmp(o->obj.type, "Error") && strcmp(o->obj.type, "Deferred");
}

Value *obj_attr(Compiler *c, const Value *o, const char *name)
{
    if (!is_user_object(o)) return NULL;
    Value *t = val_type(A, o->obj.type, NULL, 0);
    if (!obj_is_type(c, t, NULL)) return NULL;
    ObjDef d;
    definition(c, NULL, t, &d, 0);
    for (size_t i = 0; i < d.n; i++)
        if (!strcmp(d.attrs[i].name, name)) {
            Value *v = val_hash_gets(o->obj.attrs, name);
            return v ? v : d.attrs[i].value ? d.attrs[i].value : VAL_UNDEF;
        }
    return NULL;
}

int obj_instance(Compiler *c, const Value *t, const Value *v)
{
    if (t->kind != V_TYPE) return -1;
    if (!strcmp(t->type.name, "Object") && !t->type.n) return v->kind == V_OBJECT && strcmp(v->obj.type, "URI");
    const char *name = NULL;
    if (is_annotation(t)) name = "Annotation";
    else if (!object_of(c, t, &name)) return -1;
    if (!is_user_object(v) || !name) return 0;
    const char *cur = v->obj.type;
    for (int depth = 0; cur && depth < 50; depth++) {
        if (!strcasecmp(cur, name)) return 1;
        const char *pn = NULL;
        Value *ot = object_of(c, val_type(A, cur, NULL, 0), &pn);
        Value *parent = ot ? val_hash_gets(ot->type.params[0], "parent") : NULL;
        cur = parent && parent->kind == V_TYPE && !parent->type.n ? parent->type.name : NULL;
        if (parent && parent->kind == V_TYPE && !strcmp(parent->type.name, "Object")) {
            Value *pnm = parent->type.n == 1 && parent->type.params[0]->kind == V_HASH ? val_hash_gets(parent->type.params[0], "name") : NULL;
            cur = pnm && pnm->kind == V_STR ? pnm->str.s : NULL;
        }
    }
    return 0;
}

Value *obj_type_of(Compiler *c, const Value *v)
{
    return is_user_object(v) ? val_type(A, v->obj.type, NULL, 0) : NULL;
}

static _Thread_local int printing;    /* an Object type inside another prints by its name */

static void put_value(Compiler *c, Buf *b, Value *v)
{
    Value *args[2] = {v, val_cstr(A, "%p")};
    Value *s = strconv_new_string(c, NULL, args, 2);
    buf_add(b, s->str.s, s->str.len);
}

/* A TypeSet alias as Puppet prints it: TypeSet[{pcore_version => '1.0.0',
 * name_authority => '...', name => 'MyTypes', version => ..., types =>
 * {Point => Object[{...}]}}]. */
static int typeset_to_s(Compiler *c, Buf *b, const Value *t)
{
    const Node *al;
    const char *an = alias_name(c, t, &al);
    if (!an) return 0;
    Value *r = ev_expr(c, c->top, al->a);
    if (r->kind != V_TYPE || strcmp(r->type.name, "TypeSet") || r->type.n != 1 || r->type.params[0]->kind != V_HASH) return 0;
    Value *h = r->type.params[0];
    static const char *const keys[] = {"pcore_version", "name_authority", "name", "version", "types", "references", "annotations"};
    printing++;
    buf_adds(b, "TypeSet[{");
    const char *sep = "";
    for (size_t i = 0; i < ARRAY_LEN(keys); i++) {
        Value *v = val_hash_gets(h, keys[i]);
        if (!strcmp(keys[i], "name_authority") && !v) v = val_cstr(A, "http://puppet.com/2016.1/runtime");
        if (!strcmp(keys[i], "name") && !v) v = val_cstr(A, an);
        if (!v) continue;
        buf_printf(b, "%s%s => ", sep, keys[i]);
        sep = ", ";
        if (v->kind == V_HASH) {            /* types: Name => Type */
            buf_addc(b, '{');
            for (size_t k = 0; k < v->hash.n; k++) {
                buf_adds(b, k ? ", " : "");
                if (v->hash.keys[k]->kind == V_TYPE) val_to_string(b, v->hash.keys[k]);
                else put_value(c, b, v->hash.keys[k]);
                buf_adds(b, " => ");
                if (!obj_type_to_s(c, b, v->hash.vals[k])) val_to_string(b, v->hash.vals[k]);
            }
            buf_addc(b, '}');
        } else {
            put_value(c, b, v);
        }
    }
    buf_adds(b, "}]");
    printing--;
    return 1;
}

int obj_type_to_s(Compiler *c, Buf *b, const Value *t)
{
    const char *name = NULL;
    Value *ot = object_of(c, t, &name);
    if (!ot) return typeset_to_s(c, b, t);
    if (printing && name) {
        buf_adds(b, name);
        return 1;
    }
    ObjDef d;
    definition(c, NULL, t, &d, 0);
    printing++;
    buf_adds(b, "Object[{");
    const char *sep = "";
    if (name) {
        buf_adds(b, "name => ");
        val_puppet_quote(b, name, strlen(name), 0);
        sep = ", ";
    }
    if (d.parent) {
        buf_printf(b, "%sparent => ", sep);
        val_to_string(b, d.parent);
        sep = ", ";
    }
    size_t own = 0;
    for (size_t i = 0; i < d.n; i++) own += d.attrs[i].own;
    if (own) {
        buf_printf(b, "%sattributes => {", sep);
        const char *asep = "";
        for (size_t i = 0; i < d.n; i++) {
            const Attr *a = &d.attrs[i];
            if (!a->own) continue;
            buf_adds(b, asep);
            val_puppet_quote(b, a->name, strlen(a->name), 0);
            buf_adds(b, " => ");
            if (a->value) {
                buf_adds(b, "{type => ");
                val_to_string(b, a->type);
                buf_adds(b, ", value => ");
                put_value(c, b, a->value);
                buf_addc(b, '}');
            } else {
                val_to_string(b, a->type);
            }
            asep = ", ";
        }
        buf_addc(b, '}');
    }
    buf_adds(b, "}]");
    printing--;
    return 1;
}

/* An Object type alias in a parameter: its text, as Puppet's catalog
 * writes the type (the alias is the Object type itself there). */
static Value *catalog_value(Value *x, void *ctx)
{
    Compiler *c = ctx;
    if (x->kind == V_ARRAY || x->kind == V_HASH) return val_map(A, x, catalog_value, ctx);
    if (x->kind != V_TYPE || x->type.n || val_is_data_type_name(x->type.name)) return x;
    Buf b = BUF_INIT;
    Value *r = obj_type_to_s(c, &b, x) ? val_str(A, b.s, b.len) : x;
    buf_free(&b);
    return r;
}

void obj_catalog_values(Compiler *c)
{
    if (!seen) return;
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        for (uint32_t j = 0; j < r->nparams; j++) r->params[j].value = catalog_value(r->params[j].value, c);
    }
}

/* ---- annotate() ---- */

/* An annotation of one object: Puppet keeps it on the Ruby object (an
 * adapter), so here it is keyed by the instance itself (values are never
 * copied, so a variable holding the object sees it). */
typedef struct ObjAnnotation {
    const char *type;               /* the annotation type's name, lowercase */
    const Value *target;
    Value *annotation;              /* NULL once cleared */
    struct ObjAnnotation *next;
} ObjAnnotation;

static ObjAnnotation *find_annotation(Compiler *c, const char *lname, const Value *target)
{
    for (ObjAnnotation *a = c->annotations; a; a = a->next)
        if (a->target == target && !strcmp(a->type, lname)) return a;
    return NULL;
}

static const char *lower(Compiler *c, const char *s)
{
    char *l = arena_strdup(A, s);
    for (char *p = l; *p; p++) *p = (char)tolower((unsigned char)*p);
    return l;
}

/* Is t an annotation type (an Object type descending from Annotation)? */
static int annotation_type(Compiler *c, const Value *t, const char **name)
{
    if (t->kind != V_TYPE || !object_of(c, t, name) || !*name) return 0;
    const char *cur = *name;
    for (int depth = 0; cur && depth < 50; depth++) {
        const char *pn = NULL;
        Value *ot = object_of(c, val_type(A, cur, NULL, 0), &pn);
        Value *parent = ot ? val_hash_gets(ot->type.params[0], "parent") : NULL;
        if (!parent || parent->kind != V_TYPE || parent->type.n) return 0;
        if (is_annotation(parent)) return 1;
        cur = parent->type.name;
    }
    return 0;
}

static void set_annotation(CallCtx *cc, const char *lname, Value *target, Value *ann)
{
    Compiler *c = cc->c;
    if (target->kind != V_OBJECT || !is_user_object(target)) {
        Buf b = BUF_INIT;
        rv_inspect(&b, target, RV_FN);
        const char *s = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
        ev_fail(cc, "can't modify frozen %s: %s", rv_class(A, target, RV_FN), s);
    }
    ObjAnnotation *a = find_annotation(c, lname, target);
    if (!a) {
        a = ARENA_NEW(A, ObjAnnotation);
        a->type = lname;
        a->target = target;
        a->next = c->annotations;
        c->annotations = a;
    }
    a->annotation = ann;
}

static _Noreturn void annotate_refused(CallCtx *cc, Value **args, size_t n)
{
    Compiler *c = cc->c;
    Buf got = BUF_INIT, b = BUF_INIT;
    if (args[0]->kind == V_TYPE) {
        buf_adds(&got, "Type[");
        val_to_string(&got, args[0]);
        buf_addc(&got, ']');
    } else {
        buf_adds(&got, val_type_name(args[0]));
    }
    const char *g = arena_strdup(A, buf_cstr(&got));
    buf_free(&got);
    buf_adds(&b, "The function 'annotate' was called with arguments it does not accept. It expects one of:\n"
                 "  (Type[Annotation] type, Any value, Callable[0, 0] block?)\n");
    if (n != 2) buf_printf(&b, "    rejected: expects 2 arguments, got %zu\n", n);
    else buf_printf(&b, "    rejected: parameter 'type' expects a Type[Object[{name => 'Annotation'}]] value, got %s\n", g);
    buf_adds(&b, "  (Type[Annotation] type, Any value, Variant[Enum['clear'], Hash[Pcore::MemberName, Any]] annotation_hash)\n");
    if (n != 3) buf_printf(&b, "    rejected: expects 3 arguments, got %zu\n", n);
    else buf_printf(&b, "    rejected: parameter 'type' expects a Type[Object[{name => 'Annotation'}]] value, got %s\n", g);
    buf_adds(&b, "  (Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName, Any]] annotations)\n");
    if (n != 3) buf_printf(&b, "    rejected: expects 3 arguments, got %zu", n);
    else buf_printf(&b, "    rejected: parameter 'type' expects a Type[Object[{name => 'Pcore'}]] value, got %s", g);
    const char *m = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    ev_fail(cc, "%s", m);
}

/* annotate(Annotation type, value) [|| { hash }], annotate(type, value,
 * hash | 'clear'), annotate(Pcore, value, {type => hash, ...}) */
Value *f_annotate(CallCtx *cc)
{ FN_ARGS(a, n, l);
    Compiler *c = cc->c;
    const char *name = NULL;
    if (n == 3 && a[0]->kind == V_TYPE && !a[0]->type.n && !strcmp(a[0]->type.name, "Pcore") && a[2]->kind == V_HASH) {
        for (size_t i = 0; i < a[2]->hash.n; i++) {
            Value *t = a[2]->hash.keys[i], *h = a[2]->hash.vals[i];
            if (!annotation_type(c, t, &name) || h->kind != V_HASH) annotate_refused(cc, a, n);
            set_annotation(cc, lower(c, name), a[1], obj_new(c, cc->call, t, &h, 1));
        }
        return a[1];
    }
    if (!annotation_type(c, a[0], &name)) annotate_refused(cc, a, n);
    const char *lname = lower(c, name);
    ObjAnnotation *old = find_annotation(c, lname, a[1]);
    Value *have = old && old->annotation ? old->annotation : NULL;
    if (n == 2) {
        if (have || !l) return have ? have : VAL_UNDEF;
        Value *h = ev_yield(cc, NULL, 0);
        Value *ann = obj_new(c, cc->call, a[0], &h, 1);
        set_annotation(cc, lname, a[1], ann);
        return ann;
    }
    if (a[2]->kind == V_STR && !strcmp(a[2]->str.s, "clear")) {
        if (old) old->annotation = NULL;
        return have ? have : VAL_UNDEF;
    }
    if (a[2]->kind != V_HASH || l) annotate_refused(cc, a, n);
    Value *ann = obj_new(c, cc->call, a[0], &a[2], 1);
    set_annotation(cc, lname, a[1], ann);
    return ann;
}
