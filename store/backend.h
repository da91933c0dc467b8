/*
 * backend.h - what a store backend provides behind store.h: a table of
 * operations that store.c dispatches to.  Each backend's own structure
 * starts with a Store.
 */
#ifndef STORE_BACKEND_H
#define STORE_BACKEND_H
#include "store/store.h"

typedef struct StoreOps {
    int wants_documents;
    int (*save)(Store *st, const StoreNode *node, char **err);
    int (*query)(Store *st, const char *type, const char *except_certname, const char *filter,
                 int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err);
    char *(*pdb_query)(Store *st, const char *query_json, char **err);    /* NULL: not PuppetDB */
    void (*close)(Store *st);
} StoreOps;

struct Store { const StoreOps *ops; };

/* an error message (malloc'd, never NULL) */
char *store_errf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
