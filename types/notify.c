/*
 * notify.c - the notify type at apply time.  A notify is never in sync: its
 * message property always reads as absent, so every run logs the message
 * and one change.  The one subtlety is how a non-string message prints,
 * which follows Puppet exactly: the property keeps only the first element
 * of an array; the bare log line is Ruby's to_s of that value (arrays
 * flattened and joined by spaces, hashes in Ruby's inspect form); the
 * change line uses Puppet's parameter display format (strings quoted,
 * hashes pretty-printed over several lines).  See the StringConverter in
 * puppet/pops/types/string_converter.rb for the display rules ported here.
 */
#include "types/txres.h"
#include "types/param.h"
#include "base/util.h"
#include "catalog/rubyval.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

extern const Provider provider_notify;

static int is_sensitive(const Resource *r, const char *param, const Value *v)
{
    if (v && v->kind == V_SENSITIVE)
        return 1;
    for (size_t i = 0; i < r->nsensitive; i++)
        if (!strcmp(r->sensitive[i], param))
            return 1;
    return 0;
}

/* Indentation state of Puppet's pretty printer (StringConverter::Indentation). */
typedef struct Indent {
    int level;      /* nesting depth */
    int first;      /* first element of its container */
    int indenting;  /* inside an alt-format (pretty) container */
} Indent;

static int is_coll(const Value *v) { return v->kind == V_ARRAY || v->kind == V_HASH; }

static void pad(Buf *b, int level)
{
    for (int i = 0; i < level; i++)
        buf_adds(b, "  ");
}

static void rstrip(Buf *b)
{
    while (b->len && (b->s[b->len - 1] == ' ' || b->s[b->len - 1] == '\t' || b->s[b->len - 1] == '\n'))
        b->s[--b->len] = '\0';
}

/* Puppet's display of a value inside a collection ('%p'; collections '%#p'). */
static void display(Buf *b, const Value *v, Indent ind)
{
    switch (v->kind) {
    case V_STR: provider_quote(b, v->str.s); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_FLOAT: rv_float_to_s(b, v->f); break;
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_UNDEF: buf_adds(b, "undef"); break;
    case V_SENSITIVE: buf_adds(b, "#<Sensitive [value redacted]>"); break;
    case V_ARRAY: {
        ind.indenting = 1;
        if (ind.level > 0 && !ind.first) {
            buf_addc(b, '\n');
            pad(b, ind.level);
        }
        buf_addc(b, '[');
        Indent child = { ind.level + 1, 0, 1 };
        for (size_t i = 0; i < v->arr.n; i++) {
            const Value *e = v->arr.items[i];
            Buf s = BUF_INIT;
            display(&s, e, child);
            if (i) {
                buf_adds(b, ", ");
                if (is_coll(v->arr.items[i - 1]) && !is_coll(e)) {
                    if (!b->len || b->s[b->len - 1] != '\n')
                        rstrip(b);
                    buf_addc(b, '\n');
                    pad(b, child.level);
                }
            }
            if (b->len && b->s[b->len - 1] == ' ' && s.len && s.s[0] == '\n')
                rstrip(b);
            buf_add(b, s.s ? s.s : "", s.len);
            buf_free(&s);
        }
        buf_addc(b, ']');
        break;
    }
    case V_HASH: {
        ind.indenting = 1;
        if (ind.level > 0 && !ind.first) {
            buf_addc(b, '\n');
            pad(b, ind.level);
        }
        Indent child = { ind.level + 1, 1, 0 };
        buf_adds(b, "{\n");
        for (size_t i = 0; i < v->hash.n; i++) {
            if (i)
                buf_adds(b, ",\n");
            pad(b, child.level);
            display(b, v->hash.keys[i], child);
            buf_adds(b, " => ");
            display(b, v->hash.vals[i], child);
        }
        buf_addc(b, '\n');
        pad(b, ind.level);
        buf_addc(b, '}');
        break;
    }
    default: val_to_s(b, v); break;
    }
}

/* The top-level display (Puppet::Parameter.format_value_for_display):
 * a lone Float prints with %f there. */
static void display_top(Buf *b, const Value *v)
{
    Indent top = { 0, 1, 0 };
    if (v->kind == V_FLOAT)
        buf_printf(b, "%f", v->f);
    else
        display(b, v, top);
}

/* notify: message (defaults to name, then title); always out of sync. */
static int notify_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    Value *msg = cat_res_get((Resource *)r, "message");
    Value title_v;
    int sensitive = is_sensitive(r, "message", msg);

    if (!msg || msg->kind == V_UNDEF)
        msg = cat_res_get((Resource *)r, "name");
    if (!msg || msg->kind == V_UNDEF) {
        memset(&title_v, 0, sizeof title_v);
        title_v.kind = V_STR;
        title_v.str.s = r->title;
        title_v.str.len = strlen(r->title);
        msg = &title_v;
    }
    if (msg->kind == V_SENSITIVE)
        msg = msg->sensitive;
    if (msg->kind == V_ARRAY) {
        /* The property keeps the first value only; none: nothing to do. */
        if (msg->arr.n == 0)
            return 0;
        msg = msg->arr.items[0];
    }

    Buf shown = BUF_INIT;
    if (sensitive)
        buf_adds(&shown, "[redacted]");
    else
        display_top(&shown, msg);
    if (tx_noop(t)) {
        tx_would(t, "message", "message_changed", sensitive ? "[redacted]" : "'absent'", buf_cstr(&shown));
        buf_free(&shown);
        return 0;
    }

    Buf text = BUF_INIT;
    if (sensitive)
        buf_adds(&text, "Sensitive [value redacted]");
    else
        rv_to_s(&text, msg, RV_AGENT);
    LogLevel lvl = provider_loglevel(r);
    Value *wp = cat_res_get((Resource *)r, "withpath");
    if (wp && ((wp->kind == V_BOOL && wp->b) || (wp->kind == V_STR && !strcmp(wp->str.s, "true"))))
        tx_log(t, lvl, "message", "%s", buf_cstr(&text));
    else
        tx_log_plain(t, lvl, "%s", buf_cstr(&text));
    if (sensitive)
        tx_change(t, "message", "message_changed", "changed [redacted] to [redacted]");
    else
        tx_change(t, "message", "message_changed", "defined 'message' as %s", buf_cstr(&shown));
    buf_free(&text);
    buf_free(&shown);
    return 0;
}

static const ParamWord notify_bools[] = { { "true", 0 }, { "false", 0 }, { NULL, 0 } };

/* Checked only: withpath takes true or false (message is read by the run). */
static const ParamSpec notify_params[] = {
    { "withpath", PK_WORD, .words = notify_bools, .flags = PF_DISCARD },
};

static int notify_validate(const Resource *r, Buf *err)
{
    char none;
    return param_parse(notify_params, PARAM_COUNT(notify_params), r, &none, err);
}

const Provider provider_notify = {
    .type = "notify",
    .validate = notify_validate,
    .apply = notify_apply,
    .refresh = NULL,        /* notify ignores events (docs/apply.md §4.1) */
    .autorequire = NULL,
};
