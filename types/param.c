/*
 * param.c - the interpreter of the declarative parameter tables
 * (types/param.h).  One loop over the table: fetch the value (Sensitive
 * unwrapped) or the default, convert it by kind into the field at its
 * offset, run the checks on its string form, and on the first failure
 * write the table's message with its placeholders filled.  Matching is
 * on the value's string form, as Puppet's newvalues match value.to_s.
 */
#include "types/param.h"
#include "types/passwd.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

Buf *param_fail(Buf *err, const Resource *r, const char *name)
{
    buf_printf(err, "Parameter %s failed on %s: ", name, r->ref);
    return err;
}

void param_strlist_push(StrList *l, char *s)
{
    l->v = xrealloc(l->v, (l->n + 2) * sizeof *l->v);
    l->v[l->n++] = s;
    l->v[l->n] = NULL;
}

int param_strlist_has(const StrList *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s))
            return 1;
    return 0;
}

void param_strlist_free(StrList *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

int param_no_newline(const char *s) { return !strpbrk(s, "\n\r"); }
int param_absolute(const char *s) { return s[0] == '/'; }
int param_not_empty(const char *s) { return s[0] != '\0'; }

/* The type's name, lowercase, from r's reference ("Exec[x]" -> "exec"). */
static void type_name(Buf *b, const Resource *r)
{
    for (const char *s = r->ref; *s && *s != '['; s++)
        buf_addc(b, (*s >= 'A' && *s <= 'Z') ? (char)(*s + 32) : *s);
}

void param_message(Buf *err, const char *fmt, const Resource *r, const ParamSpec *p, const Value *v)
{
    for (const char *f = fmt; *f; f++) {
        if (*f != '%' || !f[1]) {
            buf_addc(err, *f);
            continue;
        }
        switch (*++f) {
        case 'v': if (v) provider_to_s(err, v); break;
        case 'i': if (v) provider_inspect(err, v); break;
        case 'n': buf_adds(err, p->name); break;
        case 't': type_name(err, r); break;
        case 'w':
            for (const ParamWord *w = p->words; w && w->word; w++)
                buf_printf(err, "%s%s", w == p->words ? "" : ", ", w->word);
            break;
        default: buf_addc(err, *f); break;
        }
    }
}

/* "Parameter <name> failed on <ref>: <fmt filled>"; returns -1. */
static int fail(Buf *err, const char *fmt, const Resource *r, const ParamSpec *p, const Value *v)
{
    param_message(param_fail(err, r, p->name), fmt, r, p, v);
    return -1;
}

static char *text_of(const Value *v)
{
    if (v->kind == V_STR)
        return xstrndup(v->str.s, v->str.len);
    Buf b = BUF_INIT;
    val_to_s(&b, v);
    return b.s ? buf_detach(&b) : xstrndup("", 0);
}

/* Runs p's checks on text; -1 with the message of the first that fails. */
static int run_checks(const ParamSpec *p, const Resource *r, const Value *v, const char *text, Buf *err)
{
    for (size_t k = 0; k < sizeof p->checks / sizeof p->checks[0] && p->checks[k].ok; k++)
        if (!p->checks[k].ok(text))
            return fail(err, p->checks[k].msg, r, p, v);
    return 0;
}

/* Puppet::Coercion.boolean: 1, 0, or -1 when v is not a boolean word. */
static int boolean_of(const Value *v)
{
    if (v->kind == V_BOOL)
        return v->b;
    if (v->kind != V_STR)
        return -1;
    if (!strcmp(v->str.s, "true") || !strcmp(v->str.s, "yes"))
        return 1;
    if (!strcmp(v->str.s, "false") || !strcmp(v->str.s, "no"))
        return 0;
    return -1;
}

/* "-?\d{1,9}" or an Integer into *out; -1 otherwise. */
static int int_of(const Value *v, long *out)
{
    if (v->kind == V_INT) {
        *out = (long)v->i;
        return 0;
    }
    if (v->kind != V_STR)
        return -1;
    const char *s = v->str.s + (v->str.s[0] == '-');
    size_t n = strlen(s);
    if (!n || n > 9 || strspn(s, "0123456789") != n)
        return -1;
    *out = strtol(v->str.s, NULL, 10);
    return 0;
}

/* One list element (or a lone value) into l, checked. */
static int list_add(const ParamSpec *p, const Resource *r, const Value *x, StrList *l, Buf *err)
{
    if ((p->flags & PF_FLATTEN) && x->kind == V_ARRAY) {
        for (size_t i = 0; i < x->arr.n; i++)
            if (list_add(p, r, x->arr.items[i], l, err) != 0)
                return -1;
        return 0;
    }
    if ((p->flags & PF_STRING_ONLY) && x->kind != V_STR)
        return fail(err, p->bad ? p->bad : "Invalid value %i", r, p, x);
    char *s = text_of(x);
    if (run_checks(p, r, x, s, err) != 0) {
        free(s);
        return -1;
    }
    if ((p->flags & PF_UNIQUE) && param_strlist_has(l, s))
        free(s);
    else
        param_strlist_push(l, s);
    return 0;
}

/* One parameter's value v into obj. */
static int parse_one(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    char *field = (char *)obj + p->field;
    switch (p->kind) {
    case PK_NAMEVAR:
    case PK_STRING: {
        if (p->kind == PK_STRING && (p->flags & PF_STRING_ONLY) && v->kind != V_STR)
            return fail(err, p->bad ? p->bad : "Invalid value %i", r, p, v);
        char *s = text_of(v);
        if (p->flags & PF_DISCARD) {
            int rc = run_checks(p, r, v, s, err);
            free(s);
            return rc;
        }
        char **dst = (char **)(void *)field;
        free(*dst);     /* a property's earlier element (PF_PROPERTY) */
        *dst = s;       /* stored before the checks: obj owns it either way */
        return run_checks(p, r, v, s, err);
    }
    case PK_WORD: {
        /* a String or a Boolean is matched in place */
        char *own = v->kind == V_STR || v->kind == V_BOOL ? NULL : text_of(v);
        const char *s = own ? own : v->kind == V_STR ? v->str.s : v->b ? "true" : "false";
        const ParamWord *w = p->words;
        while (w && w->word && strcmp(w->word, s) != 0)
            w++;
        int found = w && w->word;
        if (found && !(p->flags & PF_DISCARD))
            *(int *)(void *)field = w->value;
        int rc = found ? run_checks(p, r, v, s, err)
                       : fail(err, p->bad ? p->bad : "Invalid value %i. Valid values are %w.", r, p, v);
        free(own);
        return rc;
    }
    case PK_BOOLEAN: {
        int b = boolean_of(v);
        if (b < 0)
            return fail(err, p->bad ? p->bad : "Munging failed for value %i in class %n: expected a boolean value", r,
                        p, v);
        *(int *)(void *)field = b;
        return 0;
    }
    case PK_INT: {
        long n;
        if (int_of(v, &n) != 0)
            return fail(err, p->bad ? p->bad : "Invalid value %i", r, p, v);
        *(long *)(void *)field = n;
        char *s = text_of(v);
        int rc = run_checks(p, r, v, s, err);
        free(s);
        return rc;
    }
    case PK_ID: {
        char *s = text_of(v);
        int ok = (v->kind == V_INT || v->kind == V_STR) && pw_parse_id(s, (unsigned long *)(void *)field);
        int rc = ok ? run_checks(p, r, v, s, err) : fail(err, p->bad ? p->bad : "Invalid value %i", r, p, v);
        free(s);
        return rc;
    }
    case PK_OWNER: {
        if (v->kind != V_INT && v->kind != V_STR)
            return fail(err, p->bad ? p->bad : "Invalid value %i", r, p, v);
        char *s = text_of(v);
        free(*(char **)(void *)field);   /* a property's earlier element (PF_PROPERTY) */
        *(char **)(void *)field = s;
        unsigned long id;
        return pw_parse_id(s, &id) ? 0 : run_checks(p, r, v, s, err);
    }
    case PK_MODE: {
        const char *m = v->kind == V_STR ? v->str.s : "";
        size_t len = strlen(m), off = len > 1 && m[0] == '0' ? 1 : 0;
        if (len - off < 1 || len - off > 4 || strspn(m + off, "01234567") != len - off)
            return fail(err, p->bad ? p->bad : "Invalid value %i", r, p, v);
        *(int *)(void *)field = (int)strtol(m, NULL, 8);
        return 0;
    }
    case PK_LIST: {
        StrList *l = (StrList *)(void *)field;
        if (v->kind != V_ARRAY)
            return list_add(p, r, v, l, err);
        for (size_t i = 0; i < v->arr.n; i++)
            if (list_add(p, r, v->arr.items[i], l, err) != 0)
                return -1;
        return 0;
    }
    case PK_CUSTOM:
        return p->hook(p, r, v, obj, err);
    }
    return 0;
}

int param_parse(const ParamSpec *spec, size_t n, const Resource *r, void *obj, Buf *err)
{
    for (size_t i = 0; i < n; i++) {
        const ParamSpec *p = &spec[i];
        const Value *v = provider_param(r, p->name);
        if (!v && p->kind == PK_CUSTOM) {
            if ((p->flags & PF_ALWAYS) && p->hook(p, r, NULL, obj, err) != 0)
                return -1;
            continue;
        }
        Value title = { .kind = V_STR };
        if (p->kind == PK_NAMEVAR && (!v || ((p->flags & PF_STRING_ONLY) && v->kind != V_STR))) {
            title.str.s = r->title;
            title.str.len = strlen(r->title);
            v = &title;
        }
        if (!v && p->dflt) {
            Value dv = { .kind = V_STR };
            dv.str.s = p->dflt;
            dv.str.len = strlen(p->dflt);
            if (parse_one(p, r, &dv, obj, err) != 0)
                return -1;
            continue;
        }
        if (!v)
            continue;
        if ((p->flags & PF_PROPERTY) && v->kind == V_ARRAY) {
            /* Puppet's Property#should=: every element is checked, the
             * first is the value; an empty array manages nothing */
            if (v->arr.n == 0)
                continue;
            for (size_t k = 0; k < v->arr.n; k++)
                if (parse_one(p, r, v->arr.items[k], obj, err) != 0)
                    return -1;
            v = v->arr.items[0];   /* parsed again below, into the field */
        }
        if (p->given)
            *(int *)(void *)((char *)obj + p->given - 1) = 1;
        if (parse_one(p, r, v, obj, err) != 0)
            return -1;
    }
    return 0;
}

void param_free(const ParamSpec *spec, size_t n, void *obj)
{
    for (size_t i = 0; i < n; i++) {
        char *field = (char *)obj + spec[i].field;
        if (spec[i].flags & PF_DISCARD)
            continue;
        if (spec[i].kind == PK_STRING || spec[i].kind == PK_NAMEVAR || spec[i].kind == PK_OWNER) {
            char **s = (char **)(void *)field;
            if (*s && (spec[i].flags & PF_SECRET))
                explicit_bzero(*s, strlen(*s));
            free(*s);
            *s = NULL;
        } else if (spec[i].kind == PK_LIST) {
            param_strlist_free((StrList *)(void *)field);
        }
    }
}
