/*
 * store.h - the store of exported resources (Puppet's storeconfigs): what
 * every node's last successful compile exported, which collectors
 * (Type <<| query |>>) of other nodes read.  One interface, so that other
 * backends (PuppetDB) can sit behind it; today's one is an SQLite file
 * (store/sqlite.c).  A resource is kept as one catalog-v2 resource object
 * (JSON text), so the store needs to know nothing of values.
 */
#ifndef STORE_STORE_H
#define STORE_STORE_H
#include <stddef.h>

typedef struct Store Store;

/* One exported resource: its node, type ("Sshkey", "Foo::Bar"), title,
 * and its catalog resource object as JSON text. */
typedef struct StoreRes {
    const char *certname, *type, *title, *json;
} StoreRes;

/* Opens (creating it and its directory when missing) the store at path.
 * NULL with *err (malloc'd, for the caller to free) saying why. */
Store *store_open(const char *path, char **err);

/* Replaces every export of certname by res[0..n) in one transaction: all
 * or nothing.  0, or -1 with *err (malloc'd). */
int store_replace_node_exports(Store *st, const char *certname, const StoreRes *res, size_t n, char **err);

/* Calls each(ctx, r) for every resource of type (as stored: capitalised)
 * exported by a node other than except_certname, in the order of
 * (certname, title).  each returns 0 to go on.  0, or -1 with *err. */
int store_query(Store *st, const char *type, const char *except_certname,
                int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err);

void store_close(Store *st);
#endif
