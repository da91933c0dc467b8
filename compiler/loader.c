/*
 * loader.c - finding and reading manifests.  Definitions (classes, defines,
 * nodes, functions, type aliases) are registered when their file is parsed,
 * nested classes under their qualified names.  A name that is not known
 * yet is looked for in the module path the way Puppet's autoloader does:
 * "ntp" in ntp/manifests/init.pp, "ntp::config::file" in
 * ntp/manifests/config/file.pp.
 *
 * A module is what Puppet::Module is: the first <modulepath entry>/<name>
 * that is a directory, for a name Puppet accepts ([a-z][a-z0-9_]*); a later
 * entry with the same name is never looked at.  Its metadata.json is read
 * when the module is first used (never for modules a compile does not
 * touch), with Puppet 7's rules: an unparsable file is a warning and counts
 * as no metadata; a parsed one must name source, author, version, license
 * and dependencies (an array), or the module is dropped, as if it were not
 * installed, after an error line; the "name" and the dependencies are read
 * but change nothing in a compile (Puppet 7 lets every module see every
 * other, dependencies only searched first).  Where Puppet itself dies on a
 * metadata.json (not an object, a "name" or dependency that is not a
 * string or object, a dependency without a name), the compile stops with a
 * plain error.
 *
 * The shared parse (load_share, for mcomp --nodes): before the nodes'
 * compiles, every manifest a compile could autoload (each module's
 * manifests/, functions/ and types/ under every module path entry) and
 * the main manifest are read and parsed once into a process-wide table
 * (EPP templates and Hiera data files too, by epp.c and hiera/data.c),
 * in memory that is never freed; load_file then takes a file from the
 * table instead of reading and parsing it again.  A file is shared only
 * when its parse reported nothing (no error, no warning): anything else is
 * parsed by each compile as before, so each node's messages are its own.
 * A shared tree is read-only but for idempotent marks: the qualified name
 * of a nested class or define is made once (NODE_QUALIFIED), and ev_body's
 * memo of jumps, which the parent writes into every block beforehand
 * (ev_mark_bodies), so the nodes do not each copy those pages.
 */
#define _GNU_SOURCE   /* memmem */
#include "compiler/compiler.h"
#include "compiler/resource.h"
#include "compiler/epp.h"
#include "compiler/hiera.h"
#include "catalog/rubyval.h"
#include "catalog/jsonparse.h"
#include "parser/parser.h"
#include "base/buf.h"
#include "base/util.h"
#include "types/types.h"
#include "compiler/ruby/rbtype.h"
#include "compiler/modtree.h"
#include "base/intent.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define A (c->arena)

static void register_defs(Compiler *c, const Node *block, const char *prefix);
static int module_name_ok(const char *name);
static int is_dir(const char *p);

static const char *qualify(Compiler *c, const char *prefix, const char *name)
{
    if (name[0] == ':' && name[1] == ':') name += 2;
    char *q = prefix && *prefix ? arena_printf(A, "%s::%s", prefix, name) : arena_strdup(A, name);
    for (char *p = q; *p; p++) *p = (char)tolower((unsigned char)*p);
    return q;
}

static void add_def(Compiler *c, Map *m, const char *name, const Node *n, const char *what)
{
    const Node *old = map_get(m, name, strlen(name));
    if (old && old != n) {
        int line = diag_line(ast_file(old), old->off);
        cmp_fail(c, n, "%s '%s' is already defined (file: %s, line: %d); cannot be redefined", what, name,
                 ast_file(old)->name, line);
    }
    map_put(m, name, strlen(name), (void *)n);
}

/* A class's or define's name made qualified and lowercase, once: a tree
 * registered again (a shared one, by each compile) keeps the name made the
 * first time. */
#define NODE_QUALIFIED 0x40
static const char *qualify_def(Compiler *c, Node *n, const char *prefix)
{
    if (!(n->flags & NODE_QUALIFIED)) {
        n->text = qualify(c, prefix, n->text);
        n->flags |= NODE_QUALIFIED;
    }
    return n->text;
}

static void register_one(Compiler *c, Node *n, const char *prefix)
{
    switch (n->kind) {
    case ND_CLASS: {
        const char *q = qualify_def(c, n, prefix);
        add_def(c, &c->classes, q, n, "Class");
        if (n->b) register_defs(c, n->b, q);
        break;
    }
    case ND_DEFINE: {
        const char *q = qualify_def(c, n, prefix);
        add_def(c, &c->defines, q, n, "Defined type");
        break;
    }
    case ND_NODE:
        if (n->c) cmp_fail(c, n, "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation");
        for (const Node *m = n->kids; m; m = m->next)
            for (size_t i = 0; i < c->nnodes; i++)
                for (const Node *o = c->nodes[i]->kids; o; o = o->next)
                    if (m->kind == o->kind && (m->kind == ND_DEFAULT || (m->text && o->text && strcasecmp(m->text, o->text) == 0)))
                        cmp_fail(c, n, "Node '%s' is already defined (file: %s, line: %d); cannot redefine",
                                 m->kind == ND_DEFAULT ? "default" : m->text, ast_file(o)->abspath, diag_line(ast_file(o), o->off));
        c->nodes = xrealloc(c->nodes, (c->nnodes + 1) * sizeof *c->nodes);
        c->nodes[c->nnodes++] = n;
        break;
    case ND_FUNCTION: {
        const char *q = qualify(c, NULL, n->text);
        add_def(c, &c->functions, q, n, "Function");
        break;
    }
    case ND_TYPE_ALIAS: {
        const char *q = qualify(c, NULL, n->text);
        add_def(c, &c->aliases, q, n, "Type alias");
        break;
    }
    default:
        break;
    }
}

static void register_defs(Compiler *c, const Node *block, const char *prefix)
{
    if (!block) return;
    if (block->kind != ND_BLOCK) {
        register_one(c, (Node *)block, prefix);
        return;
    }
    for (Node *k = block->kids; k; k = k->next) register_one(c, k, prefix);
}

/* Every type reference in the subtree n (a parameter's type). */
static void check_type_refs(Compiler *c, const Node *n)
{
    for (; n; n = n->next) {
        if (n->kind == ND_TYPEREF) ev_check_type_ref(c, n);
        if (ast_a(n)) check_type_refs(c, n->a);
        if (ast_b(n)) check_type_refs(c, n->b);
        if (ast_c(n)) check_type_refs(c, n->c);
        if (ast_kids(n)) check_type_refs(c, n->kids);
    }
}

/* Puppet evaluates the parameter types of the classes and defines of a
 * file when it loads the file (create_type_map), so an unknown type fails
 * even in a definition never declared. */
static void check_param_types(Compiler *c, const Node *block)
{
    if (!block) return;
    const Node *first = block->kind == ND_BLOCK ? block->kids : block;
    for (const Node *n = first; n; n = block->kind == ND_BLOCK ? n->next : NULL) {
        if (n->kind != ND_CLASS && n->kind != ND_DEFINE) continue;
        for (const Node *p = n->kids; p; p = p->next)
            if (p->a) check_type_refs(c, p->a);
        if (n->kind == ND_CLASS) check_param_types(c, n->b);
    }
}

/* Reads and parses path once; registers its definitions.  Returns 0, 1 on
 * syntax errors (reported), 2 when it cannot be read. */
static int load_src(Compiler *c, SrcFile *f, const char *path, const Node **out);

/* ---- the shared parse ---- */

typedef struct SharedFile { SrcFile *f; Node *ast; } SharedFile;
static Arena shared_arena;          /* the shared trees, their texts and names: never freed */
static Map shared_files;            /* path as load_file gets it -> SharedFile */
static Map shared_srcs;             /* SrcFile pointer's bytes -> 1: not the compile's to free */
static int shared_ready;

static void count_report(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    (void)lvl, (void)loc, (void)msg;
    ++*(int *)ctx;
}

/* Runs fn(pre, arg) with every report counted instead of printed, and
 * pre's failures caught: 1 when it reported nothing and did not fail. */
int load_quietly(Compiler *pre, void (*fn)(Compiler *, void *), void *arg)
{
    int reports = 0, errors = diag_errors, warnings = pre->warnings;
    DiagSink saved = diag_sink;
    void *saved_ctx = diag_sink_ctx;
    jmp_buf jb, *saved_fail = pre->fail;
    diag_sink = count_report;
    diag_sink_ctx = &reports;
    pre->fail = &jb;
    int failed = setjmp(jb);
    if (!failed) fn(pre, arg);
    pre->fail = saved_fail;
    diag_sink = saved;
    diag_sink_ctx = saved_ctx;
    diag_errors = errors;
    int quiet = !failed && !reports && pre->warnings == warnings;
    pre->warnings = warnings;
    return quiet;
}

typedef struct ShareJob { SrcFile *f; Node *ast; Compiler probe; } ShareJob;

/* the parse, and the definitions' qualified names made in shared memory
 * (a probe registers them in maps of its own, thrown away after) */
static void share_parse(Compiler *pre, void *arg)
{
    ShareJob *j = arg;
    j->ast = parse_file_split(&shared_arena, &shared_arena, j->f);
    if (!j->ast) return;
    j->probe = *pre;
    map_init(&j->probe.classes);
    map_init(&j->probe.defines);
    map_init(&j->probe.functions);
    map_init(&j->probe.aliases);
    j->probe.nodes = NULL;
    j->probe.nnodes = 0;
    j->probe.fail = pre->fail;
    register_defs(&j->probe, j->ast, NULL);
}

/* Parses path into the shared table when its parse reports nothing. */
static void share_file(void *ctx, const char *path)
{
    Compiler *pre = ctx;
    if (map_get(&shared_files, path, strlen(path))) return;
    ShareJob j;
    memset(&j, 0, sizeof j);
    if (!(j.f = diag_file_read(path))) return;
    int quiet = load_quietly(pre, share_parse, &j);
    map_free(&j.probe.classes);
    map_free(&j.probe.defines);
    map_free(&j.probe.functions);
    map_free(&j.probe.aliases);
    free(j.probe.nodes);
    if (!quiet || !j.ast) {
        diag_file_free(j.f);       /* (its nodes stay in the shared arena, unused) */
        return;
    }
    diag_file_parsed(j.f);
    ev_mark_bodies(j.ast);
    SharedFile *sf = ARENA_NEW(&shared_arena, SharedFile);
    sf->f = j.f;
    sf->ast = j.ast;
    const char *key = arena_strdup(&shared_arena, path);
    map_put(&shared_files, key, strlen(key), sf);
    load_mark_shared(j.f);
}

void load_mark_shared(const SrcFile *f)
{
    const SrcFile **fk = ARENA_NEW(&shared_arena, const SrcFile *);
    *fk = f;
    map_put(&shared_srcs, (const char *)fk, sizeof *fk, (void *)1);
}

void load_walk(const char *dir, const char *ext, void (*each)(void *ctx, const char *path), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    size_t el = strlen(ext);
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        size_t n = strlen(e->d_name);
        char *p = xmalloc(strlen(dir) + n + 2);
        sprintf(p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) load_walk(p, ext, each, ctx);
        else if (n > el && !strcmp(e->d_name + n - el, ext) && stat(p, &st) == 0 && S_ISREG(st.st_mode)) each(ctx, p);
        free(p);
    }
    closedir(d);
}


static void share_epp(void *ctx, const char *path) { epp_share(ctx, path); }

static int ruby_seen;          /* load_share met an ERB template or a module's Ruby code */

/* The modules' ERB templates, read once: a node rendering rule.erb forty
 * times opened and read it forty times.  (Their Ruby is made from the
 * text by each render, as before: only the reading is shared.) */
typedef struct SharedText { const char *s; size_t len; } SharedText;
static Map shared_texts;       /* path as load_module_path spells it -> SharedText */

static void share_erb(void *ctx, const char *path)
{
    (void)ctx;
    ruby_seen = 1;
    if (map_get(&shared_texts, path, strlen(path))) return;
    Buf b = BUF_INIT;
    if (buf_read_file(&b, path, 0) == 0) {      /* (unreadable: the node reads it, and says why) */
        SharedText *t = ARENA_NEW(&shared_arena, SharedText);
        t->s = arena_strndup(&shared_arena, b.s ? b.s : "", b.len);
        t->len = b.len;
        const char *key = arena_strdup(&shared_arena, path);
        map_put(&shared_texts, key, strlen(key), t);
    }
    buf_free(&b);
}

const char *load_shared_text(const char *path, size_t *len)
{
    SharedText *t = shared_ready ? map_get(&shared_texts, path, strlen(path)) : NULL;
    if (!t) return NULL;
    *len = t->len;
    return t->s;
}

int load_share(const CompileOptions *opt)
{
    if (!shared_ready) {
        arena_init(&shared_arena);
        map_init(&shared_files);
        map_init(&shared_srcs);
        map_init(&shared_texts);
        shared_ready = 1;
    }
    Compiler pre;
    memset(&pre, 0, sizeof pre);
    pre.arena = &shared_arena;
    pre.opt = *opt;
    arena_init(&pre.ast);
    if (opt->manifest) {
        struct stat st;
        if (stat(opt->manifest, &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t dl = strlen(opt->manifest);
            while (dl > 1 && opt->manifest[dl - 1] == '/') dl--;
            char *dir = xstrndup(opt->manifest, dl);
            load_walk(dir, ".pp", share_file, &pre);
            free(dir);
        } else {
            share_file(&pre, opt->manifest);
        }
    }
    /* the environment's data: beside its hiera.yaml, or --datadir */
    if (opt->datadir) hiera_share_data(&pre, opt->datadir);
    if (opt->hiera_config) {
        const char *slash = strrchr(opt->hiera_config, '/');
        char *dd = slash ? xmalloc((size_t)(slash - opt->hiera_config) + 6) : xstrndup("data", 4);
        if (slash) sprintf(dd, "%.*s/data", (int)(slash - opt->hiera_config), opt->hiera_config);
        hiera_share_data(&pre, dd);
        free(dd);
    }
    /* each module path entry as compile() splits it, each module in it */
    for (const char *p = opt->modulepath ? opt->modulepath : ""; *p;) {
        size_t n = strcspn(p, ":");
        char *entry = xstrndup(p, n);
        p += n;
        if (*p == ':') p++;
        if (n) {
            /* (what the nodes' compiles will find: a killed mpm's change finished first, as they do) */
            int fd = open(entry, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (fd >= 0) {
                intent_roll(fd);
                close(fd);
            }
            mtree_add_entry(entry);
        }
        DIR *d = n ? opendir(entry) : NULL;
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!module_name_ok(e->d_name)) continue;
            static const char *const dirs[] = {"manifests", "functions", "types"};
            char sub[8192];
            for (size_t i = 0; i < ARRAY_LEN(dirs); i++) {
                snprintf(sub, sizeof sub, "%s/%s/%s", entry, e->d_name, dirs[i]);
                load_walk(sub, ".pp", share_file, &pre);
            }
            snprintf(sub, sizeof sub, "%s/%s/data", entry, e->d_name);
            hiera_share_data(&pre, sub);
            snprintf(sub, sizeof sub, "%s/%s/templates", entry, e->d_name);
            load_walk(sub, ".epp", share_epp, &pre);
            load_walk(sub, ".erb", share_erb, NULL);
            static const char *const rb[] = {"functions", "parser/functions", "type"};
            for (size_t i = 0; i < ARRAY_LEN(rb) && !ruby_seen; i++) {
                snprintf(sub, sizeof sub, "%s/%s/lib/puppet/%s", entry, e->d_name, rb[i]);
                ruby_seen = is_dir(sub);
            }
        }
        if (d) closedir(d);
        free(entry);
    }
    /* (the templates' files are kept: the shared trees point at them) */
    free(pre.files);
    arena_free(&pre.ast);
    /* (the maps a parse could have touched: nothing of them is kept) */
    map_free(&pre.epp_parsed);
    map_free(&pre.type_names);
    map_free(&pre.type_values);
    map_free(&pre.name_values);
    map_free(&pre.loaded);
    return ruby_seen;
}

int load_is_shared(const SrcFile *f)
{
    return shared_ready && map_get(&shared_srcs, (const char *)&f, sizeof f) != NULL;
}

int load_file(Compiler *c, const char *path, const Node **out)
{
    if (out) *out = NULL;
    void *seen = map_get(&c->loaded, path, strlen(path));
    if (seen) return seen == (void *)2 ? 2 : 0;     /* 2: looked for before, not there */
    SharedFile *sf = shared_ready ? map_get(&shared_files, path, strlen(path)) : NULL;
    if (sf) {
        c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
        c->files[c->nfiles++] = sf->f;
        const char *key = arena_strdup(A, path);
        map_put(&c->loaded, key, strlen(key), (void *)1);
        register_defs(c, sf->ast, NULL);
        check_param_types(c, sf->ast);
        if (out) *out = sf->ast;
        return 0;
    }
    SrcFile *f = diag_file_read(path);
    if (!f) {
        /* (a name looked up again, a Puppet function called twice, costs
         * no second failed open) */
        const char *key = arena_strdup(A, path);
        map_put(&c->loaded, key, strlen(key), (void *)2);
        return 2;
    }
    return load_src(c, f, path, out);
}

int load_text(Compiler *c, const char *name, const char *text, size_t len, const Node **out)
{
    SrcFile *f = diag_file_from_string(name, text, len);
    free((char *)f->abspath);
    f->abspath = xstrndup("", 0);        /* Puppet's "file" of code given as text */
    return load_src(c, f, name, out);
}

static int load_src(Compiler *c, SrcFile *f, const char *path, const Node **out)
{
    if (out) *out = NULL;
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = f;
    const char *key = arena_strdup(A, path);
    map_put(&c->loaded, key, strlen(key), (void *)1);
    Node *ast = parse_file_split(&c->ast, A, f);
    diag_file_parsed(f);
    if (!ast) return 1;
    register_defs(c, ast, NULL);
    check_param_types(c, ast);
    if (out) *out = ast;
    return 0;
}

static int is_file(const char *p)
{
    return mtree_is_file(p);
}

/* ---- modules and their metadata.json ---- */

typedef struct ModuleInfo {
    const char *dir;                 /* <modulepath entry>/<name>, or NULL: none, or dropped */
    const char *forge_name;          /* metadata "name", '-' made '/' ("acme/ntp"), or NULL */
    Value *dependencies;             /* metadata "dependencies" (V_ARRAY), or NULL */
} ModuleInfo;

/* Puppet::Module.is_module_directory_name?: /^[a-z][a-z0-9_]*$/. */
static int module_name_ok(const char *name)
{
    if (!(*name >= 'a' && *name <= 'z')) return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) return 0;
    return 1;
}

static int is_dir(const char *p)
{
    return mtree_is_dir(p);
}

/* data[key] as Ruby reads it from what JSON.parse gave: the last of
 * duplicate keys of an object; for a string, key itself when it occurs in
 * it (String#[]); NULL for nil. */
static Value *ruby_index(Compiler *c, Value *data, const char *key)
{
    Value *found = NULL;
    if (data->kind == V_HASH) {
        for (size_t i = 0; i < data->hash.n; i++) {
            Value *k = data->hash.keys[i];
            if (k->kind == V_STR && strcmp(k->str.s, key) == 0) found = data->hash.vals[i];
        }
    } else if (data->kind == V_STR && strstr(data->str.s, key)) {
        found = val_cstr(A, key);
    }
    return found && found->kind != V_UNDEF ? found : NULL;
}

static int ruby_empty(const Value *v)
{
    return (v->kind == V_HASH && v->hash.n == 0) || (v->kind == V_ARRAY && v->arr.n == 0) ||
           (v->kind == V_STR && v->str.len == 0);
}

/* Where Puppet 7 itself dies on a metadata.json (a Ruby NoMethodError or
 * TypeError, whatever the manifest uses), the compile stops with a plain
 * message instead. */
static _Noreturn void metadata_crash(Compiler *c, const char *path, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static _Noreturn void metadata_crash(Compiler *c, const char *path, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_fprintf(stderr, "%s: error: %s has an invalid metadata.json file: ", path, name);
    diag_vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    diag_errors++;
    longjmp(*c->fail, 1);
}

/* Ruby's JSON parser takes comments where it takes white space, so
 * Puppet reads a metadata.json with them: they become spaces here. */
static void blank_json_comments(char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') {                            /* skip a string */
            for (i++; i < n && s[i] != '"'; i++)
                if (s[i] == '\\') i++;
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
            while (i < n && s[i] != '\n') s[i++] = ' ';
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
            size_t e = i + 2;
            while (e + 1 < n && !(s[e] == '*' && s[e + 1] == '/')) e++;
            if (e + 1 >= n) return;                   /* unterminated: a parse error */
            memset(s + i, ' ', e + 2 - i);
            i = e + 1;
        }
    }
}

/* Puppet::Module#load_metadata on text, the contents of path (taken
 * over: freed here).  Returns 0 and fills m, or -1 after the error line
 * Puppet logs for a module it drops (MissingMetadata). */
static int read_metadata(Compiler *c, const char *name, ModuleInfo *m, const char *path, Buf text)
{
    if (text.len) blank_json_comments(text.s, text.len);
    Buf err = BUF_INIT;
    Value *data = json_parse(A, text.s ? text.s : "", text.len, &err);
    if (!data) {
        /* Puppet[:strict] is :warning by default */
        diag_fprintf(stderr, "%s: warning: %s has an invalid and unparsable metadata.json file. The parse error: %s\n",
                path, name, err.len ? err.s : "unexpected end of input");
        c->warnings++;
    }
    buf_free(&err);
    buf_free(&text);
    if (!data) return 0;
    if (data->kind != V_HASH && data->kind != V_ARRAY && data->kind != V_STR)
        metadata_crash(c, path, name, "it is not an object");
    if (ruby_empty(data)) return 0;
    if (data->kind == V_ARRAY) metadata_crash(c, path, name, "it is not an object");
    Value *fn = ruby_index(c, data, "name");
    if (fn && !(fn->kind == V_BOOL && !fn->b)) {
        if (fn->kind != V_STR) metadata_crash(c, path, name, "\"name\" is not a string");
        char *f = arena_strndup(A, fn->str.s, fn->str.len);
        for (char *p = f; *p; p++)
            if (*p == '-') *p = '/';
        m->forge_name = f;
    }
    static const char *const required[] = {"source", "author", "version", "license", "dependencies"};
    for (size_t i = 0; i < ARRAY_LEN(required); i++) {
        Value *v = ruby_index(c, data, required[i]);
        if (!v) {
            diag_fprintf(stderr, "%s: error: No %s module metadata provided for %s\n", path, required[i], name);
            return -1;
        }
        if (strcmp(required[i], "dependencies") != 0) continue;
        if (v->kind != V_ARRAY) {
            Buf b = BUF_INIT;
            rv_to_s(&b, v, RV_FN);   /* Ruby's to_s: {"a"=>1}, [1, 2.5] */
            char *shown = arena_strndup(A, b.s ? b.s : "", b.len);
            buf_free(&b);
            diag_fprintf(stderr, "%s: error: The value for the key dependencies in the file metadata.json of the module %s must be an array, not: '%s'\n",
                    path, name, shown);
            return -1;
        }
        for (size_t j = 0; j < v->arr.n; j++) {
            Value *dep = v->arr.items[j];
            if (dep->kind != V_HASH) metadata_crash(c, path, name, "dependency %zu is not an object", j + 1);
            Value *dn = ruby_index(c, dep, "name");
            /* Puppet reads a nameless one, then dies on it (nil.split) once code of the module calls a function */
            if (!dn) metadata_crash(c, path, name, "dependency %zu has no name", j + 1);
            if (dn->kind != V_STR) metadata_crash(c, path, name, "the name of dependency %zu is not a string", j + 1);
        }
        m->dependencies = v;
    }
    return 0;
}

/* The module called name, found and its metadata read on first use; the
 * record is kept in c->loaded under "\0name", a key no file path has. */
static ModuleInfo *module_info(Compiler *c, const char *name)
{
    size_t n = strlen(name);
    char *key = arena_alloc_bytes(A, n + 1);
    key[0] = '\0';
    memcpy(key + 1, name, n);
    ModuleInfo *m = map_get(&c->loaded, key, n + 1);
    if (m) return m;
    m = ARENA_NEW(A, ModuleInfo);
    map_put(&c->loaded, key, n + 1, m);
    if (!module_name_ok(name)) return m;
    for (size_t i = 0; i < c->nmodulepath; i++) {
        /* metadata.json first: most modules have one, and reading it proves
         * the directory is there without a stat of its own */
        const char *d = arena_printf(A, "%s/%s", c->modulepath[i], name);
        const char *path = arena_printf(A, "%s/metadata.json", d);
        Buf text = BUF_INIT;
        if (buf_read_file(&text, path, 0) == 0) {
            m->dir = d;
            if (read_metadata(c, name, m, path, text) != 0) m->dir = NULL;
            return m;
        }
        buf_free(&text);                             /* Errno::ENOENT: no metadata */
        if (is_dir(d)) {
            m->dir = d;
            return m;
        }
    }
    return m;
}

/* <module dir>/<dir>/<rest> (an empty dir: <module dir>/<rest>), whether
 * or not it exists, or NULL when the module has no directory.  The module
 * dir is the first <modulepath entry>/<module>; a module dropped for its
 * metadata.json has none (see module_info).  The path lives in the compile
 * arena.  For callers that read the file anyway: a missing file shows as a
 * failed open, one system call fewer than a stat first. */
const char *load_module_path(Compiler *c, const char *module, const char *dir, const char *rest)
{
    if (!c->nmodulepath) return NULL;
    ModuleInfo *m = module_info(c, module);
    if (!m->dir) return NULL;
    return *dir ? arena_printf(A, "%s/%s/%s", m->dir, dir, rest) : arena_printf(A, "%s/%s", m->dir, rest);
}

/* load_module_path when that file exists, or NULL. */
const char *load_module_file(Compiler *c, const char *module, const char *dir, const char *rest)
{
    const char *p = load_module_path(c, module, dir, rest);
    return p && is_file(p) ? p : NULL;
}

/* Loads the file that should define name (a class or define). */
static void autoload(Compiler *c, const char *name)
{
    const char *sep = strstr(name, "::");
    const char *module = sep ? arena_strndup(A, name, (size_t)(sep - name)) : name;
    const char *rest;
    if (!sep) {
        rest = "init.pp";
    } else {
        char *r = arena_printf(A, "%s.pp", sep + 2);
        for (char *p = r; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
        rest = r;
    }
    const char *path = load_module_path(c, module, "manifests", rest);
    if (!path) return;
    size_t before = c->nfiles;
    int rc = load_file(c, path, NULL);              /* 2: no such file, nothing to load */
    if (rc == 1) longjmp(*c->fail, 1);
    if (rc == 0 && c->nfiles > before) {
        const SrcFile **keyp = ARENA_NEW(A, const SrcFile *);
        *keyp = c->files[before];          /* the file itself: loading it may load others */
        map_put(&c->file_modules, (const char *)keyp, sizeof *keyp, (void *)module);
    }
}

const char *load_def_module(Compiler *c, const Node *def)
{
    const SrcFile *f = def ? ast_file(def) : NULL;
    const char *m = f ? map_get(&c->file_modules, (const char *)&f, sizeof f) : NULL;
    return m ? m : "";
}

int load_builtin_var(const char *name)
{
    return !strcmp(name, "module_name") || !strcmp(name, "caller_module_name");
}

/* ---- resource types written in Ruby ---- */

typedef struct LibDirs {
    const char **dirs;
    size_t n;
} LibDirs;

/* Calls add(ctx, DIR/MOD/lib) for the lib directory of each module on
 * the module path entries, in search order: each entry's modules in
 * alphabetical order, the first module of a name only. */
static void libdirs_scan(char *const *entries, size_t nentries, void (*add)(void *, const char *), void *ctx)
{
    Map seen;                            /* module name -> 1: the first module of a name wins */
    map_init(&seen);
    for (size_t i = 0; i < nentries; i++) {
        struct dirent **names = NULL;
        int k = scandir(entries[i], &names, NULL, alphasort);
        for (int j = 0; j < k; j++) {
            const char *m = names[j]->d_name;
            char *lib = xmalloc(strlen(entries[i]) + strlen(m) + 6);
            sprintf(lib, "%s/%s/lib", entries[i], m);
            int first = module_name_ok(m) && !map_get(&seen, m, strlen(m));
            if (first) map_put(&seen, xstrndup(m, strlen(m)), strlen(m), (void *)1);
            if (first && is_dir(lib)) add(ctx, lib);
            free(lib);
            free(names[j]);
        }
        free(names);
    }
    for (size_t i = 0; i < seen.count; i++) free((void *)seen.entries[i].key);
    map_free(&seen);
}

typedef struct LibDirsAdd { Compiler *c; const char **dirs; size_t n, cap; } LibDirsAdd;

static void libdirs_add(void *ctx, const char *dir)
{
    LibDirsAdd *a = ctx;
    Compiler *c = a->c;
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        const char **nd = ARENA_NEWN(A, const char *, a->cap);
        if (a->n) memcpy(nd, a->dirs, a->n * sizeof *a->dirs);
        a->dirs = nd;
    }
    a->dirs[a->n++] = arena_strdup(A, dir);
}

const char **load_module_libdirs(Compiler *c, size_t *n)
{
    /* found once per compile, kept in c->loaded under "\3" (no path starts so) */
    LibDirs *ld = map_get(&c->loaded, "\3", 1);
    if (ld) {
        *n = ld->n;
        return ld->dirs;
    }
    LibDirsAdd a = {c, NULL, 0, 0};
    libdirs_scan(c->modulepath, c->nmodulepath, libdirs_add, &a);
    ld = ARENA_NEW(A, LibDirs);
    ld->dirs = a.dirs;
    ld->n = *n = a.n;
    map_put(&c->loaded, "\3", 1, ld);
    return a.dirs;
}

static void libdirs_push(void *ctx, const char *dir)
{
    Buf *b = ctx;
    buf_add(b, dir, strlen(dir) + 1);
}

char *load_libdirs_of(const char *modulepath, size_t *len)
{
    char **entries = NULL;
    size_t n = 0;
    for (const char *p = modulepath ? modulepath : ""; *p;) {
        size_t k = strcspn(p, ":");
        if (k) {
            entries = xrealloc(entries, (n + 1) * sizeof *entries);
            entries[n++] = xstrndup(p, k);
        }
        p += k;
        if (*p == ':') p++;
    }
    Buf b = BUF_INIT;
    libdirs_scan(entries, n, libdirs_push, &b);
    for (size_t i = 0; i < n; i++) free(entries[i]);
    free(entries);
    *len = b.len;
    return b.s ? buf_detach(&b) : xstrndup("", 0);
}

/* Whether a module on the module path has lib/puppet/type/lname.rb (the
 * file itself is found again, in Puppet's order, by the Ruby layer). */
static int ruby_type_exists(Compiler *c, const char *lname)
{
    size_t n = 0;
    const char **dirs = load_module_libdirs(c, &n);
    for (size_t i = 0; i < n; i++)
        if (is_file(arena_printf(A, "%s/puppet/type/%s.rb", dirs[i], lname))) return 1;
    return 0;
}

const TypeDef *load_find_type_at(Compiler *c, const Node *at, const char *name, size_t len)
{
    const TypeDef *td = type_find(name, len);
    if (td || !c->nmodulepath || !len || len > 200) return td;
    /* a define's a::b (and anything but a plain word) is never a Ruby type */
    char key[202];
    key[0] = '\1';                           /* kept in c->loaded under "\1name": no path starts so */
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (!isalnum(ch) && ch != '_') return NULL;
        key[i + 1] = (char)tolower(ch);
    }
    key[len + 1] = '\0';
    void *hit = map_get(&c->loaded, key, len + 1);
    if (hit) return hit == (void *)1 ? NULL : hit;
    const char *kept = arena_strndup(A, key, len + 1);
    /* not found is remembered at once; a load error ends the compile */
    map_put(&c->loaded, kept, len + 1, (void *)1);
    td = ruby_type_exists(c, kept + 1) ? rby_type_load(c, at, kept + 1) : NULL;
    if (td) map_put(&c->loaded, kept, len + 1, (void *)td);
    return td;
}

const TypeDef *load_find_type(Compiler *c, const char *name, size_t len)
{
    return load_find_type_at(c, NULL, name, len);
}

const Node *load_class(Compiler *c, const char *name)
{
    const Node *n = map_get(&c->classes, name, strlen(name));
    if (n) return n;
    autoload(c, name);
    return map_get(&c->classes, name, strlen(name));
}

const Node *load_define(Compiler *c, const char *name)
{
    const Node *n = map_get(&c->defines, name, strlen(name));
    if (n) return n;
    if (!c->nmodulepath) return NULL;
    autoload(c, name);
    return map_get(&c->defines, name, strlen(name));
}
