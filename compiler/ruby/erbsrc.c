/*
 * erbsrc.c - ERB template text to Ruby source, as Ruby 3.1's ERB makes it
 * with trim mode '-' (the mode Puppet's template() uses), so that a
 * compile needs neither the erb library nor Ruby time to read templates.
 *
 * The output is byte for byte ERB#src without its "#coding:" line, so a
 * template's line N is line N of the program (error lines and __LINE__
 * are the template's).  Two stages, both copied in behaviour (not code)
 * from ERB:
 *
 *   the scanner (ERB's ExplicitScanner) cuts the text into tokens.  Out
 *   of a tag it looks for the leftmost of, in this order at one place:
 *   blanks from a line start (or from where the scan resumes, after a tag)
 *   then "<%-" (the blanks are dropped), "<%-",
 *   "<%%", "<%=", "<%#", "<%"; "<%-" counts as "<%".  In a tag it looks
 *   for "-%>", "%%>", "%>"; "-%>" counts as "%>" and also ends the Ruby
 *   line when a newline (eaten) or the end of the text follows it.
 *
 *   the compiler (ERB::Compiler) turns tokens into commands on Ruby
 *   lines: text is "_erbout.<< "TEXT".freeze" (TEXT as String#dump of
 *   the bytes writes it, followed by as many newlines as TEXT has),
 *   "<%= code %>" is "_erbout.<<((code).to_s)", "<% code %>" is the code
 *   itself, "<%# %>" nothing.  Commands on one line are joined by "; ".
 *   A text token that is exactly "\n" is output at once; other text
 *   waits for the next tag.  Unclosed code at the end is output as text.
 */
#include "compiler/ruby/erbsrc.h"
#include <ctype.h>
#include <string.h>

typedef enum { TAG_NONE, TAG_CODE, TAG_INSERT, TAG_COMMENT } Tag;

typedef struct Erb {
    Buf *script;        /* the program so far (whole lines) */
    Buf line;           /* commands of the current line, joined */
    int ncmd;           /* how many commands line holds */
    Buf content;        /* text or code waiting for its command */
    Tag tag;            /* the open tag, TAG_NONE out of one */
    Buf *code;          /* the tags' code, or NULL */
    Buf *pieces;        /* what the program does (erbsrc.h), or NULL */
} Erb;

static void piece(Erb *e, char kind, const char *s, size_t n)
{
    if (!e->pieces) return;
    buf_addc(e->pieces, kind);
    buf_add(e->pieces, &n, sizeof n);
    buf_add(e->pieces, s, n);
}

static void push(Erb *e, const char *s, size_t n)
{
    if (e->ncmd++ > 0) buf_add(&e->line, "; ", 2);
    buf_add(&e->line, s, n);
}

/* ends the current Ruby line */
static void cr(Erb *e)
{
    buf_add(e->script, e->line.s ? e->line.s : "", e->line.len);
    buf_clear(&e->line);
    e->ncmd = 0;
    buf_addc(e->script, '\n');
}

/* text as String#dump writes a binary string */
static void dump(Buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    buf_addc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': buf_add(b, "\\\"", 2); break;
        case '\\': buf_add(b, "\\\\", 2); break;
        case '\n': buf_add(b, "\\n", 2); break;
        case '\r': buf_add(b, "\\r", 2); break;
        case '\t': buf_add(b, "\\t", 2); break;
        case '\f': buf_add(b, "\\f", 2); break;
        case '\v': buf_add(b, "\\v", 2); break;
        case '\b': buf_add(b, "\\b", 2); break;
        case '\a': buf_add(b, "\\a", 2); break;
        case 033: buf_add(b, "\\e", 2); break;
        case '#':
            if (i + 1 < n && (s[i + 1] == '{' || s[i + 1] == '$' || s[i + 1] == '@')) buf_add(b, "\\#", 2);
            else buf_addc(b, '#');
            break;
        default:
            if (c >= 0x20 && c < 0x7f) {
                buf_addc(b, (char)c);
            } else {
                char x[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
                buf_add(b, x, 4);
            }
        }
    }
    buf_addc(b, '"');
}

/* the waiting content as a text command, if there is any */
static void put_text(Erb *e)
{
    if (e->content.len == 0) return;
    piece(e, 'T', e->content.s, e->content.len);
    Buf cmd = BUF_INIT;
    buf_adds(&cmd, "_erbout.<< ");
    dump(&cmd, e->content.s, e->content.len);
    buf_adds(&cmd, ".freeze");
    for (size_t i = 0; i < e->content.len; i++)
        if (e->content.s[i] == '\n') buf_addc(&cmd, '\n');
    push(e, cmd.s, cmd.len);
    buf_free(&cmd);
    buf_clear(&e->content);
}

/* a text token out of a tag */
static void text(Erb *e, const char *s, size_t n)
{
    if (n == 0) return;
    buf_add(&e->content, s, n);
    if (n == 1 && s[0] == '\n') put_text(e);
}

static void open_tag(Erb *e, Tag t)
{
    put_text(e);
    e->tag = t;
}

/* "%>": the tag's command */
static void close_tag(Erb *e)
{
    Buf *c = &e->content;
    const char *s = c->s ? c->s : "";
    if (e->code && (e->tag == TAG_CODE || e->tag == TAG_INSERT)) {
        buf_add(e->code, s, c->len);
        buf_addc(e->code, '\n');
    }
    if (e->tag == TAG_CODE || e->tag == TAG_INSERT) piece(e, e->tag == TAG_INSERT ? 'E' : 'C', s, c->len);
    switch (e->tag) {
    case TAG_CODE:
        if (c->len > 0 && s[c->len - 1] == '\n') {
            size_t n = c->len - 1;                  /* String#chop: "\r\n" too */
            if (n > 0 && s[n - 1] == '\r') n--;
            push(e, s, n);
            cr(e);
        } else {
            push(e, s, c->len);
        }
        break;
    case TAG_INSERT: {
        Buf cmd = BUF_INIT;
        buf_adds(&cmd, "_erbout.<<((");
        buf_add(&cmd, s, c->len);
        buf_adds(&cmd, ").to_s)");
        push(e, cmd.s, cmd.len);
        buf_free(&cmd);
        break;
    }
    default: break;
    }
    e->tag = TAG_NONE;
    buf_clear(c);
}

/* The start tag at p (kind in *tag, TAG_NONE for "<%%"), its length, or 0.
 * line_start: p counts as a line start whatever precedes it (the scanner
 * resumes there: ERB's StringScanner anchors "^" at its position too). */
static size_t start_tag_at(const char *t, size_t n, size_t p, int line_start, Tag *tag)
{
    if (line_start || t[p - 1] == '\n') {
        size_t q = p;
        while (q < n && (t[q] == ' ' || t[q] == '\t')) q++;
        if (n - q >= 3 && memcmp(t + q, "<%-", 3) == 0) {
            *tag = TAG_CODE;
            return q + 3 - p;
        }
    }
    if (n - p < 2 || t[p] != '<' || t[p + 1] != '%') return 0;
    char k = n - p >= 3 ? t[p + 2] : 0;
    *tag = k == '=' ? TAG_INSERT : k == '#' ? TAG_COMMENT : TAG_CODE;
    if (k == '-') return 3;
    if (k == '%') { *tag = TAG_NONE; return 3; }
    return k == '=' || k == '#' ? 3 : 2;
}

int erbsrc_translate(Buf *out, const char *t, size_t n) { return erbsrc_translate_code(out, NULL, NULL, t, n); }

/* Whether s (n bytes) has what ERB's magic comment patterns look for:
 * "coding", blanks, "=" or ":", blanks, a letter, digit, "-" or "_"; or
 * "frozen" "-"/"_" "string" "-"/"_" "literal", blanks, ":", blanks, a
 * letter or digit. */
static int magic_words(const char *s, size_t n)
{
#define BLANKS(k) while (k < n && strchr(" \t\n\v\f\r", s[k]) && s[k]) k++
    for (size_t i = 0; i < n; i++) {
        size_t k = i;
        if (n - i >= 6 && memcmp(s + i, "coding", 6) == 0) {
            k += 6;
            BLANKS(k);
            if (k >= n || (s[k] != '=' && s[k] != ':')) continue;
            k++;
            BLANKS(k);
            if (k < n && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_')) return 1;
        } else if (n - i >= 21 && memcmp(s + i, "frozen", 6) == 0 && (s[i + 6] == '-' || s[i + 6] == '_') &&
                   memcmp(s + i + 7, "string", 6) == 0 && (s[i + 13] == '-' || s[i + 13] == '_') &&
                   memcmp(s + i + 14, "literal", 7) == 0) {
            k += 21;
            BLANKS(k);
            if (k >= n || s[k] != ':') continue;
            k++;
            BLANKS(k);
            if (k < n && isalnum((unsigned char)s[k])) return 1;
        }
    }
    return 0;
#undef BLANKS
}

/* Whether text t opens with a comment tag that ERB reads as a magic
 * comment: ERB matches "<%#(.*)%>" at the start (".": any byte but a
 * newline, so up to the first line's last "%>"), and a comment naming an
 * encoding or frozen string literals changes its program's first lines.
 * (ERB narrows a "-*- ... -*-" comment to its inside first; the inside
 * matching implies the whole does, so the test on the whole is the safe
 * side.)  After the first match the next would have to start right
 * after that line's last "%>", where no closed tag can. */
static int magic_comment(const char *t, size_t n)
{
    if (n < 3 || memcmp(t, "<%#", 3) != 0) return 0;
    const char *nl = memchr(t, '\n', n);
    size_t end = nl ? (size_t)(nl - t) : n, close = 0;
    for (size_t i = 3; i + 2 <= end; i++)
        if (t[i] == '%' && t[i + 1] == '>') close = i;
    return close >= 3 && magic_words(t + 3, close - 3);
}

int erbsrc_translate_code(Buf *out, Buf *code, Buf *pieces, const char *t, size_t n)
{
    if (magic_comment(t, n)) return -1;
    Erb e = {out, BUF_INIT, 0, BUF_INIT, TAG_NONE, code, pieces};
    push(&e, "_erbout = +''", 13);
    size_t p = 0;
    while (p < n) {
        if (e.tag == TAG_NONE) {
            size_t q = p, len = 0;
            Tag tag = TAG_NONE;
            for (; q < n; q++)
                if ((len = start_tag_at(t, n, q, q == p, &tag)) > 0) break;
            text(&e, t + p, q - p);
            if (q == n) break;
            if (tag == TAG_NONE) buf_add(&e.content, "<%", 2);
            else open_tag(&e, tag);
            p = q + len;
        } else {
            size_t q = p;
            int kind = 0;      /* 1 "-%>", 2 "%%>", 3 "%>" */
            for (; q < n; q++) {
                if (n - q >= 3 && memcmp(t + q, "-%>", 3) == 0) { kind = 1; break; }
                if (n - q >= 3 && memcmp(t + q, "%%>", 3) == 0) { kind = 2; break; }
                if (n - q >= 2 && memcmp(t + q, "%>", 2) == 0) { kind = 3; break; }
            }
            buf_add(&e.content, t + p, q - p);
            if (q == n) break;
            if (kind == 2) {
                buf_add(&e.content, "%>", 2);
                p = q + 3;
            } else if (kind == 3) {
                close_tag(&e);
                p = q + 2;
            } else {
                close_tag(&e);
                p = q + 3;
                if (p < n && t[p] == '\n') { p++; cr(&e); }
                else if (n - p >= 2 && t[p] == '\r' && t[p + 1] == '\n') { p += 2; cr(&e); }
                else if (p == n) cr(&e);
            }
        }
    }
    put_text(&e);
    push(&e, "_erbout", 7);
    buf_add(out, e.line.s ? e.line.s : "", e.line.len);
    buf_free(&e.line);
    buf_free(&e.content);
    return 0;
}
