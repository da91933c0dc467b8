/*
 * provider.h - what a resource type does at apply time.  One Provider per
 * type (types/notify.c, types/exec.c, types/file/, ...): it validates a
 * resource before anything changes, brings it in sync (or, in noop, says
 * what it would change), optionally responds to refresh events, and names
 * the resources it autorequires.  Providers report every change, would-be
 * change and failure through the transaction's tx_* calls (types/txres.h); the
 * transaction owns events, log paths, levels and counting.
 */
#ifndef TYPES_PROVIDER_H
#define TYPES_PROVIDER_H
#include "catalog/catalog.h"
#include "base/buf.h"

typedef struct TxRes TxRes;

typedef enum { LL_DEBUG, LL_INFO, LL_NOTICE, LL_WARNING, LL_ERR } LogLevel;

/* The level of a resource's own lines: its loglevel metaparameter
 * (alert, emerg and crit are err), notice when unset. */
LogLevel provider_loglevel(const Resource *r);

typedef void (*AutoreqFn)(void *ctx, const char *type, const char *title);
typedef void (*ValidateFn)(void *ctx, const Resource *r, const char *msg);

typedef struct Provider {
    const char *type;     /* lowercase type name: "notify" */
    /* Checks r's parameters before the run starts.  Returns 0, or -1 with
     * Puppet's message in err (e.g. "'echo' is not qualified and no path was
     * specified. Please qualify the command or specify a path."). */
    int (*validate)(const Resource *r, Buf *err);
    /* Evaluates r: retrieve, compare, sync (tx_change) or, when
     * tx_noop(t), report (tx_would).  Returns 0, or -1 when r failed (after
     * reporting it with tx_failed or tx_log). */
    int (*apply)(TxRes *t);
    /* Handles one coalesced refresh (NULL: the type ignores events, as
     * notify and file do).  Returns 0, or -1 with the error text in err
     * (the transaction logs "Failed to call refresh: <err>"). */
    int (*refresh)(TxRes *t, Buf *err);
    /* Calls add(ctx, Type, title) for each autorequire candidate, in
     * Puppet's order (docs/apply.md §7.2); c is the whole catalog, for candidates
     * found by value (a user's numeric gid names the managed group with
     * that gid).  NULL: none. */
    void (*autorequire)(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx);
    /* mres: fills r (type and title set, no parameters) with the current
     * state of the instance called r->title on the system under root (""
     * for /): cat_res_set(c, r, "ensure", ...) first, then each property mres
     * shows, in the type's usual order.  An instance that does not exist
     * gets ensure => 'absent' and nothing else.  Returns 0, or -1 with the
     * reason in err.  NULL: mres cannot show this type. */
    int (*retrieve)(Catalog *c, Resource *r, const char *root, Buf *err);
    /* mres with no title: calls fn(ctx, title) for every existing instance,
     * in a stable order.  Returns 0, or -1 with the reason in err.  NULL:
     * the type cannot list its instances. */
    int (*instances)(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err);
    /* Called once after the run (free per-run caches such as the package
     * list).  NULL: nothing to do. */
    void (*finish)(void);
    /* The checks before the run that need the whole catalog and the run's
     * settings (a file's source that exists nowhere): called once per
     * validation with c (what other resources will make) and the run's
     * module path (directories separated by ':', or ""); paths of the
     * managed system resolve under --root (base/rootfs).  Calls bad(ctx,
     * r, msg) for each resource of the type that fails, msg being Puppet's
     * message (the caller words it as a validation failure; msg lives
     * during the call).  Resources validate refuses are skipped: their
     * error is validate's.  NULL: none. */
    void (*validate_run)(const Catalog *c, const char *modulepath, ValidateFn bad, void *ctx);
} Provider;

/* The value of r's parameter name with any Sensitive wrapper taken off;
 * NULL when it is unset or undef. */
Value *provider_param(const Resource *r, const char *name);

/* The safety net under every message about r: when r holds Sensitive
 * values (a Sensitive parameter, or one the catalog lists as sensitive),
 * a malloc'd copy of msg in which each of their strings (2 characters or
 * more), and the sha256, sha1 and md5 hex of each, reads [redacted];
 * NULL when msg needs no change. */
char *provider_scrub(const Resource *r, const char *msg);

/* 1 when r's parameter name holds a Sensitive value (wrapped, at any depth, or listed in
 * the catalog's sensitive_parameters); with name NULL, when any does. */
int provider_sensitive(const Resource *r, const char *name);

/* p->validate(r, err), with r's Sensitive values scrubbed out of err;
 * returns what validate returned. */
int provider_validate(const Provider *p, const Resource *r, Buf *err);

/* Appends Ruby's inspect of v, as Puppet's validation messages show
 * values (value.inspect): a string double-quoted with Ruby's escapes, 5,
 * true, ["a", 1], {"k"=>nil} (catalog/rubyval.h's rv_inspect). */
void provider_inspect(Buf *b, const Value *v);

/* Appends Ruby's to_s of v, as a message interpolating a value shows it
 * ("#{value}"): a string as it is, an array or a hash as its inspect. */
void provider_to_s(Buf *b, const Value *v);

/* Appends s as Puppet displays a string in log lines (StringConverter's
 * puppet_quote): single-quoted ('it\'s'), or double-quoted with escapes
 * when it holds a control character ("a\nb"). */
void provider_quote(Buf *b, const char *s);

/* The provider for a type (case-insensitive), or NULL. */
const Provider *provider_find(const char *type);
/* Every linked provider in turn: provider_at(i) for i = 0.. until NULL. */
const Provider *provider_at(size_t i);
#endif
