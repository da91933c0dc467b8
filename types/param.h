/*
 * param.h - declarative parameter tables: how a provider reads a
 * resource's parameters into its own struct.  A type lists its parameters
 * once, as data (name, kind, default, checks, the field that receives the
 * value), and param_parse() walks that list in order: it takes each value
 * the resource sets (or the default), checks it, converts it and stores it,
 * or stops at the first bad one with Puppet's message, "Parameter <name>
 * failed on <Type[title]>: <why>".  Only what no kind expresses (a
 * parameter that depends on another, a list with its own syntax) stays
 * code, as a PK_CUSTOM hook in the same list, so the order in which
 * parameters are checked is still the order of the table.
 *
 * Messages are written in the table as Puppet words them, with a few
 * placeholders that param_parse() fills in:
 *     %v  the value as Ruby's to_s shows it ("#{value}": a string as it
 *         is, 5, true, an array or hash as its inspect)   ("Invalid UID %v")
 *     %i  the value as Ruby's inspect shows it (value.inspect: "a\tb",
 *         5, true, ["a", 1], {"k"=>nil})    ("Invalid IP address %i")
 *     %n  the parameter's name, %w the valid words ("true, false"),
 *     %t  the type's name ("Invalid %t provider '%v'"), %% a percent sign.
 * For a list (PK_LIST) %v and %i are the element at fault.
 *
 * The file type (types/file/params.c) is on a table too: force, replace,
 * purge and show_diff PK_WORD (true, false, yes, no), links PK_WORD,
 * recurselimit PK_INT with a digits check; its other parameters are
 * hooks, as their values stay pointers into the resource (not malloc'd)
 * and several are rules on two parameters (content, source, target,
 * checksum, recurse).
 */
#ifndef TYPES_PARAM_H
#define TYPES_PARAM_H
#include "types/provider.h"
#include <stddef.h>

/* A NULL-terminated list of malloc'd strings (v is NULL while empty and
 * never filled). */
typedef struct StrList { char **v; size_t n; } StrList;

/* What a parameter's value becomes, i.e. the type of its field. */
typedef enum ParamKind {
    PK_NAMEVAR,  /* char *: the value's string form, or the title when unset
                    (or, with PF_STRING_ONLY, not a String), malloc'd */
    PK_STRING,   /* char *: the value's string form, malloc'd */
    PK_WORD,     /* int: the .value of the matching entry of words (newvalues); when none
                    matches, Puppet's "Invalid value %i. Valid values are %w." */
    PK_BOOLEAN,  /* int: Puppet::Parameter::Boolean's munge (true/false/yes/no) */
    PK_INT,      /* long: an Integer, or a String "-?\d+" of at most 9 digits */
    PK_ID,       /* unsigned long: a user or group id (an Integer, or a String of digits) */
    PK_OWNER,    /* char *: a user or group, by id (an Integer, or a String of
                    digits: the checks are skipped) or by name (a String: checked) */
    PK_MODE,     /* int: an octal mode, a String of 1 to 4 octal digits after an
                    optional leading 0 ("022", "0755") */
    PK_LIST,     /* StrList: each element's string form (a lone value is one) */
    PK_CUSTOM,   /* the hook does everything (field and default unused; it may
                    read words and bad) */
} ParamKind;

/* PK_WORD's accepted words, ending with { NULL, 0 }. */
typedef struct ParamWord { const char *word; int value; } ParamWord;

/* One check on a value's string form (for a list, on each element). */
typedef struct ParamCheck {
    int (*ok)(const char *text);   /* nonzero: acceptable */
    const char *msg;               /* the message (placeholders above) when not */
} ParamCheck;

typedef struct ParamSpec ParamSpec;
/* A PK_CUSTOM parameter: reads v, the parameter's value (Sensitive
 * unwrapped; NULL only for an unset parameter with PF_ALWAYS, otherwise
 * the hook is not called when it is unset), into obj, which owns whatever
 * the hook allocates.  Returns 0, or -1 with the whole message in err
 * (param_fail() starts it). */
typedef int (*ParamHook)(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err);

enum {
    PF_STRING_ONLY = 1,   /* PK_STRING, PK_LIST elements: a value that is not a String fails with
                             bad (PK_NAMEVAR: is ignored, the title is used) */
    PF_FLATTEN     = 2,   /* PK_LIST: nested arrays give their elements */
    PF_UNIQUE      = 4,   /* PK_LIST: a repeated element is kept once */
    PF_SECRET      = 8,   /* PK_STRING: param_free() wipes the text before freeing it */
    PF_ALWAYS      = 16,  /* PK_CUSTOM: the hook runs with v NULL when the parameter is unset */
    PF_DISCARD     = 32,  /* PK_WORD, PK_STRING: checked only, nothing stored (field unused) */
    PF_PROPERTY    = 64,  /* a property (Puppet's Property#should=): an array's elements are
                             each checked, in order, and the first is the value; an empty
                             array is as if unset.  Not for PK_LIST, nor for a hook that
                             allocates: each element is parsed into the field in turn */
};

struct ParamSpec {
    const char *name;          /* the parameter, as the catalog names it */
    ParamKind kind;
    size_t field;              /* offsetof() the field that receives the value */
    size_t given;              /* PARAM_GIVEN(): an int set to 1 when the resource sets it; 0: none */
    const char *dflt;          /* the value (as text) when unset, converted as a value would be; NULL: none */
    const ParamWord *words;    /* PK_WORD */
    unsigned flags;            /* PF_* */
    const char *bad;           /* message for a value of the wrong type or word; NULL: the kind's usual one */
    ParamCheck checks[4];      /* run in order on the string form; the first failing one reports */
    ParamHook hook;            /* PK_CUSTOM */
};

/* The int flag set when a parameter is given: PARAM_GIVEN(Host, has_ip). */
#define PARAM_GIVEN(T, f) (offsetof(T, f) + 1)
/* The number of entries of a table. */
#define PARAM_COUNT(tab) (sizeof(tab) / sizeof((tab)[0]))

/* Reads r's parameters named in spec[0..n), in that order, into obj (whose
 * fields the caller has zeroed).  Every string it stores is malloc'd and
 * belongs to obj: free them with param_free(), also after a failure.
 * Returns 0, or -1 at the first bad value with its message in err (after
 * what err held). */
int param_parse(const ParamSpec *spec, size_t n, const Resource *r, void *obj, Buf *err);

/* Frees what param_parse() stored in obj's string and list fields and
 * zeroes them; the other fields are left alone. */
void param_free(const ParamSpec *spec, size_t n, void *obj);

/* Starts a parameter's error in err: "Parameter <name> failed on <ref>: ";
 * returns err, for the caller to append the reason. */
Buf *param_fail(Buf *err, const Resource *r, const char *name);

/* Appends the message fmt with its placeholders (see the top of this file)
 * filled for parameter p of r and value v. */
void param_message(Buf *err, const char *fmt, const Resource *r, const ParamSpec *p, const Value *v);

/* Appends s to l (l takes the malloc'd s); l stays NULL-terminated. */
void param_strlist_push(StrList *l, char *s);
/* Nonzero when l holds a string equal to s. */
int param_strlist_has(const StrList *l, const char *s);
/* Frees every string of l and l's array, and zeroes l. */
void param_strlist_free(StrList *l);

/* Checks for ParamCheck.ok. */
int param_no_newline(const char *s);   /* neither \n nor \r */
int param_absolute(const char *s);     /* starts with '/' */
int param_not_empty(const char *s);

#endif
