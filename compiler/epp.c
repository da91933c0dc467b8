/*
 * epp.c - EPP templates by translation to Puppet source; see epp.h.
 * Trimming follows Puppet: "<%-" drops the blanks before the tag on its
 * line, "-%>" drops the newline right after the tag.
 */
#include "compiler/epp.h"
#include "parser/parser.h"
#include "base/util.h"
#include <string.h>

#define A (c->arena)

static void add_text(Buf *src, const char *s, size_t n)
{
    if (!n) return;
    buf_adds(src, " __epp_text('");
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' || s[i] == '\'') buf_addc(src, '\\');
        buf_addc(src, s[i]);
    }
    buf_adds(src, "') ");
}

/* Length of text before a "<%-" tag once trailing blanks on its line go. */
static size_t trim_left(const char *s, size_t n)
{
    size_t e = n;
    while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
    if (e == 0 || s[e - 1] == '\n') return e;
    return n;
}

static const char *find_close(const char *p, const char *end)
{
    for (const char *q = p; q + 1 < end; q++) {
        if (q[0] == '%' && q[1] == '>') {
            if (q > p && q[-1] == '%') continue;      /* %%> is a literal */
            return q;
        }
    }
    return NULL;
}

/* Translates the template; returns 0 or -1 with *err set. */
static int translate(const char *t, size_t len, Buf *src, Buf *params, const char **err)
{
    const char *p = t, *end = t + len;
    Buf text = BUF_INIT;
    int first_tag = 1;
    while (p < end) {
        const char *open = NULL;
        for (const char *q = p; q + 1 < end; q++)
            if (q[0] == '<' && q[1] == '%') {
                open = q;
                break;
            }
        if (!open) {
            buf_add(&text, p, (size_t)(end - p));
            break;
        }
        if (open + 2 < end && open[2] == '%') {          /* <%% literal */
            buf_add(&text, p, (size_t)(open - p));
            buf_adds(&text, "<%");
            p = open + 3;
            continue;
        }
        const char *body = open + 2;
        int trim_before = 0, render = 0, comment = 0;
        if (body < end && *body == '-') trim_before = 1, body++;
        if (body < end && *body == '=') render = 1, body++;
        else if (body < end && *body == '#') comment = 1, body++;
        const char *close = find_close(body, end);
        if (!close) {
            buf_free(&text);
            *err = "Unbalanced EPP tag: no closing '%>'";
            return -1;
        }
        int trim_after = close > body && close[-1] == '-';
        const char *bend = trim_after ? close - 1 : close;
        size_t keep = (size_t)(open - p);
        if (trim_before) keep = trim_left(p, keep);
        buf_add(&text, p, keep);
        p = close + 2;
        if (trim_after && p < end && *p == '\n') p++;
        else if (trim_after && p + 1 < end && p[0] == '\r' && p[1] == '\n') p += 2;
        /* a parameter list must be the first tag */
        const char *b = body;
        while (b < bend && (*b == ' ' || *b == '\t' || *b == '\n')) b++;
        if (first_tag && !render && !comment && b < bend && *b == '|') {
            const char *pe = bend;
            while (pe > b && pe[-1] != '|') pe--;
            if (pe - 1 <= b) {
                buf_free(&text);
                *err = "EPP parameter list is not closed with '|'";
                return -1;
            }
            buf_add(params, b, (size_t)(pe - b));
            /* text before the parameter tag is only whitespace; Puppet drops it */
            buf_clear(&text);
            first_tag = 0;
            continue;
        }
        first_tag = 0;
        add_text(src, buf_cstr(&text), text.len);
        buf_clear(&text);
        if (comment) continue;
        if (render) {
            buf_adds(src, " __epp_render((");
            buf_add(src, body, (size_t)(bend - body));
            buf_adds(src, ")) ");
        } else {
            buf_addc(src, ' ');
            buf_add(src, body, (size_t)(bend - body));
            buf_addc(src, '\n');
        }
    }
    add_text(src, buf_cstr(&text), text.len);
    buf_free(&text);
    return 0;
}

Value *epp_fn_text(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l)
{
    if (c->epp_out && n == 1 && a[0]->kind == V_STR) buf_add(c->epp_out, a[0]->str.s, a[0]->str.len);
    return VAL_UNDEF;
}

Value *epp_fn_render(Compiler *c, Scope *s, const Node *at, Value **a, size_t n, const Node *l)
{
    if (c->epp_out && n == 1) {
        Value *v = a[0]->kind == V_SENSITIVE ? a[0]->sensitive : a[0];
        val_to_s(c->epp_out, v);
    }
    return VAL_UNDEF;
}

Value *epp_render(Compiler *c, Scope *parent, const Node *at, const char *name, const char *text, size_t len, Value *params)
{
    Buf src = BUF_INIT, plist = BUF_INIT;
    const char *err = NULL;
    if (translate(text, len, &src, &plist, &err) != 0) {
        buf_free(&src);
        buf_free(&plist);
        cmp_fail(c, at, "%s: %s", name, err);
    }
    Buf full = BUF_INIT;
    buf_adds(&full, "__epp_body() ");
    if (plist.len) buf_add(&full, plist.s, plist.len);
    else buf_adds(&full, "||");
    buf_adds(&full, " {\n");
    buf_add(&full, buf_cstr(&src), src.len);
    buf_adds(&full, "\n}\n");
    buf_free(&src);
    SrcFile *f = diag_file_from_string(name, buf_cstr(&full), full.len);
    buf_free(&full);
    int has_params = plist.len > 0;
    buf_free(&plist);
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = f;
    Node *ast = parse_file(A, f);
    if (!ast) longjmp(*c->fail, 1);
    const Node *call = ast->kids;
    const Node *lambda = call ? call->b : NULL;
    if (!call || call->kind != ND_CALL || !lambda) cmp_fail(c, at, "%s: malformed template", name);
    Scope *ts = scope_new(c, parent, parent, parent->resource);
    ts->label = parent->label;
    if (params && params->kind != V_HASH && params->kind != V_UNDEF)
        cmp_fail(c, at, "%s: template parameters must be a Hash, got %s", name, val_type_name(params));
    if (has_params) {
        if (params && params->kind == V_HASH)
            for (size_t i = 0; i < params->hash.n; i++) {
                const char *k = val_to_cstr(A, params->hash.keys[i]);
                int known = 0;
                for (const Node *p = lambda->kids; p && !known; p = p->next) known = strcmp(p->text, k) == 0;
                if (!known) cmp_fail(c, at, "%s: has no parameter named '%s'", name, k);
            }
        for (const Node *p = lambda->kids; p; p = p->next) {
            Value *v = params && params->kind == V_HASH ? val_hash_gets(params, p->text) : NULL;
            if (!v) {
                if (p->b) v = ev_expr(c, ts, p->b);
                else cmp_fail(c, at, "%s: expects a value for parameter '%s'", name, p->text);
            }
            if (p->a) {
                Value *t = ev_expr(c, ts, p->a);
                if (!cmp_type_match(c, t, v))
                    cmp_fail(c, at, "%s", cmp_mismatch(c, t, v, CMP_MM_PARAMS, "lambda", arena_printf(c->arena, "parameter '%s'", p->text), NULL));
            }
            map_put(&ts->vars, p->text, p->text_len, v);
        }
    } else if (params && params->kind == V_HASH) {
        for (size_t i = 0; i < params->hash.n; i++) {
            const char *k = val_to_cstr(A, params->hash.keys[i]);
            map_put(&ts->vars, k, strlen(k), params->hash.vals[i]);
        }
    }
    Buf *out = ARENA_NEW(A, Buf);            /* compile() frees it if the template fails */
    Buf *saved = c->epp_out;
    c->epp_out = out;
    if (lambda->b) ev_block(c, ts, lambda->b);
    c->epp_out = saved;
    Value *r = val_str(A, buf_cstr(out), out->len);
    buf_free(out);
    return r;
}
