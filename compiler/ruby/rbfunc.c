/*
 * rbfunc.c - functions that modules write in Ruby, in Puppet's two APIs:
 * 4.x, <module>/lib/puppet/functions/<ns>/<name>.rb (create_function,
 * dispatch), and 3.x, <module>/lib/puppet/parser/functions/<name>.rb
 * (newfunction).  A name that no built-in and no Puppet-language function
 * provides is looked for there (rby_fn_find), its file loaded into Ruby
 * once, and calls go through rby_fn_call.
 *
 * The one idea: the Ruby layer (share/ruby/functions.rb) only records and
 * runs; types stay with the compiler.  When a 4.x file is loaded, Ruby
 * hands back each dispatch's parameter types as strings, which are parsed
 * and evaluated here as any type expression of a manifest (a function's
 * local_types become type aliases first).  A call picks the first dispatch
 * whose types accept the arguments (ty_sig_accepts), or fails with
 * Puppet's describe_signatures message; only then does Ruby run the
 * dispatch's method, and the return type is checked on the way back.  A
 * Puppet lambda given to a function reaches Ruby as a block that calls
 * back here (MComp.rbfn_yield) while the call lasts.
 *
 * Callbacks defined here: MComp.top_scope, function_exists(name), load3(name),
 * parse_type(string), type_check(type, value[, subject]),
 * module_lib_file(relpath), module_dir(name), environment_name,
 * rbfn_yield(id, args).
 */
#include "compiler/ruby/rbapi.h"
/* ruby.h maps xmalloc and friends to Ruby's allocator; the compiler's
 * own lists (c->files) are freed with free(), so use base/util.h's. */
#undef xmalloc
#undef xrealloc
#undef xcalloc
#undef xfree
#include "compiler/fn/fnapi.h"
#include "compiler/modtree.h"
#include "parser/parser.h"
#include "base/util.h"
#include "base/buf.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define A (c->arena)

struct RbyFunc {
    const char *name;
    int api;                         /* 4 or 3 */
    CmpSig *sigs;                    /* 4.x: the dispatches, in declaration order */
    const char **methods;            /* the method each one calls */
    Value **returns;                 /* its return type, or NULL */
    unsigned char *handler;          /* an argument_mismatch dispatch: its method words the error */
    size_t nsigs;
    int takes_scope;                 /* overrides call(scope, *args): its dispatches see the scope first */
};

static VALUE m_functions;            /* MComp::Functions */

/* MComp::Functions, once the functions layer is evaluated (on first use:
 * share/ruby/functions.rb keeps it as a string until then).  Call it only
 * inside Ruby (under rby_protect or in a callback). */
static VALUE functions_module(void)
{
    if (!m_functions) {
        rb_funcall(rby_module(), rb_intern("load_functions_layer"), 0);
        m_functions = rb_const_get(rby_module(), rb_intern("Functions"));
        rb_gc_register_mark_object(m_functions);
    }
    return m_functions;
}

/* ---- finding the file ---- */

static int file_exists(const char *path)
{
    return mtree_is_file(path);
}

static int module_name_ok(const char *s)
{
    if (!islower((unsigned char)*s)) return 0;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_') return 0;
    return 1;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The modules of the module path, made once per compile: their
 * directories in search order (modulepath order, names sorted within an
 * entry; a name in an earlier entry hides later ones), and an index of the
 * global function files they hold (lib/puppet/functions/NAME.rb and
 * lib/puppet/parser/functions/NAME.rb: first module wins), so that looking
 * up a name costs no system call. */
typedef struct FnFile { const char *name, *path; } FnFile;
typedef struct FnIndex { FnFile *v; size_t n, cap; } FnIndex;   /* sorted by name once built */
typedef struct Modules {
    const char **dirs;
    size_t n;
    FnIndex fn4, fn3;
} Modules;

static void index_name(Compiler *c, FnIndex *ix, const char *dir, const char *name);

static void index_dir(Compiler *c, FnIndex *ix, const char *dir)
{
    size_t n;
    const char *const *names = mtree_list(dir, &n);     /* (read before the nodes forked) */
    if (names) {
        for (size_t i = 0; i < n; i++) index_name(c, ix, dir, names[i]);
        return;
    }
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) index_name(c, ix, dir, e->d_name);
    closedir(d);
}

static void index_name(Compiler *c, FnIndex *ix, const char *dir, const char *name)
{
    size_t len = strlen(name);
    if (len < 4 || strcmp(name + len - 3, ".rb")) return;
    if (ix->n == ix->cap) {
        ix->cap = ix->cap ? ix->cap * 2 : 64;
        FnFile *nv = ARENA_NEWN(A, FnFile, ix->cap);
        if (ix->n) memcpy(nv, ix->v, ix->n * sizeof *nv);
        ix->v = nv;
    }
    ix->v[ix->n].name = arena_strndup(A, name, len - 3);
    ix->v[ix->n].path = arena_printf(A, "%s/%s", dir, name);
    ix->n++;
}

/* By name, then by the order the modules were indexed (the first wins). */
static int cmp_fnfile(const void *a, const void *b)
{
    const FnFile *x = a, *y = b;
    int r = strcmp(x->name, y->name);
    return r ? r : (x < y ? -1 : x > y);
}

static int cmp_fnkey(const void *key, const void *e) { return strcmp(key, ((const FnFile *)e)->name); }

static const char *index_find(const FnIndex *ix, const char *name)
{
    const FnFile *f = ix->n ? bsearch(name, ix->v, ix->n, sizeof *ix->v, cmp_fnkey) : NULL;
    if (!f) return NULL;
    while (f > ix->v && !strcmp(f[-1].name, name)) f--;   /* the first module's */
    return f->path;
}

static Modules *modules(Compiler *c)
{
    static const char key[] = "\4modules";     /* in c->loaded: no path starts so */
    Modules *ms = map_get(&c->loaded, key, sizeof key - 1);
    if (ms) return ms;
    ms = ARENA_NEW(A, Modules);
    memset(ms, 0, sizeof *ms);
    Map seen = {0};
    size_t cap = 0;
    for (size_t i = 0; i < c->nmodulepath; i++) {
        char *abs = realpath(c->modulepath[i], NULL);   /* absolute paths: Ruby's load searches no $LOAD_PATH */
        if (!abs) continue;
        const char *entry = arena_strdup(A, abs);
        free(abs);
        size_t nlisted = 0;
        const char *const *listed = mtree_list(entry, &nlisted);   /* (read before the nodes forked) */
        DIR *d = listed ? NULL : opendir(entry);
        if (!listed && !d) continue;
        char **names = NULL;
        size_t n = 0, ncap = 0;
        for (size_t li = 0;; li++) {
            const char *name;
            int known_dir = 0;                  /* readdir's type says directory */
            if (listed) {
                if (li == nlisted) break;
                name = listed[li];
            } else {
                struct dirent *e = readdir(d);
                if (!e) break;
                if (e->d_type != DT_DIR && e->d_type != DT_LNK && e->d_type != DT_UNKNOWN) continue;
                name = e->d_name;
                known_dir = e->d_type == DT_DIR;
            }
            if (!module_name_ok(name)) continue;
            if (n == ncap) {
                ncap = ncap ? ncap * 2 : 64;
                char **nn = ARENA_NEWN(A, char *, ncap);
                if (n) memcpy(nn, names, n * sizeof *names);
                names = nn;
            }
            /* the name, then its NUL, then whether it is known to be a directory */
            size_t len = strlen(name);
            char *copy = arena_alloc_bytes(A, len + 2);
            memcpy(copy, name, len + 1);
            copy[len + 1] = (char)known_dir;
            names[n++] = copy;
        }
        if (d) closedir(d);
        if (n) qsort(names, n, sizeof *names, cmp_names);
        for (size_t k = 0; k < n; k++) {
            if (map_get(&seen, names[k], strlen(names[k]))) continue;
            const char *dir = arena_printf(A, "%s/%s", entry, names[k]);
            if (!names[k][strlen(names[k]) + 1] && !mtree_is_dir(dir)) continue;
            map_put(&seen, names[k], strlen(names[k]), (void *)1);
            if (ms->n == cap) {
                cap = cap ? cap * 2 : 64;
                const char **nd = ARENA_NEWN(A, const char *, cap);
                if (ms->n) memcpy(nd, ms->dirs, ms->n * sizeof *nd);
                ms->dirs = nd;
            }
            ms->dirs[ms->n++] = dir;
            index_dir(c, &ms->fn4, arena_printf(A, "%s/lib/puppet/functions", dir));
            index_dir(c, &ms->fn3, arena_printf(A, "%s/lib/puppet/parser/functions", dir));
        }
    }
    map_free(&seen);
    if (ms->fn4.n) qsort(ms->fn4.v, ms->fn4.n, sizeof *ms->fn4.v, cmp_fnfile);
    if (ms->fn3.n) qsort(ms->fn3.v, ms->fn3.n, sizeof *ms->fn3.v, cmp_fnfile);
    map_put(&c->loaded, key, sizeof key - 1, ms);
    return ms;
}

/* <module>/<rel> of the first module that has that file, or NULL. */
static const char *any_module_file(Compiler *c, const char *rel)
{
    Modules *ms = modules(c);
    for (size_t i = 0; i < ms->n; i++) {
        const char *path = arena_printf(A, "%s/%s", ms->dirs[i], rel);
        if (file_exists(path)) return path;
    }
    return NULL;
}

/* Whether name is a function name Puppet could autoload: a::b::c, lowercase. */
static int fn_name_ok(const char *name)
{
    const char *p = name;
    for (;;) {
        if (!islower((unsigned char)*p)) return 0;
        while (islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_') p++;
        if (!*p) return 1;
        if (p[0] != ':' || p[1] != ':') return 0;
        p += 2;
    }
}

/* ---- loading ---- */

typedef struct Load {
    Compiler *c;
    const char *path, *name;
    int api;
    const char *text;                /* the file's text, or NULL: read it here */
    size_t text_len;
    Value *desc;                     /* what describe/describe3 answered, or NULL */
} Load;

/* The text of the file at path, or nil (then Ruby reads it itself, and
 * words the error).  Its own frame: the buffer is gone before Ruby runs. */
static __attribute__((noinline)) VALUE read_code(const char *path)
{
    Buf b = BUF_INIT;
    VALUE code = buf_read_file(&b, path, 0) == 0 ? rby_str(b.s ? b.s : "", b.len) : Qnil;
    buf_free(&b);
    return code;
}

static VALUE load_body(VALUE arg)
{
    Load *l = (Load *)arg;
    if (l->path) {                   /* no path: a 3.x function another file defined */
        VALUE code = l->text ? rby_str(l->text, l->text_len) : read_code(l->path);
        rb_funcall(functions_module(), rb_intern(l->api == 4 ? "load4" : "load3"), 3, rb_str_new_cstr(l->path),
                   rb_str_new_cstr(l->name), code);
    }
    VALUE d = rb_funcall(functions_module(), rb_intern(l->api == 4 ? "describe" : "describe3"), 1, rb_str_new_cstr(l->name));
    l->desc = NIL_P(d) ? NULL : rby_to_puppet(l->c, d);
    return Qnil;
}

/* A type written as a string in a Ruby function ("Optional[String[1]]"),
 * evaluated as a manifest's type expression would be. */
static Value *parse_type(Compiler *c, const Node *at, const char *text, const char *what)
{
    SrcFile *f = diag_file_from_string(what, text, strlen(text));
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = f;
    Node *n = parse_expr_range(A, f, 0, (uint32_t)strlen(text), 0);
    Value *t = n ? ev_expr(c, c->top, n) : NULL;
    if (!t || t->kind != V_TYPE)
        cmp_fail(c, at, "Parsing of type string '\"%s\"' failed with message: <not a data type>.", text);
    return t;
}

/* local_types: each "Name = T" becomes the type alias Name (unless one of
 * that name exists already). */
static void local_types(Compiler *c, const Node *at, const Value *list, const char *fname)
{
    for (size_t i = 0; list && list->kind == V_ARRAY && i < list->arr.n; i++) {
        const Value *s = list->arr.items[i];
        if (s->kind != V_STR) continue;
        const char *text = arena_printf(A, "type %s", s->str.s);
        SrcFile *f = diag_file_from_string(arena_printf(A, "local types of %s", fname), text, strlen(text));
        c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
        c->files[c->nfiles++] = f;
        Node *ast = parse_file(A, f);
        if (!ast) cmp_fail(c, at, "Parsing of 'type \"%s\"' failed", s->str.s);
        for (Node *k = ast->kind == ND_BLOCK ? ast->kids : ast; k; k = ast->kind == ND_BLOCK ? k->next : NULL) {
            if (k->kind != ND_TYPE_ALIAS) continue;
            char *key = arena_strdup(A, k->text);
            for (char *p = key; *p; p++) *p = (char)tolower((unsigned char)*p);
            if (!map_get(&c->aliases, key, strlen(key))) map_put(&c->aliases, key, strlen(key), k);
        }
    }
}

static const char *str_of(const Value *v) { return v && v->kind == V_STR ? v->str.s : NULL; }

/* The description of a 4.x function (functions.rb describe) as signatures. */
static void build_sigs(Compiler *c, const Node *at, RbyFunc *f, const Value *desc)
{
    if (desc->kind != V_ARRAY || desc->arr.n != 3) cmp_fail(c, at, "function '%s': bad description", f->name);
    f->takes_scope = desc->arr.items[2]->kind == V_BOOL && desc->arr.items[2]->b;
    local_types(c, at, desc->arr.items[0], f->name);
    const Value *ds = desc->arr.items[1];
    f->nsigs = ds->arr.n;
    f->sigs = ARENA_NEWN(A, CmpSig, f->nsigs ? f->nsigs : 1);
    f->methods = ARENA_NEWN(A, const char *, f->nsigs ? f->nsigs : 1);
    f->returns = ARENA_NEWN(A, Value *, f->nsigs ? f->nsigs : 1);
    f->handler = ARENA_NEWN(A, unsigned char, f->nsigs ? f->nsigs : 1);
    for (size_t i = 0; i < f->nsigs; i++) {
        Value **d = ds->arr.items[i]->arr.items;   /* [meth, types, names, min, max, block, bname, bopt, ret, handler] */
        CmpSig *s = &f->sigs[i];
        memset(s, 0, sizeof *s);
        f->methods[i] = str_of(d[0]);
        const Value *types = d[1], *names = d[2];
        s->n = types->arr.n;
        s->types = ARENA_NEWN(A, Value *, s->n ? s->n : 1);
        s->names = ARENA_NEWN(A, const char *, s->n ? s->n : 1);
        for (size_t k = 0; k < s->n; k++) {
            s->types[k] = parse_type(c, at, str_of(types->arr.items[k]), f->name);
            s->names[k] = str_of(names->arr.items[k]);
        }
        s->min = d[3]->i;
        s->max = d[4]->i < 0 ? INT64_MAX : d[4]->i;
        if (d[5]->kind == V_STR) {
            s->block = parse_type(c, at, d[5]->str.s, f->name);
            s->block_name = str_of(d[6]);
            s->block_optional = d[7]->kind == V_BOOL && d[7]->b;
        }
        f->returns[i] = d[8]->kind == V_STR ? parse_type(c, at, d[8]->str.s, f->name) : NULL;
        f->handler[i] = d[9]->kind == V_BOOL && d[9]->b;
    }
}

static RbyFunc *load_function(Compiler *c, const Node *at, const char *name, const char *path, int api,
                              const char *text, size_t text_len)
{
    Load l = {c, path, name, api, text, text_len, NULL};
    VALUE exc;
    rby_protect(c, c->top, at, load_body, (VALUE)&l, &exc);
    if (!NIL_P(exc)) rby_fail(c, at, exc, "%s");
    if (!l.desc) return NULL;        /* a 3.x file that defines other names only */
    RbyFunc *f = ARENA_NEW(A, RbyFunc);
    f->name = arena_strdup(A, name);
    f->api = api;
    if (api == 4) build_sigs(c, at, f, l.desc);
    return f;
}

/* The function name of one API (4 or 3), loaded once; NULL when no
 * module has its file. */
static const RbyFunc *find_api(Compiler *c, const Node *at, const char *name, int api)
{
    size_t len = strlen(name);
    char *key = arena_printf(A, "%c%s", api == 4 ? '\2' : '\3', name);   /* in c->loaded: no path starts so */
    void *hit = map_get(&c->loaded, key, len + 1);
    if (hit) return hit == (void *)1 ? NULL : hit;
    map_put(&c->loaded, key, len + 1, (void *)1);   /* also stops a file that calls itself while loading */
    const char *path;
    const char *text = NULL;         /* the file's text when read here */
    size_t text_len = 0;
    const char *sep = strstr(name, "::");
    if (api == 3) {
        if (sep) return NULL;                         /* 3.x functions have global names only */
        /* NAME.rb, else (Ruby running) a NAME that a file loaded before defined too */
        path = index_find(&modules(c)->fn3, name);
    } else if (sep) {
        const char *module = arena_strndup(A, name, (size_t)(sep - name));
        char *rest = arena_printf(A, "%s.rb", name);   /* m::a::b: m/a/b.rb */
        for (char *p = rest; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
        /* (found by opening it, as loading reads it anyway: no stat first) */
        path = load_module_path(c, module, "lib/puppet/functions", rest);
        if (path) {
            Buf b = BUF_INIT;
            if (buf_read_file(&b, path, 0) == 0) text = arena_strndup(A, b.s ? b.s : "", b.len), text_len = b.len;
            else if (errno == ENOENT || errno == ENOTDIR || errno == EISDIR) path = NULL;
            buf_free(&b);             /* (any other failure: Ruby reads it and words the error) */
        }
    } else {
        path = index_find(&modules(c)->fn4, name);
    }
    if (!path && !(api == 3 && !sep && rby_started())) return NULL;
    rby_start(c, at);
    RbyFunc *f = load_function(c, at, name, path, api, text, text_len);
    if (f) map_put(&c->loaded, key, len + 1, f);
    return f;
}

const RbyFunc *rby_fn_find(Compiler *c, const Node *at, const char *name)
{
    if (name[0] == ':' && name[1] == ':') name += 2;
    size_t len = strlen(name);
    if (!c->nmodulepath || !len || len > 300 || !fn_name_ok(name)) return NULL;
    const RbyFunc *f = find_api(c, at, name, 4);     /* Puppet prefers the 4.x function */
    return f ? f : find_api(c, at, name, 3);
}

/* ---- calling ---- */

/* The Puppet lambdas of the calls in progress, innermost last: the Ruby
 * block of each calls MComp.rbfn_yield with its id. */
typedef struct Block {
    long id;
    CallCtx cc;
    struct Block *up;
} Block;
static Block *blocks;
static long next_block_id;

typedef struct Invoke {
    Compiler *c;
    Scope *scope;
    const RbyFunc *f;
    const char *method;
    Value **args;
    size_t n;
    long block;                      /* id, or 0: none */
    Value *out;
} Invoke;

static VALUE invoke_body(VALUE arg)
{
    Invoke *iv = (Invoke *)arg;
    Compiler *c = iv->c;
    VALUE argv = rb_ary_new_capa((long)iv->n);
    for (size_t i = 0; i < iv->n; i++) rb_ary_push(argv, rby_to_ruby(c, iv->args[i]));
    VALUE name = rb_str_new_cstr(iv->f->name), r;
    if (iv->f->api == 3) {
        r = rb_funcall(functions_module(), rb_intern("call3"), 3, rby_scope_object(c, iv->scope), name, argv);
    } else {
        VALUE blk = iv->block ? rb_funcall(functions_module(), rb_intern("block"), 1, LONG2NUM(iv->block)) : Qnil;
        r = rb_funcall(functions_module(), rb_intern("call4"), 5, rby_scope_object(c, iv->scope), name,
                       rb_str_new_cstr(iv->method), argv, blk);
    }
    RB_GC_GUARD(argv);
    iv->out = rby_to_puppet(c, r);
    return Qnil;
}

Value *rby_fn_call(Compiler *c, Scope *s, const Node *at, const RbyFunc *f, Value **args, size_t n, const Node *lambda)
{
    if (c->call_depth >= 10000) cmp_fail(c, at, "stack level too deep");   /* Ruby's words; before the machine stack runs out */
    Invoke iv = {c, s, f, NULL, args, n, 0, NULL};
    size_t k = 0;
    if (f->api == 4) {
        Value **seen = args;           /* what the dispatches see: the scope first when call() adds it */
        size_t nseen = n;
        if (f->takes_scope) {
            seen = ARENA_NEWN(A, Value *, n + 1);
            seen[0] = VAL_UNDEF;       /* stands for the scope (its parameter is Any) */
            if (n) memcpy(seen + 1, args, n * sizeof *args);
            nseen = n + 1;
        }
        while (k < f->nsigs && !ty_sig_accepts(c, &f->sigs[k], seen, nseen, lambda)) k++;
        if (k == f->nsigs) {           /* described by the signatures, argument_mismatch handlers left out */
            CmpSig *sigs = ARENA_NEWN(A, CmpSig, f->nsigs ? f->nsigs : 1);
            size_t ns = 0;
            for (size_t i = 0; i < f->nsigs; i++)
                if (!f->handler[i]) sigs[ns++] = f->sigs[i];
            cmp_fail(c, at, "%s", ty_describe_signatures(c, arena_printf(A, "'%s'", f->name), sigs, ns, seen, nseen, lambda));
        }
        iv.method = f->methods[k];
    }
    Block b = {0};
    if (lambda && f->api == 4) {
        b.id = ++next_block_id;
        b.cc = (CallCtx){.c = c, .scope = s, .call = at, .arena = A, .args = args, .nargs = n, .lambda = lambda};
        b.up = blocks;
        blocks = &b;
        iv.block = b.id;
    }
    VALUE exc;
    c->call_depth++;
    rby_protect(c, s, at, invoke_body, (VALUE)&iv, &exc);
    c->call_depth--;
    if (iv.block) blocks = b.up;
    if (!NIL_P(exc)) rby_fail(c, at, exc, "%s");
    if (f->api == 4 && f->handler[k]) {   /* Puppet: ArgumentError "'f' #{what the method returned}" */
        Buf text = BUF_INIT;
        val_to_s(&text, iv.out);
        const char *msg = arena_strdup(A, buf_cstr(&text));
        buf_free(&text);
        cmp_fail(c, at, "'%s' %s", f->name, msg);
    }
    if (f->api == 4 && f->returns[k] && !ty_type_match(c, f->returns[k], iv.out))
        cmp_fail(c, at, "%s", ty_mismatch(c, f->returns[k], iv.out, CMP_MM_SUBJECT, NULL,
                                           arena_printf(A, "value returned from function '%s' has wrong type,", iv.method), NULL));
    return iv.out;
}

/* ---- callbacks ---- */

static RbyCtx *need_ctx(void)
{
    RbyCtx *x = rby_ctx();
    if (!x) rb_raise(rb_eRuntimeError, "Puppet is not compiling");
    return x;
}

/* MComp.top_scope -> the top scope (a 4.x function's closure_scope) */
static VALUE cb_top_scope(VALUE self)
{
    RbyCtx *x = need_ctx();
    return rby_scope_object(x->c, x->c->top);
}

typedef struct Exists { Compiler *c; const Node *at; const char *name; int yes; } Exists;

static void exists_body(void *arg)
{
    Exists *e = arg;
    e->yes = ev_function_exists(e->c, e->at, e->name);
}

/* MComp.function_exists(name) -> whether a function of that name exists
 * (loading a module's Ruby function if need be) */
static VALUE cb_function_exists(VALUE self, VALUE name)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Exists e = {c, x->at, rby_cstr(c, name, NULL), 0};
    const char *err = rby_guard(c, exists_body, &e);
    if (err) rby_raise_compile_error(err);
    return e.yes ? Qtrue : Qfalse;
}

typedef struct TypeParse { Compiler *c; const Node *at; const char *text; Value *out; } TypeParse;

static void type_parse_body(void *arg)
{
    TypeParse *t = arg;
    t->out = parse_type(t->c, t->at, t->text, "type string");
}

typedef struct Load3 { Compiler *c; const Node *at; const char *name; int yes; } Load3;

static void load3_body(void *arg)
{
    Load3 *l = arg;
    l->yes = fn_name_ok(l->name) && !strstr(l->name, "::") && l->c->nmodulepath && find_api(l->c, l->at, l->name, 3);
}

/* MComp.load3(name) -> whether a module has the 3.x function name (now
 * loaded: scope.function_NAME is its method) */
static VALUE cb_load3(VALUE self, VALUE name)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Load3 l = {c, x->at, rby_cstr(c, name, NULL), 0};
    const char *err = rby_guard(c, load3_body, &l);
    if (err) rby_raise_compile_error(err);
    return l.yes ? Qtrue : Qfalse;
}

/* MComp.parse_type(string) -> the type (a PuppetType) */
static VALUE cb_parse_type(VALUE self, VALUE text)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    TypeParse t = {c, x->at, rby_cstr(c, text, NULL), NULL};
    const char *err = rby_guard(c, type_parse_body, &t);
    if (err) rb_raise(rb_eArgError, "%s", err);
    return rby_to_ruby(c, t.out);
}

/* MComp.type_check(type, value[, subject]) -> nil when value is an
 * instance of type, else why not (Puppet's words; "SUBJECT expects ..."
 * with a subject) */
static VALUE cb_type_check(int argc, VALUE *argv, VALUE self)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    if (argc < 2 || argc > 3) rb_raise(rb_eArgError, "type_check(type, value[, subject])");
    Value *t = rby_to_puppet(c, argv[0]), *v = rby_to_puppet(c, argv[1]);
    if (t->kind != V_TYPE) rb_raise(rb_eTypeError, "not a Puppet type");
    if (ty_type_match(c, t, v)) return Qnil;
    const char *subject = argc > 2 && !NIL_P(argv[2]) ? rby_cstr(c, argv[2], NULL) : "value";
    const char *why = ty_mismatch(c, t, v, CMP_MM_SUBJECT, NULL, subject, NULL);
    return rby_str(why, strlen(why));
}

/* MComp.module_lib_file(relpath) -> <module>/lib/<relpath>.rb of the
 * first module that has it, or nil (require of puppet_x/... and the
 * modules' other library files) */
static VALUE cb_module_lib_file(VALUE self, VALUE rel)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    const char *r = rby_cstr(c, rel, NULL);
    if (strstr(r, "..")) return Qnil;
    const char *path = any_module_file(c, arena_printf(A, "lib/%s.rb", r));
    return path ? rb_str_new_cstr(path) : Qnil;
}

/* MComp.module_dir(name) -> the directory of module name, or nil */
static VALUE cb_module_dir(VALUE self, VALUE name)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    const char *n = rby_cstr(c, name, NULL);
    if (!fn_name_ok(n) || strstr(n, "::")) return Qnil;
    const char *dir = load_module_path(c, n, "", "");
    if (!dir) return Qnil;
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    return rby_str(dir, len);
}

/* MComp.environment_name -> the environment compiled for */
static VALUE cb_environment_name(VALUE self)
{
    RbyCtx *x = need_ctx();
    const char *e = x->c->opt.environment ? x->c->opt.environment : "production";
    return rby_str(e, strlen(e));
}

typedef struct Yield { Block *b; Value **args; size_t n; Value *out; } Yield;

static void yield_body(void *arg)
{
    Yield *y = arg;
    y->out = ev_yield(&y->b->cc, y->args, y->n);
}

/* MComp.rbfn_yield(id, args) -> what the Puppet lambda id gives for args */
static VALUE cb_yield(VALUE self, VALUE id, VALUE args)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    long want = NUM2LONG(id);
    Block *b = blocks;
    while (b && b->id != want) b = b->up;
    if (!b) rb_raise(rb_eArgError, "a Puppet block was called after its function returned");
    args = rb_Array(args);
    long n = RARRAY_LEN(args);
    Value **av = ARENA_NEWN(A, Value *, (size_t)n + 1);
    for (long i = 0; i < n; i++) av[i] = rby_to_puppet(c, rb_ary_entry(args, i));
    Yield y = {b, av, (size_t)n, NULL};
    const char *err = rby_guard(c, yield_body, &y);
    if (err) rby_raise_compile_error(err);
    return rby_to_ruby(c, y.out);
}

void rby_fn_init(void)
{
    rby_define("top_scope", (cb_top_scope), 0);
    rby_define("function_exists", (cb_function_exists), 1);
    rby_define("parse_type", (cb_parse_type), 1);
    rby_define("load3", (cb_load3), 1);
    rby_define("type_check", (cb_type_check), -1);
    rby_define("module_lib_file", (cb_module_lib_file), 1);
    rby_define("rbfn_yield", (cb_yield), 2);
    rby_define("module_dir", (cb_module_dir), 1);
    rby_define("environment_name", (cb_environment_name), 0);
}
