/* t/json.c - the catalog JSON reader (catalog/jsonparse.c) is strict RFC
 * 8259 JSON: one small input per category of the JSONTestSuite parsing
 * cases (numbers, strings, UTF-8, structure), the values it builds, and
 * errors that name line, column and JSON path.  Given file arguments it
 * prints "accept FILE" or "reject FILE" for each instead (used by hand to
 * score the reader against a local copy of that suite; --allow-nul first
 * parses with JSON_ALLOW_NUL). */
#include "catalog/jsonparse.h"
#include "t/tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Arena A;

static Value *parse(const char *s, size_t n, Buf *err)
{
    buf_clear(err);
    return json_parse(&A, s, n, err);
}

static void accepts(const char *s, const char *name)
{
    Buf err = BUF_INIT;
    if (!ok(parse(s, strlen(s), &err) != NULL, "accepts %s", name)) printf("# %s\n", buf_cstr(&err));
    buf_free(&err);
}

/* rejects s (n bytes), and the error contains want */
static void rejects_n(const char *s, size_t n, const char *want, const char *name)
{
    Buf err = BUF_INIT;
    Value *v = parse(s, n, &err);
    if (!ok(!v && strstr(buf_cstr(&err), want), "rejects %s", name))
        printf("# %s: %s\n", v ? "accepted" : "error", buf_cstr(&err));
    buf_free(&err);
}
#define parse_s(s, err) parse(s, strlen(s), err)
#define rejects(s, want, name) rejects_n(s, strlen(s), want, name)

static int suite(int argc, char **argv)
{
    unsigned flags = 0;
    if (!strcmp(argv[1], "--allow-nul")) flags = JSON_ALLOW_NUL, argv++, argc--;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) return perror(argv[i]), 2;
        Buf text = BUF_INIT, err = BUF_INIT;
        char chunk[4096];
        size_t n;
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) buf_add(&text, chunk, n);
        fclose(f);
        Value *v = json_parse_flags(&A, text.len ? text.s : "", text.len, flags, &err);
        printf("%s %s%s%s\n", v ? "accept" : "reject", argv[i], v ? "" : ": ", v ? "" : buf_cstr(&err));
        buf_free(&text);
        buf_free(&err);
    }
    return 0;
}

int main(int argc, char **argv)
{
    arena_init(&A);
    if (argc > 1) return suite(argc, argv);
    Buf err = BUF_INIT;
    Value *v;

    /* numbers */
    static const char *const good_nums[] = {"0", "-0", "123", "-123", "1.5", "-0.5", "1e3", "1E3", "1e+3", "1e-3",
        "0e0", "0.0e-0", "1.5E+10", "123456789012345678901234567890", "1e-400", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]",
        "[123.456e78]", "9223372036854775807", "-9223372036854775808"};
    for (size_t i = 0; i < sizeof good_nums / sizeof *good_nums; i++) accepts(good_nums[i], good_nums[i]);
    static const char *const bad_nums[] = {"01", "-01", "00", "-", "-a", "2.", "2.e3", "0.e1", ".5", "-.5", "+1",
        "1e", "1e+", "1E-", "1.5e", "0x10", "1_000", "Infinity", "-Infinity", "NaN", "[1.0e+]", "[- 1]", "1ea",
        "[1.]", "0.1.2", "[1e1e1]", "1e999", "-1e999"};
    for (size_t i = 0; i < sizeof bad_nums / sizeof *bad_nums; i++) rejects(bad_nums[i], "", bad_nums[i]);
    rejects("-01", "leading zero", "leading zero named");
    rejects("1e999", "out of range", "huge exponent named");
    v = parse_s("[9223372036854775807, 9223372036854775808, 1.5, 1e-400, -0]", &err);
    ok(v && v->arr.n == 5 && v->arr.items[0]->kind == V_INT && v->arr.items[0]->i == 9223372036854775807LL &&
       v->arr.items[1]->kind == V_FLOAT && v->arr.items[2]->kind == V_FLOAT && v->arr.items[2]->f == 1.5 &&
       v->arr.items[3]->kind == V_FLOAT && v->arr.items[3]->f == 0.0 && v->arr.items[4]->kind == V_INT,
       "integers stay integers, bigger ones and fractions are floats, tiny ones round to 0");

    v = json_parse_flags(&A, "[\"a\\u0000b\"]", 12, JSON_ALLOW_NUL, &err);
    ok(v && v->arr.n == 1 && v->arr.items[0]->str.len == 3 && !memcmp(v->arr.items[0]->str.s, "a\0b", 4),
       "JSON_ALLOW_NUL keeps \\u0000 in a string");

    /* strings: escapes */
    v = parse_s("\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20ac\\ud83d\\ude00z\"", &err);
    is_str(v ? v->str.s : buf_cstr(&err), "a\"\\/\b\f\n\r\tA\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z", "escapes and paired surrogates decode");
    v = parse_s("\"\\uDBFF\\uDFFF\\uFFFF\\u0001\"", &err);
    is_str(v ? v->str.s : buf_cstr(&err), "\xf4\x8f\xbf\xbf\xef\xbf\xbf\x01", "highest code point, noncharacter, U+0001");
    accepts("\"\xe6\x97\xa5\xd1\x88\xf0\x9d\x84\x9e\x7f\"", "raw UTF-8 and DEL");
    rejects("\"\\x41\"", "bad escape", "\\x escape");
    rejects("\"\\a\"", "bad escape", "\\a escape");
    rejects("\"\\'\"", "bad escape", "\\' escape");
    rejects("\"\\u12\"", "\\u escape", "short \\u");
    rejects("\"\\uZZZZ\"", "\\u escape", "non-hex \\u");
    rejects("\"\\U0041\"", "bad escape", "\\U escape");
    rejects("\"\\", "unterminated", "escape at end of input");
    rejects("\"abc", "unterminated", "unterminated string");
    rejects("'abc'", "unexpected character", "single quotes");
    /* control characters and NUL */
    rejects("\"a\tb\"", "control character", "raw tab");
    rejects("\"a\nb\"", "control character", "raw newline");
    rejects("\"\x1f\"", "control character", "raw U+001F");
    rejects_n("\"a\0b\"", 5, "NUL byte", "raw NUL byte");
    rejects("\"/x\\u0000/etc/y\"", "\\u0000 (NUL) is not allowed", "\\u0000");
    /* surrogates */
    rejects("\"\\uD800\"", "lone high surrogate", "lone high surrogate");
    rejects("\"\\uD800x\"", "lone high surrogate", "high surrogate then text");
    rejects("\"\\uD800\\u0041\"", "lone high surrogate", "high surrogate then non-surrogate");
    rejects("\"\\uD800\\uD800\"", "lone high surrogate", "two high surrogates");
    rejects("\"\\uDC00\"", "lone low surrogate", "lone low surrogate");
    rejects("\"\\uDFFF\\uD800\"", "lone low surrogate", "reversed pair");
    /* invalid UTF-8, each kind */
    static const char *const bad_utf8[][2] = {
        {"\"\x80\"", "stray continuation byte"}, {"\"\xbf\"", "stray continuation byte 0xBF"},
        {"\"\xc3\"", "truncated 2-byte sequence"}, {"\"\xe2\x82\"", "truncated 3-byte sequence"},
        {"\"\xf0\x9f\x98\"", "truncated 4-byte sequence"}, {"\"\xc0\xaf\"", "overlong '/' (C0)"},
        {"\"\xc1\xbf\"", "overlong 2-byte (C1)"}, {"\"\xe0\x80\xaf\"", "overlong 3-byte"},
        {"\"\xf0\x80\x80\xaf\"", "overlong 4-byte"}, {"\"\xed\xa0\x80\"", "UTF-8 encoded high surrogate"},
        {"\"\xed\xbf\xbf\"", "UTF-8 encoded low surrogate"}, {"\"\xf4\x90\x80\x80\"", "above U+10FFFF"},
        {"\"\xf5\x80\x80\x80\"", "lead byte F5"}, {"\"\xf8\x88\x80\x80\x80\"", "5-byte form"},
        {"\"\xfe\"", "byte FE"}, {"\"\xff\"", "byte FF"}, {"\"\xe9\"", "Latin-1 text"},
        {"\"a\xc3(\"", "bad continuation"}, {"[\"\\u00e9\xe9\"]", "bad byte after an escape"},
    };
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof *bad_utf8; i++) rejects(bad_utf8[i][0], "invalid UTF-8", bad_utf8[i][1]);
    rejects("[\xe9]", "unexpected character", "bad byte outside a string");

    /* structure */
    accepts(" \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ \"a\" : [ ] } ] \t\r\n", "the four whitespace kinds everywhere");
    static const char *const top[] = {"1", "-1.5", "\"s\"", "true", "false", "null", "[]", "{}", "{\"\":0}"};
    for (size_t i = 0; i < sizeof top / sizeof *top; i++) accepts(top[i], top[i]);
    v = parse_s("{\"a\":1,\"a\":2,\"b\":null}", &err);
    ok(v && v->kind == V_HASH && v->hash.n == 3 && v->hash.vals[2]->kind == V_UNDEF, "duplicate keys kept in document order");
    static const char *const bad_struct[][2] = {
        {"", "empty input"}, {" \n", "whitespace only"}, {"[1,]", "trailing comma in an array"},
        {"{\"a\":1,}", "trailing comma in an object"}, {"[,1]", "leading comma"}, {"[1,,2]", "double comma"},
        {"[1 2]", "missing comma"}, {"{\"a\" 1}", "missing colon"}, {"{\"a\":}", "missing value"},
        {"{\"a\"}", "key without value"}, {"{1:1}", "non-string key"}, {"{a:1}", "unquoted key"},
        {"[1]x", "trailing garbage"}, {"[1]]", "extra close"}, {"{}}", "extra brace"}, {"[1", "unclosed array"},
        {"{\"a\":1", "unclosed object"}, {"[1}", "mismatched close"}, {"[1]/*c*/", "trailing comment"},
        {"[/* c */1]", "comment"}, {"[1]//c", "line comment"}, {"[1]#c", "hash comment"}, {"[\x0c1]", "form feed as whitespace"},
        {"[\x0b" "1]", "vertical tab as whitespace"}, {"[\xc2\xa0" "1]", "no-break space as whitespace"},
        {"\xef\xbb\xbf{}", "byte order mark"}, {"[True]", "capitalized True"}, {"[nul]", "truncated null"},
        {"[truex]", "true then garbage"}, {"[1] [2]", "two values"}, {"1 2", "two scalars"}, {"]", "lone close"},
        {"[\"a\":1]", "colon in an array"}, {"{\"a\":1:2}", "double colon"}, {"[]\x00", "NUL after the value"},
    };
    for (size_t i = 0; i < sizeof bad_struct / sizeof *bad_struct; i++)
        rejects_n(bad_struct[i][0], i == sizeof bad_struct / sizeof *bad_struct - 1 ? 3 : strlen(bad_struct[i][0]), "",
                  bad_struct[i][1]);

    /* nesting: 512 levels is the limit */
    enum { DEEP = 100000 };
    char *deep = malloc(2 * DEEP);
    memset(deep, '[', DEEP);
    memset(deep + DEEP, ']', DEEP);
    ok(parse(deep + DEEP - 512, 1024, &err) != NULL, "512 nested arrays parse");
    rejects_n(deep + DEEP - 513, 1026, "nested deeper than 512", "513 nested arrays");
    rejects_n(deep, DEEP, "nested deeper than 512", "100000 opening brackets");
    free(deep);

    /* errors name line, column, byte and JSON path */
    rejects("{\"resources\": [\n  {\"title\": \"a\"},\n  {\"title\": \"b\\u0000\"}\n]}",
            "line 3, column 15 (byte 48): \\u0000 (NUL) is not allowed in a string (at $.resources[1].title)",
            "error with line, column and path");
    rejects("{\"a\": [1, 2,]}", "line 1, column 13 (byte 12): unexpected character (at $.a[2])", "path of a missing value");

    buf_free(&err);
    arena_free(&A);
    done_testing();
    return tap_failed != 0;
}
