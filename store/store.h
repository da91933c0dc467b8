/*
 * store.h - the store of exported resources (Puppet's storeconfigs): what
 * every node's last successful compile exported, which collectors
 * (Type <<| query |>>) of other nodes read.  One interface, two backends:
 * an SQLite file (store/sqlite.c, --storeconfigs) and PuppetDB over its
 * HTTP API (store/puppetdb.c, --puppetdb).  A resource is kept as one
 * catalog-v2 resource object (JSON text), so the store needs to know
 * nothing of values; what a compile leaves (StoreNode) carries both the
 * exports (SQLite) and the facts and catalog as PuppetDB's commands take
 * them (store_wants_documents says whether to build those).
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

/* What a successful compile of certname leaves in the store. */
typedef struct StoreNode {
    const char *certname;
    const StoreRes *exports;     /* its exported resources (SQLite keeps these) */
    size_t nexports;
    const char *facts_json;      /* "replace facts" v5 payload, when store_wants_documents */
    const char *catalog_json;    /* "replace catalog" v9 payload, likewise */
} StoreNode;

/* Where PuppetDB is and how to reach it (as Puppet's puppetdb.conf and
 * its SSL settings have it). */
typedef struct StorePdbConfig {
    const char *server_urls;     /* "http(s)://host:port[,...]": tried in order */
    const char *cacert;          /* CA certificate (PEM) to verify the server with, or NULL: the system's */
    const char *cert, *key;      /* client certificate and key (PEM), or NULL */
    long timeout;                /* seconds for one request (server_url_timeout); 0: 30 */
} StorePdbConfig;

/* Opens (creating it and its directory when missing) the SQLite store at
 * path.  NULL with *err (malloc'd, for the caller to free) saying why. */
Store *store_open(const char *path, char **err);

/* A store that is PuppetDB at cfg (strings copied).  Nothing is sent yet:
 * an unreachable PuppetDB shows at the first query or command. */
Store *store_open_puppetdb(const StorePdbConfig *cfg, char **err);

/* 1 when store_save_node needs facts_json and catalog_json. */
int store_wants_documents(const Store *st);

/* Records a successful compile: SQLite replaces every export of the node
 * in one transaction (all or nothing); PuppetDB gets "replace facts" and
 * "replace catalog" commands.  0, or -1 with *err (malloc'd). */
int store_save_node(Store *st, const StoreNode *node, char **err);

/* Calls each(ctx, r) for every resource of type (as stored: capitalised)
 * exported by a node other than except_certname, in the order of
 * (certname, title).  filter (or NULL) is the collector's query in
 * PuppetDB's AST (JSON text), which PuppetDB applies; SQLite returns every
 * export of the type (the caller matches).  each returns 0 to go on.
 * 0, or -1 with *err. */
int store_query(Store *st, const char *type, const char *except_certname, const char *filter,
                int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err);

/* PuppetDB only: the answer (malloc'd JSON text) of POST /pdb/query/v4
 * with {"query": query_json} (a PQL string or an AST array, as JSON text).
 * NULL with *err; *err says so for a store that is not PuppetDB. */
char *store_pdb_query(Store *st, const char *query_json, char **err);

/* 1 for a PuppetDB store. */
int store_is_puppetdb(const Store *st);

void store_close(Store *st);
#endif
