/*
 * epp.c - EPP templates by translation to Puppet source; see epp.h.
 *
 * The template is cut into text and tags exactly as Puppet's EppScanner
 * cuts it ("<%-" drops the blanks before the tag, "-%>" the blanks and one
 * newline after it, "<%%" and "%%>" are literals, "<%#" comments), and
 * becomes Puppet source: a parameter list, when there is one, as a call's
 * block (parsed on its own), then the body as a program of its own (so
 * that a stray '}' is the syntax error it is in Puppet):
 *
 *     __epp_body() |PARAMS| {}
 *     __epp_text('text') __epp_render((expr)) code
 *
 * Tag bodies are copied verbatim, so the one idea that makes diagnostics
 * right is a segment map from offsets in that generated source to offsets
 * in the template: after parsing, every node is moved onto the template's
 * SrcFile at its template offset, so any later error (an unknown variable,
 * a failing call, a type mismatch) prints "template.epp:LINE:COL" as Puppet
 * does.  A syntax error is caught from the parser and reported the way
 * Puppet's EPP parser words it: "epp(): Invalid EPP: Syntax error at '%>'",
 * a glue token named by the template token it stands for.  Parameters bind
 * as Puppet's closure binds named arguments: given values first, then
 * defaults, then one check of the whole set ("lambda: has no parameter
 * named 'y'"), reported at the epp() call.
 */
#include "compiler/epp.h"
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include "parser/parser.h"
#include "base/util.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define A (c->arena)

/* What a stretch of the generated source stands for in the template. */
typedef enum {
    SEG_CODE,          /* a tag body, copied: offsets map one to one */
    SEG_TEXT,          /* __epp_text('...'): Puppet's RENDER_STRING token */
    SEG_OPEN,          /* __epp_render(( of "<%=": Puppet's RENDER_EXPR token */
    SEG_CLOSE,         /* )) of "%>" / "-%>" after a rendered expression */
    SEG_NEXT,          /* glue with no token of its own: stands for what follows */
    SEG_END            /* end of input */
} SegKind;

typedef struct Seg {
    uint32_t g;        /* where the piece starts in the generated source */
    uint32_t t;        /* the template offset it stands for (SEG_CODE: of its first byte) */
    uint8_t kind;      /* SegKind */
    uint8_t trim;      /* SEG_CLOSE: the tag was "-%>" */
} Seg;

typedef struct Translation {
    const char *t;     /* the template */
    uint32_t len;
    Buf g;             /* the generated source (malloc'd) */
    Seg *segs;         /* in increasing g (malloc'd) */
    size_t nsegs, cap;
    int has_params;    /* the first tag was a parameter list */
    uint32_t body_g;   /* where the body starts in g (after the parameter list) */
    int after_call;    /* the last glue was an __epp_text or __epp_render call */
    const char *issue; /* a scanner error (Puppet's EPP lexer issue), or NULL */
    uint32_t issue_off;
} Translation;

static void seg(Translation *tr, SegKind kind, uint32_t t, int trim)
{
    if (tr->nsegs == tr->cap) {
        tr->cap = tr->cap ? tr->cap * 2 : 32;
        tr->segs = xrealloc(tr->segs, tr->cap * sizeof *tr->segs);
    }
    tr->segs[tr->nsegs++] = (Seg){(uint32_t)tr->g.len, t, (uint8_t)kind, (uint8_t)trim};
}

/* text -> __epp_text('text'), quoted for a single-quoted string */
static void emit_text(Translation *tr, const Buf *text, uint32_t at)
{
    if (!text->len) return;
    buf_addc(&tr->g, ' ');
    seg(tr, SEG_TEXT, at, 0);
    tr->after_call = 1;
    buf_adds(&tr->g, "__epp_text('");
    for (size_t i = 0; i < text->len; i++) {
        if (text->s[i] == '\\' || text->s[i] == '\'') buf_addc(&tr->g, '\\');
        buf_addc(&tr->g, text->s[i]);
    }
    buf_addc(&tr->g, '\'');
    buf_addc(&tr->g, ')');
}

static void emit_code(Translation *tr, uint32_t from, uint32_t to)
{
    /* Puppet's RENDER_STRING and EPP_END take no block: a '|' after them
     * (a parameter list out of place) must not give our call glue one */
    const char *b = tr->t + from, *e = tr->t + to;
    while (b < e && (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r')) b++;
    if (tr->after_call && b < e && *b == '|') buf_addc(&tr->g, ';');
    tr->after_call = 0;
    seg(tr, SEG_CODE, from, 0);
    buf_add(&tr->g, tr->t + from, to - from);
}

/* End of a tag body starting at p: the first "%>" that is not inside a
 * quoted string, a regex or a '#' comment (Puppet's lexer reads the body
 * as tokens, and a comment runs to the end of the line).  A '/' starts a
 * regex where a value would (after an operator or an opening bracket), as
 * in Puppet's lexer.  end when there is none. */
static const char *tag_close(const char *p, const char *end)
{
    char prev = '(';                 /* the last character that is not blank */
    while (p < end) {
        char ch = *p;
        if (ch == '\'' || ch == '"') {
            for (p++; p < end && *p != ch; p++)
                if (*p == '\\' && p + 1 < end) p++;
            if (p < end) p++;
        } else if (ch == '/' && strchr("~=!(,[{|:;<>+-*%&?", prev)) {
            const char *q = p + 1;
            while (q < end && *q != '/' && *q != '\n') q += *q == '\\' && q + 1 < end ? 2 : 1;
            if (q < end && *q == '/') p = q + 1;
            else p++;
        } else if (ch == '#') {
            while (p < end && *p != '\n') p++;
        } else if (ch == '%' && p + 1 < end && p[1] == '>') {
            return p;
        } else {
            p++;
        }
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') prev = ch == '/' ? 'x' : ch;
    }
    return end;
}

/* End of an EPP parameter list whose opening '|' is at p: the next '|'
 * outside brackets and strings, or NULL. */
static const char *params_close(const char *p, const char *end)
{
    int depth = 0;
    for (p++; p < end; p++) {
        char ch = *p;
        if (ch == '\'' || ch == '"') {
            for (p++; p < end && *p != ch; p++)
                if (*p == '\\' && p + 1 < end) p++;
            if (p >= end) return NULL;
        } else if (ch == '(' || ch == '[' || ch == '{') {
            depth++;
        } else if (ch == ')' || ch == ']' || ch == '}') {
            depth--;
        } else if (ch == '|' && depth <= 0) {
            return p;
        }
    }
    return NULL;
}

/* Appends template text [p, e) to the pending text, "%%>" read as "%>". */
static void add_text(Buf *text, const char *p, const char *e)
{
    for (const char *q = p; q < e; q++) {
        if (q[0] == '%' && q + 2 < e && q[1] == '%' && q[2] == '>') continue;
        buf_addc(text, *q);
    }
}

/* Drops trailing blanks of the pending text (Puppet: s.sub!(/[ \t]*\z/, '')). */
static void trim_trailing(Buf *text)
{
    while (text->len && (text->s[text->len - 1] == ' ' || text->s[text->len - 1] == '\t')) text->len--;
    if (text->cap) text->s[text->len] = '\0';
}

/* Translates the template into tr->g (Puppet's EppScanner#scan and the
 * lexer's tag handling).  A scanner error is left in tr->issue; the code
 * before it is translated, so that an earlier syntax error still wins. */
static void translate(Translation *tr)
{
    const char *t = tr->t, *p = t, *end = t + tr->len;
    Buf text = BUF_INIT;
    uint32_t text_at = 0;          /* Puppet's place for the text: after the last tag */
    int skip_leading = 0, started = 0;
    buf_reserve(&tr->g, tr->len + tr->len / 2 + 64);
    for (;;) {
        const char *open = p;
        while (open + 1 < end && !(open[0] == '<' && open[1] == '%')) open++;
        if (open + 1 >= end) open = end;
        const char *q = p;
        if (skip_leading) {        /* part.sub!(/^[ \t]*\r?(?:\n|\z)?/, '') */
            while (q < open && (*q == ' ' || *q == '\t')) q++;
            if (q < open && *q == '\r') q++;
            if (q < open && *q == '\n') q++;
            skip_leading = 0;
        }
        if (open == end || open + 2 == end) {    /* the end, maybe right after a "<%" */
            add_text(&text, q, end);
            if (text.len >= 2 && memcmp(text.s + text.len - 2, "<%", 2) == 0) {
                tr->issue = "Unbalanced embedded expression - opening <% and closing %> must be balanced";
                tr->issue_off = tr->len;
            }
            break;
        }
        add_text(&text, q, open);
        const char *body = open + 2;
        if (*body == '%') {                      /* <%% is a literal <% */
            buf_adds(&text, "<%");
            p = body + 1;
            continue;
        }
        if (*body == '#') {                      /* a comment ends at a %> not after % */
            const char *cend = NULL;
            for (const char *s = body + 1; s + 1 < end && !cend; s++)
                if (s[0] == '%' && s[1] == '>' && s[-1] != '%') cend = s;
            if (!cend) {
                tr->issue = "Reaching end after opening <%# without seeing %>";
                tr->issue_off = (uint32_t)(body - t);
                break;
            }
            if (body[1] == '-') trim_trailing(&text);
            skip_leading = cend[-1] == '-';
            p = cend + 2;
            continue;
        }
        int render = *body == '=';
        if (*body == '-') trim_trailing(&text);
        if (*body == '-' || render) body++;
        const char *close = tag_close(body, end);
        int trim = close < end && close > body && close[-1] == '-';
        const char *bend = trim ? close - 1 : close;
        if (!started) {
            /* a parameter list: '|' first in the first tag, no text before it */
            const char *b = body;
            while (b < bend && (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r')) b++;
            const char *pe = !render && !text.len && b < bend && *b == '|' ? params_close(b, bend) : NULL;
            if (pe) {
                tr->has_params = 1;
                seg(tr, SEG_NEXT, (uint32_t)(b - t), 0);
                buf_adds(&tr->g, "__epp_body() ");
                emit_code(tr, (uint32_t)(b - t), (uint32_t)(pe + 1 - t));
                seg(tr, SEG_NEXT, (uint32_t)(pe + 1 - t), 0);
                buf_adds(&tr->g, " {}\n");
                tr->body_g = (uint32_t)tr->g.len;
                body = pe + 1;
            }
            started = 1;
        }
        emit_text(tr, &text, text_at);
        buf_clear(&text);
        buf_addc(&tr->g, ' ');
        if (render) {
            seg(tr, SEG_OPEN, (uint32_t)(open - t), 0);
            buf_adds(&tr->g, "__epp_render((");
            tr->after_call = 0;
            emit_code(tr, (uint32_t)(body - t), (uint32_t)(bend - t));
            seg(tr, SEG_CLOSE, (uint32_t)(bend - t), trim);
            buf_adds(&tr->g, "))");
            tr->after_call = 1;
        } else {
            emit_code(tr, (uint32_t)(body - t), (uint32_t)(bend - t));
            seg(tr, SEG_NEXT, (uint32_t)(bend - t), 0);
            buf_addc(&tr->g, '\n');              /* ends a '#' comment in the code */
        }
        if (close == end) {
            tr->issue = "Unbalanced epp tag, reached <eof> without closing tag.";
            tr->issue_off = tr->len;
            break;
        }
        p = close + 2;
        text_at = (uint32_t)(p - t);
        skip_leading = trim;
    }
    emit_text(tr, &text, text_at);
    buf_free(&text);
    seg(tr, SEG_END, tr->len, 0);
    buf_addc(&tr->g, '\n');
}

/* The segment holding generated offset g. */
static const Seg *seg_at(const Translation *tr, uint32_t g)
{
    size_t lo = 0, hi = tr->nsegs;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (tr->segs[mid].g <= g) lo = mid;
        else hi = mid;
    }
    return &tr->segs[lo];
}

/* Glue without a token of its own (and a blank tag body) stands for
 * what follows it. */
static const Seg *resolve(const Translation *tr, const Seg *s)
{
    const Seg *last = tr->segs + tr->nsegs - 1;
    while (s < last) {
        if (s->kind == SEG_CODE) {
            const char *p = tr->g.s + s->g, *e = tr->g.s + s[1].g;
            while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
            if (p < e) break;
        } else if (s->kind != SEG_NEXT) {
            break;
        }
        s++;
    }
    return s;
}

static uint32_t map_off(const Translation *tr, uint32_t g)
{
    const Seg *s = resolve(tr, seg_at(tr, g));
    if (s->kind != SEG_CODE) return s->t;
    if (g < s->g) return s->t;
    uint32_t t = s->t + (g - s->g);
    return t > tr->len ? tr->len : t;
}

/* A stretch of the generated source, parsed on its own. */
typedef struct View {
    SrcFile f;         /* one long line, so that a diagnostic's column is its offset + 1 */
    uint32_t base;     /* where f.text starts in the generated source */
    uint32_t line0;    /* f's line table */
} View;

static void view_init(View *v, const Translation *tr, const char *name, uint32_t from, uint32_t to)
{
    v->base = from;
    v->line0 = 0;
    v->f = (SrcFile){name, name, tr->g.s + from, to - from, &v->line0, 1, 0};
}

/* Moves the nodes of a tree parsed from v onto the template file tf. */
static void remap(const Translation *tr, const View *v, const SrcFile *tf, Node *n)
{
    for (; n; n = n->next) {
        if (ast_file(n) != &v->f) continue;        /* seen already */
        uint32_t off = map_off(tr, v->base + n->off);
        uint32_t e = n->len ? map_off(tr, v->base + n->off + n->len - 1) + 1 : off;
        ast_set_file(n, tf);
        n->off = off;
        n->len = e > off ? e - off : 0;
        if (ast_a(n)) remap(tr, v, tf, n->a);
        if (ast_b(n)) remap(tr, v, tf, n->b);
        if (ast_c(n)) remap(tr, v, tf, n->c);
        if (ast_kids(n)) remap(tr, v, tf, n->kids);
    }
}

/* Where Puppet's parser meets the token our parser stumbled on in
 * segment s, as "Syntax error at WHERE": the template's tag or text for
 * glue, NULL (the parser's own words) in a tag body. */
static const char *puppet_token(Compiler *c, const Translation *tr, const Seg *s)
{
    s = resolve(tr, s);
    switch ((SegKind)s->kind) {
    case SEG_CLOSE:
        return s->trim ? "'-%>'" : "'%>'";
    case SEG_OPEN:
        return "''";                              /* RENDER_EXPR has no text */
    case SEG_END:
        return "end of input";
    case SEG_TEXT: {                              /* RENDER_STRING: the text */
        Buf b = BUF_INIT;
        buf_addc(&b, '\'');
        const char *q = tr->g.s + s->g + strlen("__epp_text('");
        for (; *q && !(q[0] == '\'' && q[1] == ')'); q++) {
            if (*q == '\\') q++;
            buf_addc(&b, *q);
        }
        buf_addc(&b, '\'');
        char *r = arena_strndup(A, buf_cstr(&b), b.len);
        buf_free(&b);
        return r;
    }
    default:
        return NULL;
    }
}

/* Where and why a parse failed, in template terms. */
typedef struct ParseFailure {
    uint32_t off;
    const char *msg;   /* in the arena */
} ParseFailure;

/* The parser's reports while a view is parsed (see parse_view). */
typedef struct Captured {
    Compiler *c;
    const Translation *tr;
    const View *v;
    const SrcFile *tf;
    ParseFailure *fail;
    struct { uint32_t off; const char *msg; } *warn;   /* in the arena */
    size_t nwarn, capwarn;
} Captured;

static void capture(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    Captured *k = ctx;
    Compiler *c = k->c;
    uint32_t g = loc.off > k->v->f.len ? (uint32_t)k->v->f.len : loc.off;
    g += k->v->base;
    uint32_t off = map_off(k->tr, g);
    if (lvl == DIAG_WARNING) {
        if (k->nwarn == k->capwarn) {
            size_t cap = k->capwarn ? 2 * k->capwarn : 4;
            void *w = arena_alloc(A, cap * sizeof *k->warn);
            if (k->nwarn) memcpy(w, k->warn, k->nwarn * sizeof *k->warn);
            k->warn = w;
            k->capwarn = cap;
        }
        k->warn[k->nwarn].off = off;
        k->warn[k->nwarn++].msg = arena_strdup(A, msg);
    } else if (lvl == DIAG_ERROR && !k->fail->msg) {
        const char *where = strncmp(msg, "Syntax error at ", 16) == 0 ? puppet_token(c, k->tr, seg_at(k->tr, g)) : NULL;
        k->fail->off = off;
        k->fail->msg = where ? arena_printf(A, "Syntax error at %s", where) : arena_strdup(A, msg);
    }
}

/* Parses a view of the generated source with the parser's diagnostics
 * captured (diag_sink), so that they can be told in template terms:
 * warnings are re-issued at their template place once the parse succeeded,
 * the first error comes back in *fail.  Returns the tree, its nodes moved
 * onto the template file tf, or NULL. */
static Node *parse_view(Compiler *c, const Translation *tr, const View *v, const SrcFile *tf, ParseFailure *fail)
{
    fail->msg = NULL;
    Captured k = {.c = c, .tr = tr, .v = v, .tf = tf, .fail = fail};
    DiagSink saved = diag_sink;
    void *saved_ctx = diag_sink_ctx;
    diag_sink = capture;
    diag_sink_ctx = &k;
    Node *ast = parse_file(A, &v->f);
    diag_sink = saved;
    diag_sink_ctx = saved_ctx;
    if (!ast && !fail->msg) {
        fail->off = 0;
        fail->msg = "Syntax error";
    }
    if (!ast) return NULL;
    for (size_t i = 0; i < k.nwarn; i++) diag_report(DIAG_WARNING, (SrcLoc){tf, k.warn[i].off, 0}, "%s", k.warn[i].msg);
    remap(tr, v, tf, ast);
    return ast;
}

Value *epp_fn_text(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (c->epp_out && n == 1 && a[0]->kind == V_STR) buf_add(c->epp_out, a[0]->str.s, a[0]->str.len);
    return VAL_UNDEF;
}

Value *epp_fn_render(CallCtx *cc)
{ FN_UNPACK(c, s, at, a, n, l);
    if (c->epp_out && n == 1) {
        /* Puppet renders a Sensitive value's content and makes the
         * whole result Sensitive */
        Value *v = a[0];
        if (v->kind == V_SENSITIVE) {
            v = v->sensitive;
            c->epp_sensitive = 1;
        }
        val_to_s(c->epp_out, v);
    }
    return VAL_UNDEF;
}

/* epp()'s and inline_epp()'s signature: Optional[Hash[Pattern[/^\w+$/], Any]]. */
static void check_params_arg(Compiler *c, Scope *s, const Node *at, const char *fn, Value *params)
{
    if (!params || params->kind == V_UNDEF) return;
    CallCtx cc = {c, s, at, A, NULL, 0, NULL};
    if (params->kind != V_HASH)
        cmp_fail(c, at, "'%s' parameter 'parameters' expects a Hash value, got %s", fn, fn_got_type(&cc, params));
    for (size_t i = 0; i < params->hash.n; i++) {
        Value *k = params->hash.keys[i];
        int ok = k->kind == V_STR && k->str.len > 0;
        for (size_t j = 0; ok && j < k->str.len; j++) {
            unsigned char ch = (unsigned char)k->str.s[j];
            ok = ch == '_' || (ch >= '0' && ch <= '9') || ((ch | 32) >= 'a' && (ch | 32) <= 'z');
        }
        if (ok) continue;
        Buf b = BUF_INIT;
        val_to_s(&b, k);
        const char *ks = arena_strdup(A, buf_cstr(&b));
        buf_free(&b);
        if (k->kind == V_STR)
            cmp_fail(c, at, "'%s' parameter 'parameters' key of entry '%s' expects a match for Pattern[/^\\w+$/], got '%s'", fn, ks, ks);
        cmp_fail(c, at, "'%s' parameter 'parameters' key of entry '%s' expects a match for Pattern[/^\\w+$/], got %s", fn, ks, fn_got_type(&cc, k));
    }
}

/* Binds the template's parameters in ts as Puppet's Closure binds named
 * arguments: given values (not undef) first, then the defaults of those
 * not given, in order, then one check of everything (unknown names,
 * missing values, types), all faults in one message at the call. */
static void bind_params(Compiler *c, Scope *ts, const Node *at, const Node *lambda, Value *params)
{
    size_t n = params && params->kind == V_HASH ? params->hash.n : 0;
    for (size_t i = 0; i < n; i++)
        if (params->hash.vals[i]->kind != V_UNDEF) {
            const char *k = val_to_cstr(A, params->hash.keys[i]);
            map_put(&ts->vars, k, strlen(k), params->hash.vals[i]);
        }
    for (const Node *p = lambda->kids; p; p = p->next) {
        Value *v = n ? val_hash_gets(params, p->text) : NULL;
        if (v && v->kind != V_UNDEF) continue;
        if (p->b) map_put(&ts->vars, p->text, ast_text_len(p), ev_expr(c, ts, p->b));
        else if (v) map_put(&ts->vars, p->text, ast_text_len(p), VAL_UNDEF);
    }
    const char *why = "";                        /* "\n  fault" per fault (arena: ev_expr may fail) */
    size_t faults = 0;
    for (size_t i = 0; i < n; i++) {
        if (params->hash.vals[i]->kind == V_UNDEF) continue;
        const char *k = val_to_cstr(A, params->hash.keys[i]);
        int known = 0;
        for (const Node *p = lambda->kids; p && !known; p = p->next) known = strcmp(p->text, k) == 0;
        if (!known) why = arena_printf(A, "%s\n  has no parameter named '%s'", why, k), faults++;
    }
    for (const Node *p = lambda->kids; p; p = p->next) {
        Value *v = map_get(&ts->vars, p->text, ast_text_len(p));
        if (!v) {
            why = arena_printf(A, "%s\n  expects a value for parameter '%s'", why, p->text), faults++;
            continue;
        }
        if (!p->a) continue;
        Value *t = ev_expr(c, ts, p->a);
        if (ty_type_match(c, t, v)) continue;
        /* "lambda: fault" or "lambda:\n  fault\n  fault" */
        const char *m = ty_mismatch(c, t, v, CMP_MM_PARAMS, "lambda", arena_printf(A, "parameter '%s'", p->text), NULL);
        m += strlen("lambda:");
        if (*m == ' ') why = arena_printf(A, "%s\n  %s", why, m + 1), faults++;
        else why = arena_printf(A, "%s%s", why, m);
        for (; *m; m++) faults += *m == '\n';
    }
    if (faults == 1) cmp_fail(c, at, "lambda: %s", why + 3);
    if (faults) cmp_fail(c, at, "lambda:%s", why);
}

/* A template once parsed: rendering it again (a define's template, once
 * per instance) reuses the tree. */
typedef struct Parsed {
    const Node *lambda;      /* the parameter list's lambda, or NULL: none */
    const Node *body;
} Parsed;

/* Translates and parses a template, or fails the compile with Puppet's
 * message. */
static Parsed *parse_template(Compiler *c, const Node *at, const char *fn, const char *name, const char *text, size_t len)
{
    int inline_epp = strcmp(name, "inline_epp") == 0;
    /* the template's own file: every node of it ends up pointing here */
    SrcFile *tf = diag_file_from_string(inline_epp ? "inlined-epp-text" : name, text, len);
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = tf;
    Translation tr = {.t = tf->text, .len = (uint32_t)len};
    translate(&tr);
    /* the parameter list and the body are parsed apart; once their nodes
     * are moved onto tf, nothing points into the generated source */
    View hv, bv;
    view_init(&hv, &tr, "<epp-params>", 0, tr.body_g);
    view_init(&bv, &tr, "<epp>", tr.body_g, (uint32_t)tr.g.len);
    ParseFailure fail = {0, NULL};
    Node *header = tr.has_params ? parse_view(c, &tr, &hv, tf, &fail) : NULL;
    Node *body = !tr.has_params || header ? parse_view(c, &tr, &bv, tf, &fail) : NULL;
    int has_params = tr.has_params;
    const char *issue = tr.issue;
    uint32_t issue_off = tr.issue_off;
    buf_free(&tr.g);
    free(tr.segs);
    /* Puppet's lexer raises its issue where it meets it: a syntax error
     * before that place wins */
    if (issue && (body || fail.off >= issue_off)) fail = (ParseFailure){issue_off, issue};
    if (fail.msg)
        cmp_fail(c, ast_new(A, ND_UNDEF, tf, fail.off, 0), "%s(): Invalid EPP: %s", fn, fail.msg);
    const Node *call = header ? header->kids : NULL;
    const Node *lambda = call ? call->b : NULL;
    if (has_params && (!call || call->kind != ND_CALL || !lambda || call->next))
        cmp_fail(c, at, "%s(): Invalid EPP: malformed parameter list", fn);
    Parsed *p = ARENA_NEW(A, Parsed);
    p->lambda = has_params ? lambda : NULL;
    p->body = body;
    return p;
}

/* ---- the shared templates (mcomp --nodes) ---- */

typedef struct SharedTemplate { const SrcFile *f; Parsed *p; } SharedTemplate;
static Map shared;                 /* path -> SharedTemplate (in the sharing compiler's arena) */
static int shared_ready;

typedef struct ShareJob { const char *path; const char *text; size_t len; Parsed *p; } ShareJob;

static void share_parse(Compiler *pre, void *arg)
{
    ShareJob *j = arg;
    j->p = parse_template(pre, NULL, "epp", j->path, j->text, j->len);
}

void epp_share(Compiler *pre, const char *path)
{
    if (!shared_ready) map_init(&shared), shared_ready = 1;
    if (map_get(&shared, path, strlen(path))) return;
    Buf b = BUF_INIT;
    if (buf_read_file(&b, path, 0) != 0 || b.len > UINT32_MAX / 4 || memchr(buf_cstr(&b), 0, b.len)) {
        buf_free(&b);
        return;
    }
    size_t before = pre->nfiles;
    ShareJob j = {path, buf_cstr(&b), b.len, NULL};
    if (load_quietly(pre, share_parse, &j) && j.p && pre->nfiles == before + 1) {
        SharedTemplate *st = ARENA_NEW(pre->arena, SharedTemplate);
        st->f = pre->files[before];
        st->p = j.p;
        load_mark_shared(st->f);
        const char *key = arena_strdup(pre->arena, path);
        map_put(&shared, key, strlen(key), st);
    } else {
        while (pre->nfiles > before) diag_file_free(pre->files[--pre->nfiles]);
    }
    buf_free(&b);
}

Value *epp_render(Compiler *c, Scope *parent, const Node *at, const char *name, const char *text, size_t len, Value *params)
{
    int inline_epp = strcmp(name, "inline_epp") == 0;
    const char *fn = inline_epp ? "inline_epp" : "epp";
    check_params_arg(c, parent, at, fn, params);
    if (len > UINT32_MAX / 4) cmp_fail(c, at, "%s(): template too large", fn);
    /* keyed by the path, or for inline_epp by the text (a NUL byte first:
     * no path starts with one) */
    size_t keylen = inline_epp ? len + 1 : strlen(name);
    char *key = xmalloc(keylen + 1);
    if (inline_epp) key[0] = '\0';
    memcpy(key + inline_epp, inline_epp ? text : name, keylen - (size_t)inline_epp);
    Parsed *p = map_get(&c->epp_parsed, key, keylen);
    SharedTemplate *st = !p && !inline_epp && shared_ready ? map_get(&shared, name, keylen) : NULL;
    if (st && st->f->len == len && memcmp(st->f->text, text, len) == 0) {
        p = st->p;
        map_put(&c->epp_parsed, arena_memdup(A, key, keylen), keylen, p);
    }
    if (!p) {
        const char *kept = arena_memdup(A, key, keylen);
        free(key);                                  /* before parse_template can fail */
        key = NULL;
        p = parse_template(c, at, fn, name, text, len);
        map_put(&c->epp_parsed, kept, keylen, p);
    }
    free(key);
    const Node *lambda = p->lambda, *body = p->body;
    int has_params = lambda != NULL;
    Scope *ts = ev_scope_new(c, parent, parent, parent->resource);
    ts->label = parent->label;
    if (has_params) {
        bind_params(c, ts, at, lambda, params);
    } else if (params && params->kind == V_HASH) {
        for (size_t i = 0; i < params->hash.n; i++) {
            const char *k = val_to_cstr(A, params->hash.keys[i]);
            map_put(&ts->vars, k, strlen(k), params->hash.vals[i]);
        }
    }
    Buf *out = ARENA_NEW(A, Buf);            /* compile() frees it if the template fails */
    Buf *saved = c->epp_out;
    int saved_sensitive = c->epp_sensitive;
    c->epp_out = out;
    c->epp_sensitive = 0;
    ev_block(c, ts, body);
    c->epp_out = saved;
    Value *r = val_str(A, buf_cstr(out), out->len);
    if (c->epp_sensitive)
        r = val_sensitive(A, r);
    c->epp_sensitive = saved_sensitive;
    buf_free(out);
    return r;
}
