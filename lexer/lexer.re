/*
 * lexer.re - the Puppet 7 scanner: manifest bytes in, tokens out, each with
 * its byte range in the file.  It follows Puppet's lexer2 (puppet/pops/parser/
 * lexer2.rb and its slurp, heredoc and interpolation helpers) rule by rule.
 *
 * The one idea: re2c matches only short, bounded tokens (names, keywords,
 * numbers, operators, the opening of a string or comment); everything that
 * can run on (quoted strings, heredoc bodies, regexes, comments) is scanned by
 * plain C loops that never pass lx->lim.  So the same code scans a whole file
 * (which ends in a NUL) and a "${expr}" sub-range (which ends in the '}' that
 * closes it, a byte no re2c rule continues through) without a sentinel copy.
 *
 * Strings come out whole.  A double-quoted string or interpolating heredoc is
 * first delimited (skip_dq, heredoc end-tag search), then decoded once into a
 * buffer no longer than its source (every escape and margin shrinks), so there
 * is no per-character allocation; token texts are unaligned, unzeroed arena
 * bytes (arena_alloc_bytes).  "${...}" parts are located by brace counting that steps
 * over nested strings and comments; the parser lexes each range again with
 * lex_init_range.
 *
 * Puppet quirks kept on purpose, each explained where it lives: a heredoc
 * ends at any line that *ends* with its tag; ''' and """ hold a quote; a
 * newline may jump back over text a multi-line string already read; the whole
 * file must be UTF-8 without a byte order mark.
 *
 * Heredoc bodies start on the line after the "@(...)" token.  When one is read
 * its end (just past the end-tag line) is kept in lx->heredoc_skip_to; the next
 * newline the scanner meets jumps there, and a second heredoc on the same line
 * starts its body there (Puppet's :newline_jump).
 */
#include "lexer/lexer.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char uchar;

/* Escapes a string or heredoc decodes (Puppet's DQ_ESCAPES and heredoc flags). */
enum {
    ESC_BSLASH = 1 << 0,  /* \\ */
    ESC_T = 1 << 1,       /* \t */
    ESC_R = 1 << 2,       /* \r */
    ESC_N = 1 << 3,       /* \n */
    ESC_S = 1 << 4,       /* \s: a space */
    ESC_U = 1 << 5,       /* \uXXXX, \u{X..XXXXXX} */
    ESC_DOLLAR = 1 << 6,  /* \$ */
    ESC_NL = 1 << 7,      /* backslash newline: line continuation (heredoc 'L') */
    ESC_SQ = 1 << 8,      /* \' */
    ESC_DQ = 1 << 9,      /* \" */
};
#define ESC_DQSTRING (ESC_BSLASH | ESC_T | ESC_R | ESC_N | ESC_S | ESC_U | ESC_DOLLAR | ESC_NL | ESC_SQ | ESC_DQ)

/* How to decode one string body. */
typedef struct BodyCfg {
    unsigned esc;         /* ESC_* enabled; 0: a backslash is always literal */
    int interpolate;      /* $name and ${expr} are parts */
    int warn_unknown;     /* warn "Unrecognized escape sequence" (double quotes only) */
    const char *margin;   /* heredoc: strip this prefix from each line ... */
    size_t mlen;          /* ... of this length (0: no margin) */
} BodyCfg;

static int is_word(uchar c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_blank(uchar c) { return c == ' ' || c == '\t'; }

static uint32_t off_of(const Lexer *lx, const char *p) { return (uint32_t)(p - lx->src->text); }

static void lex_verror(Lexer *lx, DiagLevel lvl, const char *p, size_t len, const char *fmt, va_list ap)
{
    SrcLoc loc = {lx->src, off_of(lx, p), (uint32_t)len};
    diag_vreport(lvl, loc, fmt, ap);
}

static void lex_error(Lexer *lx, const char *p, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void lex_error(Lexer *lx, const char *p, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lex_verror(lx, DIAG_ERROR, p, len, fmt, ap);
    va_end(ap);
    lx->errors++;
}

static void lex_warning(Lexer *lx, const char *p, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void lex_warning(Lexer *lx, const char *p, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lex_verror(lx, DIAG_WARNING, p, len, fmt, ap);
    va_end(ap);
}

/* Token texts need no alignment, so they are cut from arena chunks of
 * their own instead of one 16-byte-rounded arena allocation each. */
static char *pool_alloc(Lexer *lx, size_t n) { return arena_alloc_bytes(lx->arena, n); }

/* A NUL-terminated copy of [s, s+n) in the pool. */
static char *pool_strndup(Lexer *lx, const char *s, size_t n)
{
    char *r = pool_alloc(lx, n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* An identifier's text: shared through lx->intern when set (see lexer.h). */
static const char *ident_text(Lexer *lx, const char *s, size_t n)
{
    if (!lx->intern) return pool_strndup(lx, s, n);
    const char *r = map_get(lx->intern, s, n);
    if (r) return r;
    char *copy = pool_strndup(lx, s, n);
    map_put(lx->intern, copy, n, copy);
    return copy;
}

/* Length of the UTF-8 sequence starting at p (1 for a stray byte). */
static size_t utf8_len(const char *p, const char *lim)
{
    uchar c = (uchar)*p;
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if ((size_t)(lim - p) < n) return 1;
    for (size_t i = 1; i < n; i++)
        if (((uchar)p[i] & 0xC0) != 0x80) return 1;
    return n;
}

/* Puppet's followed_by: the next five characters with \t \n \r spelled out,
 * then "...", or "<eof>".  Lives in the lexer's arena. */
static const char *followed_by(Lexer *lx, const char *p)
{
    if (p >= lx->lim) return "<eof>";
    char *out = arena_alloc(lx->arena, 5 * 4 + 5 * 2 + 4), *o = out;
    for (int i = 0; i < 5 && p < lx->lim; i++) {
        size_t n = utf8_len(p, lx->lim);
        if (*p == '\t' || *p == '\n' || *p == '\r') {
            *o++ = '\\';
            *o++ = *p == '\t' ? 't' : *p == '\n' ? 'n' : 'r';
        } else {
            memcpy(o, p, n);
            o += n;
        }
        p += n;
    }
    memcpy(o, "...", 4);
    return out;
}

/* Byte length of a blank (space, tab, CR, LF or a Unicode space) ending just
 * before p, or 0; start is the beginning of the file. */
static size_t blank_before(const char *p, const char *start, int newline_too)
{
    if (p == start) return 0;
    uchar c = (uchar)p[-1];
    if (c == ' ' || c == '\t' || c == '\r' || (newline_too && c == '\n')) return 1;
    if (p - start >= 2 && (uchar)p[-2] == 0xC2 && c == 0xA0) return 2; /* U+00A0 */
    if (p - start >= 3) {
        uchar a = (uchar)p[-3], b = (uchar)p[-2];
        if ((a == 0xE1 && b == 0x9A && c == 0x80) ||               /* U+1680 */
            (a == 0xE2 && b == 0x80 && (c <= 0x8A || c == 0xAF)) || /* U+2000-200A, U+202F */
            (a == 0xE2 && b == 0x81 && c == 0x9F) ||               /* U+205F */
            (a == 0xE3 && b == 0x80 && c == 0x80))                 /* U+3000 */
            return 3;
    }
    return 0;
}

/* '[' is LISTSTART after a blank or newline, or first in the file. */
static int liststart_at(const Lexer *lx, const char *p)
{
    return p == lx->src->text || blank_before(p, lx->src->text, 1) > 0;
}

/* '(' is WSLPAREN when only blanks stand between the start of its line and
 * it (Puppet's line_lexical_start rule, so "foo (1)" is still a call). */
static int wslparen_at(const Lexer *lx, const char *p)
{
    const char *start = lx->src->text;
    for (;;) {
        if (p == start || p[-1] == '\n') return 1;
        size_t n = blank_before(p, start, 0);
        if (!n) return 0;
        p -= n;
    }
}

/* Puppet's regexp_acceptable?: a '/' after an operand is a division. */
static int regex_acceptable(TokKind prev)
{
    switch (prev) {
    case TK_NAME: case TK_CLASSREF: case TK_INTEGER: case TK_FLOAT: case TK_STRING:
    case TK_DQSTRING: case TK_REGEX: case TK_VARIABLE: case TK_TRUE: case TK_FALSE:
    case TK_RPAREN: case TK_RBRACK: case TK_RCOLLECT: case TK_RRCOLLECT:
        return 0;
    default:
        return 1;
    }
}

/* ---- delimiting strings and interpolations ---- */

static const char *find_close_brace(const char *p, const char *end);
static const char *var_name_end(const char *p, const char *end);

/* Where Puppet's text match starting at p stops: the first unescaped
 * terminator (a quote, or with dollar_ends also '$'), except that Puppet's
 * regex /(?:[^\\]|^)(?:[\\]{2})*TERM/ prefers a first character over the
 * empty ^ match, so a terminator at p itself is text when an even run of
 * backslashes and another terminator follow it: ''' is the string "'",
 * """ is "\"", and "$"" is "$".  Returns the terminator or NULL. */
static const char *text_end(const char *p, const char *end, char quote, int dollar_ends)
{
#define IS_TERM(c) ((c) == quote || (dollar_ends && (c) == '$'))
    if (p < end && *p != '\\') {
        const char *q = p + 1;
        while (end - q >= 2 && q[0] == '\\' && q[1] == '\\') q += 2;
        if (q < end && IS_TERM(*q)) return q;
    }
    while (p < end) {
        if (*p == '\\' && p + 1 < end) p += 2;
        else if (IS_TERM(*p)) return p;
        else p++;
    }
    return NULL;
#undef IS_TERM
}

/* p is just past an opening '; returns the closing ' or NULL. */
static const char *skip_sq(const char *p, const char *end) { return text_end(p, end, '\'', 0); }

/* p is just past an opening "; returns the closing " or NULL.  A "${" part
 * is stepped over as a whole, so quotes inside it do not end the string.
 * Like Puppet, the text match restarts after each '$' part. */
static const char *skip_dq(const char *p, const char *end)
{
    for (;;) {
        const char *t = text_end(p, end, '"', 1);
        if (!t || *t == '"') return t;
        if (t + 1 < end && t[1] == '{') {
            if (!(p = find_close_brace(t + 2, end))) return NULL;
            p++;
        } else {
            const char *q = var_name_end(t + 1, end);
            p = q > t + 1 ? q : t + 1;
        }
    }
}

/* p is just past "${"; returns the '}' that balances it, or NULL.  Steps over
 * quoted strings, regexes and comments (Puppet lexes the expression's
 * tokens, so a brace or quote inside them does not count).  A '/' starts a
 * regex where Puppet's lexer takes one: not after something that ends a
 * value (a name, number, variable, closing bracket or quote). */
static const char *find_close_brace(const char *p, const char *end)
{
    int depth = 1;
    char last = '{';                 /* the last character that is not a blank */
    while (p < end) {
        char ch = *p;
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') {
            if (ch == '/' && !(is_word((uchar)last) || last == '$' || last == ')' || last == ']' ||
                               last == '}' || last == '"' || last == '\'') &&
                !(p + 1 < end && (p[1] == '*' || p[1] == '/'))) {
                const char *q = p + 1;                /* a regex: to the next unescaped '/' on the line */
                while (q < end && *q != '/' && *q != '\n') q += *q == '\\' && q + 1 < end ? 2 : 1;
                if (q < end && *q == '/') {
                    p = q + 1;
                    last = '/';
                    continue;
                }
            }
            last = ch;
        }
        switch (*p) {
        case '{':
            depth++;
            p++;
            break;
        case '}':
            if (--depth == 0) return p;
            p++;
            break;
        case '\'':
            if (!(p = skip_sq(p + 1, end))) return NULL;
            p++;
            break;
        case '"':
            if (!(p = skip_dq(p + 1, end))) return NULL;
            p++;
            break;
        case '#':
            if (!(p = memchr(p, '\n', (size_t)(end - p)))) return NULL;
            break;
        case '/':
            if (p + 1 < end && p[1] == '*') {
                const char *q = p + 2;
                while (q + 1 < end && !(q[0] == '*' && q[1] == '/')) q++;
                if (q + 1 >= end) return NULL;
                p = q + 2;
            } else {
                p++;
            }
            break;
        default:
            p++;
        }
    }
    return NULL;
}

/* End of a variable name (Puppet's (::)?(\w+::)*\w+) starting at p, or p. */
static const char *var_name_end(const char *p, const char *end)
{
    const char *q = p;
    if (end - q >= 2 && q[0] == ':' && q[1] == ':') q += 2;
    const char *w = q;
    while (w < end && is_word((uchar)*w)) w++;
    if (w == q) return p;
    while (end - w >= 3 && w[0] == ':' && w[1] == ':' && is_word((uchar)w[2])) {
        w += 2;
        while (w < end && is_word((uchar)*w)) w++;
    }
    return w;
}

/* ---- decoding string bodies ---- */

static int hexval(uchar c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static char *put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | (cp >> 6));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | (cp >> 12));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | (cp >> 18));
        *o++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* p points at the 'u' of "\u".  Returns the end of a valid escape and sets
 * *cp, or NULL: four hex digits, or one to six in braces, at most 10FFFF and
 * not a surrogate. */
static const char *unicode_escape(const char *p, const char *end, uint32_t *cp)
{
    uint32_t v = 0;
    const char *q = p + 1;
    if (end - q >= 4 && hexval((uchar)q[0]) >= 0 && hexval((uchar)q[1]) >= 0 &&
        hexval((uchar)q[2]) >= 0 && hexval((uchar)q[3]) >= 0) {
        for (int i = 0; i < 4; i++) v = v * 16 + (uint32_t)hexval((uchar)q[i]);
        q += 4;
    } else if (q < end && *q == '{') {
        int n = 0;
        q++;
        while (q < end && n < 7 && hexval((uchar)*q) >= 0) v = v * 16 + (uint32_t)hexval((uchar)*q++), n++;
        if (n < 1 || n > 6 || q >= end || *q != '}') return NULL;
        q++;
    } else {
        return NULL;
    }
    if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return NULL;
    *cp = v;
    return q;
}

static StrPart *new_part(Lexer *lx, StrPart ***tail, StrPartKind kind, const char *text, size_t len,
                         uint32_t off, uint32_t elen)
{
    StrPart *sp = ARENA_NEW(lx->parts, StrPart);
    sp->kind = kind;
    sp->text = text;
    sp->len = len;
    sp->off = off;
    sp->elen = elen;
    **tail = sp;
    *tail = &sp->next;
    return sp;
}

/* Decodes the string body [p, end) by cfg into t: TK_STRING with text when
 * there is no $ part, else TK_DQSTRING with parts.  The output never grows
 * past the source (escapes and margins shrink), so one buffer of end-p+1
 * bytes holds every text part and its NUL. */
static TokKind decode_body(Lexer *lx, const char *p, const char *end, const BodyCfg *cfg, Token *t)
{
    const char *start = p, *run = p;
    char *out = pool_alloc(lx, (size_t)(end - p) + 1), *o = out, *text = out;
    StrPart *head = NULL, **tail = &head;
    int interpolated = 0;

    while (p < end) {
        if (cfg->mlen && (p == start || p[-1] == '\n') && (size_t)(end - p) >= cfg->mlen &&
            memcmp(p, cfg->margin, cfg->mlen) == 0) {
            p += cfg->mlen;
            continue;
        }
        uchar c = (uchar)*p;
        if (c == 0) {   /* our rule: a title or name would be cut there */
            lex_error(lx, p, 1, "A string may not contain a NUL byte");
            return TK_ERROR;
        }
        if (c == '\\' && cfg->esc && p + 1 < end) {
            uchar n = (uchar)p[1];
            unsigned bit = 0;
            char rep = 0;
            switch (n) {
            case '\\': bit = ESC_BSLASH; rep = '\\'; break;
            case 't': bit = ESC_T; rep = '\t'; break;
            case 'r': bit = ESC_R; rep = '\r'; break;
            case 'n': bit = ESC_N; rep = '\n'; break;
            case 's': bit = ESC_S; rep = ' '; break;
            case '\'': bit = ESC_SQ; rep = '\''; break;
            case '"': bit = ESC_DQ; rep = '"'; break;
            case '$': bit = ESC_DOLLAR; rep = '$'; break;
            default: break;
            }
            if (bit && (cfg->esc & bit)) {
                *o++ = rep;
                p += 2;
                continue;
            }
            if (n == '$') {
                /* "\$" without the $ escape: the backslash stays and the $
                 * still starts an interpolation (or is literal). */
                *o++ = '\\';
                p++;
                continue;
            }
            if (n == 'u' && (cfg->esc & ESC_U)) {
                uint32_t cp;
                const char *q = unicode_escape(p + 1, end, &cp);
                if (q && cp == 0) {
                    /* a C string would end there: refused, never truncated */
                    lex_error(lx, p, (size_t)(q - p), "A string may not contain a NUL character ('\\u0000')");
                    return TK_ERROR;
                }
                if (q) {
                    o = put_utf8(o, cp);
                    p = q;
                } else {
                    lex_warning(lx, p, 2, "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff");
                    *o++ = '\\';
                    *o++ = 'u';
                    p += 2;
                }
                continue;
            }
            if ((cfg->esc & ESC_NL) && (n == '\n' || (n == '\r' && p + 2 < end && p[2] == '\n'))) {
                p += n == '\n' ? 2 : 3;
                continue;
            }
            if (n == '\r') { /* a lone CR after a backslash is no escape at all */
                *o++ = '\\';
                p++;
                continue;
            }
            size_t clen = utf8_len(p + 1, end);
            if (cfg->warn_unknown)
                lex_warning(lx, p, 1 + clen, "Unrecognized escape sequence '\\%.*s'", (int)clen, p + 1);
            memcpy(o, p, 1 + clen);
            o += 1 + clen;
            p += 1 + clen;
            continue;
        }
        if (c == '$' && cfg->interpolate && p + 1 < end) {
            const char *q;
            StrPartKind kind;
            uint32_t off, elen;
            if (p[1] == '{') {
                const char *close = find_close_brace(p + 2, end);
                if (!close) {
                    lex_error(lx, p, 2, "Unclosed quote after '\"' followed by '%s'", followed_by(lx, p + 2));
                    return TK_ERROR;
                }
                kind = SP_EXPR;
                off = off_of(lx, p + 2);
                elen = (uint32_t)(close - (p + 2));
                q = close + 1;
            } else {
                q = var_name_end(p + 1, end);
                if (q == p + 1) {
                    *o++ = '$';
                    p++;
                    continue;
                }
                kind = SP_VAR;
                off = off_of(lx, p);
                elen = (uint32_t)(q - p);
            }
            if (o > text) {
                new_part(lx, &tail, SP_TEXT, text, (size_t)(o - text), off_of(lx, run), (uint32_t)(p - run));
                *o++ = '\0';
                text = o;
            }
            if (kind == SP_VAR)
                new_part(lx, &tail, SP_VAR, pool_strndup(lx, p + 1, (size_t)(q - p - 1)),
                         (size_t)(q - p - 1), off, elen);
            else
                new_part(lx, &tail, SP_EXPR, NULL, 0, off, elen);
            interpolated = 1;
            p = run = q;
            continue;
        }
        *o++ = (char)c;
        p++;
    }
    *o = '\0';
    if (!interpolated) {
        t->text = out;
        t->text_len = (size_t)(o - out);
        return TK_STRING;
    }
    if (o > text)
        new_part(lx, &tail, SP_TEXT, text, (size_t)(o - text), off_of(lx, run), (uint32_t)(end - run));
    t->parts = head;
    return TK_DQSTRING;
}

/* ---- heredocs ---- */

/*
 * heredoc -> '@(' endtag (':' syntax)? ('/' escapes)? ')'
 * Puppet's PATTERN_HEREDOC: @\(([^:/\r\n\)]+)(?::\s*([a-z][a-zA-Z0-9_+]+)\s*)?(?:/([\w$]*)\s*)?\)
 * with blanks for \s.  at points at the '@'.
 */
static TokKind lex_heredoc(Lexer *lx, Token *t, const char *at)
{
    const char *lim = lx->lim;
    const char *close = memchr(at, ')', (size_t)(lim - at));
    t->off = off_of(lx, at);
    if (!close) {
        lex_error(lx, at, 2, "Unclosed parenthesis after '@(' followed by '%s'", followed_by(lx, at));
        t->len = 2;
        lx->cur = at + 2;
        return TK_ERROR;
    }
    t->len = (uint32_t)(close + 1 - at);
    lx->cur = close + 1;

    /* The specification between "@(" and ")". */
    const char *q = at + 2, *tag = q, *syn = NULL, *flags = NULL;
    size_t taglen, synlen = 0, nflags = 0;
    int bad = 0;
    while (q < close && *q != ':' && *q != '/' && *q != '\r' && *q != '\n') q++;
    taglen = (size_t)(q - tag);
    if (taglen == 0) bad = 1;
    if (!bad && q < close && *q == ':') {
        q++;
        while (q < close && is_blank((uchar)*q)) q++;
        syn = q;
        if (q < close && *q >= 'a' && *q <= 'z') q++;
        while (q < close && (is_word((uchar)*q) || *q == '+')) q++;
        synlen = (size_t)(q - syn);
        if (synlen < 2 || !(*syn >= 'a' && *syn <= 'z')) bad = 1;
        while (q < close && is_blank((uchar)*q)) q++;
    }
    if (!bad && q < close && *q == '/') {
        flags = ++q;
        while (q < close && (is_word((uchar)*q) || *q == '$')) q++;
        nflags = (size_t)(q - flags);
        while (q < close && is_blank((uchar)*q)) q++;
    }
    if (bad || q != close) {
        lex_error(lx, at, t->len, "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])");
        return TK_ERROR;
    }
    /* Ruby's strip, then a "quoted" tag means interpolation. */
    int dq = 0;
    while (taglen && strchr(" \t\v\f", *tag)) tag++, taglen--;
    while (taglen && strchr(" \t\v\f", tag[taglen - 1])) taglen--;
    if (taglen >= 2 && tag[0] == '"' && tag[taglen - 1] == '"') {
        dq = 1;
        tag++;
        taglen -= 2;
        while (taglen && strchr(" \t\v\f", *tag)) tag++, taglen--;
        while (taglen && strchr(" \t\v\f", tag[taglen - 1])) taglen--;
    }
    if (taglen == 0) {
        lex_error(lx, at, t->len, "Heredoc with an empty endtag");
        return TK_ERROR;
    }
    unsigned esc = 0;
    if (flags) {
        static const char all[] = "trnsuL$";
        if (nflags == 0) flags = all, nflags = sizeof all - 1;
        for (size_t i = 0; i < nflags; i++)
            for (size_t j = i + 1; j < nflags; j++)
                if (flags[i] == flags[j]) {
                    char list[64 * 3];
                    size_t n = 0;
                    for (size_t k = 0; k < nflags && n + 4 < sizeof list; k++)
                        n += (size_t)snprintf(list + n, sizeof list - n, "%s%c", k ? ", " : "", flags[k]);
                    lex_error(lx, at, t->len, "An escape char for @() may only appear once. Got '%s'", list);
                    return TK_ERROR;
                }
        esc = ESC_BSLASH;
        for (size_t i = 0; i < nflags; i++) {
            switch (flags[i]) {
            case 't': esc |= ESC_T; break;
            case 'r': esc |= ESC_R; break;
            case 'n': esc |= ESC_N; break;
            case 's': esc |= ESC_S; break;
            case 'u': esc |= ESC_U; break;
            case '$': esc |= ESC_DOLLAR; break;
            case 'L': esc |= ESC_NL; break;
            default:
                lex_error(lx, at, t->len,
                          "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '%c'", flags[i]);
                return TK_ERROR;
            }
        }
    }

    /* The body starts after this line, or after the previous heredoc's end
     * line when several start on one line. */
    const char *body;
    if (lx->heredoc_skip_to) {
        body = lx->heredoc_skip_to;
    } else {
        const char *nl = memchr(close + 1, '\n', (size_t)(lim - (close + 1)));
        if (!nl) {
            lex_error(lx, at, t->len, "Heredoc without any following lines of text");
            return TK_ERROR;
        }
        body = nl + 1;
    }

    /* The end line: blanks ('|' blanks)? ('-' blanks)? endtag blanks \r? (\n|EOF).
     * Puppet matches this pattern unanchored, so any line that *ends* with the
     * tag (and blanks) ends the heredoc, whatever stands before it. */
    const char *line = body, *lead = NULL, *lead_end = NULL;
    int found = 0, trim = 0;
    while (line < lim) {
        const char *nl = memchr(line, '\n', (size_t)(lim - line));
        const char *next = nl ? nl + 1 : lim, *e = nl ? nl : lim;
        if (e > line && e[-1] == '\r') e--;
        while (e > line && is_blank((uchar)e[-1])) e--;
        if ((size_t)(e - line) >= taglen && memcmp(e - taglen, tag, taglen) == 0) {
            const char *b = e - taglen;
            while (b > line && is_blank((uchar)b[-1])) b--;
            if (b > line && b[-1] == '-') {
                trim = 1;
                b--;
                while (b > line && is_blank((uchar)b[-1])) b--;
            }
            if (b > line && b[-1] == '|') {
                lead_end = --b;
                while (b > line && is_blank((uchar)b[-1])) b--;
                lead = b;
            }
            found = 1;
            lx->heredoc_skip_to = next;
            break;
        }
        line = next;
    }
    if (!found) {
        lex_error(lx, body, 0, "Heredoc without end-tagged line");
        lx->cur = lim; /* the rest is heredoc text, not code */
        return TK_ERROR;
    }
    const char *body_end = line;
    if (trim && body_end > body && body_end[-1] == '\n') {
        body_end--;
        if (body_end > body && body_end[-1] == '\r') body_end--;
    }

    BodyCfg cfg = {esc, dq, 0, lead, lead ? (size_t)(lead_end - lead) : 0};
    if (syn) t->heredoc_syntax = arena_strndup(lx->arena, syn, synlen);
    return decode_body(lx, body, body_end, &cfg, t);
}

/* ---- numbers ---- */

/* An integer literal of any length, as little-endian 32-bit limbs: Puppet
 * reads it as a Ruby bignum and reports the range error with its value. */
#define BIG_LIMBS 32
typedef struct BigInt {
    uint32_t limb[BIG_LIMBS];
    int n;     /* limbs in use */
    int wide;  /* did not fit in BIG_LIMBS */
} BigInt;

static void big_muladd(BigInt *b, unsigned mul, unsigned add)
{
    uint64_t carry = add;
    for (int i = 0; i < b->n; i++) {
        uint64_t v = (uint64_t)b->limb[i] * mul + carry;
        b->limb[i] = (uint32_t)v;
        carry = v >> 32;
    }
    if (carry) {
        if (b->n == BIG_LIMBS) b->wide = 1;
        else b->limb[b->n++] = (uint32_t)carry;
    }
}

/* Formats b like Ruby's "%#+x". */
static void big_hex(const BigInt *b, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "+0x%x", b->n ? b->limb[b->n - 1] : 0u);
    for (int i = b->n - 2; i >= 0 && n < size; i--)
        n += (size_t)snprintf(buf + n, size - n, "%08x", b->limb[i]);
}

/*
 * number -> 0[xX]hex+ | digit+ ('.' digit+)? ([eE] '-'? digit+)?
 * [s, p) is what re2c matched.  Like Puppet (PATTERN_NUMBER ends in \b and
 * assert_numeric checks the spelling), a word character right after the
 * number makes the whole word an illegal number.
 */
static TokKind lex_number(Lexer *lx, Token *t, const char *s, const char *p)
{
    const char *lim = lx->lim;
    size_t len;
    int bad = 0;
    if (p < lim && is_word((uchar)*p)) {
        while (p < lim && is_word((uchar)*p)) p++;
        bad = 1;
    }
    len = (size_t)(p - s);
    lx->cur = p;
    t->off = off_of(lx, s);
    t->len = (uint32_t)len;
    int hex = len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    int oct = !hex && len >= 2 && s[0] == '0' && s[1] != '.';
    int dec = !hex && !oct && memchr(s, '.', len) == NULL && memchr(s, 'e', len) == NULL && memchr(s, 'E', len) == NULL;
    if (!bad && oct)
        for (size_t i = 1; i < len; i++)
            if (s[i] < '0' || s[i] > '7') bad = 1;
    if (bad) {
        if (hex) lex_error(lx, s, len, "Not a valid hex number %.*s", (int)len, s);
        else if (oct) lex_error(lx, s, len, "Not a valid octal number %.*s", (int)len, s);
        else {
            size_t i = 0; /* assert_numeric: ^\d+[eE.] is a bad decimal, else an illegal number */
            while (i < len && s[i] >= '0' && s[i] <= '9') i++;
            if (i > 0 && i < len && (s[i] == 'e' || s[i] == 'E' || s[i] == '.'))
                lex_error(lx, s, len, "Not a valid decimal number %.*s", (int)len, s);
            else
                lex_error(lx, s, len, "Illegal number '%.*s'", (int)len, s);
        }
        return TK_ERROR;
    }
    if (hex || oct || dec) {
        BigInt v = {{0}, 0, 0};
        unsigned base = hex ? 16 : oct ? 8 : 10;
        for (size_t i = hex ? 2 : 0; i < len && !v.wide; i++) big_muladd(&v, base, (unsigned)hexval((uchar)s[i]));
        if (v.wide || v.n > 2 || (v.n == 2 && v.limb[1] > 0x7FFFFFFFu)) {
            char buf[BIG_LIMBS * 8 + 8];
            if (v.wide) snprintf(buf, sizeof buf, "%.*s", (int)(len < 64 ? len : 64), s);
            else big_hex(&v, buf, sizeof buf);
            lex_error(lx, s, len, "A Literal Integer resulted in a value outside of Puppet Integer max range, got '%s'", buf);
            return TK_ERROR;
        }
        t->ival = (int64_t)((uint64_t)(v.n > 1 ? v.limb[1] : 0) << 32 | (v.n ? v.limb[0] : 0));
        return TK_INTEGER;
    }
    char buf[64];
    if (len >= sizeof buf) {
        lex_error(lx, s, len, "Internal Error, NUMBER token does not contain a valid number, %.*s", (int)len, s);
        return TK_ERROR;
    }
    memcpy(buf, s, len);
    buf[len] = '\0';
    t->fval = strtod(buf, NULL);
    if (isinf(t->fval)) {
        lex_error(lx, s, len, "Internal Error, NUMBER token does not contain a valid number, %s", buf);
        return TK_ERROR;
    }
    return TK_FLOAT;
}

/* ---- the scanner ---- */

static void check_bom(Lexer *lx)
{
    static const struct { const char *name; size_t n; uchar b[4]; } boms[] = {
        {"UTF-32", 4, {0x00, 0x00, 0xFE, 0xFF}}, {"UTF-32", 4, {0xFF, 0xFE, 0x00, 0x00}},
        {"GB-18030", 4, {0x84, 0x31, 0x95, 0x33}}, {"UTF-EBCDIC", 4, {0xDD, 0x73, 0x66, 0x73}},
        {"SCSU", 3, {0x0E, 0xFE, 0xFF, 0}}, {"UTF-8", 3, {0xEF, 0xBB, 0xBF, 0}},
        {"UTF-1", 3, {0xF7, 0x64, 0x4C, 0}}, {"BOCU", 3, {0xFB, 0xEE, 0x28, 0}},
        {"UTF-16", 2, {0xFE, 0xFF, 0, 0}}, {"UTF-16", 2, {0xFF, 0xFE, 0, 0}},
    };
    size_t have = (size_t)(lx->lim - lx->cur);
    /* Puppet compares 4 bytes and needs a 4th byte after 3-byte and 2-byte marks. */
    for (size_t i = 0; i < sizeof boms / sizeof boms[0]; i++) {
        size_t need = boms[i].n < 4 ? (size_t)boms[i].n + 1 : 4;
        if (boms[i].n == 2) need = 4;
        if (have >= need && memcmp(lx->cur, boms[i].b, boms[i].n) == 0) {
            char bytes[16];
            size_t n = 0;
            for (size_t k = 0; k < boms[i].n; k++)
                n += (size_t)snprintf(bytes + n, sizeof bytes - n, "%s%X", k ? " " : "", boms[i].b[k]);
            lex_error(lx, lx->cur, boms[i].n,
                      "Illegal %s Byte Order mark at beginning of input: [%s] - remove these from the puppet source",
                      boms[i].name, bytes);
            lx->cur += boms[i].n;
            return;
        }
    }
}

/* Puppet reads manifests as UTF-8 and rejects the whole file on the first
 * invalid sequence (overlong forms, surrogates and > 10FFFF included).  (A
 * NUL byte is valid UTF-8: the scanner refuses it in code, decode_body in
 * strings.) */
static void check_utf8(Lexer *lx)
{
    const uchar *p = (const uchar *)lx->cur, *lim = (const uchar *)lx->lim;
    while (p < lim) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        uchar c = *p;
        size_t n = 0;
        uchar lo = 0x80, hi = 0xBF; /* range of the second byte */
        if (c >= 0xC2 && c <= 0xDF) n = 2;
        else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        int ok = n && (size_t)(lim - p) >= n && p[1] >= lo && p[1] <= hi;
        for (size_t i = 2; ok && i < n; i++) ok = (p[i] & 0xC0) == 0x80;
        if (!ok) {
            lex_error(lx, (const char *)p, 1, "invalid byte sequence in UTF-8");
            return;
        }
        p += n;
    }
}

void lex_init(Lexer *lx, Arena *arena, const SrcFile *src)
{
    memset(lx, 0, sizeof *lx);
    lx->arena = arena;
    lx->parts = arena;
    lx->src = src;
    lx->cur = src->text;
    lx->lim = src->text + src->len;
    lx->prev = TK_EOF;
    check_bom(lx);
    check_utf8(lx);
}

void lex_init_range(Lexer *lx, Arena *arena, const SrcFile *src, uint32_t off, uint32_t len)
{
    memset(lx, 0, sizeof *lx);
    lx->arena = arena;
    lx->parts = arena;
    lx->src = src;
    if (off > src->len) off = (uint32_t)src->len;
    if (len > src->len - off) len = (uint32_t)(src->len - off);
    lx->cur = src->text + off;
    lx->lim = src->text + off + len;
    lx->prev = TK_EOF;
}

/* Keyword token kinds with their spelling, for t->text. */
static const char *const kw_text[TK_COUNT] = {
    [TK_AND] = "and", [TK_APPLICATION] = "application", [TK_ATTR] = "attr", [TK_CASE] = "case",
    [TK_CLASS] = "class", [TK_CONSUMES] = "consumes", [TK_DEFAULT] = "default", [TK_DEFINE] = "define",
    [TK_ELSE] = "else", [TK_ELSIF] = "elsif", [TK_FALSE] = "false", [TK_FUNCTION] = "function",
    [TK_IF] = "if", [TK_IMPORT] = "import", [TK_IN] = "in", [TK_INHERITS] = "inherits",
    [TK_NODE] = "node", [TK_OR] = "or", [TK_PRIVATE] = "private", [TK_PRODUCES] = "produces",
    [TK_SITE] = "site", [TK_TRUE] = "true", [TK_TYPE] = "type", [TK_UNDEF] = "undef",
    [TK_UNLESS] = "unless",
};

/* Scans one token at lx->cur into t (t zeroed, t->off set by the caller). */
static TokKind scan(Lexer *lx, Token *t)
{
    const char *lim = lx->lim;
    for (;;) {
        const char *s = lx->cur;
        if (s >= lim) {
            t->off = off_of(lx, lim);
            return TK_EOF;
        }
        const uchar *p = (const uchar *)s, *mk = p;
        TokKind k;
        (void)mk;
#define TEXT(from) (t->text = ident_text(lx, (from), (size_t)((const char *)p - (from))), \
                    t->text_len = (size_t)((const char *)p - (from)))
        /*!re2c
            re2c:define:YYCTYPE = "uchar";
            re2c:define:YYCURSOR = p;
            re2c:define:YYMARKER = mk;
            re2c:yyfill:enable = 0;
            re2c:indent:top = 2;

            w      = [a-zA-Z0-9_];
            lname  = [a-z] w*;
            name   = lname ("::" lname)*;
            wseg   = [a-z_] ([a-zA-Z0-9_-]* w)?;
            word   = wseg ("::" wseg)*;
            cseg   = [A-Z] w*;
            cref   = cseg ("::" cseg)*;
            ublank = "\xC2\xA0" | "\xE1\x9A\x80" | "\xE2\x80" [\x80-\x8A] | "\xE2\x80\xAF"
                   | "\xE2\x81\x9F" | "\xE3\x80\x80";
            number = "0" [xX] [0-9a-fA-F]+ | [0-9]+ ("." [0-9]+)? ([eE] "-"? [0-9]+)?;

            ([ \t\r] | ublank)+ { lx->cur = (const char *)p; continue; }
            "\n" {
                /* Jump over heredoc bodies read on the line just ended.  Like
                 * Puppet this may jump back when a string or comment ran over
                 * the bodies; each heredoc is passed at most twice. */
                lx->cur = lx->heredoc_skip_to ? lx->heredoc_skip_to : (const char *)p;
                lx->heredoc_skip_to = NULL;
                continue;
            }
            "#" {
                const char *nl = memchr(s, '\n', (size_t)(lim - s));
                lx->cur = nl ? nl : lim;
                continue;
            }
            "/*" {
                const char *q = (const char *)p;
                while (q + 1 < lim && !(q[0] == '*' && q[1] == '/')) q++;
                if (q + 1 >= lim) {
                    lex_error(lx, s, 2, "Unclosed multiline comment");
                    lx->cur = lim;
                    t->off = off_of(lx, s);
                    t->len = (uint32_t)(lim - s);
                    return TK_ERROR;
                }
                lx->cur = q + 2;
                continue;
            }

            "and"      { k = TK_AND; goto keyword; }
            "attr"     { k = TK_ATTR; goto keyword; }
            "case"     { k = TK_CASE; goto keyword; }
            "class"    { k = TK_CLASS; goto keyword; }
            "default"  { k = TK_DEFAULT; goto keyword; }
            "define"   { k = TK_DEFINE; goto keyword; }
            "else"     { k = TK_ELSE; goto keyword; }
            "elsif"    { k = TK_ELSIF; goto keyword; }
            "false"    { k = TK_FALSE; goto keyword; }
            "function" { k = TK_FUNCTION; goto keyword; }
            "if"       { k = TK_IF; goto keyword; }
            "in"       { k = TK_IN; goto keyword; }
            "inherits" { k = TK_INHERITS; goto keyword; }
            "node"     { k = TK_NODE; goto keyword; }
            "or"       { k = TK_OR; goto keyword; }
            "private"  { k = TK_PRIVATE; goto keyword; }
            "true"     { k = TK_TRUE; goto keyword; }
            "type"     { k = TK_TYPE; goto keyword; }
            "undef"    { k = TK_UNDEF; goto keyword; }
            "unless"   { k = TK_UNLESS; goto keyword; }

            name | word | "::" name | "::" word { k = TK_NAME; TEXT(s); goto done; }
            "::" cref | cref {
                if ((const char *)p + 1 < lim && p[0] == ':' && p[1] == ':') {
                    const char *e = (const char *)p + 2;
                    while (e < lim && is_word((uchar)*e)) e++;
                    lex_error(lx, (const char *)p, 2, s[0] == ':' ? "Illegal fully qualified class reference"
                                                                  : "Illegal class reference");
                    p = (const uchar *)e;
                    k = TK_ERROR;
                    goto done;
                }
                k = TK_CLASSREF;
                TEXT(s);
                goto done;
            }
            "::" {
                lex_error(lx, s, 2, "Illegal fully qualified name");
                k = TK_ERROR;
                goto done;
            }
            "$" ("::")? (w+ "::")* w+ | "$" { k = TK_VARIABLE; TEXT(s + 1); goto done; }

            number {
                k = lex_number(lx, t, s, (const char *)p);
                return k;
            }

            "'" {
                const char *close = skip_sq((const char *)p, lim);
                t->off = off_of(lx, s);
                if (!close) {
                    lex_error(lx, (const char *)p, 1,   /* after the quote, as Puppet */
                               "Unclosed quote after \"'\" followed by '%s'", followed_by(lx, (const char *)p));
                    lx->cur = lim;
                    t->len = (uint32_t)(lim - s);
                    return TK_ERROR;
                }
                /* Only \\ and \' are escapes in single quotes. */
                char *out = pool_alloc(lx, (size_t)(close - s)), *o = out;
                for (const char *q = (const char *)p; q < close; q++) {
                    if (q[0] == '\\' && (q[1] == '\\' || q[1] == '\'')) q++;
                    if (!*q) {  /* our rule, as in decode_body */
                        lex_error(lx, q, 1, "A string may not contain a NUL byte");
                        t->len = (uint32_t)(close + 1 - s);
                        lx->cur = close + 1;
                        return TK_ERROR;
                    }
                    *o++ = *q;
                }
                *o = '\0';
                t->text = out;
                t->text_len = (size_t)(o - out);
                t->len = (uint32_t)(close + 1 - s);
                lx->cur = close + 1;
                return TK_STRING;
            }
            "\"" {
                const char *close = skip_dq((const char *)p, lim);
                t->off = off_of(lx, s);
                if (!close) {
                    lex_error(lx, (const char *)p, 1,   /* after the quote, as Puppet */
                               "Unclosed quote after '\"' followed by '%s'", followed_by(lx, (const char *)p));
                    lx->cur = lim;
                    t->len = (uint32_t)(lim - s);
                    return TK_ERROR;
                }
                static const BodyCfg dq = {ESC_DQSTRING, 1, 1, NULL, 0};
                t->len = (uint32_t)(close + 1 - s);
                lx->cur = close + 1;
                return decode_body(lx, (const char *)p, close, &dq, t);
            }
            "@(" { return lex_heredoc(lx, t, s); }
            "@@" { k = TK_ATAT; goto done; }
            "@"  { k = TK_AT; goto done; }

            "/" {
                if (regex_acceptable(lx->prev)) {
                    const char *q = (const char *)p;
                    while (q < lim && *q != '/') q += (*q == '\\' && q + 1 < lim) ? 2 : 1;
                    if (q < lim) {
                        t->text = pool_strndup(lx, (const char *)p, (size_t)(q - (const char *)p));
                        t->text_len = (size_t)(q - (const char *)p);
                        p = (const uchar *)q + 1;
                        k = TK_REGEX;
                        goto done;
                    }
                }
                k = TK_DIV;
                goto done;
            }

            "[" { k = liststart_at(lx, s) ? TK_LISTSTART : TK_LBRACK; goto done; }
            "]" { k = TK_RBRACK; goto done; }
            "(" { k = wslparen_at(lx, s) ? TK_WSLPAREN : TK_LPAREN; goto done; }
            ")" { k = TK_RPAREN; goto done; }
            "{" { k = lx->prev == TK_QMARK ? TK_SELBRACE : TK_LBRACE; goto done; }
            "}" { k = TK_RBRACE; goto done; }
            ","   { k = TK_COMMA; goto done; }
            ";"   { k = TK_SEMIC; goto done; }
            ":"   { k = TK_COLON; goto done; }
            "?"   { k = TK_QMARK; goto done; }
            "."   { k = TK_DOT; goto done; }
            "|"   { k = TK_PIPE; goto done; }
            "=>"  { k = TK_FARROW; goto done; }
            "+>"  { k = TK_PARROW; goto done; }
            "->"  { k = TK_IN_EDGE; goto done; }
            "~>"  { k = TK_IN_EDGE_SUB; goto done; }
            "<-"  { k = TK_OUT_EDGE; goto done; }
            "<~"  { k = TK_OUT_EDGE_SUB; goto done; }
            "<|"  { k = TK_LCOLLECT; goto done; }
            "|>"  { k = TK_RCOLLECT; goto done; }
            "<<|" { k = TK_LLCOLLECT; goto done; }
            "|>>" { k = TK_RRCOLLECT; goto done; }
            "="   { k = TK_EQUALS; goto done; }
            "+="  { k = TK_APPENDS; goto done; }
            "-="  { k = TK_DELETES; goto done; }
            "=="  { k = TK_ISEQUAL; goto done; }
            "!="  { k = TK_NOTEQUAL; goto done; }
            "=~"  { k = TK_MATCH; goto done; }
            "!~"  { k = TK_NOMATCH; goto done; }
            ">="  { k = TK_GREATEREQUAL; goto done; }
            ">"   { k = TK_GREATERTHAN; goto done; }
            "<="  { k = TK_LESSEQUAL; goto done; }
            "<"   { k = TK_LESSTHAN; goto done; }
            "<<"  { k = TK_LSHIFT; goto done; }
            ">>"  { k = TK_RSHIFT; goto done; }
            "+"   { k = TK_PLUS; goto done; }
            "-"   { k = TK_MINUS; goto done; }
            "*"   { k = TK_TIMES; goto done; }
            "%"   { k = TK_MODULO; goto done; }
            "!"   { k = TK_NOT; goto done; }

            "~" {
                /* Puppet lexes a lone '~' and its grammar rejects it. */
                lex_error(lx, s, 1, "Syntax error at '~'");
                k = TK_ERROR;
                goto done;
            }
            * {
                size_t n = utf8_len(s, lim);
                p = (const uchar *)s + n;
                if ((uchar)*s < 0x20 || *s == 0x7F)
                    lex_error(lx, s, n, "Syntax error at '\\x%02X'", (unsigned)(uchar)*s);
                else
                    lex_error(lx, s, n, "Syntax error at '%.*s'", (int)n, s);
                k = TK_ERROR;
                goto done;
            }
        */
keyword:
        t->text = kw_text[k];
        t->text_len = strlen(kw_text[k]);
done:
#undef TEXT
        if ((const char *)p > lim) p = (const uchar *)lim; /* a token never leaves a sub-range */
        t->off = off_of(lx, s);
        t->len = (uint32_t)((const char *)p - s);
        lx->cur = (const char *)p;
        return k;
    }
}

TokKind lex_next(Lexer *lx, Token *t)
{
    memset(t, 0, sizeof *t);
    TokKind k = scan(lx, t);
    t->kind = k;
    if (k != TK_EOF) lx->prev = k;
    return k;
}

const char *lex_kind_name(TokKind k)
{
    static const char *const names[TK_COUNT] = {
        [TK_EOF] = "end of file", [TK_ERROR] = "an invalid token", [TK_NAME] = "a name",
        [TK_CLASSREF] = "a class reference", [TK_VARIABLE] = "a variable", [TK_INTEGER] = "an integer",
        [TK_FLOAT] = "a float", [TK_STRING] = "a string", [TK_DQSTRING] = "a string",
        [TK_REGEX] = "a regular expression",
        [TK_AND] = "'and'", [TK_APPLICATION] = "'application'", [TK_ATTR] = "'attr'", [TK_CASE] = "'case'",
        [TK_CLASS] = "'class'", [TK_CONSUMES] = "'consumes'", [TK_DEFAULT] = "'default'",
        [TK_DEFINE] = "'define'", [TK_ELSE] = "'else'", [TK_ELSIF] = "'elsif'", [TK_FALSE] = "'false'",
        [TK_FUNCTION] = "'function'", [TK_IF] = "'if'", [TK_IMPORT] = "'import'", [TK_IN] = "'in'",
        [TK_INHERITS] = "'inherits'", [TK_NODE] = "'node'", [TK_OR] = "'or'", [TK_PRIVATE] = "'private'",
        [TK_PRODUCES] = "'produces'", [TK_SITE] = "'site'", [TK_TRUE] = "'true'", [TK_TYPE] = "'type'",
        [TK_UNDEF] = "'undef'", [TK_UNLESS] = "'unless'",
        [TK_LBRACK] = "'['", [TK_LISTSTART] = "'['", [TK_RBRACK] = "']'", [TK_LBRACE] = "'{'",
        [TK_SELBRACE] = "'{'", [TK_RBRACE] = "'}'", [TK_LPAREN] = "'('", [TK_WSLPAREN] = "'('",
        [TK_RPAREN] = "')'", [TK_COMMA] = "','", [TK_SEMIC] = "';'", [TK_COLON] = "':'",
        [TK_QMARK] = "'?'", [TK_DOT] = "'.'", [TK_PIPE] = "'|'", [TK_AT] = "'@'", [TK_ATAT] = "'@@'",
        [TK_FARROW] = "'=>'", [TK_PARROW] = "'+>'", [TK_IN_EDGE] = "'->'", [TK_IN_EDGE_SUB] = "'~>'",
        [TK_OUT_EDGE] = "'<-'", [TK_OUT_EDGE_SUB] = "'<~'", [TK_LCOLLECT] = "'<|'",
        [TK_RCOLLECT] = "'|>'", [TK_LLCOLLECT] = "'<<|'", [TK_RRCOLLECT] = "'|>>'",
        [TK_EQUALS] = "'='", [TK_APPENDS] = "'+='", [TK_DELETES] = "'-='", [TK_ISEQUAL] = "'=='",
        [TK_NOTEQUAL] = "'!='", [TK_MATCH] = "'=~'", [TK_NOMATCH] = "'!~'",
        [TK_GREATEREQUAL] = "'>='", [TK_GREATERTHAN] = "'>'", [TK_LESSEQUAL] = "'<='",
        [TK_LESSTHAN] = "'<'", [TK_LSHIFT] = "'<<'", [TK_RSHIFT] = "'>>'", [TK_PLUS] = "'+'",
        [TK_MINUS] = "'-'", [TK_TIMES] = "'*'", [TK_DIV] = "'/'", [TK_MODULO] = "'%'", [TK_NOT] = "'!'",
    };
    return (unsigned)k < TK_COUNT && names[k] ? names[k] : "a token";
}
