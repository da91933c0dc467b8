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
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

#define A (c->arena)

static ID id_render;

void rby_erb_init(void) { id_render = rb_intern("render_erb"); }

typedef struct Render {
    Compiler *c;
    Scope *s;
    const char *text;
    size_t len;
    const char *path;          /* NULL: inline */
    VALUE out;
} Render;

static VALUE render_body(VALUE arg)
{
    Render *r = (Render *)arg;
    VALUE scope = rby_scope_object(r->c, r->s);
    VALUE path = r->path ? rby_str(r->path, strlen(r->path)) : Qnil;
    Buf b = BUF_INIT;
    VALUE src = erbsrc_translate(&b, r->text, r->len) == 0 ? rby_str(b.s ? b.s : "", b.len) : Qnil;
    buf_free(&b);
    r->out = rb_funcall(rby_module(), id_render, 4, scope, rby_str(r->text, r->len), path, src);
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
