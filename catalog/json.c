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
#include <stdio.h>
#include <string.h>

static json_object *to_json(const Value *v, const Catalog *c);

static json_object *str_json(const char *s, size_t n) { return json_object_new_string_len(s, (int)n); }

static json_object *to_json(const Value *v, const Catalog *c)
{
    Buf b = BUF_INIT;
    json_object *o = NULL;
    switch (v->kind) {
    case V_UNDEF: return NULL;
    case V_BOOL: return json_object_new_boolean(v->b);
    case V_INT: return json_object_new_int64(v->i);
    case V_FLOAT:
        val_to_s(&b, v);
        o = json_object_new_double_s(v->f, buf_cstr(&b));
        break;
    case V_STR: return str_json(v->str.s, v->str.len);
    case V_ARRAY:
        o = json_object_new_array_ext((int)v->arr.n);
        for (size_t i = 0; i < v->arr.n; i++) json_object_array_add(o, to_json(v->arr.items[i], c));
        return o;
    case V_HASH:
        o = json_object_new_object();
        for (size_t i = 0; i < v->hash.n; i++) {
            buf_clear(&b);
            val_to_s(&b, v->hash.keys[i]);
            json_object_object_add(o, buf_cstr(&b), to_json(v->hash.vals[i], c));
        }
        break;
    case V_SENSITIVE: return to_json(v->sensitive, c);
    case V_DEFAULT: case V_REGEX: case V_TYPE:
        val_to_s(&b, v);
        o = str_json(buf_cstr(&b), b.len);
        break;
    }
    buf_free(&b);
    return o;
}

static json_object *str_array(const char *const *s, size_t n)
{
    json_object *a = json_object_new_array_ext((int)n);
    for (size_t i = 0; i < n; i++) json_object_array_add(a, json_object_new_string(s[i]));
    return a;
}

static json_object *resource_json(const Resource *r, const Catalog *c)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "type", json_object_new_string(r->type));
    json_object_object_add(o, "title", json_object_new_string(r->title));
    json_object_object_add(o, "tags", str_array(r->tags, r->ntags));
    if (r->file) json_object_object_add(o, "file", json_object_new_string(r->file));
    if (r->line) json_object_object_add(o, "line", json_object_new_int(r->line));
    json_object_object_add(o, "exported", json_object_new_boolean(r->exported));
    json_object_object_add(o, "kind", json_object_new_string(r->kind));
    json_object *params = NULL;
    for (size_t i = 0; i < r->nparams; i++) {
        if (r->params[i].value->kind == V_UNDEF) continue;
        if (!params) params = json_object_new_object();
        json_object_object_add(params, r->params[i].name, to_json(r->params[i].value, c));
    }
    if (params) json_object_object_add(o, "parameters", params);
    if (r->nsensitive) json_object_object_add(o, "sensitive_parameters", str_array(r->sensitive, r->nsensitive));
    return o;
}

int cat_write_json(const Catalog *c, FILE *out)
{
    json_object *resources = json_object_new_array_ext((int)c->nres);
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (r->is_virtual) continue;
        json_object_array_add(resources, resource_json(r, c));
    }
    /* Puppet lists edges by target, in catalog order, each target's edges in
     * the order they were added (its graph keeps them per target). */
    size_t *start = calloc(c->nres + 1, sizeof *start);
    const Edge **order = malloc((c->nedges + 1) * sizeof *order);
    if (!start || !order) util_oom();
    for (size_t i = 0; i < c->nedges; i++) start[c->edges[i].target->index + 1]++;
    for (size_t i = 0; i < c->nres; i++) start[i + 1] += start[i];
    for (size_t i = 0; i < c->nedges; i++) order[start[c->edges[i].target->index]++] = &c->edges[i];
    free(start);
    json_object *edges = json_object_new_array_ext((int)c->nedges);
    for (size_t i = 0; i < c->nedges; i++) {
        const Edge *e = order[i];
        if (e->source->is_virtual || e->target->is_virtual) continue;
        json_object *eo = json_object_new_object();
        json_object_object_add(eo, "source", json_object_new_string(e->source->ref));
        json_object_object_add(eo, "target", json_object_new_string(e->target->ref));
        json_object_array_add(edges, eo);
    }
    free(order);
    json_object *classes = str_array(c->classes, c->nclasses);
    json_object *tags = str_array(c->tags, c->ntags);

    /* Content digest over everything but the derived fields. */
    const int flags = JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE;
    Sha256 sh;
    unsigned char d[32];
    sha256_init(&sh);
    const char *parts[] = {
        json_object_to_json_string_ext(tags, flags), c->name ? c->name : "",
        json_object_to_json_string_ext(resources, flags), json_object_to_json_string_ext(edges, flags),
        json_object_to_json_string_ext(classes, flags),
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) sha256_update(&sh, parts[i], strlen(parts[i]) + 1);
    sha256_final(&sh, d);
    int64_t version = ((int64_t)d[0] << 24 | (int64_t)d[1] << 16 | (int64_t)d[2] << 8 | d[3]) & 0x7fffffff;
    char uuid[37];
    /* RFC 9562 version 8 (custom) UUID from digest bytes. */
    snprintf(uuid, sizeof uuid, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             d[4], d[5], d[6], d[7], d[8], d[9], (d[10] & 0x0f) | 0x80, d[11], (d[12] & 0x3f) | 0x80, d[13],
             d[14], d[15], d[16], d[17], d[18], d[19]);

    json_object *top = json_object_new_object();
    json_object_object_add(top, "tags", tags);
    json_object_object_add(top, "name", json_object_new_string(c->name ? c->name : ""));
    json_object_object_add(top, "version", json_object_new_int64(version));
    json_object_object_add(top, "code_id", NULL);
    json_object_object_add(top, "catalog_uuid", json_object_new_string(uuid));
    json_object_object_add(top, "catalog_format", json_object_new_int(2));
    json_object_object_add(top, "environment", json_object_new_string(c->environment));
    json_object_object_add(top, "resources", resources);
    json_object_object_add(top, "edges", edges);
    json_object_object_add(top, "classes", classes);
    size_t len;
    const char *s = json_object_to_json_string_length(top, flags, &len);
    int rc = fwrite(s, 1, len, out) == len && fputc('\n', out) != EOF ? 0 : -1;
    json_object_put(top);
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
