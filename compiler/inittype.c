/*
 * inittype.c - Init[T] as a type to match: a value is an Init[T] when T's
 * new() would accept it as its one argument (Puppet's PInitType#instance?).
 * Puppet decides this from the signatures of T's new function, not by
 * trying the conversion: a value of T matches; so does a value of the
 * parameter type of a one-parameter signature; and a value that, as an
 * array of arguments (or wrapped in one, when such a signature takes one
 * argument at least), fits a signature of several parameters.  So
 * '3' =~ Init[Integer] (the String matches Integer's Pattern of integer
 * text) but 'x' does not, and [1, 2] =~ Init[Integer] (from 1, radix 2).
 * The signatures below are those of Puppet 7.23's new functions, written
 * as the type expressions they declare.
 */
#include "compiler/inittype.h"
#include "compiler/object.h"
#include "base/util.h"
#include <string.h>

#define A (c->arena)

/* One signature: parameter types as Puppet writes them, and how many of
 * them are required. */
typedef struct Sig { const char *params[7]; int min, max; } Sig;
typedef struct NewFn { const char *type; Sig sigs[5]; } NewFn;

#define INT_TEXT "/\\A[+-]?\\s*(?:(?:\\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\\z/"
#define FLOAT_TEXT "/\\A[+-]?\\s*(?:(?:(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE]-?\\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\\z/"
#define RADIX "Variant[Default, Integer[2,2], Integer[8,8], Integer[10,10], Integer[16,16]]"
#define FORMATS "Variant[String[2], Array[String[2], 1]]"
#define QUALIFIER "Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/]"

static const NewFn new_fns[] = {
    {"Integer", {{{"Variant[Numeric, Boolean, Pattern[" INT_TEXT "], Timespan, Timestamp]", RADIX, "Boolean"}, 1, 3},
                 {{"Struct[{from => Variant[Numeric, Boolean, Pattern[" INT_TEXT "], Timespan, Timestamp], "
                   "Optional[radix] => " RADIX ", Optional[abs] => Boolean}]"}, 1, 1}}},
    {"Float", {{{"Variant[Numeric, Boolean, Pattern[" FLOAT_TEXT "], Timespan, Timestamp]", "Boolean"}, 1, 2},
               {{"Struct[{from => Variant[Numeric, Boolean, Pattern[" FLOAT_TEXT "], Timespan, Timestamp], Optional[abs] => Boolean}]"}, 1, 1}}},
    {"Numeric", {{{"Variant[Integer, Float, Boolean, Pattern[" FLOAT_TEXT "], Timespan, Timestamp]", "Boolean"}, 1, 2},
                 {{"Struct[{from => Variant[Integer, Float, Boolean, Pattern[" FLOAT_TEXT "], Timespan, Timestamp], Optional[abs] => Boolean}]"}, 1, 1}}},
    {"String", {{{"Any", "Variant[Default, String[1], Hash[Type, Any]]"}, 1, 2}}},
    {"Boolean", {{{"Variant[Integer, Float, Boolean, Enum['false', 'true', 'yes', 'no', 'y', 'n', true]]"}, 1, 1}}},
    {"Array", {{{"Variant[Array, Hash, Binary, Iterable]", "Boolean[false]"}, 1, 2}, {{"Any", "Boolean[true]"}, 2, 2}}},
    {"Tuple", {{{"Variant[Array, Hash, Binary, Iterable]", "Boolean[false]"}, 1, 2}, {{"Any", "Boolean[true]"}, 2, 2}}},
    {"Hash", {{{"Array[Tuple[Array, Any], 1]", "Enum[tree, hash_tree]"}, 1, 2}, {{"Array[Tuple[Any, Any], 1]"}, 1, 1}, {{"Any"}, 1, 1}}},
    {"Struct", {{{"Array[Tuple[Array, Any], 1]", "Enum[tree, hash_tree]"}, 1, 2}, {{"Array[Tuple[Any, Any], 1]"}, 1, 1}, {{"Any"}, 1, 1}}},
    {"Regexp", {{{"String", "Boolean"}, 1, 2}}},
    {"Sensitive", {{{"Sensitive"}, 1, 1}, {{"Any"}, 1, 1}}},
    {"Type", {{{"String[1]"}, 1, 1}}},
    {"Unit", {{{"Any"}, 1, 1}}},
    {"Binary", {{{"String", "Enum['%b', '%u', '%B', '%s', '%r']"}, 1, 2}, {{"Array[Integer[0, 255]]"}, 1, 1},
                {{"Variant[Struct[{value => String, 'format' => Optional[Enum['%b', '%u', '%B', '%s', '%r']]}], Struct[{value => Array[Integer[0, 255]]}]]"}, 1, 1}}},
    {"SemVer", {{{"Pattern[/\\A\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?\\z/]"}, 1, 1},
                {{"Integer[0]", "Integer[0]", "Integer[0]", QUALIFIER, QUALIFIER}, 3, 5},
                {{"Struct[{major => Integer[0], minor => Integer[0], patch => Integer[0], Optional[prerelease] => " QUALIFIER ", Optional[build] => " QUALIFIER "}]"}, 1, 1}}},
    {"SemVerRange", {{{"String[1]"}, 1, 1}, {{"Variant[Default, SemVer]", "Variant[Default, SemVer]", "Boolean"}, 2, 3},
                     {{"Struct[{min => Variant[Default, SemVer], Optional[max] => Variant[Default, SemVer], Optional[exclude_max] => Boolean}]"}, 1, 1}}},
    {"Timestamp", {{{""}, 0, 0}, {{"Variant[Integer, Float]"}, 1, 1}, {{"String[1]", FORMATS, "String[1]"}, 1, 3},
                   {{"Struct[{string => String[1], Optional[format] => " FORMATS ", Optional[timezone] => String[1]}]"}, 1, 1}}},
    {"Timespan", {{{"Variant[Integer, Float]"}, 1, 1}, {{"String[1]", FORMATS}, 1, 2},
                  {{"Integer", "Integer", "Integer", "Integer", "Integer", "Integer", "Integer"}, 4, 7},
                  {{"Struct[{string => String[1], Optional[format] => " FORMATS "}]"}, 1, 1},
                  {{"Struct[{Optional[negative] => Boolean, Optional[days] => Integer, Optional[hours] => Integer, Optional[minutes] => Integer, "
                    "Optional[seconds] => Integer, Optional[milliseconds] => Integer, Optional[microseconds] => Integer, Optional[nanoseconds] => Integer}]"}, 1, 1}}},
    {"URI", {{{"String[1]"}, 1, 1}, {{"Hash[String, Any]"}, 1, 1}}},
};

static Value *parse_type(Compiler *c, const char *text)
{
    CallCtx cc = {c, c->top, NULL, A, NULL, 0, NULL};
    const Node *n = ev_parse_expr(&cc, "Init", text, strlen(text), NULL);
    return ev_expr(c, c->top, n);
}

/* The Tuple of a signature's parameters (Tuple[T1, T2, min, max]). */
static Value *sig_tuple(Compiler *c, const Sig *s)
{
    Value **p = arena_alloc(A, 9 * sizeof *p);
    int n = 0;
    while (n < s->max && s->params[n] && *s->params[n]) p[n] = parse_type(c, s->params[n]), n++;
    p[n++] = val_int(A, s->min);
    p[n++] = val_int(A, s->max);
    return val_type(A, "Tuple", p, (size_t)n);
}

/* The base type whose new function Init[t] uses: aliases resolved; NULL
 * when t has no new function (Enum, Variant, Optional, ...). */
static const NewFn *new_fn_of(Compiler *c, Value **t)
{
    for (int depth = 0; depth < 50 && (*t)->kind == V_TYPE; depth++) {
        for (size_t i = 0; i < ARRAY_LEN(new_fns); i++)
            if (!strcmp((*t)->type.name, new_fns[i].type)) return &new_fns[i];
        if ((*t)->type.n || val_is_data_type_name((*t)->type.name)) return NULL;
        CallCtx cc = {c, c->top, NULL, A, NULL, 0, NULL};
        Value *r = ev_alias_type(&cc, (*t)->type.name);
        if (!r) return NULL;
        *t = r;
    }
    return NULL;
}

static int supported(Compiler *c, Value *t)
{
    if (t->kind != V_TYPE) return 0;
    if (obj_is_type(c, t, NULL)) return 1;
    Value *b = t;
    return new_fn_of(c, &b) != NULL;
}

void init_type_check(Compiler *c, const Node *at, const Value *t)
{
    if (t->kind != V_TYPE || strcmp(t->type.name, "Init") || !t->type.n || t->type.params[0]->kind != V_TYPE) return;
    if (t->type.n > 1) return;      /* Init[T, args...]: not checked here */
    if (supported(c, t->type.params[0])) return;
    Buf b = BUF_INIT;
    val_to_string(&b, t->type.params[0]);
    const char *s = arena_strdup(A, buf_cstr(&b));
    buf_free(&b);
    cmp_fail(c, at, "Error while evaluating a '=~' expression, Creation of new instance of type '%s' is not supported", s);
}

int init_type_match(Compiler *c, Value *t, Value *v)
{
    if (!t->type.n) return 1;               /* Init: RichData, which every value here is */
    Value *inner = t->type.params[0];
    if (inner->kind != V_TYPE) return 0;
    if (ty_type_match(c, inner, v)) return 1;
    if (obj_is_type(c, inner, NULL)) return t->type.n == 1 && obj_init_match(c, inner, v);
    Value *base = inner;
    const NewFn *fn = new_fn_of(c, &base);
    if (!fn) return 0;
    if (t->type.n > 1) {
        /* Init[T, args...]: the first parameter of a signature that takes
         * one value and then these arguments */
        size_t nargs = t->type.n - 1;
        for (size_t i = 0; i < ARRAY_LEN(fn->sigs) && fn->sigs[i].params[0]; i++) {
            const Sig *s = &fn->sigs[i];
            if ((int)nargs + 1 < s->min || (int)nargs + 1 > s->max) continue;
            int ok = 1;
            for (size_t k = 0; ok && k < nargs; k++) ok = ty_type_match(c, parse_type(c, s->params[k + 1]), t->type.params[k + 1]);
            if (ok && ty_type_match(c, parse_type(c, s->params[0]), v)) return 1;
        }
        return 0;
    }
    int optional_single = 0;
    for (size_t i = 0; i < ARRAY_LEN(fn->sigs) && fn->sigs[i].params[0]; i++) {
        const Sig *s = &fn->sigs[i];
        if (s->min == 1 && s->max == 1) {
            if (ty_type_match(c, parse_type(c, s->params[0]), v)) return 1;
        } else {
            optional_single |= s->min == 1;
        }
    }
    for (size_t i = 0; i < ARRAY_LEN(fn->sigs) && fn->sigs[i].params[0]; i++) {
        const Sig *s = &fn->sigs[i];
        if (s->min == 1 && s->max == 1) continue;
        Value *tuple = sig_tuple(c, s);
        if (ty_type_match(c, tuple, v)) return 1;
        if (optional_single && ty_type_match(c, tuple, val_array(A, &v, 1))) return 1;
    }
    return 0;
}
