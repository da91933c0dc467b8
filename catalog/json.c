/*
 * json.c - catalog JSON v2 output.  Keys come in the order Puppet writes
 * them (then mcomp's own "modulepath", see catalog.h).  The version and catalog_uuid are not a timestamp and a random UUID
 * as in Puppet but are taken from the SHA-256 of the rest of the document,
 * so the same catalog gives the same bytes.
 */
#include "catalog/json.h"
#include "catalog/rubyval.h"
#include "catalog/jsonparse.h"
#include "base/sha256.h"
#include "base/util.h"
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* JSON text is written by hand: a catalog is mostly strings, and building
 * a json-c object per resource costs more than the whole compile. */

/* Length of the valid UTF-8 sequence at s[i] (0: invalid). */
static size_t utf8_seq(const unsigned char *s, size_t i, size_t n)
{
    unsigned char c = s[i];
    size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (!len || i + len > n) return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[i + k] & 0xC0) != 0x80) return 0;
    if (len == 3 && ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] >= 0xA0))) return 0;
    if (len == 4 && ((c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] >= 0x90))) return 0;
    return len;
}

/* A JSON string, as Ruby's JSON generator writes it.  JSON text is
 * UTF-8: a byte that does not start a valid sequence (from a binary file()
 * or a fact) is written as U+FFFD, or, when strict, ends the string
 * (returns 0) as the generator raises on it. */
static inline int json_str(Buf *b, const char *s, size_t n, int strict)
{
    static const char hex[] = "0123456789abcdef";
    buf_reserve(b, n + 2);
    buf_addc(b, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (__builtin_expect(ch >= 0x20 && ch < 0x80 && ch != '"' && ch != '\\', 1)) continue;
        if (ch >= 0x80) {
            size_t len = utf8_seq((const unsigned char *)s, i, n);
            if (len) {
                i += len - 1;
                continue;
            }
            if (strict) return 0;
            buf_add(b, s + run, i - run);
            run = i + 1;
            buf_adds(b, "\\ufffd");
            continue;
        }
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
    return 1;
}

void cat_json_str(Buf *b, const char *s, size_t n) { json_str(b, s, n, 0); }

int cat_json_str_strict(Buf *b, const char *s, size_t n) { return json_str(b, s, n, 1); }

static void put_cstr(Buf *b, const char *s) { cat_json_str(b, s, strlen(s)); }

void cat_json_fput(FILE *f, const char *s)
{
    Buf b = BUF_INIT;
    cat_json_str(&b, s, strlen(s));
    fwrite(b.s, 1, b.len, f);
    buf_free(&b);
}

static _Thread_local int rich_deferred;    /* the catalog being written has rich_deferred */
static _Thread_local int in_deferred;      /* writing a Deferred's arguments: types as {"__ptype": "Type"} */

static void put_value(Buf *b, const Value *v, Buf *tmp)
{
    switch (v->kind) {
    case V_UNDEF: buf_adds(b, "null"); return;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return;
    case V_FLOAT: val_to_s(b, v); return;
    case V_STR: cat_json_str(b, v->str.s, v->str.len); return;
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
            /* a key that is not a string: Ruby's to_s of it, as Puppet's
             * ToDataConverter writes it (["e"], {"k"=>"v"}, "" for undef) */
            if (v->hash.keys[i]->kind == V_ARRAY || v->hash.keys[i]->kind == V_HASH) rv_inspect(tmp, v->hash.keys[i], RV_FN);
            else val_to_s(tmp, v->hash.keys[i]);
            cat_json_str(b, buf_cstr(tmp), tmp->len);
            buf_addc(b, ':');
            put_value(b, v->hash.vals[i], tmp);
        }
        buf_addc(b, '}');
        return;
    case V_SENSITIVE:   /* nested: Puppet's rich-data form (a parameter's own is unwrapped) */
        buf_adds(b, "{\"__ptype\":\"Sensitive\",\"__pvalue\":");
        put_value(b, v->sensitive, tmp);
        buf_addc(b, '}');
        return;
    case V_DEFAULT: case V_REGEX: case V_TYPE: case V_TIMESTAMP: case V_TIMESPAN:
    case V_BINARY: case V_SEMVER: case V_SEMVERRANGE: case V_OBJECT:
        if (rich_deferred && v->kind == V_OBJECT && !strcmp(v->obj.type, "Deferred")) {
            const Value *name = val_hash_gets(v->obj.attrs, "name"), *args = val_hash_gets(v->obj.attrs, "arguments");
            buf_adds(b, "{\"__ptype\":\"Deferred\",\"name\":");
            put_value(b, name ? name : VAL_UNDEF, tmp);
            if (args) {
                buf_adds(b, ",\"arguments\":");
                in_deferred++;
                put_value(b, args, tmp);
                in_deferred--;
            }
            buf_addc(b, '}');
            return;
        }
        buf_clear(tmp);
        val_to_s(tmp, v);
        if (in_deferred && v->kind == V_TYPE) {    /* Deferred('new', [Sensitive, 'x']): the type itself */
            buf_adds(b, "{\"__ptype\":\"Type\",\"__pvalue\":");
            cat_json_str(b, buf_cstr(tmp), tmp->len);
            buf_addc(b, '}');
            return;
        }
        cat_json_str(b, buf_cstr(tmp), tmp->len);
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
        const Value *pv = r->params[i].value;
        put_value(b, pv->kind == V_SENSITIVE ? pv->sensitive : pv, tmp);
    }
    if (any) buf_addc(b, '}');
    if (r->nsensitive) {
        buf_adds(b, ",\"sensitive_parameters\":");
        put_str_array(b, r->sensitive, r->nsensitive);
    }
    buf_addc(b, '}');
}

void cat_resource_json(Buf *b, const Resource *r)
{
    Buf tmp = BUF_INIT;
    put_resource(b, r, &tmp);
    buf_free(&tmp);
}

/* The body (resources, edges, classes) is produced in chunks of about
 * 64 KiB.  The head holds the digest of the body (the version comes first
 * in Puppet's key order), so the body is rendered once for the digest and
 * kept when it is small; a big catalog's body (hundreds of MiB for a
 * million resources) is not held but rendered a second time, straight to
 * the output, which costs less than the memory it would take. */
enum { CHUNK = 65536, KEEP_MAX = 16u << 20 };

typedef struct Sink {
    Buf buf;                 /* the current chunk */
    Sha256 *sha;             /* first pass: the digest, or NULL */
    Buf *body;               /* first pass: the text so far, while kept, or NULL */
    FILE *out;               /* second pass: where the chunks go, or NULL */
    int err;                 /* second pass: a write failed */
} Sink;

static void sink_flush(Sink *k)
{
    if (k->sha) sha256_update(k->sha, buf_cstr(&k->buf), k->buf.len);
    if (k->body) {
        if (k->body->len + k->buf.len <= KEEP_MAX) {
            buf_add(k->body, buf_cstr(&k->buf), k->buf.len);
        } else {
            buf_free(k->body);
            k->body = NULL;
        }
    }
    if (k->out && k->buf.len && fwrite(buf_cstr(&k->buf), 1, k->buf.len, k->out) != k->buf.len) k->err = 1;
    buf_clear(&k->buf);
}

static void emit_body(const Catalog *c, const Edge *const *order, Sink *k)
{
    rich_deferred = c->rich_deferred;
    Buf tmp = BUF_INIT;
    Buf *b = &k->buf;
    buf_reserve(b, CHUNK + 4096);
    buf_adds(b, ",\"resources\":[");
    int first = 1;
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (r->is_virtual) continue;
        if (!first) buf_addc(b, ',');
        first = 0;
        put_resource(b, r, &tmp);
        if (b->len > CHUNK) sink_flush(k);
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
        if (b->len > CHUNK) sink_flush(k);
    }
    buf_adds(b, "],\"classes\":");
    put_str_array(b, c->classes, c->nclasses);
    buf_adds(b, "}\n");
    sink_flush(k);
    buf_free(b);
    buf_free(&tmp);
}

int cat_write_json(const Catalog *c, FILE *out)
{
    CatJson j;
    cat_json_prepare(c, &j);
    int rc = cat_json_write(c, &j, out);
    cat_json_free(&j);
    return rc;
}

void cat_json_prepare(const Catalog *c, CatJson *j)
{
    memset(j, 0, sizeof *j);
    /* Puppet lists edges by target, in catalog order, each target's edges in
     * the order they were added (its graph keeps them per target). */
    size_t *start = calloc(c->nres + 1, sizeof *start);
    const Edge **order = malloc((c->nedges + 1) * sizeof *order);
    if (!start || !order) util_oom();
    for (size_t i = 0; i < c->nedges; i++) start[c->edges[i].target->index + 1]++;
    for (size_t i = 0; i < c->nres; i++) start[i + 1] += start[i];
    for (size_t i = 0; i < c->nedges; i++) order[start[c->edges[i].target->index]++] = &c->edges[i];
    free(start);
    j->order = order;

    Buf *head = &j->head;
    buf_adds(head, "{\"tags\":");
    put_str_array(head, c->tags, c->ntags);
    buf_adds(head, ",\"name\":");
    put_cstr(head, c->name ? c->name : "");

    Sha256 sh;
    unsigned char d[32];
    sha256_init(&sh);
    sha256_update(&sh, buf_cstr(head), head->len);
    Sink k = {BUF_INIT, &sh, &j->body, NULL, 0};
    emit_body(c, order, &k);
    j->kept = k.body != NULL;
    sha256_final(&sh, d);
    long long version = ((long long)d[0] << 24 | (long long)d[1] << 16 | (long long)d[2] << 8 | d[3]) & 0x7fffffff;
    /* an environment's config_version gives the version, as a string */
    buf_adds(head, ",\"version\":");
    if (c->version) put_cstr(head, c->version);
    else buf_printf(head, "%lld", version);
    /* RFC 9562 version 8 (custom) UUID from digest bytes. */
    buf_printf(head, ",\"code_id\":null,\"catalog_uuid\":\"%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                      "%02x%02x%02x%02x%02x%02x\",\"catalog_format\":2,\"environment\":",
               d[4], d[5], d[6], d[7], d[8], d[9], (d[10] & 0x0f) | 0x80, d[11], (d[12] & 0x3f) | 0x80,
               d[13], d[14], d[15], d[16], d[17], d[18], d[19]);
    put_cstr(head, c->environment);
    /* not Puppet's: the module path of the compile, for mapply (Puppet's
     * from_data_hash ignores keys it does not know); outside the digest */
    if (c->nmodulepath) {
        buf_adds(head, ",\"modulepath\":");
        put_str_array(head, c->modulepath, c->nmodulepath);
    }
}

int cat_json_write(const Catalog *c, CatJson *j, FILE *out)
{
    if (fwrite(buf_cstr(&j->head), 1, j->head.len, out) != j->head.len) return -1;
    if (j->kept) return fwrite(buf_cstr(&j->body), 1, j->body.len, out) == j->body.len ? 0 : -1;
    Sink k = {BUF_INIT, NULL, NULL, out, 0};
    emit_body(c, j->order, &k);
    return k.err ? -1 : 0;
}

void cat_json_free(CatJson *j)
{
    buf_free(&j->head);
    buf_free(&j->body);
    free(j->order);
    memset(j, 0, sizeof *j);
}

Value *cat_read_json_file(Arena *a, const char *path, const char **err)
{
    enum { LIMIT = 64 << 20 };
    Buf text = BUF_INIT, why = BUF_INIT;
    Value *v = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || buf_read_fd_max(&text, fd, LIMIT) != 0)
        *err = errno == EFBIG ? "larger than 64 MiB" : arena_strdup(a, strerror(errno));
    else if (!(v = json_parse(a, buf_cstr(&text), text.len, &why)))
        *err = arena_strdup(a, buf_cstr(&why));
    if (fd >= 0) close(fd);
    buf_free(&text);
    buf_free(&why);
    return v;
}

/* ---- reading a catalog ---- */

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

static Value *field(const Value *o, const char *key) { return val_hash_gets(o, key); }

/* Puppet writes a Sensitive value inside a parameter's array or hash as
 * {"__ptype": "Sensitive", "__pvalue": V}: such objects become Sensitive
 * values again, at any depth (the parsed tree is the reader's own); and a
 * Deferred value (in a catalog an agent gets) as {"__ptype": "Deferred",
 * "name": F, "arguments": [...]}, which becomes a Deferred again. */
static Value *read_rich(Arena *a, Value *v)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) v->arr.items[i] = read_rich(a, v->arr.items[i]);
    } else if (v->kind == V_HASH) {
        Value *t = v->hash.n == 2 ? field(v, "__ptype") : NULL, *inner = t ? field(v, "__pvalue") : NULL;
        if (inner && t->kind == V_STR && !strcmp(t->str.s, "Sensitive")) return val_sensitive(a, read_rich(a, inner));
        /* a type (in a Deferred's arguments): kept as its text, a V_TYPE named by the whole text */
        if (inner && t->kind == V_STR && !strcmp(t->str.s, "Type") && inner->kind == V_STR) return val_type(a, inner->str.s, NULL, 0);
        Value *dt = field(v, "__ptype"), *name = field(v, "name"), *args = field(v, "arguments");
        if (dt && dt->kind == V_STR && !strcmp(dt->str.s, "Deferred") && name && name->kind == V_STR &&
            v->hash.n == 2u + (args != NULL) && (!args || args->kind == V_ARRAY)) {
            Value *k[2] = {val_cstr(a, "name"), val_cstr(a, "arguments")}, *vals[2] = {name, args ? read_rich(a, args) : NULL};
            return val_object(a, "Deferred", val_hash(a, k, vals, args ? 2 : 1));
        }
        for (size_t i = 0; i < v->hash.n; i++) v->hash.vals[i] = read_rich(a, v->hash.vals[i]);
    }
    return v;
}

static int read_resource(Catalog *c, const Value *jr, size_t i, Buf *err)
{
    Arena *a = c->arena;
    if (jr->kind != V_HASH) return fail_at(err, "resources[%zu]: expected an object", i);
    Value *jt = field(jr, "type"), *jtitle = field(jr, "title");
    if (!jt || jt->kind != V_STR || !jt->str.len) return fail_at(err, "resources[%zu].type: expected a non-empty string", i);
    if (!jtitle || (jtitle->kind != V_STR && jtitle->kind != V_INT))
        return fail_at(err, "resources[%zu].title: expected a string", i);
    const char *type = cat_capitalize_type(a, jt->str.s);
    const char *title = val_to_cstr(a, jtitle);
    if (strcmp(type, "Class") == 0 && strcmp(title, "main") != 0) title = cat_capitalize_type(a, title);
    Resource *r = cat_add(c, type, title);
    if (!r) return fail_at(err, "resources[%zu]: duplicate resource %s[%s]", i, type, title);
    Value *v = field(jr, "tags");
    if (v) {
        if (v->kind != V_ARRAY) return fail_at(err, "resources[%zu].tags: expected an array", i);
        for (size_t k = 0; k < v->arr.n; k++) {
            if (v->arr.items[k]->kind != V_STR) return fail_at(err, "resources[%zu].tags[%zu]: expected a string", i, k);
            cat_res_tag(c, r, v->arr.items[k]->str.s);
        }
    }
    if ((v = field(jr, "file")) && v->kind == V_STR) r->file = v->str.s;
    if ((v = field(jr, "line")) && v->kind == V_INT) r->line = (int)v->i;
    if ((v = field(jr, "exported")) && v->kind == V_BOOL) r->exported = v->b;
    r->kind = (v = field(jr, "kind")) && v->kind == V_STR ? v->str.s : "";
    if ((v = field(jr, "parameters"))) {
        if (v->kind != V_HASH) return fail_at(err, "resources[%zu].parameters: expected an object", i);
        for (size_t k = 0; k < v->hash.n; k++) cat_res_set(c, r, v->hash.keys[k]->str.s, read_rich(a, v->hash.vals[k]));
    }
    if ((v = field(jr, "sensitive_parameters")) && v->kind == V_ARRAY) {
        r->sensitive = ARENA_NEWN(a, const char *, v->arr.n + 1);
        for (size_t k = 0; k < v->arr.n; k++)
            if (v->arr.items[k]->kind == V_STR) r->sensitive[r->nsensitive++] = v->arr.items[k]->str.s;
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
static Value *parse_catalog_file(Arena *a, const char *path, Buf *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail_at(err, "%s: %s", path, strerror(errno));
        return NULL;
    }
    Buf text = BUF_INIT;
    char tmp[65536];
    size_t got;
    struct stat st;       /* room for a regular file at once: no growing copies */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) buf_reserve(&text, (size_t)st.st_size);
    while ((got = fread(tmp, 1, sizeof tmp, f)) > 0) buf_add(&text, tmp, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        buf_free(&text);
        fail_at(err, "%s: read error", path);
        return NULL;
    }
    const char *p = buf_cstr(&text), *end = p + text.len;
    while (p < end && *p != '{' && *p != '[') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) break;
        p = nl + 1;
    }
    Buf why = BUF_INIT;
    Value *v = json_parse_at(a, buf_cstr(&text), (size_t)(p - buf_cstr(&text)), text.len, 0, &why);
    if (!v) fail_at(err, "%s: invalid JSON at %s", path, buf_cstr(&why));
    buf_free(&why);
    buf_free(&text);
    return v;
}

int cat_read_json(Catalog *c, const char *path, Buf *err)
{
    Value *j = parse_catalog_file(c->arena, path, err);
    if (!j) return -1;
    Value *v, *res;
    if (j->kind != V_HASH) return fail_at(err, "$: a catalog must be a JSON object");
    if ((v = field(j, "name")) && v->kind == V_STR) c->name = v->str.s;
    if ((v = field(j, "environment")) && v->kind == V_STR) c->environment = v->str.s;
    if ((v = field(j, "version")) && v->kind != V_UNDEF) c->version = val_to_cstr(c->arena, v);
    if ((v = field(j, "catalog_uuid")) && v->kind == V_STR) c->catalog_uuid = v->str.s;
    if ((v = field(j, "code_id")) && v->kind == V_STR) c->code_id = v->str.s;
    if ((v = field(j, "modulepath"))) {       /* mcomp's: absolute directories */
        if (v->kind != V_ARRAY) return fail_at(err, "modulepath: expected an array of absolute directories");
        c->modulepath = arena_alloc(c->arena, (v->arr.n + 1) * sizeof *c->modulepath);
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *d = v->arr.items[i];
            if (d->kind != V_STR || d->str.s[0] != '/' || strchr(d->str.s, ':'))
                return fail_at(err, "modulepath[%zu]: expected an absolute directory (no ':')", i);
            c->modulepath[c->nmodulepath++] = d->str.s;
        }
    }
    if (!(res = field(j, "resources")) || res->kind != V_ARRAY)
        return fail_at(err, "resources: expected an array of resources");
    for (size_t i = 0; i < res->arr.n; i++)
        if (read_resource(c, res->arr.items[i], i, err) != 0) return -1;
    if ((v = field(j, "edges"))) {
        if (v->kind != V_ARRAY) return fail_at(err, "edges: expected an array");
        for (size_t i = 0; i < v->arr.n; i++) {
            Value *e = v->arr.items[i], *s = NULL, *t = NULL;
            if (e->kind == V_HASH) s = field(e, "source"), t = field(e, "target");
            if (!s || !t || s->kind != V_STR || t->kind != V_STR)
                return fail_at(err, "edges[%zu]: expected {\"source\": \"Type[title]\", \"target\": \"Type[title]\"}", i);
            Resource *rs = find_ref_string(c, s->str.s), *rt = find_ref_string(c, t->str.s);
            if (!rs || !rt) return fail_at(err, "edges[%zu]: no resource %s in the catalog", i, rs ? t->str.s : s->str.s);
            cat_add_edge(c, rs, rt);
        }
    }
    if ((v = field(j, "classes")) && v->kind == V_ARRAY)
        for (size_t i = 0; i < v->arr.n; i++)
            if (v->arr.items[i]->kind == V_STR) cat_add_class(c, v->arr.items[i]->str.s);
    /* aliases resolve like titles */
    for (size_t i = 0; i < c->nres; i++) {
        Resource *r = c->res[i];
        Value *al = cat_res_get(r, "alias");
        if (!al) continue;
        size_t n = al->kind == V_ARRAY ? al->arr.n : 1;
        for (size_t k = 0; k < n; k++) {
            Value *x = al->kind == V_ARRAY ? al->arr.items[k] : al;
            if (x->kind != V_STR) continue;
            const char *key = cat_ref_key(c->arena, r->type, x->str.s);
            if (!map_get(&c->by_key, key, strlen(key))) map_put(&c->by_key, key, strlen(key), r);
        }
    }
    return 0;
}

Resource *cat_resolve_ref(Catalog *c, const Value *ref)
{
    if (ref->kind == V_STR) return find_ref_string(c, ref->str.s);
    if (val_is_resref(ref)) return cat_find(c, ref->type.name, ref->type.params[0]->str.s);
    return NULL;
}
