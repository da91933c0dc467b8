/*
 * scanf.c - scanf(data, format) [|$result| ...]: Puppet's scanf, which is
 * Ruby's String#scanf (the scanf library) on data.  The format is cut into
 * pieces: a conversion (`%d`, `%5s`, `%*x`, `%[a-z]`, `%%`, with the blanks
 * before it) or a run of other non-blank characters (blanks alone only
 * separate).  Each piece, in turn, must match at the start of what is left
 * of the input (for most pieces after blanks are skipped); its text is
 * converted (Integer, Float or String) and scanning stops at the first
 * piece that does not match, or when the input is used up.  The result is
 * the array of the conversions made, `%*` ones and literal text left out.
 *
 * Each piece becomes a Ruby regular expression (Oniguruma in Ruby syntax,
 * as Ruby's scanf builds one), so character classes mean what they mean
 * in Ruby; the conversions are Ruby's String#to_i, #hex, #oct, #to_f and
 * Kernel#Integer on the matched text.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/buf.h"
#include "base/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define A (cc->arena)

typedef enum { CV_NONE, CV_DEC, CV_INT, CV_HEX, CV_OCT, CV_FLOAT, CV_STR } Conv;

typedef struct Piece {
    const char *text;       /* the piece as written, blanks before a conversion included */
    size_t len;
    int conversion;         /* a %-piece (else literal text) */
    int suppress;           /* %*... */
    long width;             /* -1: none */
    char letter;            /* d i u o x X a e f g A E F G s c [ % */
    const char *set;        /* %[...]: the text between the brackets */
    size_t setlen;
} Piece;

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

/* The next piece of the format at *p, or 0 at its end. */
static int next_piece(const char **p, Piece *pc)
{
    const char *s = *p;
    for (;;) {
        const char *start = s;
        while (is_blank(*s)) s++;
        if (!*s) return 0;
        if (*s == '%') {
            const char *q = s + 1;
            memset(pc, 0, sizeof *pc);
            pc->width = -1;
            if (*q == '%') {
                pc->conversion = 1, pc->letter = '%';
                q++;
            } else {
                if (*q == '*') pc->suppress = 1, q++;
                if (isdigit((unsigned char)*q)) {
                    pc->width = 0;
                    while (isdigit((unsigned char)*q)) pc->width = pc->width * 10 + (*q++ - '0');
                }
                if (*q == '[') {
                    const char *close = strchr(q + 1, ']');
                    if (q[1] == '[' && q[2] == ':') close = strstr(q + 3, ":]") ? strchr(strstr(q + 3, ":]") + 2, ']') : NULL;
                    if (!close) {       /* no conversion: Ruby's scanner skips the '%' */
                        s++;
                        continue;
                    }
                    pc->conversion = 1, pc->letter = '[';
                    pc->set = q + 1, pc->setlen = (size_t)(close - q - 1);
                    q = close + 1;
                } else if (*q && strchr("diuXxofFeEgGscaA", *q)) {
                    pc->conversion = 1, pc->letter = *q++;
                } else if (*q && strchr("DIUOSC", *q)) {
                    /* taken as a conversion by case-insensitive cutting, then matched as text */
                    pc->text = s, pc->len = (size_t)(q + 1 - s);
                    *p = q + 1;
                    return 1;
                } else {
                    /* not a conversion: Ruby's scanner skips the '%' */
                    s++;
                    continue;
                }
            }
            pc->text = start, pc->len = (size_t)(q - start);
            *p = q;
            return 1;
        }
        memset(pc, 0, sizeof *pc);
        pc->width = -1;
        pc->text = s;
        while (*s && *s != '%' && !is_blank(*s)) s++;
        pc->len = (size_t)(s - pc->text);
        *p = s;
        return 1;
    }
}

#define HEX "[A-Fa-f0-9]"
#define FLOAT_RE "[-+]?(?:0[xX](?:\\." HEX "+|" HEX "+(?:\\." HEX "*)?)[pP][-+]?\\d+|\\d+(?![\\d.])|\\d*\\.\\d*(?:[eE][-+]?\\d+)?)"

/* The pattern of a piece (group 1: the text to convert) and its conversion. */
static Conv piece_pattern(Buf *b, const Piece *pc, int blank_before)
{
    long n = pc->width;
    if (!pc->conversion) {
        buf_addc(b, '(');
        for (size_t i = 0; i < pc->len; i++) {
            char c = pc->text[i];
            if (strchr(".*?+^$|()[]{}\\/-#", c)) buf_addc(b, '\\');
            buf_addc(b, c);
        }
        buf_addc(b, ')');
        return CV_NONE;
    }
    switch (pc->letter) {
    case '%': buf_adds(b, "(\\s*%)"); return CV_NONE;
    case '[':
        if (n < 0) {
            buf_printf(b, "([%.*s]+)", (int)pc->setlen, pc->set);
        } else {
            buf_printf(b, "([%.*s]{1,%ld})", (int)pc->setlen, pc->set, n);
        }
        return CV_STR;
    case 'd': case 'u':
        if (n < 0) buf_adds(b, "([-+]?\\d+)");
        else if (n > 1) buf_printf(b, "([-+]\\d{1,%ld}|\\d{1,%ld})", n - 1, n);
        else buf_printf(b, "(\\d{1,%ld})", n);
        return CV_DEC;
    case 'i':
        if (n < 0) {
            buf_adds(b, "([-+]?(?:(?:0[0-7]+)|(?:0[Xx]" HEX "+)|(?:[1-9]\\d*)))");
        } else {
            buf_addc(b, '(');
            if (n > 1) buf_printf(b, "[1-9]\\d{1,%ld}|0[0-7]{1,%ld}|", n - 1, n - 1);
            if (n > 2) buf_printf(b, "[-+]0[0-7]{1,%ld}|[-+][1-9]\\d{1,%ld}|0[Xx]" HEX "{1,%ld}|", n - 2, n - 2, n - 2);
            if (n > 3) buf_printf(b, "[-+]0[Xx]" HEX "{1,%ld}|", n - 3);
            buf_adds(b, "\\d)");
        }
        return CV_INT;
    case 'x': case 'X':
        if (n < 0) {
            buf_adds(b, "([-+]?(?:0[Xx])?" HEX "+)");
        } else {
            buf_addc(b, '(');
            if (n > 3) buf_printf(b, "[-+]0[Xx]" HEX "{1,%ld}|", n - 3);
            if (n > 2) buf_printf(b, "0[Xx]" HEX "{1,%ld}|", n - 2);
            if (n > 1) buf_printf(b, "[-+]" HEX "{1,%ld}|", n - 1);
            buf_printf(b, HEX "{1,%ld})", n);
        }
        return CV_HEX;
    case 'o':
        if (n < 0) buf_adds(b, "([-+]?[0-7]+)");
        else buf_printf(b, "([-+][0-7]{1,%ld}|[0-7]{1,%ld})", n - 1, n);
        return CV_OCT;
    case 's':
        if (n < 0) buf_adds(b, "(\\S+)");
        else buf_printf(b, "(\\S{1,%ld})", n);
        return CV_STR;
    case 'c':
        if (n >= 0) buf_printf(b, "(.{1,%ld})", n);
        else buf_adds(b, blank_before ? "\\s*(.)" : "(.)");
        return CV_STR;
    default:    /* a e f g A E F G */
        if (n < 0) buf_adds(b, "(" FLOAT_RE ")");
        else buf_printf(b, "(?=" FLOAT_RE ")(\\S{1,%ld})", n);
        return CV_FLOAT;
    }
}

/* Ruby's String#to_i (base 10), #hex and #oct on the matched text: an
 * optional sign, for hex an optional 0x, then the digits that read. */
static Value *to_int(CallCtx *cc, const char *s, int base)
{
    int neg = 0;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    if (base == 16 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    if (base == 0) {                        /* Kernel#Integer: 0x.. hex, 0.. octal */
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
        else if (s[0] == '0' && s[1]) base = 8, s++;
        else base = 10;
    }
    unsigned long long v = 0;
    for (; *s; s++) {
        int d = isdigit((unsigned char)*s) ? *s - '0' : isxdigit((unsigned char)*s) ? (tolower((unsigned char)*s) - 'a' + 10) : 99;
        if (d >= base) break;
        if (v > (unsigned long long)INT64_MAX / (unsigned)base)
            ev_fail(cc, "'scanf' the number %s is too large for an Integer", s);
        v = v * (unsigned)base + (unsigned)d;
    }
    if (v > (unsigned long long)INT64_MAX) ev_fail(cc, "'scanf' the number is too large for an Integer");
    return val_int(A, neg ? -(int64_t)v : (int64_t)v);
}

/* Ruby's String#to_f (the longest leading decimal number; 0.0 when there
 * is none), a hexadecimal float (0x1.8p1) read as such, and "1.e5" as 1e5. */
static Value *to_float(CallCtx *cc, const char *s)
{
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        if (strpbrk(p, "pP")) return val_float(A, strtod(s, NULL));
        return val_float(A, *s == '-' ? -0.0 : 0.0);
    }
    Buf t = BUF_INIT;
    const char *q = s;
    if (*q == '+' || *q == '-') buf_addc(&t, *q++);
    size_t intd = 0;
    while (isdigit((unsigned char)*q)) buf_addc(&t, *q++), intd++;
    if (*q == '.' && isdigit((unsigned char)q[1])) {
        buf_addc(&t, *q++);
        while (isdigit((unsigned char)*q)) buf_addc(&t, *q++);
    } else if (*q == '.' && intd && (q[1] == 'e' || q[1] == 'E') && (q[2] == '+' || q[2] == '-') && isdigit((unsigned char)q[3])) {
        q++;                                /* "1.e+5": scanf reads it as 1e+5 */
    }
    if (intd || (t.len && strchr(buf_cstr(&t), '.'))) {
        if ((*q == 'e' || *q == 'E')) {
            const char *e = q + 1;
            if (*e == '+' || *e == '-') e++;
            if (isdigit((unsigned char)*e)) {
                while (q < e) buf_addc(&t, *q++);
                while (isdigit((unsigned char)*q)) buf_addc(&t, *q++);
            }
        }
    }
    double f = intd || strchr(buf_cstr(&t), '.') ? strtod(buf_cstr(&t), NULL) : 0.0;
    buf_free(&t);
    return val_float(A, f);
}

/* scanf(String data, String format) [|$result| ...] */
Value *f_scanf(CallCtx *cc)
{
    Value *data = cc->args[0], *format = cc->args[1];
    if (data->kind != V_STR) fn_fail_param(cc, "scanf", "data", fn_a_value(cc, "String"), data);
    if (format->kind != V_STR) fn_fail_param(cc, "scanf", "format", fn_a_value(cc, "String"), format);
    AVec out = {0};
    const char *fp = format->str.s;
    size_t pos = 0, len = data->str.len;
    const char *in = data->str.s;
    Piece pc;
    while (next_piece(&fp, &pc)) {
        int blank_before = pc.conversion && is_blank(pc.text[0]);
        /* blanks in the input are skipped, except before %c (with no blank
         * before it in the format) and before %[...] (unless %*[...]) */
        int keep_blanks = pc.conversion && ((pc.letter == 'c' && !blank_before) || (pc.letter == '[' && !pc.suppress));
        size_t at = pos;
        if (!keep_blanks)
            while (at < len && is_blank(in[at])) at++;
        Buf pat = BUF_INIT;
        buf_adds(&pat, "\\A(?m:");
        Conv conv = piece_pattern(&pat, &pc, blank_before);
        buf_addc(&pat, ')');
        const char *err = NULL;
        Regex *re = rx_get(buf_cstr(&pat), &err);
        buf_free(&pat);
        if (!re) ev_fail(cc, "'scanf' invalid format %.*s: %s", (int)pc.len, pc.text, err ? err : "bad pattern");
        int caps[4], ncap = 2;
        if (!rx_search(re, in + at, len - at, 0, caps, &ncap)) break;
        const char *m = in + at + caps[2];
        size_t mlen = (size_t)(caps[3] - caps[2]);
        pos = at + (size_t)caps[1];
        if (conv != CV_NONE && !pc.suppress) {
            char *text = arena_strndup(A, m, mlen);
            Value *v;
            switch (conv) {
            case CV_DEC: v = to_int(cc, text, 10); break;
            case CV_INT: v = to_int(cc, text, 0); break;
            case CV_HEX: v = to_int(cc, text, 16); break;
            case CV_OCT: v = to_int(cc, text, 8); break;
            case CV_FLOAT: v = to_float(cc, text); break;
            default: v = val_str(A, m, mlen); break;
            }
            fn_av_push(cc, &out, v);
        }
        if (pos >= len) break;
    }
    Value *r = fn_mk_array(cc, out.v, out.n);
    if (!cc->lambda) return r;
    return ev_yield(cc, &r, 1);
}
