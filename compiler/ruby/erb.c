/*
 * erb.c - template() and inline_template(): ERB templates rendered by the
 * embedded Ruby (share/ruby/erb.rb) in the calling scope, from the Ruby
 * program erbsrc.c makes of the template text.
 *
 * Each argument is one template; their texts are concatenated.  A
 * template's path is Puppet's: "mod/rest" is <mod>/templates/rest of a
 * module on the module path, an absolute path is taken as is.  A Ruby
 * exception while rendering becomes Puppet's error: "Failed to parse
 * template T:" with the file and line of the exception's first backtrace
 * frame and its message, or "Failed to parse inline template: MESSAGE".
 */
#define _GNU_SOURCE                   /* memmem */
#include "compiler/ruby/rbapi.h"
#include "compiler/ruby/erbsrc.h"
/* ruby.h maps xmalloc and friends to Ruby's allocator: use base/util.h's */
#undef xmalloc
#undef xrealloc
#undef xcalloc
#undef xfree
#include "base/util.h"
#include "base/map.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define A (c->arena)

static ID id_render;

/* ---- the variables a template reads ----
 *
 * Puppet gives a template an instance variable for every variable visible
 * in its scope.  Converting each for each render costs more than the
 * rendering, and a template reads a few: those its code names (@name).
 * So only those are bound, unless the code could read variables without
 * naming them: by reflection (instance_variable_get, instance_variables,
 * binding, eval, send, inspect, to_yaml ...; not as a hash's string key,
 * h['methods']), or by handing the template
 * object itself to other code (self, tap, dup ...).  Then, and when a
 * method templates can call was defined outside this layer (erb.rb
 * watches for that), every variable is bound as before.
 *
 * A method a template defines (its "def", define_method) is an
 * exception: its code is in the template's, so it reads the variables
 * that code names; a later template that may call it gets those too
 * (method_names below).  That holds unless the defining template binds
 * every variable itself (it reflects), or makes methods out of names
 * (attr_reader :port reads @port, not named as such). */
static const char *const reflective[] = {
    "binding", "eval", "instance_eval", "instance_exec", "class_eval", "class_exec", "module_eval",
    "module_exec", "send", "__send__", "public_send", "method", "methods", "public_method",
    "singleton_method", "singleton_methods", "singleton_class", "instance_method", "inspect",
    "pretty_inspect", "pp", "display", "to_yaml", "Marshal", "ObjectSpace", "self", "itself",
    "ERB", "dup", "clone", "tap", "yield_self", "extend", "to_enum", "enum_for", "Psych", "YAML",
    "define_singleton_method", "remove_instance_variable",
};
/* words that make a template's methods read variables it does not name */
static const char *const makes_readers[] = {"attr", "attr_reader", "attr_writer", "attr_accessor"};

/* Whether w (len bytes) is one of the n words: a word's first letter and
 * length are compared before its bytes (this runs for every name in a
 * template's code). */
static int word_in(const char *const *words, size_t n, const char *w, size_t len)
{
    for (size_t k = 0; k < n; k++)
        if (words[k][0] == w[0] && strncmp(words[k], w, len) == 0 && words[k][len] == '\0') return 1;
    return 0;
}

static int ident_start(unsigned char ch) { return isalpha(ch) || ch == '_' || ch >= 0x80; }
static int ident_char(unsigned char ch) { return isalnum(ch) || ch == '_' || ch >= 0x80; }

/* What rby_bind_only takes for template code code: the names it reads
 * ("\nNAME\n..."), or NULL when it may read others.  *readers: whether
 * it names attr_reader or the like (see above). */
static const char *read_vars(Compiler *c, const char *code, size_t n, int *readers)
{
    *readers = 0;
    Buf names = BUF_INIT;
    buf_addc(&names, '\n');
    for (size_t i = 0; i < n;) {
        unsigned char ch = (unsigned char)code[i];
        if (!ident_start(ch) || (i > 0 && ident_char((unsigned char)code[i - 1]))) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && ident_char((unsigned char)code[j])) j++;
        const char *w = code + i;
        size_t len = j - i;
        if (i > 0 && code[i - 1] == '@') {
            buf_add(&names, w, len);
            buf_addc(&names, '\n');
        } else if (i >= 2 && code[i - 2] == '[' && (code[i - 1] == '\'' || code[i - 1] == '"') && n - j >= 2 &&
                   code[j] == code[i - 1] && code[j + 1] == ']') {
            /* x['methods']: a string key, not a call (Ruby allows no
             * name right after a string's closing quote) */
        } else {
            int risky = len >= 17 && memcmp(w, "instance_variable", 17) == 0;
            if (!risky) risky = word_in(reflective, ARRAY_LEN(reflective), w, len);
            if (word_in(makes_readers, ARRAY_LEN(makes_readers), w, len)) *readers = 1;
            if (!risky && len == 4 && memcmp(w, "then", 4) == 0) {   /* the method, not the keyword */
                size_t k = j;
                while (k < n && (code[k] == ' ' || code[k] == '\t')) k++;
                risky = k < n && (code[k] == '{' || code[k] == '(' || (n - k >= 2 && memcmp(code + k, "do", 2) == 0));
            }
            if (risky) {
                buf_free(&names);
                return NULL;
            }
        }
        i = j;
    }
    const char *r = arena_strndup(A, names.s, names.len);
    buf_free(&names);
    return r;
}



/* ---- templates that only print variables ----
 *
 * A template whose every tag is <%= @name %> or <%= @name['key'] %> (a
 * hash's entry by a plain string) prints text and variables: when those
 * hold strings, integers, booleans or undef (and hashes, for the entry),
 * C prints them as Ruby's to_s would, without starting or entering Ruby.
 * Any other value, or a name that several variables could bind, goes the
 * usual way. */
typedef struct Piece {
    int kind;                        /* 0 text, 1 @var, 2 @var['key'] */
    const char *s;                   /* text, or the variable's name */
    size_t len;
    const char *key;                 /* kind 2 */
    size_t keylen;
} Piece;

static int word_char(unsigned char ch) { return isalnum(ch) || ch == '_'; }

/* code as a Piece of kind 1 or 2 (s, key: in code), or -1 */
static int plain_insert(const char *code, size_t n, Piece *p)
{
    while (n && code[0] && strchr(" \t\r\n", code[0])) code++, n--;
    while (n && code[n - 1] && strchr(" \t\r\n", code[n - 1])) n--;
    if (n < 2 || code[0] != '@' || !(isalpha((unsigned char)code[1]) || code[1] == '_')) return -1;
    size_t i = 1;
    while (i < n && word_char((unsigned char)code[i])) i++;
    if (i >= 3 && code[1] == '_' && code[2] == '_') return -1;   /* the wrapper's own @__scope__, @__file__ */
    p->s = code + 1;
    p->len = i - 1;
    if (i == n) return p->kind = 1;
    if (n - i < 4 || code[i] != '[' || (code[i + 1] != '\'' && code[i + 1] != '"') || code[n - 1] != ']' || code[n - 2] != code[i + 1])
        return -1;
    for (size_t k = i + 2; k < n - 2; k++)
        if (!word_char((unsigned char)code[k]) && !strchr("-.:/ ", code[k])) return -1;
    p->key = code + i + 2;
    p->keylen = n - 2 - (i + 2);
    return p->kind = 2;
}

/* The plan of a template (erbsrc's pieces), or NULL when it is not plain. */
static Piece *plain_plan(const char *pieces, size_t n, size_t *count)
{
    size_t np = 0;
    for (size_t i = 0; i < n;) {
        size_t len;
        memcpy(&len, pieces + i + 1, sizeof len);
        i += 1 + sizeof len + len;
        np++;
    }
    Piece *plan = xcalloc(np ? np : 1, sizeof *plan);
    np = 0;
    for (size_t i = 0; i < n;) {
        char kind = pieces[i];
        size_t len;
        memcpy(&len, pieces + i + 1, sizeof len);
        const char *s = pieces + i + 1 + sizeof len;
        i += 1 + sizeof len + len;
        Piece *p = &plan[np++];
        if (kind == 'T') {
            p->kind = 0, p->s = s, p->len = len;
        } else if (kind != 'E' || plain_insert(s, len, p) < 0) {
            free(plan);
            return NULL;
        }
    }
    *count = np;
    return plan;
}

/* The value instance variable @name would have (bind_vars, rb.c): the
 * innermost visible variable of that name, NULL when unbound (none, or
 * undef); *ok = 0 when another variable's name maps to the same
 * instance variable. */
static const Value *plain_var(Scope *s, const char *name, size_t len, int *ok)
{
    const Value *v = NULL;
    int found = 0, depth = 0;
    for (Scope *p = s; p && depth < 256; p = p->parent, depth++) {
        for (size_t i = 0; i < p->vars.count; i++) {
            const MapEntry *e = &p->vars.entries[i];
            if (e->len != len) continue;
            int same = 1, alias = 1;
            for (size_t k = 0; k < len; k++) {
                unsigned char ch = (unsigned char)e->key[k];
                if (ch != (unsigned char)name[k]) same = 0;
                if (!(ch == (unsigned char)name[k] || (name[k] == '_' && !word_char(ch) && ch < 0x80))) alias = 0;
            }
            if (!same && alias) *ok = 0;
            if (same && !found) {
                found = 1;
                v = e->value;
            }
        }
    }
    return v && v->kind != V_UNDEF ? v : NULL;
}

/* Appends Ruby's to_s of v (NULL: nil); -1 for kinds left to Ruby. */
static int plain_to_s(Buf *b, const Value *v)
{
    if (!v || v->kind == V_UNDEF) return 0;
    switch (v->kind) {
    case V_STR: buf_add(b, v->str.s, v->str.len); return 0;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); return 0;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); return 0;
    default: return -1;
    }
}

static int render_plain(Scope *s, const Piece *plan, size_t n, Buf *out)
{
    for (size_t i = 0; i < n; i++) {
        const Piece *p = &plan[i];
        if (p->kind == 0) {
            buf_add(out, p->s, p->len);
            continue;
        }
        int ok = 1;
        const Value *v = plain_var(s, p->s, p->len, &ok);
        if (!ok) return -1;
        if (p->kind == 2) {
            if (!v || v->kind != V_HASH) return -1;     /* nil[], String#[], ...: Ruby's business */
            const Value *hit = NULL;
            for (size_t k = 0; k < v->hash.n && !hit; k++) {
                const Value *key = v->hash.keys[k];
                if (key->kind == V_STR && key->str.len == p->keylen && memcmp(key->str.s, p->key, p->keylen) == 0)
                    hit = v->hash.vals[k];
            }
            v = hit;
        }
        if (plain_to_s(out, v) < 0) return -1;
    }
    return 0;
}

/* The distinct templates rendered so far in this process, by "PATH\0TEXT"
 * (PATH empty for inline ones): their number (Ruby keeps a compiled method
 * per number, erb.rb), text, program and variables, translated once. */
typedef struct Tpl {
    long id;
    const char *text;               /* in the key */
    size_t len;
    char *src;                      /* erbsrc's program, NULL: left to Ruby's ERB */
    size_t srclen;
    char *vars;                     /* read_vars, NULL: all */
    int readers;                    /* its code names attr_reader or the like */
    Piece *plan;                    /* a plain template's (see above), or NULL */
    size_t nplan;
    char *pieces;                   /* what plan points into */
} Tpl;
static Map tpls;
static Tpl **tpl_by_id;

static Tpl *tpl_of(Compiler *c, const char *path, const char *text, size_t len)
{
    Buf k = BUF_INIT;
    if (path) buf_adds(&k, path);
    buf_addc(&k, 0);
    buf_add(&k, text, len);
    Tpl *t = map_get(&tpls, k.s, k.len);
    if (t) {
        buf_free(&k);
        return t;
    }
    t = xcalloc(1, sizeof *t);
    t->id = (long)tpls.count;
    size_t klen = k.len;
    char *key = buf_detach(&k);
    t->text = key + (klen - len);
    t->len = len;
    Buf b = BUF_INIT, code = BUF_INIT, pieces = BUF_INIT;
    if (erbsrc_translate_code(&b, &code, &pieces, text, len) == 0) {
        t->srclen = b.len;
        t->src = b.s ? buf_detach(&b) : xstrndup("", 0);
        const char *v = read_vars(c, code.s ? code.s : "", code.len, &t->readers);
        t->vars = v ? xstrndup(v, strlen(v)) : NULL;
        size_t np = pieces.len;
        t->pieces = pieces.s ? buf_detach(&pieces) : NULL;
        t->plan = plain_plan(t->pieces ? t->pieces : "", np, &t->nplan);
    }
    buf_free(&b);
    buf_free(&code);
    buf_free(&pieces);
    map_put(&tpls, key, klen, t);
    tpl_by_id = xrealloc(tpl_by_id, tpls.count * sizeof *tpl_by_id);
    tpl_by_id[t->id] = t;
    return t;
}

static Tpl *tpl_arg(VALUE id)
{
    long i = NUM2LONG(id);
    if (i < 0 || (size_t)i >= tpls.count) RBY_RAISE(rb_eArgError, "no template %ld", i);
    return tpl_by_id[i];
}

/* MComp.erb_text(id), MComp.erb_src(id) -> template id's text, its program (or nil) */
static VALUE cb_erb_text(VALUE self, VALUE id)
{
    Tpl *t = tpl_arg(id);
    return rby_str(t->text, t->len);
}

static VALUE cb_erb_src(VALUE self, VALUE id)
{
    Tpl *t = tpl_arg(id);
    return t->src ? rby_str(t->src, t->srclen) : Qnil;
}

/* The template being rendered (innermost), its file, and the union of
 * the names of the templates that defined methods ("\nNAME\n..."). */
static const Tpl *rendering;
static const char *rendering_path;
static Buf method_names;

int rby_erb_method_added(const char *file)
{
    const Tpl *t = rendering;
    if (!t || !t->src || !t->vars || t->readers || !rendering_path || !file || strcmp(file, rendering_path) != 0)
        return 0;
    if (!method_names.len) buf_addc(&method_names, '\n');
    for (const char *p = t->vars + 1; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = (size_t)(e - p);
        char needle[260];
        if (len + 2 > sizeof needle) return 0;
        needle[0] = '\n';
        memcpy(needle + 1, p, len);
        needle[len + 1] = '\n';
        if (!memmem(method_names.s, method_names.len, needle, len + 2)) buf_add(&method_names, needle + 1, len + 1);
        p = e + 1;
    }
    return 1;
}

const char *rby_erb_method_names(void) { return method_names.len ? buf_cstr(&method_names) : NULL; }

typedef struct Render {
    Compiler *c;
    Scope *s;
    Tpl *t;
    const char *path;          /* NULL: inline */
    VALUE out;
} Render;

static VALUE render_body(VALUE arg)
{
    Render *r = (Render *)arg;
    VALUE scope = rby_scope_object(r->c, r->s);
    VALUE path = r->path ? rby_str(r->path, strlen(r->path)) : Qnil;
    Tpl *t = r->t;
    rby_bind_only(t->src ? t->vars : NULL);
    r->out = rb_funcall(rby_module(), id_render, 3, scope, LONG2NUM(t->id), path);
    if (!RB_TYPE_P(r->out, T_STRING)) r->out = rb_obj_as_string(r->out);
    return r->out;
}

/* What Puppet's template() says about exception exc of template spec. */
typedef struct Wording { Compiler *c; VALUE exc; const char *spec, *path; const char *msg; } Wording;

static VALUE wording_body(VALUE arg)
{
    Wording *w = (Wording *)arg;
    Compiler *c = w->c;
    int line;
    const char *file = rby_exc_where(c, w->exc, &line);
    if (file && w->spec && strncmp(file, "share/ruby/", 11) == 0) {
        /* raised in our own Ruby layer: say where the template called it */
        VALUE bt = rb_funcall(w->exc, rb_intern("backtrace"), 0);
        long n = RB_TYPE_P(bt, T_ARRAY) ? RARRAY_LEN(bt) : 0;
        for (long i = 0; i < n; i++) {
            VALUE fr = rb_ary_entry(bt, i);
            if (!RB_TYPE_P(fr, T_STRING)) continue;
            const char *f = rby_cstr(c, fr, NULL);
            size_t pl = strlen(w->path);
            if (strncmp(f, w->path, pl) == 0 && f[pl] == ':') {
                file = w->path;
                line = atoi(f + pl + 1);
                break;
            }
        }
    }
    const char *detail = rby_exc_message(c, w->exc);
    if (RTEST(rb_obj_is_kind_of(w->exc, rb_eSyntaxError)) && w->spec) {
        /* Puppet lets a SyntaxError through unreported (it is no
         * StandardError); its message "FILE:LINE: ..." says where. */
        const char *colon = strchr(detail, ':');
        if (colon && colon[1] >= '0' && colon[1] <= '9') {
            file = arena_strndup(A, detail, (size_t)(colon - detail));
            line = atoi(colon + 1);
        }
    }
    if (w->spec)
        w->msg = arena_printf(A, "Failed to parse template %s:\n  Filepath: %s\n  Line: %s\n  Detail: %s\n", w->spec,
                              file ? file : "", line ? arena_printf(A, "%d", line) : "", detail);
    else
        w->msg = arena_printf(A, "Failed to parse inline template: %s", detail);
    return Qnil;
}

static Value *render(Compiler *c, Scope *s, const Node *at, const char *spec, const char *path, const char *text,
                     size_t len)
{
    Tpl *t = tpl_of(c, path, text, len);
    if (t->plan) {
        Buf b = BUF_INIT;
        if (render_plain(s, t->plan, t->nplan, &b) == 0) {
            Value *v = val_str(A, b.s ? b.s : "", b.len);
            buf_free(&b);
            return v;
        }
        buf_free(&b);
    }
    Render r = {c, s, t, path, Qnil};
    VALUE exc;
    const Tpl *outer = rendering;
    const char *outer_path = rendering_path;
    rendering = t;
    rendering_path = path;
    rby_protect(c, s, at, render_body, (VALUE)&r, &exc);
    rendering = outer;
    rendering_path = outer_path;
    if (NIL_P(exc)) {
        size_t n;
        const char *out = rby_cstr(c, r.out, &n);
        RB_GC_GUARD(r.out);
        if (memchr(out, 0, n) && spec) cmp_fail(c, at, CMP_NUL_MSG " (in the result of template %s)", spec);
        if (memchr(out, 0, n)) cmp_fail(c, at, CMP_NUL_MSG " (in the result of inline_template())");
        rby_write_back(c, s, at);
        return val_str_nocopy(A, out, n);
    }
    Wording w = {c, exc, spec, path, NULL};
    VALUE exc2;
    rby_protect(c, s, at, wording_body, (VALUE)&w, &exc2);
    RB_GC_GUARD(exc);
    if (!w.msg) rby_fail(c, at, exc, spec ? "Failed to parse template: %s" : "Failed to parse inline template: %s");
    cmp_fail(c, at, "%s", w.msg);
}

static Value *concat(Compiler *c, Value **parts, size_t n)
{
    Buf b = BUF_INIT;
    for (size_t i = 0; i < n; i++) buf_add(&b, parts[i]->str.s, parts[i]->str.len);
    Value *v = val_str(A, b.s ? b.s : "", b.len);
    buf_free(&b);
    return v;
}

/* template('mod/t.erb'[, ...]) */
Value *rby_f_template(CallCtx *cc)
{ FN_UNPACK(c, s, at, args, n, lambda);
    Value **parts = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) {
        const char *spec = val_to_cstr(A, args[i]);
        const char *path = NULL;
        int in_module = 0;
        if (spec[0] == '/') {
            path = spec;
        } else {
            const char *slash = strchr(spec, '/');
            /* (the module's file is read without a stat first: a failed
             * open says it is not there) */
            if (slash) path = load_module_path(c, arena_strndup(A, spec, (size_t)(slash - spec)), "templates", slash + 1);
            in_module = 1;
        }
        if (!path) cmp_fail(c, at, "Could not find template '%s'", spec);
        size_t shared_len;
        const char *shared = load_shared_text(path, &shared_len);    /* (mcomp --nodes: read once) */
        if (shared) {
            parts[i] = render(c, s, at, spec, path, shared, shared_len);
            continue;
        }
        Buf b = BUF_INIT;
        if (buf_read_file(&b, path, 0) != 0) {
            int missing = errno == ENOENT || errno == ENOTDIR || errno == EISDIR;
            buf_free(&b);
            if (in_module && missing) cmp_fail(c, at, "Could not find template '%s'", spec);
            cmp_fail(c, at, "Failed to parse template %s:\n  Filepath: %s\n  Line: %s\n  Detail: No such file or directory @ rb_sysopen - %s\n",
                     spec, "", "", path);
        }
        const char *text = arena_strndup(A, b.s ? b.s : "", b.len);
        size_t len = b.len;
        buf_free(&b);
        parts[i] = render(c, s, at, spec, path, text, len);
    }
    return concat(c, parts, n);
}

/* inline_template('text'[, ...]) */
Value *rby_f_inline_template(CallCtx *cc)
{ FN_UNPACK(c, s, at, args, n, lambda);
    Value **parts = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) {
        const char *text = val_to_cstr(A, args[i]);
        parts[i] = render(c, s, at, NULL, NULL, text, strlen(text));
    }
    return concat(c, parts, n);
}

void rby_erb_init(void)
{
    id_render = rb_intern("render_erb");
    rby_define("erb_text", (cb_erb_text), 1);
    rby_define("erb_src", (cb_erb_src), 1);
}
