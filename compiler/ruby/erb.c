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
 * binding, eval, send, inspect, to_yaml ...), or by handing the template
 * object itself to other code (self, tap, dup ...).  Then, and when a
 * method templates can call was defined outside this layer (erb.rb
 * watches for that), every variable is bound as before. */
static const char *const reflective[] = {
    "binding", "eval", "instance_eval", "instance_exec", "class_eval", "class_exec", "module_eval",
    "module_exec", "send", "__send__", "public_send", "method", "methods", "public_method",
    "singleton_method", "singleton_methods", "singleton_class", "instance_method", "inspect",
    "pretty_inspect", "pp", "display", "to_yaml", "Marshal", "ObjectSpace", "self", "itself",
    "ERB", "dup", "clone", "tap", "yield_self", "extend", "to_enum", "enum_for", "Psych", "YAML",
    "define_singleton_method", "remove_instance_variable",
};

static int ident_start(unsigned char ch) { return isalpha(ch) || ch == '_' || ch >= 0x80; }
static int ident_char(unsigned char ch) { return isalnum(ch) || ch == '_' || ch >= 0x80; }

/* What rby_bind_only takes for template code code: the names it reads
 * ("\nNAME\n..."), or NULL when it may read others. */
static const char *read_vars(Compiler *c, const char *code, size_t n)
{
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
        } else {
            int risky = len >= 17 && memcmp(w, "instance_variable", 17) == 0;
            for (size_t k = 0; !risky && k < ARRAY_LEN(reflective); k++)
                risky = strlen(reflective[k]) == len && memcmp(reflective[k], w, len) == 0;
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


typedef struct Render {
    Compiler *c;
    Scope *s;
    const char *text;
    size_t len;
    const char *path;          /* NULL: inline */
    VALUE out;
} Render;

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
    Buf b = BUF_INIT, code = BUF_INIT;
    if (erbsrc_translate_code(&b, &code, text, len) == 0) {
        t->srclen = b.len;
        t->src = b.s ? buf_detach(&b) : xstrndup("", 0);
        const char *v = read_vars(c, code.s ? code.s : "", code.len);
        t->vars = v ? xstrndup(v, strlen(v)) : NULL;
    }
    buf_free(&b);
    buf_free(&code);
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

static VALUE render_body(VALUE arg)
{
    Render *r = (Render *)arg;
    VALUE scope = rby_scope_object(r->c, r->s);
    VALUE path = r->path ? rby_str(r->path, strlen(r->path)) : Qnil;
    Tpl *t = tpl_of(r->c, r->path, r->text, r->len);
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
    Render r = {c, s, text, len, path, Qnil};
    VALUE exc;
    rby_protect(c, s, at, render_body, (VALUE)&r, &exc);
    if (NIL_P(exc)) {
        size_t n;
        const char *out = rby_cstr(c, r.out, &n);
        RB_GC_GUARD(r.out);
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

static void check_count(Compiler *c, const Node *at, const char *fn, size_t n)
{
    if (n == 0) cmp_fail(c, at, "%s(): Wrong number of arguments given (0 for minimum 1)", fn);
}

/* template('mod/t.erb'[, ...]) */
Value *rby_f_template(Compiler *c, Scope *s, const Node *at, Value **args, size_t n, const Node *lambda)
{
    check_count(c, at, "template", n);
    Value **parts = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) {
        const char *spec = val_to_cstr(A, args[i]);
        const char *path = NULL;
        if (spec[0] == '/') {
            path = spec;
        } else {
            const char *slash = strchr(spec, '/');
            if (slash) path = module_file(c, arena_strndup(A, spec, (size_t)(slash - spec)), "templates", slash + 1);
        }
        if (!path) cmp_fail(c, at, "Could not find template '%s'", spec);
        Buf b = BUF_INIT;
        if (buf_read_file(&b, path, 0) != 0) {
            buf_free(&b);
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
Value *rby_f_inline_template(Compiler *c, Scope *s, const Node *at, Value **args, size_t n, const Node *lambda)
{
    check_count(c, at, "inline_template", n);
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
