/*
 * value.h - Puppet values, shared by the compiler (which makes them) and the
 * catalog (which stores resource parameters as them).  A Value is immutable
 * once built and lives in an arena; operations build new values.  Hashes
 * keep insertion order, as Puppet's do, and index themselves once large.
 * Types cover data types (String[1], Optional[Integer]) and resource
 * references (File['/x'] is the type File with one parameter, the title).
 */
#ifndef CATALOG_VALUE_H
#define CATALOG_VALUE_H
#include "base/arena.h"
#include "base/buf.h"
#include "base/map.h"
#include <stdint.h>
#include <stddef.h>

typedef enum ValueKind {
    V_UNDEF, V_DEFAULT, V_BOOL, V_INT, V_FLOAT, V_STR, V_ARRAY, V_HASH,
    V_REGEX, V_TYPE, V_SENSITIVE, V_TIMESTAMP, V_TIMESPAN,
    V_BINARY, V_SEMVER, V_SEMVERRANGE, V_OBJECT
} ValueKind;

typedef struct Value Value;
struct Value {
    ValueKind kind;
    union {
        int b;                                         /* V_BOOL */
        int64_t i;                                     /* V_INT */
        double f;                                      /* V_FLOAT */
        struct { const char *s; size_t len; } str;     /* V_STR, and V_BINARY's bytes: NUL-terminated */
        struct { Value **items; size_t n; } arr;       /* V_ARRAY */
        struct {                                       /* V_HASH */
            Value **keys, **vals;
            size_t n;
            Map *index;                                /* key text -> slot+1, when n is large */
        } hash;
        struct { const char *src; void *re; } regex;   /* V_REGEX: pattern; compiled lazily */
        struct {                                       /* V_TYPE */
            const char *name;                          /* "String", "File", "Class", "Foo::Bar" */
            Value **params;
            size_t n;
        } type;
        Value *sensitive;                              /* V_SENSITIVE: the wrapped value */
        /* V_TIMESTAMP: nanoseconds since 1970-01-01 UTC; V_TIMESPAN: signed
         * nanoseconds; both sec * 10^9 + nsec, 0 <= nsec < 10^9 */
        struct { int64_t sec, nsec; } time;
        /* V_SEMVER, V_SEMVERRANGE: the string form (a range's as written),
         * the inspect form (%p: a range normalised, ">=1.0.0 <2.0.0") and
         * the parsed form (compiler/semver.h) */
        struct { const char *text, *inspect; const void *parsed; } sv;
        /* V_OBJECT: an instance of a Pcore object type (Error): the type's
         * name and the attributes that are set, in declaration order */
        struct { const char *type; Value *attrs; } obj;
    };
};

extern Value val_undef_v, val_default_v, val_true_v, val_false_v;
#define VAL_UNDEF (&val_undef_v)
#define VAL_DEFAULT (&val_default_v)
#define VAL_TRUE (&val_true_v)
#define VAL_FALSE (&val_false_v)

/* Constructors: results live in arena a (strings are copied). */
Value *val_bool(int b);
Value *val_int(Arena *a, int64_t i);
Value *val_float(Arena *a, double f);
Value *val_str(Arena *a, const char *s, size_t len);
Value *val_cstr(Arena *a, const char *s);
Value *val_str_nocopy(Arena *a, const char *s, size_t len);  /* s must outlive the value */
Value *val_regex(Arena *a, const char *src);
Value *val_array(Arena *a, Value **items, size_t n);        /* items copied */
Value *val_hash(Arena *a, Value **keys, Value **vals, size_t n); /* later duplicate keys win */
/* v with fn(x, ctx) applied to each array item, or to each hash key and
 * value (key first); v itself when fn changed nothing, else a copy made in
 * a.  Any other kind: v. */
Value *val_map(Arena *a, Value *v, Value *(*fn)(Value *x, void *ctx), void *ctx);
Value *val_type(Arena *a, const char *name, Value **params, size_t n);
Value *val_sensitive(Arena *a, Value *inner);
Value *val_binary(Arena *a, const char *bytes, size_t len);   /* bytes copied */
/* An object of the named type; attrs is a hash of the attributes set. */
Value *val_object(Arena *a, const char *type, Value *attrs);
/* Base64 (RFC 4648, padded, no line breaks) of s[0..len), appended to b:
 * a Binary's string form. */
void val_base64(Buf *b, const char *s, size_t len);
/* A Timestamp or Timespan (kind V_TIMESTAMP or V_TIMESPAN) of ns
 * nanoseconds; val_time_ns gives them back. */
Value *val_time(Arena *a, ValueKind kind, __int128 ns);
__int128 val_time_ns(const Value *v);
#define VAL_IS_TIME(v) ((v)->kind == V_TIMESTAMP || (v)->kind == V_TIMESPAN)
/* Puppet's default string forms: a Timestamp as "%FT%T.%N %Z" in UTC
 * ("2021-01-01T00:00:00.000000000 UTC"), a Timespan as "%D-%H:%M:%S.%-N"
 * ("0-01:00:00.0", "-1-00:00:00.5"); appends to b. */
void val_time_to_s(Buf *b, const Value *v);
/* The proleptic Gregorian date of a count of days since 1970-01-01. */
void val_civil_date(int64_t days, int64_t *y, int *m, int *d);

/* A growable list used while building arrays and hashes.  With arena set,
 * its storage lives in that arena (the compiler's scratch, which must not
 * leak when an evaluation error unwinds); otherwise it is malloc'd. */
typedef struct ValVec { Value **v; size_t n, cap; Arena *arena; } ValVec;
#define VV_ARENA(a) {NULL, 0, 0, (a)}
void val_vec_push(ValVec *vv, Value *v);
void val_vec_free(ValVec *vv);
Value *val_vec_to_array(Arena *a, ValVec *vv);        /* copies; vv keeps its memory */

Value *val_hash_get(const Value *h, const Value *key);   /* NULL when absent */
Value *val_hash_gets(const Value *h, const char *key);   /* string key */
int val_hash_find(const Value *h, const Value *key);      /* slot or -1 */

int val_truthy(const Value *v);            /* Puppet: only undef and false are false */
/* Puppet's == : strings case-insensitive, numbers by value, deep for collections. */
int val_equal(const Value *a, const Value *b);
/* Strict equality (case-sensitive strings), for hash keys and unique(). */
int val_identical(const Value *a, const Value *b);
/* Puppet's string form of a value, as the catalog holds it ("[1, 2]",
 * "{a => 1}", "Integer[1]", "Enum['a', 'b']"; a resource reference
 * "File[/x]", "Class[Foo]"); appends to b. */
/* Writes the array v as "[e, e]" or the hash v as "{k<arrow>v, k<arrow>v}",
 * each element by put(b, element, ctx): the one layout Puppet's and Ruby's
 * string forms share (to_s, inspect, %p, Puppet code), each with its own
 * element writer and arrow (" => ", "=>"). */
typedef void ValPutFn(Buf *b, const Value *v, void *ctx);
void val_put_container(Buf *b, const Value *v, const char *arrow, ValPutFn *put, void *ctx);
void val_to_s(Buf *b, const Value *v);
/* The same as interpolation, notice() and join() give it (Puppet's
 * String conversion): resource references as types print them,
 * "File['/x']", "Class[foo]", also inside arrays and hashes. */
void val_to_string(Buf *b, const Value *v);
/* s[0..len) quoted as Puppet's StringConverter#puppet_quote quotes it (and
 * TypeFormatter, and `puppet resource`): single quotes, ' escaped and a
 * backslash keeping the character after it, unless the string has a
 * control character or force_double is set: then double quotes with \t \n
 * \r \" \$ \\ and \u{X} escapes. */
void val_puppet_quote(Buf *b, const char *s, size_t len, int force_double);
/* A type (or a type's parameter) as Puppet's TypeFormatter prints it:
 * Integer[1], Float[1.0, 2.0], String[0, 3], Enum['a', 'b'], Pattern[/x/],
 * Struct[{'a' => Integer, Optional['b'] => String}], File['/x'],
 * Class[foo]; appends to b.  With expand, type aliases print as
 * "Name = <what they stand for>" (Puppet's alias_expanded_string).  hooks
 * may be NULL: type aliases then print by their name and are taken not to
 * accept undef. */
typedef struct ValTypeHooks {
    void *ctx;
    /* An unparameterised type that is not one of Puppet's own: if it is a
     * type alias, print it (expanded or not) and return 1; else return 0
     * to have its name printed. */
    int (*alias)(void *ctx, Buf *b, const Value *t, int expand);
    /* Whether such a type accepts undef (Puppet: assignable?(Undef)). */
    int (*accepts_undef)(void *ctx, const Value *t);
} ValTypeHooks;
void val_type_to_s(Buf *b, const Value *t, const ValTypeHooks *hooks, int expand);
/* The hooks val_to_s() and val_to_string() print types with (the
 * compiler's, while it runs; NULL: none).  h must outlive their use. */
void val_set_type_hooks(const ValTypeHooks *h);
const char *val_to_cstr(Arena *a, const Value *v);
/* The form of a value in messages: "String", "Integer", ... (Puppet's
 * generalised type name). */
const char *val_type_name(const Value *v);
/* 1 when v is or holds (in an array or hash, at any depth) a Sensitive value. */
int val_has_sensitive(const Value *v);
/* A resource reference: a V_TYPE that names a resource type or Class and
 * has one string title. */
int val_is_resref(const Value *v);
/* "String", "Optional", ...: a data type's name, never a resource type's. */
int val_is_data_type_name(const char *name);
#endif
