/*
 * store.c - the store interface (store.h) over its backends: each call
 * goes to the backend's table of operations (backend.h).
 */
#define _GNU_SOURCE
#include "store/backend.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *store_errf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) s = NULL;
    va_end(ap);
    return s ? s : strdup("out of memory");
}

int store_wants_documents(const Store *st) { return st->ops->wants_documents; }

int store_is_puppetdb(const Store *st) { return st->ops->pdb_query != NULL; }

int store_save_node(Store *st, const StoreNode *node, char **err) { return st->ops->save(st, node, err); }

int store_query(Store *st, const char *type, const char *except_certname, const char *filter,
                int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err)
{
    return st->ops->query(st, type, except_certname, filter, each, ctx, err);
}

char *store_pdb_query(Store *st, const char *query_json, char **err)
{
    if (!st->ops->pdb_query) {
        *err = store_errf("no PuppetDB is configured (give --puppetdb URL)");
        return NULL;
    }
    return st->ops->pdb_query(st, query_json, err);
}

void store_close(Store *st)
{
    if (st) st->ops->close(st);
}
