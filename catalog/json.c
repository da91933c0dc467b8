/*
 * json.c - catalog JSON v2 output.  Keys come in the order Puppet writes
 * them (json-c keeps insertion order).  The version and catalog_uuid are not
 * a timestamp and a random UUID as in Puppet but are taken from the SHA-256
 * of the rest of the document, so the same catalog gives the same bytes.
 */
#include "catalog/json.h"
#include "base/sha256.h"
#include "base/util.h"
#include <stdlib.h>
#include <json-c/json.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* JSON text is written by hand: a catalog is mostly strings, and building
 * a json-c object per resource costs more than the whole compile. */

static void put_str(Buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    buf_reserve(b, n + 2);
    buf_addc(b, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (__builtin_expect(ch >= 0x20 && ch != '"' && ch != '\\', 1)) continue;
        buf_add(b, s + run, i - run);
        run = i + 1;
        switch (ch) {
        case '"': buf_adds(b, "\\\""); break;
        case '\\': buf_adds(b, "\\\\"); break;
        case '\n': buf_adds(b, "\\n"); break;
        case '\t': buf_adds(b, "\\t"); break;
        case '\r': buf_adds(b, "\\r"); break;
        case '\b': buf_adds(b, "\\b"); break;
        case '\f': buf_adds(b, "\\f"); break;
        default: {
            char u[7] = {'\\', 'u', '0', '0', hex[ch >> 4], hex[ch & 15], 0};
            buf_adds(b, u);
        }
        }
    }
    buf_add(b, s + run, n - run);
    buf_addc(b, '"');
}

static void put_cstr(Buf *b, const char *s) { put_str(b, s, strlen(s)); }

static void put_value(Buf *b, const Value *v, Buf *tmp)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); return;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return;
    case V_FLOAT: val_to_s(b, v); return;
    case V_STR: put_str(b, v->str.s, v->str.len); return;
    case V_ARRAY:
        buf_addc(b, '[');
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) buf_addc(b, ',');
            put_value(b, v->arr.items[i], tmp);
        }
        buf_addc(b, ']');
        return;
    case V_HASH:
        buf_addc(b, '{');
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i) buf_addc(b, ',');
            buf_clear(tmp);
            val_to_s(tmp, v->hash.keys[i]);
            put_str(b, buf_cstr(tmp), tmp->len);
            buf_addc(b, ':');
            put_value(b, v->hash.vals[i], tmp);
        }
        buf_addc(b, '}');
        return;
    case V_SENSITIVE: put_value(b, v->sensitive, tmp); return;
    case V_DEFAULT: case V_REGEX: case V_TYPE:
        buf_clear(tmp);
        val_to_s(tmp, v);
        put_str(b, buf_cstr(tmp), tmp->len);
        return;
    }
}

static void put_str_array(Buf *b, const char *const *s, size_t n)
{
    buf_addc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i) buf_addc(b, ',');
        put_cstr(b, s[i]);
    }
    buf_addc(b, ']');
}

static void put_resource(Buf *b, const Resource *r, Buf *tmp)
{
    buf_adds(b, "{\"type\":");
    put_cstr(b, r->type);
    buf_adds(b, ",\"title\":");
    put_cstr(b, r->title);
    buf_adds(b, ",\"tags\":");
    put_str_array(b, r->tags, r->ntags);
    if (r->file) {
        buf_adds(b, ",\"file\":");
        put_cstr(b, r->file);
    }
    if (r->line) {
        char num[24];
        int k = sizeof num;
        num[--k] = '\0';
        for (unsigned v = (unsigned)r->line; v; v /= 10) num[--k] = (char)('0' + v % 10);
        buf_adds(b, ",\"line\":");
        buf_adds(b, num + k);
    }
    buf_adds(b, r->exported ? ",\"exported\":true" : ",\"exported\":false");
    buf_adds(b, ",\"kind\":");
    put_cstr(b, r->kind);
    int any = 0;
    for (size_t i = 0; i < r->nparams; i++) {
        if (r->params[i].value->kind == V_UNDEF) continue;
        buf_adds(b, any ? "," : ",\"parameters\":{");
        any = 1;
        put_cstr(b, r->params[i].name);
        buf_addc(b, ':');
        put_value(b, r->params[i].value, tmp);
    }
    if (any) buf_addc(b, '}');
    if (r->nsensitive) {
        buf_adds(b, ",\"sensitive_parameters\":");
        put_str_array(b, r->sensitive, r->nsensitive);
    }
    buf_addc(b, '}');
}

/* The body (resources, edges, classes) is produced twice through a small
 * buffer: once into the digest that names the catalog's version, once to
 * the output, so no copy of a large catalog is ever held in memory. */
typedef struct Sink {
    Buf buf;
    Sha256 *sha;             /* digest pass */
    FILE *out;               /* output pass */
    int err;
} Sink;

static void sink_flush(Sink *k)
{
    if (k->sha) sha256_update(k->sha, buf_cstr(&k->buf), k->buf.len);
    else if (k->buf.len && fwrite(k->buf.s, 1, k->buf.len, k->out) != k->buf.len) k->err = 1;
    buf_clear(&k->buf);
}

static void emit_body(const Catalog *c, const Edge **order, Sink *k)
{
    Buf tmp = BUF_INIT;
    Buf *b = &k->buf;
    buf_adds(b, ",\"resources\":[");
    int first = 1;
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (r->is_virtual) continue;
        if (!first) buf_addc(b, ',');
        first = 0;
        put_resource(b, r, &tmp);
        if (b->len > 65536) sink_flush(k);
    }
    buf_adds(b, "],\"edges\":[");
    first = 1;
    for (size_t i = 0; i < c->nedges; i++) {
        const Edge *e = order[i];
        if (e->source->is_virtual || e->target->is_virtual) continue;
        if (!first) buf_addc(b, ',');
        first = 0;
        buf_adds(b, "{\"source\":");
        put_cstr(b, e->source->ref);
        buf_adds(b, ",\"target\":");
        put_cstr(b, e->target->ref);
        buf_addc(b, '}');
        if (b->len > 65536) sink_flush(k);
    }
    buf_adds(b, "],\"classes\":");
    put_str_array(b, c->classes, c->nclasses);
    buf_adds(b, "}\n");
    sink_flush(k);
    buf_free(&tmp);
}

int cat_write_json(const Catalog *c, FILE *out)
{
    /* Puppet lists edges by target, in catalog order, each target's edges in
     * the order they were added (its graph keeps them per target). */
    size_t *start = calloc(c->nres + 1, sizeof *start);
    const Edge **order = malloc((c->nedges + 1) * sizeof *order);
    if (!start || !order) util_oom();
    for (size_t i = 0; i < c->nedges; i++) start[c->edges[i].target->index + 1]++;
    for (size_t i = 0; i < c->nres; i++) start[i + 1] += start[i];
    for (size_t i = 0; i < c->nedges; i++) order[start[c->edges[i].target->index]++] = &c->edges[i];
    free(start);

    Buf head = BUF_INIT;
    buf_adds(&head, "{\"tags\":");
    put_str_array(&head, c->tags, c->ntags);
    buf_adds(&head, ",\"name\":");
    put_cstr(&head, c->name ? c->name : "");

    Sha256 sh;
    unsigned char d[32];
    sha256_init(&sh);
    sha256_update(&sh, buf_cstr(&head), head.len);
    Sink k = {BUF_INIT, &sh, NULL, 0};
    emit_body(c, order, &k);
    sha256_final(&sh, d);
    long long version = ((long long)d[0] << 24 | (long long)d[1] << 16 | (long long)d[2] << 8 | d[3]) & 0x7fffffff;
    /* RFC 9562 version 8 (custom) UUID from digest bytes. */
    buf_printf(&head, ",\"version\":%lld,\"code_id\":null,\"catalog_uuid\":\"%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                      "%02x%02x%02x%02x%02x%02x\",\"catalog_format\":2,\"environment\":",
               version, d[4], d[5], d[6], d[7], d[8], d[9], (d[10] & 0x0f) | 0x80, d[11], (d[12] & 0x3f) | 0x80,
               d[13], d[14], d[15], d[16], d[17], d[18], d[19]);
    put_cstr(&head, c->environment);
    int rc = fwrite(buf_cstr(&head), 1, head.len, out) == head.len ? 0 : -1;
    k.sha = NULL;
    k.out = out;
    emit_body(c, order, &k);
    if (k.err) rc = -1;
    buf_free(&k.buf);
    buf_free(&head);
    free(order);
    return rc;
}

Value *val_from_json(Arena *a, json_object *j)
{
    if (!j) return VAL_UNDEF;
    switch (json_object_get_type(j)) {
    case json_type_null: return VAL_UNDEF;
    case json_type_boolean: return val_bool(json_object_get_boolean(j));
    case json_type_double: return val_float(a, json_object_get_double(j));
    case json_type_int: return val_int(a, json_object_get_int64(j));
    case json_type_string: return val_str(a, json_object_get_string(j), (size_t)json_object_get_string_len(j));
    case json_type_array: {
        size_t n = json_object_array_length(j);
        Value **items = n ? ARENA_NEWN(a, Value *, n) : NULL;
        for (size_t i = 0; i < n; i++) items[i] = val_from_json(a, json_object_array_get_idx(j, i));
        return val_array(a, items, n);
    }
    case json_type_object: {
        size_t n = (size_t)json_object_object_length(j), i = 0;
        Value **keys = n ? ARENA_NEWN(a, Value *, n) : NULL;
        Value **vals = n ? ARENA_NEWN(a, Value *, n) : NULL;
        json_object_object_foreach(j, k, v) {
            keys[i] = val_cstr(a, k);
            vals[i] = val_from_json(a, v);
            i++;
        }
        return val_hash(a, keys, vals, n);
    }
    }
    return VAL_UNDEF;
}

Value *val_read_json_file(Arena *a, const char *path, const char **err)
{
    json_object *j = json_object_from_file(path);
    if (!j) {
        if (err) *err = json_util_get_last_err();
        return NULL;
    }
    Value *v = val_from_json(a, j);
    json_object_put(j);
    return v;
}

/* ---- reading a catalog ---- */

static const char *jstr(Arena *a, json_object *o)
{
    return arena_strndup(a, json_object_get_string(o), (size_t)json_object_get_string_len(o));
}

static int fail_at(Buf *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail_at(Buf *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    buf_adds(err, tmp);
    return -1;
}

static int read_resource(Catalog *c, json_object *jr, size_t i, Buf *err)
{
    Arena *a = c->arena;
    if (!json_object_is_type(jr, json_type_object)) return fail_at(err, "resources[%zu]: expected an object", i);
    json_object *jt, *jtitle;
    if (!json_object_object_get_ex(jr, "type", &jt) || !json_object_is_type(jt, json_type_string) ||
        !json_object_get_string_len(jt))
        return fail_at(err, "resources[%zu].type: expected a non-empty string", i);
    if (!json_object_object_get_ex(jr, "title", &jtitle) ||
        !(json_object_is_type(jtitle, json_type_string) || json_object_is_type(jtitle, json_type_int)))
        return fail_at(err, "resources[%zu].title: expected a string", i);
    const char *type = cat_capitalize_type(a, json_object_get_string(jt));
    const char *title = jstr(a, jtitle);
    if (strcmp(type, "Class") == 0 && strcmp(title, "main") != 0) title = cat_capitalize_type(a, title);
    Resource *r = cat_add(c, type, title);
    if (!r) return fail_at(err, "resources[%zu]: duplicate resource %s[%s]", i, type, title);
    json_object *v;
    if (json_object_object_get_ex(jr, "tags", &v)) {
        if (!json_object_is_type(v, json_type_array)) return fail_at(err, "resources[%zu].tags: expected an array", i);
        for (size_t k = 0; k < json_object_array_length(v); k++) {
            json_object *t = json_object_array_get_idx(v, k);
            if (!json_object_is_type(t, json_type_string))
                return fail_at(err, "resources[%zu].tags[%zu]: expected a string", i, k);
            res_tag(c, r, jstr(a, t));
        }
    }
    if (json_object_object_get_ex(jr, "file", &v) && json_object_is_type(v, json_type_string)) r->file = jstr(a, v);
    if (json_object_object_get_ex(jr, "line", &v) && json_object_is_type(v, json_type_int)) r->line = json_object_get_int(v);
    if (json_object_object_get_ex(jr, "exported", &v)) r->exported = json_object_get_boolean(v);
    if (json_object_object_get_ex(jr, "kind", &v) && json_object_is_type(v, json_type_string)) r->kind = jstr(a, v);
    else r->kind = "";
    if (json_object_object_get_ex(jr, "parameters", &v)) {
        if (!json_object_is_type(v, json_type_object))
            return fail_at(err, "resources[%zu].parameters: expected an object", i);
        json_object_object_foreach(v, k, pv) res_set(c, r, arena_strdup(a, k), val_from_json(a, pv));
    }
    if (json_object_object_get_ex(jr, "sensitive_parameters", &v) && json_object_is_type(v, json_type_array)) {
        size_t n = json_object_array_length(v);
        r->sensitive = ARENA_NEWN(a, const char *, n + 1);
        for (size_t k = 0; k < n; k++) r->sensitive[r->nsensitive++] = jstr(a, json_object_array_get_idx(v, k));
    }
    return 0;
}

static Resource *find_ref_string(Catalog *c, const char *ref)
{
    const char *lb = strchr(ref, '[');
    size_t n = strlen(ref);
    if (!lb || lb == ref || n < 3 || ref[n - 1] != ']') return NULL;
    char type[256];
    size_t tl = (size_t)(lb - ref);
    if (tl >= sizeof type) return NULL;
    memcpy(type, ref, tl);
    type[tl] = '\0';
    char *title = xstrndup(lb + 1, n - tl - 2);
    Resource *r = cat_find(c, type, title);
    free(title);
    return r;
}

/* `puppet catalog compile` prints a "Notice: Compiled catalog ..." line
 * before the JSON: lines before the first one that opens an object are
 * skipped. */
static json_object *parse_catalog_file(const char *path, Buf *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail_at(err, "%s: %s", path, strerror(errno));
        return NULL;
    }
    Buf text = BUF_INIT;
    char tmp[65536];
    size_t got;
    while ((got = fread(tmp, 1, sizeof tmp, f)) > 0) buf_add(&text, tmp, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        buf_free(&text);
        fail_at(err, "%s: read error", path);
        return NULL;
    }
    const char *p = buf_cstr(&text);
    while (*p && *p != '{' && *p != '[') {
        const char *nl = strchr(p, '\n');
        if (!nl) break;
        p = nl + 1;
    }
    json_tokener *tok = json_tokener_new();
    json_object *j = json_tokener_parse_ex(tok, p, (int)strlen(p));
    enum json_tokener_error e = json_tokener_get_error(tok);
    if (!j || e != json_tokener_success) {
        fail_at(err, "%s: invalid JSON at byte %zu: %s", path, (size_t)(p - buf_cstr(&text)) + json_tokener_get_parse_end(tok),
                json_tokener_error_desc(e));
        if (j) json_object_put(j);
        j = NULL;
    }
    json_tokener_free(tok);
    buf_free(&text);
    return j;
}

int cat_read_json(Catalog *c, const char *path, Buf *err)
{
    json_object *j = parse_catalog_file(path, err);
    if (!j) return -1;
    Arena *a = c->arena;
    int rc = -1;
    json_object *v, *res;
    if (!json_object_is_type(j, json_type_object)) {
        fail_at(err, "$: a catalog must be a JSON object");
        goto out;
    }
    if (json_object_object_get_ex(j, "name", &v) && json_object_is_type(v, json_type_string)) c->name = jstr(a, v);
    if (json_object_object_get_ex(j, "environment", &v) && json_object_is_type(v, json_type_string))
        c->environment = jstr(a, v);
    if (json_object_object_get_ex(j, "version", &v) && !json_object_is_type(v, json_type_null)) c->version = jstr(a, v);
    if (!json_object_object_get_ex(j, "resources", &res) || !json_object_is_type(res, json_type_array)) {
        fail_at(err, "resources: expected an array of resources");
        goto out;
    }
    for (size_t i = 0; i < json_object_array_length(res); i++)
        if (read_resource(c, json_object_array_get_idx(res, i), i, err) != 0) goto out;
    if (json_object_object_get_ex(j, "edges", &v)) {
        if (!json_object_is_type(v, json_type_array)) {
            fail_at(err, "edges: expected an array");
            goto out;
        }
        for (size_t i = 0; i < json_object_array_length(v); i++) {
            json_object *e = json_object_array_get_idx(v, i), *s, *t;
            if (!json_object_is_type(e, json_type_object) || !json_object_object_get_ex(e, "source", &s) ||
                !json_object_object_get_ex(e, "target", &t) || !json_object_is_type(s, json_type_string) ||
                !json_object_is_type(t, json_type_string)) {
                fail_at(err, "edges[%zu]: expected {\"source\": \"Type[title]\", \"target\": \"Type[title]\"}", i);
                goto out;
            }
            Resource *rs = find_ref_string(c, json_object_get_string(s));
            Resource *rt = find_ref_string(c, json_object_get_string(t));
            if (!rs || !rt) {
                fail_at(err, "edges[%zu]: no resource %s in the catalog", i,
                        json_object_get_string(rs ? t : s));
                goto out;
            }
            cat_add_edge(c, rs, rt);
        }
    }
    if (json_object_object_get_ex(j, "classes", &v) && json_object_is_type(v, json_type_array))
        for (size_t i = 0; i < json_object_array_length(v); i++) {
            json_object *k = json_object_array_get_idx(v, i);
            if (json_object_is_type(k, json_type_string)) cat_add_class(c, jstr(a, k));
        }
    /* aliases resolve like titles */
    for (size_t i = 0; i < c->nres; i++) {
        Resource *r = c->res[i];
        Value *al = res_get(r, "alias");
        if (!al) continue;
        size_t n = al->kind == V_ARRAY ? al->arr.n : 1;
        for (size_t k = 0; k < n; k++) {
            Value *x = al->kind == V_ARRAY ? al->arr.items[k] : al;
            if (x->kind != V_STR) continue;
            const char *key = cat_ref_key(a, r->type, x->str.s);
            if (!map_get(&c->by_key, key, strlen(key))) map_put(&c->by_key, key, strlen(key), r);
        }
    }
    rc = 0;
out:
    json_object_put(j);
    return rc;
}

Resource *cat_resolve_ref(Catalog *c, const Value *ref)
{
    if (ref->kind == V_STR) return find_ref_string(c, ref->str.s);
    if (val_is_resref(ref)) return cat_find(c, ref->type.name, ref->type.params[0]->str.s);
    return NULL;
}
