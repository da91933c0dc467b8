/*
 * format.c - sprintf: Ruby's Kernel#format (rv_format, catalog/rubyfmt.c)
 * as Puppet's sprintf hands it Puppet values after the 3.x conversion: a
 * top-level undef is "", a regexp its "/src/" string, and any other value
 * a Ruby object with its to_s and inspect; %d and %f parse strings with
 * Integer() and Float().
 */
#include "compiler/fn/fnaux.h"
#include "catalog/rubyval.h"
#include <string.h>

#define A (cc->arena)

/* ---- Kernel#format ---- */

/* sprintf's arguments went through Puppet's 3.x conversion: a top-level
 * undef is "", a regexp is the string "/src/". */
static void sp_to_s(Buf *b, const Value *v)
{
    if (v->kind == V_REGEX) buf_printf(b, "/%s/", v->regex.src);
    else if (v->kind == V_ARRAY || v->kind == V_HASH) rv_inspect(b, v, RV_FN3);
    else rv_to_s(b, v, RV_FN);
}

static void sp_inspect(Buf *b, const Value *v)
{
    if (v->kind == V_UNDEF) buf_adds(b, "\"\"");
    else rv_inspect(b, v, RV_FN3);
}

static const char *conv_class(const Value *v)
{
    switch (v->kind) {
    case V_BOOL: return v->b ? "true" : "false";
    case V_DEFAULT: return "Symbol";
    case V_ARRAY: return "Array";
    case V_HASH: return "Hash";
    default: return "Object";
    }
}

/* v as Kernel#format sees it after the 3.x conversion (strings in the arena). */
static void sp_arg(CallCtx *cc, const Value *v, RvArg *a)
{
    Buf b = BUF_INIT;
    memset(a, 0, sizeof *a);
    switch (v->kind) {
    case V_INT: a->kind = RVA_INT, a->i = v->i; return;
    case V_FLOAT: a->kind = RVA_FLOAT, a->f = v->f; return;
    case V_STR: a->kind = RVA_STR, a->s = v->str.s, a->len = v->str.len; return;
    case V_UNDEF: case V_REGEX: a->kind = RVA_STR; break;
    default:
        a->kind = RVA_OBJ, a->cls = conv_class(v);
        sp_inspect(&b, v);
        a->inspect = arena_strndup(A, buf_cstr(&b), b.len);
        b.len = 0;
        break;
    }
    sp_to_s(&b, v);
    a->s = arena_strndup(A, buf_cstr(&b), b.len);
    a->len = b.len;
    buf_free(&b);
}

/* %<name>s and %{name}: the single hash argument's entry (Puppet retries
 * with symbol keys, so string keys are found). */
static int sp_named(void *ctx, const char *name, size_t len, RvArg *out)
{
    CallCtx *cc = ctx;
    if (cc->nargs != 2 || cc->args[1]->kind != V_HASH) return -1;
    Value key = {.kind = V_STR};
    key.str.s = arena_strndup(A, name, len);
    key.str.len = len;
    Value *v = val_hash_get(cc->args[1], &key);
    if (!v) return 0;
    sp_arg(cc, v, out);
    return 1;
}

/* sprintf(format, args...) - Ruby's Kernel#format. */
Value *f_sprintf(CallCtx *cc)
{
    Value *fv = cc->args[0];
    if (fv->kind == V_UNDEF) return val_cstr(A, "");
    if (fv->kind != V_STR) ev_fail(cc, "no implicit conversion of %s into String", rv_class(A, fv, RV_FN));
    size_t n = cc->nargs - 1;
    RvArg *args = ARENA_NEWN(A, RvArg, n ? n : 1);
    for (size_t i = 0; i < n; i++) sp_arg(cc, cc->args[i + 1], &args[i]);
    Buf out = BUF_INIT;
    char err[512];
    if (rv_format(&out, fv->str.s, fv->str.len, args, n, sp_named, cc, err, sizeof err)) {
        buf_free(&out);
        ev_fail(cc, "%s", err);
    }
    Value *r = fn_mk_str(cc, &out);
    buf_free(&out);
    return r;
}
