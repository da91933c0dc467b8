/*
 * uri.c - URI values as Puppet 7 has them from Ruby's URI library: parsed
 * by RFC 3986 (Ruby's RFC3986_Parser: the scheme lower-cased, the other
 * parts as written, a rootless path after a scheme being the opaque part),
 * printed back by URI::Generic#to_s (a scheme's default port left out),
 * compared after URI#normalize, and merged by RFC 3986 section 5.2.
 *
 * The one idea: a URI is an object value whose attribute hash holds the
 * parts that are not nil, in Ruby's component order, so the evaluator's
 * attribute access ($u.host), equality and printing need nothing else.
 */
#include "catalog/uri.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const PARTS[] = {"scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"};
enum { P_SCHEME, P_USERINFO, P_HOST, P_PORT, P_PATH, P_QUERY, P_FRAGMENT, P_OPAQUE, P_N };

/* Ruby's registered schemes and their default ports. */
static int64_t default_port(const char *scheme)
{
    static const struct { const char *s; int64_t port; } ports[] = {
        {"http", 80}, {"https", 443}, {"ftp", 21}, {"ldap", 389}, {"ldaps", 636}, {"ws", 80}, {"wss", 443},
    };
    for (size_t i = 0; scheme && i < sizeof ports / sizeof ports[0]; i++)
        if (!strcmp(scheme, ports[i].s)) return ports[i].port;
    return -1;
}

typedef struct Parts {
    const char *s[P_N];     /* NULL: nil (port as text) */
} Parts;

static int unreserved(int c) { return isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~'; }
static int sub_delim(int c) { return c && strchr("!$&'()*+,;=", c) != NULL; }

/* Whether s[0..n) is made of the characters a part allows: unreserved,
 * %XX, sub-delims and the extra ones given. */
static int valid(const char *s, size_t n, const char *extra)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '%') {
            if (i + 2 >= n || !isxdigit((unsigned char)s[i + 1]) || !isxdigit((unsigned char)s[i + 2])) return 0;
            i += 2;
            continue;
        }
        if (unreserved(c) || sub_delim(c) || (c && strchr(extra, c))) continue;
        return 0;
    }
    return 1;
}

static Value *to_value(Arena *a, const Parts *p)
{
    Value *k[P_N], *v[P_N];
    size_t n = 0;
    for (int i = 0; i < P_N; i++) {
        if (!p->s[i]) continue;
        k[n] = val_cstr(a, PARTS[i]);
        v[n++] = i == P_PORT ? val_int(a, strtoll(p->s[i], NULL, 10)) : val_cstr(a, p->s[i]);
    }
    return val_object(a, "URI", val_hash(a, k, v, n));
}

static const char *part(const Value *u, int i)
{
    const Value *v = val_hash_gets(u->obj.attrs, PARTS[i]);
    return v && v->kind == V_STR ? v->str.s : NULL;
}

static int64_t port_of(const Value *u)
{
    const Value *v = val_hash_gets(u->obj.attrs, "port");
    return v && v->kind == V_INT ? v->i : -1;
}

static void get_parts(Arena *a, const Value *u, Parts *p)
{
    for (int i = 0; i < P_N; i++) p->s[i] = i == P_PORT ? NULL : part(u, i);
    int64_t port = port_of(u);
    if (port >= 0) p->s[P_PORT] = arena_printf(a, "%lld", (long long)port);
}

static int split(Arena *a, const char *s, Parts *p)
{
    memset(p, 0, sizeof *p);
    const char *q = s;
    /* scheme ":" */
    const char *c = q;
    if (isalpha((unsigned char)*c)) {
        while (isalnum((unsigned char)*c) || *c == '+' || *c == '-' || *c == '.') c++;
        if (*c == ':') {
            char *sch = arena_strndup(a, q, (size_t)(c - q));
            for (char *t = sch; *t; t++) *t = (char)tolower((unsigned char)*t);
            p->s[P_SCHEME] = sch;
            q = c + 1;
        }
    }
    size_t hier = strcspn(q, "?#");
    const char *h = q, *rest = q + hier;
    if (hier >= 2 && h[0] == '/' && h[1] == '/') {
        const char *auth = h + 2;
        size_t alen = strcspn(auth, "/?#");
        const char *at = memchr(auth, '@', alen), *hs = auth;
        if (at) {
            if (!valid(auth, (size_t)(at - auth), ":")) return 0;
            p->s[P_USERINFO] = arena_strndup(a, auth, (size_t)(at - auth));
            hs = at + 1;
        }
        const char *end = auth + alen, *colon = NULL;
        if (*hs == '[') {
            const char *rb = memchr(hs, ']', (size_t)(end - hs));
            if (!rb) return 0;
            if (rb + 1 < end && rb[1] != ':') return 0;
            colon = rb + 1 < end ? rb + 1 : NULL;
        } else {
            for (const char *t = hs; t < end; t++)
                if (*t == ':') colon = t;
        }
        const char *hend = colon ? colon : end;
        if (*hs != '[' && !valid(hs, (size_t)(hend - hs), "")) return 0;
        p->s[P_HOST] = arena_strndup(a, hs, (size_t)(hend - hs));
        if (colon) {
            for (const char *t = colon + 1; t < end; t++)
                if (!isdigit((unsigned char)*t)) return 0;
            if (end > colon + 1) p->s[P_PORT] = arena_strndup(a, colon + 1, (size_t)(end - colon - 1));
        }
        if (!valid(end, (size_t)(rest - end), ":@/")) return 0;
        p->s[P_PATH] = arena_strndup(a, end, (size_t)(rest - end));
    } else {
        if (!valid(h, hier, ":@/")) return 0;
        if (!p->s[P_SCHEME]) {                          /* path-noscheme: no ':' in the first segment */
            size_t seg = strcspn(h, "/");
            if (seg > hier) seg = hier;
            if (memchr(h, ':', seg)) return 0;
        }
        if (p->s[P_SCHEME] && hier && h[0] != '/') p->s[P_OPAQUE] = arena_strndup(a, h, hier);
        else p->s[P_PATH] = arena_strndup(a, h, hier);
    }
    if (*rest == '?') {
        size_t ql = strcspn(rest + 1, "#");
        if (!valid(rest + 1, ql, ":@/?")) return 0;
        p->s[P_QUERY] = arena_strndup(a, rest + 1, ql);
        rest += ql + 1;
    }
    if (*rest == '#') {
        if (!valid(rest + 1, strlen(rest + 1), ":@/?")) return 0;
        p->s[P_FRAGMENT] = arena_strdup(a, rest + 1);
    }
    if (!p->s[P_PORT] && default_port(p->s[P_SCHEME]) >= 0)
        p->s[P_PORT] = arena_printf(a, "%lld", (long long)default_port(p->s[P_SCHEME]));
    return 1;
}

Value *uri_parse(Arena *a, const char *s, const char **why)
{
    Parts p;
    if (!split(a, s, &p)) {
        Buf b = BUF_INIT;
        buf_adds(&b, "bad URI(is not URI?): ");
        val_puppet_quote(&b, s, strlen(s), 1);
        *why = arena_strndup(a, buf_cstr(&b), b.len);
        buf_free(&b);
        return NULL;
    }
    return to_value(a, &p);
}

Value *uri_from_parts(Arena *a, Value *h)
{
    Parts p = {{0}};
    for (int i = 0; i < P_N; i++) {
        const Value *v = val_hash_gets(h, PARTS[i]);
        if (!v || v->kind == V_UNDEF) continue;
        p.s[i] = v->kind == V_INT ? arena_printf(a, "%lld", (long long)v->i) : v->kind == V_STR ? v->str.s : NULL;
    }
    if (p.s[P_SCHEME]) {
        char *sch = arena_strdup(a, p.s[P_SCHEME]);
        for (char *t = sch; *t; t++) *t = (char)tolower((unsigned char)*t);
        p.s[P_SCHEME] = sch;
    }
    if (!p.s[P_PORT] && default_port(p.s[P_SCHEME]) >= 0)
        p.s[P_PORT] = arena_printf(a, "%lld", (long long)default_port(p.s[P_SCHEME]));
    if (!p.s[P_PATH] && !p.s[P_OPAQUE]) p.s[P_PATH] = "";
    if (p.s[P_SCHEME] && !strcmp(p.s[P_SCHEME], "ftp") && p.s[P_PATH])   /* URI::FTP.build escapes a leading '/' */
        p.s[P_PATH] = arena_printf(a, "/%s%s", p.s[P_PATH][0] == '/' ? "%2F" : "", p.s[P_PATH] + (p.s[P_PATH][0] == '/'));
    return to_value(a, &p);
}

void uri_to_s(Buf *b, const Value *u)
{
    const char *scheme = part(u, P_SCHEME), *opaque = part(u, P_OPAQUE), *host = part(u, P_HOST);
    if (scheme) buf_printf(b, "%s:", scheme);
    if (opaque) {
        buf_adds(b, opaque);
    } else {
        if (host || (scheme && (!strcmp(scheme, "file") || !strcmp(scheme, "postgres")))) buf_adds(b, "//");
        if (part(u, P_USERINFO)) buf_printf(b, "%s@", part(u, P_USERINFO));
        if (host) buf_adds(b, host);
        int64_t port = port_of(u);
        if (port >= 0 && port != default_port(scheme)) buf_printf(b, ":%lld", (long long)port);
        if (part(u, P_PATH)) buf_adds(b, part(u, P_PATH));
        if (part(u, P_QUERY)) buf_printf(b, "?%s", part(u, P_QUERY));
    }
    if (part(u, P_FRAGMENT)) buf_printf(b, "#%s", part(u, P_FRAGMENT));
}

static int same(const char *x, const char *y, int fold)
{
    if (!x || !y) return x == y;
    return fold ? !strcasecmp(x, y) : !strcmp(x, y);
}

int uri_equal(const Value *x, const Value *y)
{
    for (int i = 0; i < P_N; i++) {
        if (i == P_PORT) {
            if (port_of(x) != port_of(y)) return 0;
            continue;
        }
        const char *a = part(x, i), *b = part(y, i);
        if (i == P_PATH) {      /* normalize: an empty path of a URI with a host is "/" */
            if (a && !*a && part(x, P_HOST)) a = "/";
            if (b && !*b && part(y, P_HOST)) b = "/";
        }
        if (!same(a, b, i == P_HOST || i == P_SCHEME)) return 0;
    }
    return 1;
}

/* RFC 3986 5.2.4: remove_dot_segments. */
static char *remove_dots(Arena *a, const char *in)
{
    size_t n = strlen(in);
    char *out = arena_alloc_bytes(a, n + 1);
    size_t o = 0;
    const char *p = in;
    while (*p) {
        if (!strncmp(p, "../", 3)) p += 3;
        else if (!strncmp(p, "./", 2)) p += 2;
        else if (!strncmp(p, "/./", 3)) p += 2;
        else if (!strcmp(p, "/.")) p = "/";
        else if (!strncmp(p, "/../", 4) || !strcmp(p, "/..")) {
            p = p[3] ? p + 3 : "/";
            while (o > 0 && out[o - 1] != '/') o--;
            if (o > 0) o--;
        } else if (!strcmp(p, ".") || !strcmp(p, "..")) {
            p += strlen(p);
        } else {
            size_t k = 1 + strcspn(p + 1, "/");
            if (*p != '/') k = strcspn(p, "/");
            memcpy(out + o, p, k);
            o += k;
            p += k;
        }
    }
    out[o] = 0;
    return out;
}

Value *uri_merge(Arena *a, const Value *base, const Value *rel)
{
    Parts b, r, t = {{0}};
    get_parts(a, base, &b);
    get_parts(a, rel, &r);
    if (r.s[P_SCHEME]) return (Value *)rel;
    t.s[P_SCHEME] = b.s[P_SCHEME];
    if (r.s[P_HOST]) {
        t.s[P_USERINFO] = r.s[P_USERINFO], t.s[P_HOST] = r.s[P_HOST], t.s[P_PORT] = r.s[P_PORT];
        t.s[P_PATH] = remove_dots(a, r.s[P_PATH] ? r.s[P_PATH] : ""), t.s[P_QUERY] = r.s[P_QUERY];
    } else {
        const char *rp = r.s[P_PATH] ? r.s[P_PATH] : "";
        if (!*rp) {
            t.s[P_PATH] = b.s[P_PATH];
            t.s[P_QUERY] = r.s[P_QUERY] ? r.s[P_QUERY] : b.s[P_QUERY];
        } else {
            if (rp[0] == '/') {
                t.s[P_PATH] = remove_dots(a, rp);
            } else {            /* 5.2.3 merge */
                const char *bp = b.s[P_PATH] ? b.s[P_PATH] : "";
                const char *slash = strrchr(bp, '/');
                const char *m = b.s[P_HOST] && !*bp ? arena_printf(a, "/%s", rp)
                              : slash ? arena_printf(a, "%.*s%s", (int)(slash - bp + 1), bp, rp) : rp;
                t.s[P_PATH] = remove_dots(a, m);
            }
            t.s[P_QUERY] = r.s[P_QUERY];
        }
        t.s[P_USERINFO] = b.s[P_USERINFO], t.s[P_HOST] = b.s[P_HOST], t.s[P_PORT] = b.s[P_PORT];
    }
    t.s[P_FRAGMENT] = r.s[P_FRAGMENT];
    if (!t.s[P_PORT] && default_port(t.s[P_SCHEME]) >= 0)
        t.s[P_PORT] = arena_printf(a, "%lld", (long long)default_port(t.s[P_SCHEME]));
    return to_value(a, &t);
}

Value *uri_attr(Arena *a, const Value *u, const char *name)
{
    for (int i = 0; i < P_N; i++)
        if (!strcmp(name, PARTS[i])) {
            Value *v = val_hash_gets(u->obj.attrs, PARTS[i]);
            if (!v && i == P_PATH && !part(u, P_OPAQUE)) return val_cstr(a, "");
            return v;
        }
    return NULL;
}

Value *uri_type_params(Arena *a, const Value *u)
{
    Value *k[P_N], *v[P_N];
    size_t n = 0;
    const char *scheme = part(u, P_SCHEME);
    for (int i = 0; i < P_N; i++) {
        const char *s = i == P_PORT ? NULL : part(u, i);
        if (i == P_PORT) {
            int64_t port = port_of(u);
            if (port < 0 || (port == 80 && scheme && !strcmp(scheme, "http")) ||
                (port == 443 && scheme && !strcmp(scheme, "https")))
                continue;
            s = arena_printf(a, "%lld", (long long)port);
        }
        if (!s || ((i == P_HOST || i == P_PATH) && !*s)) continue;
        if (i == P_HOST) {
            char *l = arena_strdup(a, s);
            for (char *t = l; *t; t++) *t = (char)tolower((unsigned char)*t);
            s = l;
        }
        k[n] = val_cstr(a, PARTS[i]);
        v[n++] = val_cstr(a, s);
    }
    return val_hash(a, k, v, n);
}
