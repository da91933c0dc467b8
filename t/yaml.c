/* t/yaml.c - the YAML module's writers (catalog/yamlout.c): yml_dump gives
 * the bytes Ruby 3.1's Psych gives for the same data (each expectation is
 * what `ruby -ryaml -e 'puts [s].to_yaml'` printed), which exercises
 * yml_str_style, the one rule for how a string is quoted; the style for
 * strings whose emitted text libyaml would blur; yml_put_str's one-line
 * scalars; and a failed dump's message. */
#include "catalog/yaml.h"
#include "t/tap.h"
#include <string.h>

static Arena A;
static Buf out;         /* the last dump */

/* s with its newlines as \n, for a test's name */
static const char *shown(const char *s)
{
    Buf b = BUF_INIT;
    for (; *s; s++)
        if (*s == '\n') buf_adds(&b, "\\n");
        else buf_addc(&b, *s);
    const char *r = arena_strdup(&A, buf_cstr(&b));
    buf_free(&b);
    return r;
}

static const char *dump(const Value *v)
{
    buf_clear(&out);
    YmlDumpOptions o = {.line_width = -1};
    const char *err = NULL;
    if (!yml_dump(&A, &out, v, &o, &err)) return err;
    return buf_cstr(&out);
}

static void dumps_str(const char *s, const char *want)
{
    Value *items[] = {val_cstr(&A, s)};
    is_str(dump(val_array(&A, items, 1)), want, "to_yaml of [\"%s\"]", shown(s));
}

static void style(const char *s, long width, YmlStyle want)
{
    ok(yml_str_style(s, strlen(s), width) == want, "yml_str_style(\"%s\", %ld) is %d", shown(s), width, (int)want);
}

static void put(const char *s, const char *want)
{
    Buf b = BUF_INIT;
    yml_put_str(&b, s);
    is_str(buf_cstr(&b), want, "yml_put_str(\"%s\")", s);
    buf_free(&b);
}

int main(void)
{
    arena_init(&A);
    dumps_str("plain", "---\n- plain\n");
    dumps_str("yes", "---\n- 'yes'\n");
    dumps_str("y", "---\n- \"y\"\n");
    dumps_str("0755", "---\n- '0755'\n");
    dumps_str("089", "---\n- '089'\n");
    dumps_str("1:30", "---\n- '1:30'\n");
    dumps_str("- x", "---\n- \"- x\"\n");
    dumps_str("a\nb", "---\n- |-\n  a\n  b\n");
    dumps_str("a\n\n", "---\n- \"a\\n\\n\"\n");
    dumps_str("<<", "---\n- !!str '<<'\n");
    dumps_str(":sym", "---\n- \":sym\"\n");
    dumps_str("\xc3\xa9 word", "---\n- \xc3\xa9 word\n");
    dumps_str("\xc2\xb2x", "---\n- \"\xc2\xb2x\"\n");    /* ² is no word character */
    dumps_str("_x", "---\n- _x\n");
    dumps_str("#c", "---\n- \"#c\"\n");
    dumps_str("", "---\n- ''\n");
    dumps_str("a\"b", "---\n- a\"b\n");
    dumps_str("\"q", "---\n- \"\\\"q\"\n");
    dumps_str("2024-01-31", "---\n- '2024-01-31'\n");
    dumps_str("1.5", "---\n- '1.5'\n");
    dumps_str("a\n\"b", "---\n- |-\n  a\n  \"b\n");

    Value *inner[] = {val_int(&A, 1), val_float(&A, 2.5), VAL_UNDEF, val_bool(1)};
    Value *keys[] = {val_cstr(&A, "a"), val_cstr(&A, "b")};
    Value *vals[] = {val_array(&A, inner, 4), val_cstr(&A, "x")};
    is_str(dump(val_hash(&A, keys, vals, 2)), "---\na:\n- 1\n- 2.5\n-\n- true\nb: x\n", "a hash of an array");
    Value *shared[] = {val_int(&A, 1)};
    Value *a = val_array(&A, shared, 1);
    Value *pk[] = {val_cstr(&A, "p"), val_cstr(&A, "q")}, *pv[] = {a, a};
    is_str(dump(val_hash(&A, pk, pv, 2)), "---\np: &1\n- 1\nq: *1\n", "one array met twice: an anchor and an alias");

    /* styles whose emitted text would not tell them apart */
    style("a\n", -1, YML_PLAIN);                 /* a final newline is no inner one */
    style("a\n\n", -1, YML_DOUBLE);              /* the empty last line starts with no word character */
    style("abcdef", 3, YML_FOLDED);
    style("abc", 3, YML_PLAIN);
    style("x\n\"y", -1, YML_LITERAL);
    style("word \"- x", -1, YML_PLAIN);          /* a '"' before the end of the line */

    Value *ty = val_type(&A, "Data", NULL, 0);
    is_str(dump(ty), "can't dump anonymous module: #<Module:0x0000000000000000>", "Data cannot be dumped (Psych's message)");

    put("plain", "plain");
    put("yes", "\"yes\"");
    put("a: b", "\"a: b\"");
    put("tab\there", "\"tab\\there\"");
    put("\xc2\x85", "\"\\u0085\"");
    put("bad \xff", "\"bad \\xff\"");

    Buf b = BUF_INIT;
    yml_put_strval(&b, "2024-01-31T10:00:00.123456789+00:00", 35);
    is_str(buf_cstr(&b), "'2024-01-31T10:00:00.123456789+00:00'", "a report time is single-quoted");
    buf_free(&b);
    buf_free(&out);
    arena_free(&A);
    done_testing();
    return 0;
}
