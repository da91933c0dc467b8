/*
 * compile.c - the compile driver: set up facts and the top scope, load the
 * manifest, evaluate main, the node and the generators, then finish.
 */
#include "compiler/object.h"
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/regex.h"
#include "compiler/facts.h"
#include "compiler/ruby/rbtype.h"
#include "catalog/json.h"
#include "catalog/rubyval.h"
#include "store/store.h"
#include "store/puppetdb.h"
#include "catalog/jsonparse.h"
#include "types/provider.h"
#include "base/intent.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#define A (c->arena)

/* ---- errors: every stage reports through these ---- */

_Noreturn void cmp_failv(Compiler *c, const Node *at, const char *fmt, va_list ap)
{
    SrcLoc loc = {0};
    if (at) loc = ast_loc(at);
    diag_vreport(DIAG_ERROR, loc, fmt, ap);
    longjmp(*c->fail, 1);
}

_Noreturn void cmp_fail(Compiler *c, const Node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cmp_failv(c, at, fmt, ap);
}

void cmp_vwarn(Compiler *c, const Node *at, const char *fmt, va_list ap)
{
    SrcLoc loc = {0};
    if (at) loc = ast_loc(at);
    diag_vreport_brief(DIAG_WARNING, loc, fmt, ap);
    c->warnings++;
}

void cmp_warn(Compiler *c, const Node *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cmp_vwarn(c, at, fmt, ap);
    va_end(ap);
}

/* ---- NUL bytes in data ---- */

typedef struct NulWalk { Compiler *c; Map seen; } NulWalk;

/* The path to the first NUL-holding string or key of v, or NULL; each
 * array and hash is walked once (data parsed with YAML aliases shares them). */
static const char *nul_walk(NulWalk *w, const Value *v, int depth)
{
    Compiler *c = w->c;
    if (depth > 100000) return NULL;
    switch (v->kind) {
    case V_STR: return memchr(v->str.s, 0, v->str.len) ? "" : NULL;
    case V_SENSITIVE: return nul_walk(w, v->sensitive, depth + 1);
    case V_ARRAY: case V_HASH: break;
    default: return NULL;
    }
    if (map_get(&w->seen, (const char *)&v, sizeof v)) return NULL;
    const Value **key = ARENA_NEW(A, const Value *);
    *key = v;
    map_put(&w->seen, (const char *)key, sizeof v, (void *)v);
    Buf b = BUF_INIT;
    size_t n = v->kind == V_ARRAY ? v->arr.n : v->hash.n;
    const char *r = NULL;
    for (size_t i = 0; i < n && !r; i++) {
        const Value *e = v->kind == V_ARRAY ? v->arr.items[i] : v->hash.vals[i];
        if (v->kind == V_HASH && (r = nul_walk(w, v->hash.keys[i], depth + 1))) r = "";   /* the key itself */
        else if ((r = nul_walk(w, e, depth + 1))) {
            buf_clear(&b);
            if (v->kind == V_ARRAY) buf_printf(&b, "[%zu]", i);
            else {
                const Value *k = v->hash.keys[i];
                buf_addc(&b, '[');
                if (k->kind == V_STR) val_puppet_quote(&b, k->str.s, k->str.len, 0);
                else val_to_s(&b, k);
                buf_addc(&b, ']');
            }
            buf_adds(&b, r);
            r = arena_strdup(A, buf_cstr(&b));
        }
    }
    buf_free(&b);
    return r;
}

const char *cmp_nul_path(Compiler *c, const Value *v)
{
    NulWalk w = {c, {0}};
    map_init(&w.seen);
    const char *r = nul_walk(&w, v, 0);
    map_free(&w.seen);
    return r;
}


/* ---- $settings:: ---- */

/* Fills scope s (the scope of class settings) with the $settings::
 * variables Puppet 7 gives manifests compiled on a Debian host as root:
 * environment, confdir, vardir, modulepath, manifest, certname, server,
 * strict_variables, ... and all_local, a hash of them all.  Values live in
 * the compile arena. */
static void settings_fill(Compiler *c, Scope *s)
{
    Arena *a = c->arena;
    const char *cert = c->certname;
    const char *mp = c->opt.modulepath && *c->opt.modulepath ? c->opt.modulepath : "/etc/puppet/code/modules:/usr/share/puppet/modules";
    char *manifest = c->opt.manifest ? realpath(c->opt.manifest, NULL) : NULL;
    const char *man = arena_strdup(a, manifest ? manifest : c->opt.manifest ? c->opt.manifest : "");
    free(manifest);
    /* Puppet's defaults as Debian's puppet package sets them, running as
     * root; strings unless Puppet's setting is a boolean or a number. */
    struct { const char *name; const char *str; int kind; int64_t num; } set[] = {
        {"basemodulepath", "/etc/puppet/code/modules:/usr/share/puppet/modules", V_STR, 0},
        {"bucketdir", "/var/cache/puppet/bucket", V_STR, 0},
        {"ca_port", NULL, V_INT, 8140},
        {"ca_server", "puppet", V_STR, 0},
        {"certdir", "/var/lib/puppet/ssl/certs", V_STR, 0},
        {"certname", cert, V_STR, 0},
        {"clientbucketdir", "/var/cache/puppet/clientbucket", V_STR, 0},
        {"clientyamldir", "/var/cache/puppet/client_yaml", V_STR, 0},
        {"codedir", "/etc/puppet/code", V_STR, 0},
        {"confdir", "/etc/puppet", V_STR, 0},
        {"config", "/etc/puppet/puppet.conf", V_STR, 0},
        {"digest_algorithm", "sha256", V_STR, 0},
        {"environment", c->opt.environment, V_STR, 0},
        {"environmentpath", "/etc/puppet/code/environments", V_STR, 0},
        {"factpath", "/var/cache/puppet/lib/facter:/var/cache/puppet/facts", V_STR, 0},
        {"group", "puppet", V_STR, 0},
        {"hiera_config", "/etc/puppet/hiera.yaml", V_STR, 0},
        {"hostcert", arena_printf(a, "/var/lib/puppet/ssl/certs/%s.pem", cert), V_STR, 0},
        {"hostprivkey", arena_printf(a, "/var/lib/puppet/ssl/private_keys/%s.pem", cert), V_STR, 0},
        {"hostpubkey", arena_printf(a, "/var/lib/puppet/ssl/public_keys/%s.pem", cert), V_STR, 0},
        {"libdir", "/var/cache/puppet/lib", V_STR, 0},
        {"localcacert", "/var/lib/puppet/ssl/certs/ca.pem", V_STR, 0},
        {"logdir", "/var/log/puppet", V_STR, 0},
        {"manifest", man, V_STR, 0},
        {"masterport", NULL, V_INT, 8140},
        {"modulepath", mp, V_STR, 0},
        {"node_name_value", cert, V_STR, 0},
        {"noop", NULL, V_BOOL, 0},
        {"plugindest", "/var/cache/puppet/lib", V_STR, 0},
        {"privatekeydir", "/var/lib/puppet/ssl/private_keys", V_STR, 0},
        {"publickeydir", "/var/lib/puppet/ssl/public_keys", V_STR, 0},
        {"publicdir", "/var/cache/puppet/public", V_STR, 0},
        {"report", NULL, V_BOOL, 1},
        {"reports", "store", V_STR, 0},
        {"requestdir", "/var/lib/puppet/ssl/certificate_requests", V_STR, 0},
        {"rundir", "/run/puppet", V_STR, 0},
        {"runinterval", NULL, V_INT, 1800},
        {"server", "puppet", V_STR, 0},
        {"serverport", NULL, V_INT, 8140},
        {"ssldir", "/var/lib/puppet/ssl", V_STR, 0},
        {"statedir", "/var/cache/puppet/state", V_STR, 0},
        {"storeconfigs", NULL, V_BOOL, c->opt.storeconfigs != NULL || c->opt.puppetdb != NULL},
        {"strict", "warning", V_STR, 0},
        {"strict_variables", NULL, V_BOOL, c->opt.strict_variables},
        {"user", "puppet", V_STR, 0},
        {"vardir", "/var/cache/puppet", V_STR, 0},
        {"yamldir", "/var/cache/puppet/yaml", V_STR, 0},
    };
    size_t n = ARRAY_LEN(set);
    Value **keys = ARENA_NEWN(a, Value *, n), **vals = ARENA_NEWN(a, Value *, n);
    for (size_t i = 0; i < n; i++) {
        keys[i] = val_cstr(a, set[i].name);
        vals[i] = set[i].kind == V_STR ? val_cstr(a, set[i].str) : set[i].kind == V_BOOL ? val_bool((int)set[i].num)
                                                                                       : val_int(a, set[i].num);
        map_put(&s->vars, set[i].name, strlen(set[i].name), vals[i]);
    }
    map_put(&s->vars, "all_local", 9, val_hash(a, keys, vals, n));
    map_put(&s->vars, "name", 4, val_cstr(a, "settings"));
    map_put(&s->vars, "title", 5, val_cstr(a, "settings"));
    map_put(&s->vars, "module_name", 11, val_cstr(a, ""));
}

static void setup_top_scope(Compiler *c)
{
    Scope *top = ev_scope_new(c, NULL, NULL, c->class_main);
    top->label = "Class[main]";
    c->top = top;
    Value *facts = c->facts;
    for (size_t i = 0; i < facts->hash.n; i++) {
        Value *k = facts->hash.keys[i];
        if (k->kind == V_STR) map_put(&top->vars, k->str.s, k->str.len, facts->hash.vals[i]);
    }
    map_put(&top->vars, "facts", 5, facts);
    /* puppet apply's $server_facts: the environment only ($serverversion stays undef) */
    Value *sk = val_cstr(A, "environment"), *sv = val_cstr(A, c->opt.environment);
    map_put(&top->vars, "server_facts", 12, val_hash(A, &sk, &sv, 1));
    const char *tk[] = {"authenticated", "certname", "extensions", "hostname", "domain"};
    const char *cert = c->certname;
    const char *dot = strchr(cert, '.');
    Value *tv[] = {
        val_cstr(A, "local"), val_cstr(A, cert), val_hash(A, NULL, NULL, 0),
        val_str(A, cert, dot ? (size_t)(dot - cert) : strlen(cert)), val_cstr(A, dot ? dot + 1 : ""),
    };
    Value **tkeys = ARENA_NEWN(A, Value *, 5);
    for (int i = 0; i < 5; i++) tkeys[i] = val_cstr(A, tk[i]);
    map_put(&top->vars, "trusted", 7, val_hash(A, tkeys, tv, 5));
    map_put(&top->vars, "environment", 11, val_cstr(A, c->opt.environment));
    map_put(&top->vars, "clientcert", 10, val_cstr(A, cert));
    map_put(&top->vars, "module_name", 11, val_cstr(A, ""));
    map_put(&top->vars, "name", 4, val_cstr(A, "main"));
    map_put(&top->vars, "title", 5, val_cstr(A, "main"));
    /* $settings::x: the scope of class settings */
    Scope *ss = ev_scope_new(c, top, top, cat_find(c->cat, "Class", "Settings"));
    ss->class_name = "settings";
    ss->label = "Class[Settings]";
    map_put(&c->class_scopes, "settings", 8, ss);
    settings_fill(c, ss);
}

/* The module path's entries, each first rid of a killed mpm's half-made
 * change (base/intent.h: the record's swaps are finished before a module
 * is read; a directory this user may not write is read as it is). */
static void split_modulepath(Compiler *c)
{
    if (!c->opt.modulepath || !*c->opt.modulepath) return;
    const char *p = c->opt.modulepath;
    while (*p) {
        size_t n = strcspn(p, ":");
        if (n) {
            c->modulepath = xrealloc(c->modulepath, (c->nmodulepath + 1) * sizeof *c->modulepath);
            c->modulepath[c->nmodulepath++] = arena_strndup(A, p, n);
            int fd = open(c->modulepath[c->nmodulepath - 1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (fd >= 0) {
                intent_roll(fd);
                close(fd);
            }
        }
        p += n;
        if (*p == ':') p++;
    }
}

/* The module path the catalog carries (its "modulepath" key: mapply finds
 * puppet:///modules sources there without being told again): each entry
 * made absolute as Puppet's File.expand_path makes it, those that are
 * directories, once each, in order. */
static void record_modulepath(Compiler *c)
{
    char cwd[4096];
    int have_cwd = getcwd(cwd, sizeof cwd) != NULL;
    c->cat->modulepath = arena_alloc(A, (c->nmodulepath + 1) * sizeof *c->cat->modulepath);
    c->cat->nmodulepath = 0;
    for (size_t i = 0; i < c->nmodulepath; i++) {
        const char *d = c->modulepath[i];
        if (d[0] != '/' && !have_cwd) continue;
        char *joined = d[0] == '/' ? NULL : xmalloc(strlen(cwd) + strlen(d) + 2);
        if (joined) sprintf(joined, "%s/%s", cwd, d);
        char *abs = rootfs_canon(joined ? joined : d);
        free(joined);
        struct stat st;
        int dup = 0;
        for (size_t k = 0; k < c->cat->nmodulepath && !dup; k++) dup = !strcmp(c->cat->modulepath[k], abs);
        if (!dup && stat(abs, &st) == 0 && S_ISDIR(st.st_mode))
            c->cat->modulepath[c->cat->nmodulepath++] = arena_strdup(A, abs);
        free(abs);
    }
}

static void cleanup(Compiler *c)
{
    store_close(c->store);
    c->store = NULL;
    arena_free(&c->scratch);
    map_free(&c->type_names);
    map_free(&c->type_values);
    map_free(&c->name_values);
    free(c->weights.keys);
    free(c->weights.w);
    hiera_cleanup(c);
    res_cleanup(c);
    for (size_t i = 0; i < c->nscopes; i++) map_free(&c->scopes[i]->vars);
    free(c->scopes);
    for (size_t i = 0; i < c->nfiles; i++)
        if (!load_is_shared(c->files[i])) diag_file_free(c->files[i]);
    free(c->files);
    free(c->nodes);
    free(c->modulepath);
    map_free(&c->classes);
    map_free(&c->defines);
    map_free(&c->functions);
    map_free(&c->aliases);
    map_free(&c->loaded);
    map_free(&c->class_scopes);
    map_free(&c->file_names);
    map_free(&c->file_modules);
    map_free(&c->epp_parsed);
    rx_cleanup();
    arena_free(&c->ast);        /* last: the steps above may still look at nodes */
}

/* Each resource's parameters, checked by its type's provider as mapply will
 * check them before a run (an ensure of "bogus", a mode of 0999): users
 * want such errors at compile time, pointing at the declaration. */
/* Does v hold a Deferred value (at any depth)? */
static int holds_deferred(const Value *v)
{
    switch (v->kind) {
    case V_OBJECT: return !strcmp(v->obj.type, "Deferred");
    case V_SENSITIVE: return holds_deferred(v->sensitive);
    case V_ARRAY:
        for (size_t i = 0; i < v->arr.n; i++)
            if (holds_deferred(v->arr.items[i])) return 1;
        return 0;
    case V_HASH:
        for (size_t i = 0; i < v->hash.n; i++)
            if (holds_deferred(v->hash.vals[i])) return 1;
        return 0;
    default: return 0;
    }
}

static int has_deferred_param(const Resource *r)
{
    for (uint32_t i = 0; i < r->nparams; i++)
        if (holds_deferred(r->params[i].value)) return 1;
    return 0;
}

/* ---- values that are not Data, written into the catalog as strings ----
 *
 * Puppet's catalog serializer (ToDataConverter without rich data) writes
 * each parameter value that is not Data as a string and warns:
 * "Notify[x]['message'][1]['k'] contains a Deferred value. It will be
 * converted to the String 'Deferred({...})'", "... contains the special
 * value default. ...", "... contains a hash with an Integer key. ...".
 * The value's label is its Ruby class (Regexp, Puppet::Pops::Time::Timestamp,
 * SemanticPuppet::Version, URI::HTTP, MyObj) or for a type its type class
 * (String-Type, TypeAlias-Type, Object-Type).  As in Puppet 7.23, each
 * warning's path is appended to the text the resource's earlier warnings
 * named (its serializer extends the one prefix string): the second warning
 * of Notify[n] reads "Notify[n]['message'][0]['message'][1]".  Resource
 * references become "File[/x]" silently; a default hash key "default"
 * silently.  Nothing is said of a Sensitive value or a sensitive
 * parameter (its text never goes into a message); it is converted alike. */
typedef struct DataWalk {
    Compiler *c;
    const Resource *r;
    Buf prefix, path, text;
    int quiet;                      /* inside a Sensitive value or parameter */
} DataWalk;

/* The label of type t's Ruby class without "-Type" (Puppet's label of a
 * PStringType is "String-Type"). */
static const char *type_label(Compiler *c, const Value *t)
{
    static const char *const objects[] = {"Object", "Error", "Deferred", "Annotation"};
    static const char *const aliases[] = {"Data", "RichData", "RichDataKey", "Puppet::LookupKey", "Puppet::LookupValue"};
    for (size_t i = 0; i < ARRAY_LEN(objects); i++)
        if (!strcmp(t->type.name, objects[i])) return "Object";
    for (size_t i = 0; i < ARRAY_LEN(aliases); i++)
        if (!strcasecmp(t->type.name, aliases[i])) return "TypeAlias";
    if (val_is_data_type_name(t->type.name)) return t->type.name;
    if (obj_is_type(c, t, NULL)) return "Object";
    char *lname = arena_strdup(A, t->type.name);
    for (char *p = lname; *p; p++) *p = (char)tolower((unsigned char)*p);
    const Node *al = ty_find_alias(c, lname, strlen(lname));
    if (!al) return NULL;           /* a resource type: a reference */
    jmp_buf jb, *saved = c->fail;
    Value *volatile target = NULL;
    c->fail = &jb;
    if (!setjmp(jb)) target = ev_expr(c, c->top, al->a);
    c->fail = saved;
    return target && target->kind == V_TYPE && !strcmp(target->type.name, "TypeSet") ? "TypeSet" : "TypeAlias";
}

/* The Ruby class label of a value that is not Data (for a type, the
 * type's class: "String-Type"), in buf; NULL for a reference. */
static const char *value_label(DataWalk *w, const Value *v, Buf *buf)
{
    Compiler *c = w->c;
    buf_clear(buf);
    if (v->kind == V_OBJECT && !strcmp(v->obj.type, "URI")) {
        /* Ruby's class for the scheme (URI.scheme_list) */
        static const char *const schemes[][2] = {{"ftp", "FTP"}, {"file", "File"}, {"ldaps", "LDAPS"},
            {"mailto", "MailTo"}, {"ws", "WS"}, {"http", "HTTP"}, {"https", "HTTPS"}, {"ldap", "LDAP"}};
        const Value *sch = val_hash_gets(v->obj.attrs, "scheme");
        const char *cls = "Generic";
        for (size_t i = 0; sch && sch->kind == V_STR && i < ARRAY_LEN(schemes); i++)
            if (!strcasecmp(sch->str.s, schemes[i][0])) cls = schemes[i][1];
        buf_printf(buf, "URI::%s", cls);
        return buf_cstr(buf);
    }
    if (v->kind == V_OBJECT) return v->obj.type;   /* an instance's own type name */
    if (v->kind == V_TYPE) {
        if (val_is_resref(v)) return NULL;
        const char *l = type_label(c, v);
        if (!l) return NULL;
        buf_printf(buf, "%s-Type", l);
        return buf_cstr(buf);
    }
    return rv_class(A, v, RV_FN);
}

/* "a"/"an" as Puppet's LabelProvider chooses it (y counts as a vowel). */
static const char *article(const char *label)
{
    char ch = label[0] == '"' || label[0] == '\'' ? label[1] : label[0];
    return ch && strchr("aeiouyAEIOUY", ch) ? "an" : "a";
}

/* Appends the walk's current path to the resource's prefix (Puppet's
 * message prefix, which each warning extends) and warns about a value
 * (label NULL: the default value) or, with key set, a hash key. */
static void data_warn(DataWalk *w, int key, const char *label, const char *text)
{
    if (w->quiet) return;
    buf_add(&w->prefix, w->path.s, w->path.len);
    const char *at = buf_cstr(&w->prefix);
    if (!label)
        cmp_warn(w->c, w->r->decl, "%s contains the special value default. It will be converted to the String 'default'", at);
    else if (key)
        cmp_warn(w->c, w->r->decl, "%s contains a hash with %s %s key. It will be converted to the String '%s'", at,
                 article(label), label, text);
    else
        cmp_warn(w->c, w->r->decl, "%s contains %s %s value. It will be converted to the String '%s'", at, article(label), label,
                 text);
}

/* v as the catalog holds it: values that are not Data become their string
 * form (shared parts are kept when nothing in them changes). */
static int plain_data(const Value *v)
{
    return v->kind == V_UNDEF || v->kind == V_BOOL || v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_STR;
}

static Value *data_value(DataWalk *w, Value *v)
{
    Compiler *c = w->c;
    size_t mark = w->path.len;
    switch (v->kind) {
    case V_UNDEF: case V_BOOL: case V_INT: case V_FLOAT: case V_STR: return v;
    case V_SENSITIVE: {
        int q = w->quiet;
        w->quiet = 1;
        Value *in = data_value(w, v->sensitive);
        w->quiet = q;
        return in == v->sensitive ? v : val_sensitive(A, in);
    }
    case V_ARRAY: {
        Value **items = NULL;
        for (size_t i = 0; i < v->arr.n; i++) {
            if (plain_data(v->arr.items[i])) continue;   /* the common case: no path to build */
            buf_printf(&w->path, "[%zu]", i);
            Value *x = data_value(w, v->arr.items[i]);
            w->path.len = mark;
            if (x != v->arr.items[i] && !items) {
                items = ARENA_NEWN(A, Value *, v->arr.n);
                memcpy(items, v->arr.items, v->arr.n * sizeof *items);
            }
            if (items) items[i] = x;
        }
        return items ? val_array(A, items, v->arr.n) : v;
    }
    case V_HASH: {
        Value **keys = NULL, **vals = NULL;
        Buf lb = BUF_INIT;
        for (size_t i = 0; i < v->hash.n; i++) {
            Value *k = v->hash.keys[i];
            if (k->kind == V_STR && plain_data(v->hash.vals[i])) continue;
            if (k->kind != V_STR) {   /* Ruby's to_s of the key, as the catalog writer writes it */
                buf_clear(&w->text);
                if (k->kind == V_ARRAY || k->kind == V_HASH) rv_inspect(&w->text, k, RV_FN);
                else val_to_s(&w->text, k);
                if (k->kind != V_DEFAULT) {
                    const char *label = value_label(w, k, &lb);
                    if (label) data_warn(w, 1, label, buf_cstr(&w->text));
                }
                k = val_str(A, w->text.s, w->text.len);
            }
            buf_addc(&w->path, '[');
            val_puppet_quote(&w->path, k->str.s, k->str.len, 0);
            buf_addc(&w->path, ']');
            Value *x = data_value(w, v->hash.vals[i]);
            w->path.len = mark;
            if ((k != v->hash.keys[i] || x != v->hash.vals[i]) && !keys) {
                keys = ARENA_NEWN(A, Value *, v->hash.n);
                vals = ARENA_NEWN(A, Value *, v->hash.n);
                memcpy(keys, v->hash.keys, v->hash.n * sizeof *keys);
                memcpy(vals, v->hash.vals, v->hash.n * sizeof *vals);
            }
            if (keys) keys[i] = k, vals[i] = x;
        }
        buf_free(&lb);
        return keys ? val_hash(A, keys, vals, v->hash.n) : v;
    }
    default: {
        Buf lb = BUF_INIT;
        const char *label = v->kind == V_DEFAULT ? NULL : value_label(w, v, &lb);
        if (v->kind != V_DEFAULT && !label) {   /* a reference: File[/x], Class[Foo]; Notify[] without a title */
            Value *ref = v;
            if (!v->type.n) {
                buf_clear(&lb);
                buf_printf(&lb, "%s[]", v->type.name);
                ref = val_str(A, lb.s, lb.len);
            }
            buf_free(&lb);
            return ref;
        }
        buf_clear(&w->text);
        val_to_s(&w->text, v);
        Value *s = val_str(A, w->text.s, w->text.len);
        data_warn(w, 0, label, s->str.s);
        buf_free(&lb);
        return s;
    }
    }
}

/* Every parameter of the catalog's resources as Puppet's catalog writes
 * it, with its warnings (see DataWalk). */
static void catalog_data(Compiler *c)
{
    DataWalk w = {c, NULL, BUF_INIT, BUF_INIT, BUF_INIT, 0};
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (r->is_virtual) continue;
        w.r = r;
        buf_clear(&w.prefix);
        buf_adds(&w.prefix, r->ref);
        for (uint32_t k = 0; k < r->nparams; k++) {
            if (plain_data(r->params[k].value)) continue;
            w.quiet = 0;
            for (uint32_t j = 0; j < r->nsensitive && !w.quiet; j++) w.quiet = !strcmp(r->sensitive[j], r->params[k].name);
            buf_clear(&w.path);
            buf_printf(&w.path, "['%s']", r->params[k].name);
            r->params[k].value = data_value(&w, r->params[k].value);
        }
    }
    buf_free(&w.prefix);
    buf_free(&w.path);
    buf_free(&w.text);
}

static void validate_resources(Compiler *c)
{
    Buf err = BUF_INIT;
    const char *last_type = "";
    const Provider *p = NULL;
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (r->is_virtual) continue;
        if (strcmp(r->type, last_type)) p = provider_find(last_type = r->type);
        if (!p || !p->validate) continue;
        if (has_deferred_param(r)) continue;    /* its values are known on the node only (mapply checks them) */
        buf_clear(&err);
        if (provider_validate(p, r, &err) != 0 || err.len) {
            const char *msg = buf_cstr(&err);
            SrcLoc at = r->decl ? ast_loc(r->decl) : (SrcLoc){0};
            if (strncmp(msg, "Parameter ", 10) == 0) {
                /* point at the attribute when we know where it was set */
                size_t n = strcspn(msg + 10, " ");
                char name[64];
                Param *pm = n < sizeof name ? (memcpy(name, msg + 10, n), name[n] = 0, cat_res_param(r, name)) : NULL;
                if (pm && pm->origin) at = ast_loc(pm->origin);
                diag_error(at, "%s", msg);
            } else {
                diag_error(at, "Validation of %s failed: %s", r->ref, msg);
            }
        }
    }
    buf_free(&err);
}

/* ---- the main manifest ---- */

typedef struct PathList { char **v; size_t n; } PathList;

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* load_walk's each: keeps a copy of the path */
static void add_path(void *ctx, const char *path)
{
    PathList *pl = ctx;
    pl->v = xrealloc(pl->v, (pl->n + 1) * sizeof *pl->v);
    pl->v[pl->n++] = xstrndup(path, strlen(path));
}

/* Loads the main manifest: opt.code, the file opt.manifest, or for a
 * directory every .pp file in it, in Puppet's order (sorted by path, at
 * any depth; puppet apply DIR, an environment's manifests/).  Definitions
 * of every file are known before main's statements run, file by file.
 * Returns 0 with the files' trees in *asts (arena), 1 after parse errors,
 * 2 after an I/O error message. */
static int load_main(Compiler *c, const Node ***asts, size_t *nasts)
{
    const CompileOptions *opt = &c->opt;
    *nasts = 0;
    *asts = ARENA_NEWN(A, const Node *, 1);
    if (opt->code) {
        *nasts = 1;
        return load_text(c, opt->code_name ? opt->code_name : "-e", opt->code, opt->code_len, &(*asts)[0]);
    }
    if (!opt->manifest) {
        fprintf(stderr, "%s: error: no manifest to compile\n", util_progname);
        return 2;
    }
    struct stat st;
    if (stat(opt->manifest, &st) != 0 || !S_ISDIR(st.st_mode)) {
        *nasts = 1;
        int rc = load_file(c, opt->manifest, &(*asts)[0]);
        if (rc == 2) fprintf(stderr, "%s: error: cannot read %s: %s\n", util_progname, opt->manifest, strerror(errno));
        return rc;
    }
    PathList pl = {NULL, 0};
    size_t dl = strlen(opt->manifest);
    while (dl > 1 && opt->manifest[dl - 1] == '/') dl--;
    char *dir = xstrndup(opt->manifest, dl);
    load_walk(dir, ".pp", add_path, &pl);    /* Puppet's Dir.glob of every .pp below DIR */
    free(dir);
    qsort(pl.v, pl.n, sizeof *pl.v, path_cmp);
    *asts = ARENA_NEWN(A, const Node *, pl.n + 1);
    int rc = 0;
    for (size_t i = 0; i < pl.n && !rc; i++) {
        const char *path = arena_strdup(A, pl.v[i]);
        rc = load_file(c, path, &(*asts)[*nasts]);
        if (rc == 2) fprintf(stderr, "%s: error: cannot read %s: %s\n", util_progname, path, strerror(errno));
        (*nasts)++;
    }
    for (size_t i = 0; i < pl.n; i++) free(pl.v[i]);
    free(pl.v);
    return rc;
}

/* The environment's config_version: the command's output, stripped, is
 * the catalog's version (Puppet runs it with its output and errors
 * together; a failure ends the compile, in Puppet's words). */
static int config_version(Compiler *c)
{
    const char *cmd = c->opt.config_version;
    int fds[2];
    if (pipe(fds) != 0) {
        fprintf(stderr, "%s: error: cannot run %s: %s\n", util_progname, cmd, strerror(errno));
        return 2;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    Buf out = BUF_INIT;
    char tmp[4096];
    ssize_t got;
    while ((got = read(fds[0], tmp, sizeof tmp)) != 0) {
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) break;
        if (out.len < ((size_t)1 << 20)) buf_add(&out, tmp, (size_t)got);
    }
    close(fds[0]);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0) status = -1;
    /* Ruby's String#strip: whitespace and NUL at both ends */
    const char *s = buf_cstr(&out), *e = s + out.len;
    while (s < e && (isspace((unsigned char)*s) || !*s)) s++;
    while (e > s && (isspace((unsigned char)e[-1]) || !e[-1])) e--;
    int rc = 0;
    if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        int code = pid < 0 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        fprintf(stderr, "%s: error: Execution of config_version command `%s` failed: Execution of '%s' returned %d: %.*s\n",
                util_progname, cmd, cmd, code, (int)(e - s), s);
        rc = 1;
        diag_errors++;
    } else if (memchr(s, 0, (size_t)(e - s))) {
        fprintf(stderr, "%s: error: config_version command `%s`: %s\n", util_progname, cmd, CMP_NUL_MSG);
        rc = 1;
        diag_errors++;
    } else {
        c->cat->version = arena_strndup(A, s, (size_t)(e - s));
    }
    buf_free(&out);
    return rc;
}

/* After "Could not find class ::foo": when a modules/foo directory sits
 * beside the main manifest (or in the working directory) but that modules
 * directory is not on the module path, say so (a control repository
 * compiled as a single file). */
static void hint_module(Compiler *c)
{
    const char *cls = c->missing_class;
    size_t n = strcspn(cls, ":");
    const char *bases[2] = {NULL, "."};
    char *man = c->opt.manifest ? realpath(c->opt.manifest, NULL) : NULL;
    if (man) {
        struct stat st;
        char *slash = strrchr(man, '/');
        if (stat(man, &st) == 0 && !S_ISDIR(st.st_mode) && slash) *slash = '\0';
        bases[0] = man;
    }
    for (int i = 0; i < 2; i++) {
        if (!bases[i]) continue;
        char mods[4096], mod[8192];
        snprintf(mods, sizeof mods, "%s/modules", bases[i]);
        snprintf(mod, sizeof mod, "%s/%.*s", mods, (int)(n < 1024 ? n : 1024), cls);
        struct stat st;
        if (stat(mod, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        char *real = realpath(mods, NULL);
        int on_path = 0;
        for (size_t k = 0; k < c->nmodulepath && real && !on_path; k++) {
            char *r = realpath(c->modulepath[k], NULL);
            on_path = r && !strcmp(r, real);
            free(r);
        }
        if (!on_path)
            fprintf(stderr, "%s: note: the module directory %s exists, but %s is not on the module path "
                            "(give --modulepath %s)\n", util_progname, mod, mods, real ? real : mods);
        free(real);
        break;
    }
    free(man);
}

/* The catalog's version and catalog_uuid as its JSON (cat_json_prepare)
 * gives them, so that PuppetDB and the catalog mcomp writes agree. */
static void catalog_ids(Compiler *c, const char **version, const char **uuid)
{
    CatJson j;
    cat_json_prepare(c->cat, &j);
    const char *h = buf_cstr(&j.head);
    const char *v = strstr(h, ",\"version\":"), *u = strstr(h, ",\"catalog_uuid\":\"");
    *version = *uuid = NULL;
    if (v) {
        v += strlen(",\"version\":");
        if (*v == '"') {
            Buf err = BUF_INIT;
            size_t n = 1;
            while (v[n] && v[n] != '"') n += v[n] == '\\' && v[n + 1] ? 2 : 1;
            Value *s = json_parse(A, v, n + 1, &err);
            buf_free(&err);
            if (s && s->kind == V_STR) *version = s->str.s;
        } else {
            *version = arena_strndup(A, v, strspn(v, "0123456789-"));
        }
    }
    if (u) *uuid = arena_strndup(A, u + strlen(",\"catalog_uuid\":\""), 36);
    cat_json_free(&j);
}

/* A successful compile's exported resources (@@, as finished: defaults,
 * overrides and container tags applied) replace the node's in the store;
 * PuppetDB gets the node's facts and whole catalog. */
static int save_exports(Compiler *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->cat->nres; i++) n += c->cat->res[i]->exported;
    StoreRes *v = xcalloc(n ? n : 1, sizeof *v);
    Buf b = BUF_INIT;
    size_t k = 0;
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *r = c->cat->res[i];
        if (!r->exported) continue;
        buf_clear(&b);
        cat_resource_json(&b, r);
        v[k++] = (StoreRes){.certname = c->certname, .type = r->type, .title = r->title,
                            .json = arena_strdup(A, buf_cstr(&b))};
    }
    buf_free(&b);
    StoreNode node = {.certname = c->certname, .exports = v, .nexports = n};
    if (store_wants_documents(c->store)) {
        const char *version, *uuid;
        catalog_ids(c, &version, &uuid);
        buf_clear(&b);
        pdb_facts_json(&b, c->certname, c->opt.environment, c->facts, c->certname);
        node.facts_json = arena_strdup(A, buf_cstr(&b));
        buf_clear(&b);
        pdb_catalog_json(&b, c->cat, version, uuid, c->opt.transaction_uuid, c->certname);
        node.catalog_json = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
    }
    char *err = NULL;
    int rc = store_save_node(c->store, &node, &err);
    free(v);
    if (rc != 0) {
        fprintf(stderr, "%s: error: %s\n", util_progname, err);
        free(err);
    }
    return rc;
}

int cmp_compile(const CompileOptions *opt, Arena *arena, Catalog *cat)
{
    Compiler cc, *c = &cc;
    memset(c, 0, sizeof *c);
    c->arena = arena;
    arena_init(&c->scratch);
    arena_init(&c->ast);
    map_init(&c->type_names);
    map_init(&c->type_values);
    map_init(&c->name_values);
    c->cat = cat;
    c->opt = *opt;
    if (!c->opt.environment) c->opt.environment = "production";
    cat->environment = c->opt.environment;
    jmp_buf jb;
    c->fail = &jb;
    int rc = 0;
    if (setjmp(jb)) {
        if (c->epp_out) buf_free(c->epp_out);     /* the template being rendered */
        if (c->missing_class) hint_module(c);
        cleanup(c);
        return 1;
    }
    split_modulepath(c);
    /* the Hiera options are checked now; the files are read on first use */
    struct stat st;
    errno = 0;
    if (opt->hiera_config && (stat(opt->hiera_config, &st) != 0 || !S_ISREG(st.st_mode))) {
        fprintf(stderr, "%s: error: cannot read %s: %s\n", util_progname, opt->hiera_config,
                errno ? strerror(errno) : "not a regular file");
        cleanup(c);
        return 2;
    }
    errno = 0;
    if (opt->datadir && (stat(opt->datadir, &st) != 0 || !S_ISDIR(st.st_mode))) {
        fprintf(stderr, "%s: error: data directory %s: %s\n", util_progname, opt->datadir,
                errno ? strerror(errno) : "not a directory");
        cleanup(c);
        return 2;
    }
    if (opt->facts_file) {
        const char *err = NULL;
        Value *f = cat_read_json_file(A, opt->facts_file, &err);
        if (!f || f->kind != V_HASH) {
            diag_fprintf(stderr, "%s: error: cannot read facts from %s: %s\n", util_progname, opt->facts_file,
                    err ? err : "not a JSON object");
            cleanup(c);
            return 2;
        }
        /* facter --json may nest everything under "values" (puppet facts show) */
        Value *inner = val_hash_gets(f, "values");
        c->facts = inner && inner->kind == V_HASH ? inner : f;
        c->facts = facts_add_legacy(c, c->facts);    /* a facter --json file has none */
        c->facts = facts_add_external(c, c->facts, 0);
    } else {
        /* core facts, the legacy ones (custom facts read them), modules'
         * lib/facter, then facts.d (external facts win, as in Facter) */
        c->facts = facts_add_external(c, rby_facts_custom(c, facts_add_legacy(c, facts_gather(c))), 1);
    }
    if (opt->certname) {
        c->certname = opt->certname;
    } else {
        Value *fq = val_hash_gets(c->facts, "fqdn");
        Value *net = val_hash_gets(c->facts, "networking");
        if (!fq && net && net->kind == V_HASH) fq = val_hash_gets(net, "fqdn");
        c->certname = fq && fq->kind == V_STR ? fq->str.s : "localhost";
    }
    cat->name = c->certname;
    c->facts = facts_add_agent(c, c->facts);
    if (opt->print_facts) {
        rc = facts_print_json(c->facts, stdout) == 0 ? 0 : 2;
        if (rc) fprintf(stderr, "%s: error: cannot write the facts\n", util_progname);
        cleanup(c);
        return rc;
    }
    if (opt->storeconfigs || opt->puppetdb) {
        char *err = NULL;
        c->store = opt->puppetdb ? store_open_puppetdb(opt->puppetdb, &err) : store_open(opt->storeconfigs, &err);
        if (!c->store) {
            fprintf(stderr, "%s: error: %s\n", util_progname, err);
            free(err);
            cleanup(c);
            return 2;
        }
    }
    res_init(c);
    setup_top_scope(c);
    const Node **asts = NULL;
    size_t nasts = 0;
    rc = load_main(c, &asts, &nasts);
    if (rc == 0 && opt->config_version) rc = config_version(c);
    if (rc != 0) {
        cleanup(c);
        return rc;
    }
    c->class_main->evaluated = 1;
    if (getenv("MCOMP_DEBUG_ARENA")) fprintf(stderr, "after parse: %zu KiB (nodes %zu KiB)\n", A->total / 1024, c->ast.total / 1024);
    for (size_t i = 0; i < nasts; i++) ev_block(c, c->top, asts[i]);
    if (getenv("MCOMP_DEBUG_ARENA")) fprintf(stderr, "after main: %zu KiB (nodes %zu KiB)\n", A->total / 1024, c->ast.total / 1024);
    res_evaluate_node(c);
    res_finish(c);
    if (!diag_errors) validate_resources(c);
    if (!diag_errors && !opt->keep_deferred) catalog_data(c);
    if (!diag_errors) obj_catalog_values(c);
    if (!diag_errors && c->store && save_exports(c) != 0) rc = 2;
    record_modulepath(c);
    cleanup(c);
    return diag_errors ? 1 : rc;
}
