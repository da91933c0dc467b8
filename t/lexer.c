/*
 * lexer.c - unit tests for the Puppet 7 scanner (lexer/lexer.re).  Most cases
 * are a table row: manifest text in, the token stream rendered as one line
 * out, plus a substring the diagnostics must contain (or NULL for "no
 * diagnostics at all").  The expectations were checked against Puppet 7's own
 * lexer (Lexer2).  A few tests below the table check byte offsets, ${expr}
 * ranges re-lexed with lex_init_range, and scanning speed.
 *
 * Rendering: NAME(foo), INTEGER(42), FLOAT(1.5), STRING(text) with ":syntax"
 * for heredocs, DQ(text<$var>text<${expr source}>), ERROR, and the bare kind
 * for everything else.  Diagnostics are caught by pointing stderr at a
 * tmpfile() for the duration of one case.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "lexer/lexer.h"
#include "t/tap.h"

static const char *const kind_names[TK_COUNT] = {
    [TK_EOF] = "EOF", [TK_ERROR] = "ERROR", [TK_NAME] = "NAME", [TK_CLASSREF] = "CLASSREF",
    [TK_VARIABLE] = "VAR", [TK_INTEGER] = "INTEGER", [TK_FLOAT] = "FLOAT", [TK_STRING] = "STRING",
    [TK_DQSTRING] = "DQ", [TK_REGEX] = "REGEX", [TK_AND] = "AND", [TK_APPLICATION] = "APPLICATION",
    [TK_ATTR] = "ATTR", [TK_CASE] = "CASE", [TK_CLASS] = "CLASS", [TK_CONSUMES] = "CONSUMES",
    [TK_DEFAULT] = "DEFAULT", [TK_DEFINE] = "DEFINE", [TK_ELSE] = "ELSE", [TK_ELSIF] = "ELSIF",
    [TK_FALSE] = "FALSE", [TK_FUNCTION] = "FUNCTION", [TK_IF] = "IF", [TK_IMPORT] = "IMPORT",
    [TK_IN] = "IN", [TK_INHERITS] = "INHERITS", [TK_NODE] = "NODE", [TK_OR] = "OR",
    [TK_PRIVATE] = "PRIVATE", [TK_PRODUCES] = "PRODUCES", [TK_SITE] = "SITE", [TK_TRUE] = "TRUE",
    [TK_TYPE] = "TYPE", [TK_UNDEF] = "UNDEF", [TK_UNLESS] = "UNLESS", [TK_LBRACK] = "LBRACK",
    [TK_LISTSTART] = "LISTSTART", [TK_RBRACK] = "RBRACK", [TK_LBRACE] = "LBRACE",
    [TK_SELBRACE] = "SELBRACE", [TK_RBRACE] = "RBRACE", [TK_LPAREN] = "LPAREN",
    [TK_WSLPAREN] = "WSLPAREN", [TK_RPAREN] = "RPAREN", [TK_COMMA] = "COMMA", [TK_SEMIC] = "SEMIC",
    [TK_COLON] = "COLON", [TK_QMARK] = "QMARK", [TK_DOT] = "DOT", [TK_PIPE] = "PIPE", [TK_AT] = "AT",
    [TK_ATAT] = "ATAT", [TK_FARROW] = "FARROW", [TK_PARROW] = "PARROW", [TK_IN_EDGE] = "IN_EDGE",
    [TK_IN_EDGE_SUB] = "IN_EDGE_SUB", [TK_OUT_EDGE] = "OUT_EDGE", [TK_OUT_EDGE_SUB] = "OUT_EDGE_SUB",
    [TK_LCOLLECT] = "LCOLLECT", [TK_RCOLLECT] = "RCOLLECT", [TK_LLCOLLECT] = "LLCOLLECT",
    [TK_RRCOLLECT] = "RRCOLLECT", [TK_EQUALS] = "EQUALS", [TK_APPENDS] = "APPENDS",
    [TK_DELETES] = "DELETES", [TK_ISEQUAL] = "ISEQUAL", [TK_NOTEQUAL] = "NOTEQUAL",
    [TK_MATCH] = "MATCH", [TK_NOMATCH] = "NOMATCH", [TK_GREATEREQUAL] = "GREATEREQUAL",
    [TK_GREATERTHAN] = "GREATERTHAN", [TK_LESSEQUAL] = "LESSEQUAL", [TK_LESSTHAN] = "LESSTHAN",
    [TK_LSHIFT] = "LSHIFT", [TK_RSHIFT] = "RSHIFT", [TK_PLUS] = "PLUS", [TK_MINUS] = "MINUS",
    [TK_TIMES] = "TIMES", [TK_DIV] = "DIV", [TK_MODULO] = "MODULO", [TK_NOT] = "NOT",
};

static int is_int(long long got, long long want, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int is_int(long long got, long long want, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = tap_vok(got == want, fmt, ap);
    va_end(ap);
    if (got != want) printf("#   got:  %lld\n#   want: %lld\n", got, want);
    return r;
}

/* ---- capturing diagnostics ---- */

static FILE *cap_file;
static int saved_stderr = -1;

static void capture_begin(void)
{
    fflush(stderr);
    cap_file = tmpfile();
    if (!cap_file) {
        perror("tmpfile");
        exit(2);
    }
    saved_stderr = dup(2);
    dup2(fileno(cap_file), 2);
}

/* Ends the capture; returns what was written (caller frees). */
static char *capture_end(void)
{
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    long n = ftell(cap_file);
    char *s = malloc((size_t)(n > 0 ? n : 0) + 1);
    rewind(cap_file);
    size_t got = n > 0 ? fread(s, 1, (size_t)n, cap_file) : 0;
    s[got] = '\0';
    fclose(cap_file);
    return s;
}

/* ---- rendering a token stream ---- */

static void render_token(Buf *b, const SrcFile *f, const Token *t)
{
    buf_adds(b, kind_names[t->kind]);
    switch (t->kind) {
    case TK_NAME: case TK_CLASSREF: case TK_VARIABLE: case TK_STRING: case TK_REGEX:
        buf_addc(b, '(');
        buf_add(b, t->text, t->text_len);
        buf_addc(b, ')');
        break;
    case TK_INTEGER:
        buf_printf(b, "(%lld)", (long long)t->ival);
        break;
    case TK_FLOAT:
        buf_printf(b, "(%g)", t->fval);
        break;
    case TK_DQSTRING:
        buf_addc(b, '(');
        for (const StrPart *p = t->parts; p; p = p->next) {
            if (p->kind == SP_TEXT) buf_add(b, p->text, p->len);
            else if (p->kind == SP_VAR) buf_printf(b, "<$%.*s>", (int)p->len, p->text);
            else buf_printf(b, "<${%.*s}>", (int)p->elen, f->text + p->off);
        }
        buf_addc(b, ')');
        break;
    default:
        break;
    }
    if (t->heredoc_syntax) buf_printf(b, ":%s", t->heredoc_syntax);
}

/* Lexes len bytes of text; returns the rendered stream (caller frees). */
static char *render(const char *text, size_t len, int *errors)
{
    SrcFile *f = diag_file_from_string("t.pp", text, len);
    Arena a;
    arena_init(&a);
    Lexer lx;
    lex_init(&lx, &a, f);
    Buf b = BUF_INIT;
    Token t;
    int guard = 0;
    while (lex_next(&lx, &t) != TK_EOF && guard++ < 1000) {
        if (b.len) buf_addc(&b, ' ');
        render_token(&b, f, &t);
    }
    if (errors) *errors = lx.errors;
    arena_free(&a);
    diag_file_free(f);
    char *s = buf_detach(&b);
    return s ? s : calloc(1, 1);
}

/* ---- the table ---- */

typedef struct Case {
    const char *in;
    const char *want;  /* rendered tokens */
    const char *diag;  /* substring of the diagnostics, or NULL for none */
} Case;

static const Case cases[] = {
    /* white space and comments */
    {"", "", NULL},
    {"  \t\r\n # comment\n /* multi\n line */ ", "", NULL},
    {"a # c\nb/* x */c", "NAME(a) NAME(b) NAME(c)", NULL},
    {"a /* open", "NAME(a) ERROR", "Unclosed multiline comment"},
    {"a\xC2\xA0" "b\xE3\x80\x80" "c", "NAME(a) NAME(b) NAME(c)", NULL},

    /* names, words, class references, keywords */
    {"foo foo::bar ::foo fooBar1", "NAME(foo) NAME(foo::bar) NAME(::foo) NAME(fooBar1)", NULL},
    {"_x foo-bar a-b- foo::_y", "NAME(_x) NAME(foo-bar) NAME(a-b) MINUS NAME(foo::_y)", NULL},
    {"Foo Foo::Bar ::Foo::Bar Foo_1x", "CLASSREF(Foo) CLASSREF(Foo::Bar) CLASSREF(::Foo::Bar) CLASSREF(Foo_1x)", NULL},
    {"Foo::bar", "ERROR", "Illegal class reference"},
    {"::Foo::bar", "ERROR", "Illegal fully qualified class reference"},
    {":: 1", "ERROR INTEGER(1)", "Illegal fully qualified name"},
    {"and attr case class default define else elsif false function if in inherits node or private true type undef unless",
     "AND ATTR CASE CLASS DEFAULT DEFINE ELSE ELSIF FALSE FUNCTION IF IN INHERITS NODE OR PRIVATE TRUE TYPE UNDEF UNLESS", NULL},
    {"classes classify default_x in2 undefined ::class iff",
     "NAME(classes) NAME(classify) NAME(default_x) NAME(in2) NAME(undefined) NAME(::class) NAME(iff)", NULL},
    {"application consumes produces site import plan apply",
     "NAME(application) NAME(consumes) NAME(produces) NAME(site) NAME(import) NAME(plan) NAME(apply)", NULL},

    /* variables */
    {"$x $::x $a::b::c $0 $10 $_y $Foo", "VAR(x) VAR(::x) VAR(a::b::c) VAR(0) VAR(10) VAR(_y) VAR(Foo)", NULL},
    {"$ = $a::b::", "VAR() EQUALS VAR(a::b) ERROR", "Illegal fully qualified name"},
    {"$x[1]", "VAR(x) LBRACK INTEGER(1) RBRACK", NULL},

    /* numbers */
    {"0 42 0x1F 0XaB 017 00", "INTEGER(0) INTEGER(42) INTEGER(31) INTEGER(171) INTEGER(15) INTEGER(0)", NULL},
    {"1.5 1e3 1.5e-3 2E5 0.25", "FLOAT(1.5) FLOAT(1000) FLOAT(0.0015) FLOAT(200000) FLOAT(0.25)", NULL},
    {"-1 - 2", "MINUS INTEGER(1) MINUS INTEGER(2)", NULL},
    {"1.foo 1.5.3", "INTEGER(1) DOT NAME(foo) FLOAT(1.5) DOT INTEGER(3)", NULL},
    {"123abc", "ERROR", "Illegal number '123abc'"},
    {"09", "ERROR", "Not a valid octal number 09"},
    {"0x 0xfg", "ERROR ERROR", "Not a valid hex number 0xfg"},
    {"1e+3", "ERROR PLUS INTEGER(3)", "Not a valid decimal number 1e"},
    {"1.5x", "ERROR", "Not a valid decimal number 1.5x"},
    {"9223372036854775807", "INTEGER(9223372036854775807)", NULL},
    {"9223372036854775808", "ERROR", "outside of Puppet Integer max range, got '+0x8000000000000000'"},

    /* single quotes: only \\ and \' are escapes */
    {"'a' 'it\\'s' 'a\\\\b' 'a\\nb' ''", "STRING(a) STRING(it's) STRING(a\\b) STRING(a\\nb) STRING()", NULL},
    {"'multi\nline'", "STRING(multi\nline)", NULL},
    {"'abc", "ERROR", "Unclosed quote after \"'\" followed by 'abc...'"},
    {"'''", "STRING(')", NULL}, /* Puppet's slurp regex takes the second quote as text */

    /* double quotes */
    {"\"plain\"", "STRING(plain)", NULL},
    {"\"\\\\ \\n \\r \\t \\s \\$ \\\" \\'\"", "STRING(\\ \n \r \t   $ \" ')", NULL},
    {"\"\\u00e9\\u{1F600}\\u{41}\"", "STRING(\xC3\xA9\xF0\x9F\x98\x80" "A)", NULL},
    {"\"\\q\"", "STRING(\\q)", "Unrecognized escape sequence '\\q'"},
    {"\"\\uzz\"", "STRING(\\uzz)", "Unicode escape '\\u' was not followed by 4 hex digits"},
    {"\"a\\\nb\" \"c\\\r\nd\"", "STRING(ab) STRING(cd)", NULL},
    {"\"a$x b\"", "DQ(a<$x> b)", NULL},
    {"\"$x[1] $x.y\"", "DQ(<$x>[1] <$x>.y)", NULL},
    {"\"${x}\"", "DQ(<${x}>)", NULL},
    {"\"a${x[1]}b${ $y + 1 }\"", "DQ(a<${x[1]}>b<${ $y + 1 }>)", NULL},
    {"\"$ $:: a$ $$x\"", "DQ($ $:: a$ $<$x>)", NULL},
    {"\"${ {a => '}'}[a] }\"", "DQ(<${ {a => '}'}[a] }>)", NULL},
    {"\"${ \"in${x}\" }!\"", "DQ(<${ \"in${x}\" }>!)", NULL},
    {"\"$a::b:: $::top\"", "DQ(<$a::b>:: <$::top>)", NULL},
    {"\"\\$x\"", "STRING($x)", NULL},
    {"\"abc", "ERROR", "Unclosed quote after '\"' followed by 'abc...'"},
    {"\"${x\"", "ERROR", "Unclosed quote after '\"'"},

    /* heredocs */
    {"@(E)\nx\nE\n", "STRING(x\n)", NULL},
    {"@(E)\n  x\n  |-E\n", "STRING(x)", NULL},
    {"$a = @(E)\n  x\n y\n\n   z\n  | E\n$b", "VAR(a) EQUALS STRING(x\n y\n\n z\n) VAR(b)", NULL},
    {"@(E)\n\tx\n\t  y\n\t|-E", "STRING(x\n  y)", NULL},
    {"@(E:json)\n{}\n-E", "STRING({}):json", NULL},
    {"@(\"E\")\n$x and ${y}\nE", "DQ(<$x> and <${y}>\n)", NULL},
    {"@(E)\n$x \\n\nE", "STRING($x \\n\n)", NULL},
    {"@(\"E\")\n\\$x \\n\nE", "DQ(\\<$x> \\n\n)", NULL},
    {"@(E/tn)\na\\tb\\nc\\q\\\\\nE", "STRING(a\tb\nc\\q\\\n)", NULL},
    {"@(E/)\na\\sb\\u00e9\\$x \\\ncont\nE", "STRING(a b\xC3\xA9$x cont\n)", NULL},
    {"@(\"E\"/L)\n  a \\\n  b $x\n  |-E", "DQ(a b <$x>)", NULL},
    {"@(\"E\"/t)\n\\$x\\t\nE", "DQ(\\<$x>\t\n)", NULL},
    {"@(\"E\" : json/t)\n\\t$x\nE", "DQ(\t<$x>\n):json", NULL},
    {"f(@(A), @(B))\na\nA\nb\nB\nc", "NAME(f) LPAREN STRING(a\n) COMMA STRING(b\n) RPAREN NAME(c)", NULL},
    {"@(A) # comment\na\nA\n@(B)\nb\nB", "STRING(a\n) STRING(b\n)", NULL},
    {"@(E)\nfooE\nx", "STRING() NAME(x)", NULL}, /* Puppet's end-tag match is unanchored */
    {"@(E)\r\nx\r\n-E\r\ny", "STRING(x) NAME(y)", NULL},
    {"@( E )\nx\n E \n", "STRING(x\n)", NULL},
    {"@(E)\nno end\n", "ERROR", "Heredoc without end-tagged line"},
    {"@(E", "ERROR CLASSREF(E)", "Unclosed parenthesis after '@(' followed by '@(E...'"},
    {"@(E/q)\nE", "ERROR CLASSREF(E)", "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'q'"},
    {"@(E/tt)\nE", "ERROR CLASSREF(E)", "An escape char for @() may only appear once. Got 't, t'"},
    {"@(\"\")\nE", "ERROR CLASSREF(E)", "Heredoc with an empty endtag"},
    {"@(E:x)\nE", "ERROR CLASSREF(E)", "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"},
    {"@(E)", "ERROR", "Heredoc without any following lines of text"},

    /* regex or division */
    {"$x =~ /a\\/b/", "VAR(x) MATCH REGEX(a\\/b)", NULL},
    {"$x / 2 / 3", "VAR(x) DIV INTEGER(2) DIV INTEGER(3)", NULL},
    {"foo /a/", "NAME(foo) DIV NAME(a) DIV", NULL},
    {"(1) /a/ [1] /b/", "WSLPAREN INTEGER(1) RPAREN DIV NAME(a) DIV LISTSTART INTEGER(1) RBRACK DIV NAME(b) DIV", NULL},
    {"} /a/ if /b/ {", "RBRACE REGEX(a) IF REGEX(b) LBRACE", NULL},
    {"= /a\nb/ = /abc", "EQUALS REGEX(a\nb) EQUALS DIV NAME(abc)", NULL},
    {"true /a/ undef /b/ 'x' /c/", "TRUE DIV NAME(a) DIV UNDEF REGEX(b) STRING(x) DIV NAME(c) DIV", NULL},
    {"= /\\\\/ =~ /[\\/]/", "EQUALS REGEX(\\\\) MATCH REGEX([\\/])", NULL},

    /* [ ( { by context */
    {"[1] x[2] x [3]\n[4]", "LISTSTART INTEGER(1) RBRACK NAME(x) LBRACK INTEGER(2) RBRACK NAME(x) LISTSTART INTEGER(3) RBRACK LISTSTART INTEGER(4) RBRACK", NULL},
    {"(1)\n  (2) f(3) f (4)", "WSLPAREN INTEGER(1) RPAREN WSLPAREN INTEGER(2) RPAREN NAME(f) LPAREN INTEGER(3) RPAREN NAME(f) LPAREN INTEGER(4) RPAREN", NULL},
    {"$x ? { 1 => 2 } {", "VAR(x) QMARK SELBRACE INTEGER(1) FARROW INTEGER(2) RBRACE LBRACE", NULL},

    /* operators, longest match */
    {"<<| |>> <| |> <~ <- ~> -> += -= => +> == != =~ !~ >= <= << >> @@ @",
     "LLCOLLECT RRCOLLECT LCOLLECT RCOLLECT OUT_EDGE_SUB OUT_EDGE IN_EDGE_SUB IN_EDGE APPENDS DELETES FARROW PARROW "
     "ISEQUAL NOTEQUAL MATCH NOMATCH GREATEREQUAL LESSEQUAL LSHIFT RSHIFT ATAT AT", NULL},
    {", ; : . | * % ! < > = + - ?", "COMMA SEMIC COLON DOT PIPE TIMES MODULO NOT LESSTHAN GREATERTHAN EQUALS PLUS MINUS QMARK", NULL},
    {"<<<|>>>", "LSHIFT LCOLLECT RSHIFT GREATERTHAN", NULL},
    {"@@File <<| |>>", "ATAT CLASSREF(File) LLCOLLECT RRCOLLECT", NULL},

    /* bad input */
    {"a ~ b", "NAME(a) ERROR NAME(b)", "Syntax error at '~'"},
    {"a ^ b", "NAME(a) ERROR NAME(b)", "Syntax error at '^'"},
    {"\xEF\xBB\xBF" "foo", "NAME(foo)", "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF]"},
    {"'\xFF'", "STRING(\xFF)", "invalid byte sequence in UTF-8"},
};

/* The input as a one-line TAP label: control bytes escaped, cut short. */
static const char *label_of(char *buf, size_t size, const char *in)
{
    size_t n = 0;
    for (; *in && n + 5 < size; in++) {
        unsigned char c = (unsigned char)*in;
        if (c == '\n') n += (size_t)snprintf(buf + n, size - n, "\\n");
        else if (c == '\r') n += (size_t)snprintf(buf + n, size - n, "\\r");
        else if (c == '\t') n += (size_t)snprintf(buf + n, size - n, "\\t");
        else if (c < 0x20 || c == '#') n += (size_t)snprintf(buf + n, size - n, "\\x%02X", c);
        else buf[n++] = (char)c;
    }
    buf[n] = '\0';
    return buf;
}

static void test_table(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        int errors;
        capture_begin();
        char *got = render(c->in, strlen(c->in), &errors);
        char *diag = capture_end();
        int ok_tokens = strcmp(got, c->want) == 0;
        int ok_diag = c->diag ? strstr(diag, c->diag) != NULL : diag[0] == '\0';
        char label[64];
        ok(ok_tokens && ok_diag, "case %zu: %s", i + 1, label_of(label, sizeof label, c->in));
        if (!ok_tokens) printf("#   got:  %s\n#   want: %s\n", got, c->want);
        if (!ok_diag) printf("#   diagnostics: %s#   want: %s\n", diag[0] ? diag : "(none)\n", c->diag ? c->diag : "(none)");
        free(got);
        free(diag);
    }
}

/* ---- offsets, ranges and the rest ---- */

typedef struct Lexed {
    SrcFile *f;
    Arena a;
    Lexer lx;
} Lexed;

static void lexed_open(Lexed *l, const char *text)
{
    l->f = diag_file_from_string("t.pp", text, strlen(text));
    arena_init(&l->a);
    lex_init(&l->lx, &l->a, l->f);
}

static void lexed_close(Lexed *l)
{
    arena_free(&l->a);
    diag_file_free(l->f);
}

static void test_offsets(void)
{
    Lexed l;
    Token t;
    /*                0123456789012345678901 */
    lexed_open(&l, "$x = \"a${b}c$d\" # end");
    lex_next(&l.lx, &t);
    is_int(t.off, 0, "variable at 0");
    is_int(t.len, 2, "  ... 2 bytes with the $");
    is_str(t.text, "x", "  ... text without $");
    lex_next(&l.lx, &t);
    is_int(t.off, 3, "'=' at 3");
    lex_next(&l.lx, &t);
    is_int(t.kind, TK_DQSTRING, "interpolated string");
    is_int(t.off, 5, "  ... at 5");
    is_int(t.len, 10, "  ... 10 bytes with quotes");
    ok(t.text == NULL, "  ... no text");
    StrPart *p = t.parts;
    ok(p && p->kind == SP_TEXT && p->len == 1 && strcmp(p->text, "a") == 0, "part 1 text 'a'");
    p = p ? p->next : NULL;
    ok(p && p->kind == SP_EXPR && p->off == 9 && p->elen == 1, "part 2 ${b}: range 9+1");
    p = p ? p->next : NULL;
    ok(p && p->kind == SP_TEXT && p->len == 1 && p->text[0] == 'c' && p->text[1] == '\0', "part 3 text 'c', NUL-terminated");
    p = p ? p->next : NULL;
    ok(p && p->kind == SP_VAR && p->off == 12 && p->elen == 2 && strcmp(p->text, "d") == 0, "part 4 $d: range 12+2, name d");
    ok(p && p->next == NULL, "four parts");
    is_int(lex_next(&l.lx, &t), TK_EOF, "then end of file");
    is_int(t.off, 21, "  ... at the end of the text");
    is_int(lex_next(&l.lx, &t), TK_EOF, "end of file again");
    is_int(l.lx.errors, 0, "no errors");
    lexed_close(&l);

    /* heredoc: the token is the @(...) spec; parts point into the body */
    /*              0          1          2          3 */
    /*              012345678 9012345678 9012345 678901 */
    lexed_open(&l, "x(@(\"E\")\n  ${a} $b\n  |-E\n)");
    lex_next(&l.lx, &t);
    lex_next(&l.lx, &t);
    lex_next(&l.lx, &t);
    is_int(t.kind, TK_DQSTRING, "heredoc with interpolation");
    is_int(t.off, 2, "  ... token at @(");
    is_int(t.len, 6, "  ... covers @(\"E\")");
    p = t.parts;
    ok(p && p->kind == SP_EXPR && p->off == 13 && p->elen == 1, "  ... ${a} range 13+1 in the body");
    p = p ? p->next : NULL;
    ok(p && p->kind == SP_TEXT && p->len == 1 && p->text[0] == ' ', "  ... then ' '");
    p = p ? p->next : NULL;
    ok(p && p->kind == SP_VAR && p->off == 16 && p->elen == 2, "  ... then $b at 16+2");
    ok(p && p->next == NULL, "  ... and no newline (trimmed)");
    is_int(lex_next(&l.lx, &t), TK_RPAREN, "scanning resumes after the body");
    is_int(t.off, 25, "  ... at the ')' on the last line");
    lexed_close(&l);

    /* keyword tokens carry their spelling */
    lexed_open(&l, "unless");
    lex_next(&l.lx, &t);
    is_str(t.text, "unless", "keyword text");
    lexed_close(&l);
}

/* The parser re-lexes each ${expr} range; tokens keep file offsets. */
static void test_ranges(void)
{
    Lexed l;
    Token t;
    /*               0123456789012345678 */
    lexed_open(&l, "\"${ $x[1] + f(2) }\"");
    lex_next(&l.lx, &t);
    StrPart *p = t.parts;
    ok(p && p->kind == SP_EXPR && p->off == 3 && p->elen == 14, "expression range 3+14");
    Lexer sub;
    lex_init_range(&sub, &l.a, l.f, p->off, p->elen);
    Buf b = BUF_INIT;
    while (lex_next(&sub, &t) != TK_EOF) buf_printf(&b, "%s@%u ", kind_names[t.kind], t.off);
    is_str(buf_cstr(&b), "VAR@4 LBRACK@6 INTEGER@7 RBRACK@8 PLUS@10 NAME@12 LPAREN@13 INTEGER@14 RPAREN@15 ",
           "range tokens with file offsets; '[' after $x is LBRACK");
    is_int(t.off, 17, "range EOF at its end");
    is_int(lex_next(&sub, &t), TK_EOF, "range EOF repeats");
    buf_free(&b);
    lexed_close(&l);

    /* the parser may pass the token before the string as prev */
    lexed_open(&l, "\"${{a=>1}}\"");
    lex_next(&l.lx, &t);
    lex_init_range(&sub, &l.a, l.f, t.parts->off, t.parts->elen);
    lex_next(&sub, &t);
    is_int(t.kind, TK_LBRACE, "'{' opening a range is LBRACE");
    lex_init_range(&sub, &l.a, l.f, 3, 7);
    sub.prev = TK_QMARK;
    lex_next(&sub, &t);
    is_int(t.kind, TK_SELBRACE, "  ... SELBRACE with prev = QMARK");
    lexed_close(&l);
}

static void test_misc(void)
{
    is_str(lex_kind_name(TK_FARROW), "'=>'", "kind name of =>");
    is_str(lex_kind_name(TK_NAME), "a name", "kind name of NAME");
    is_str(lex_kind_name(TK_EOF), "end of file", "kind name of EOF");
    ok(lex_kind_name((TokKind)999) != NULL, "kind name of a bad kind is not NULL");

    /* a NUL byte inside the text is a bad character, not the end */
    int errors;
    capture_begin();
    char *got = render("a\0b", 3, &errors);
    free(capture_end());
    is_str(got, "NAME(a) ERROR NAME(b)", "NUL inside the text");
    is_int(errors, 1, "  ... one error");
    free(got);

    /* a string running over heredoc bodies makes Puppet jump back */
    capture_begin();
    got = render("@(E) \"a\nE\nb\" 1\n2", 16, &errors);
    char *diag = capture_end();
    is_str(got, "STRING() STRING(a\nE\nb) INTEGER(1) NAME(b) ERROR", "newline jump goes back like Puppet's");
    free(got);
    free(diag);
}

/* Lexing must be linear and cheap: 20k resources well under a second. */
static void test_speed(void)
{
    Buf src = BUF_INIT;
    for (int i = 0; i < 20000; i++)
        buf_printf(&src, "file { \"/tmp/f%d\":\n  ensure => file,\n  content => \"x ${name} %d\\n\",\n"
                         "  mode => '0644',\n  require => File['/tmp'],\n}\n", i, i);
    SrcFile *f = diag_file_from_string("big.pp", src.s, src.len);
    Arena a;
    arena_init(&a);
    Lexer lx;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    lex_init(&lx, &a, f);
    Token t;
    long n = 0;
    while (lex_next(&lx, &t) != TK_EOF) n++;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    is_int(n, 20000L * 24, "20k resources: 24 tokens each");
    ok(ms < 2000, "lexed %zu bytes in %.1f ms", src.len, ms);
    arena_free(&a);
    diag_file_free(f);
    buf_free(&src);
}

int main(void)
{
    diag_max_errors = 1 << 30; /* the table reports many errors on purpose */
    diag_quiet_source = 1;
    test_table();
    test_offsets();
    test_ranges();
    test_misc();
    test_speed();
    return done_testing();
}
