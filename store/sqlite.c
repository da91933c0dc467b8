/*
 * sqlite.c - the store of exported resources in one SQLite file.
 *
 * One table, exports(certname, type, title, body): body is the resource's
 * catalog JSON.  The file runs in WAL mode, so that readers (other nodes'
 * compiles collecting) never wait for a writer and a writer waits only for
 * another writer, at most BUSY_MS (a node's exports are a short
 * transaction).  A node's exports are replaced in one transaction: a
 * compile that fails never reaches it, so its old exports stay.
 *
 * libsqlite3 is loaded (dlopen) when a store is first opened, not linked:
 * only --storeconfigs needs it, and linking it cost every run of every
 * tool its loading and relocation at start-up (about 0.2 ms).
 */
#define _GNU_SOURCE
#include "store/backend.h"
#include "base/util.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { BUSY_MS = 30000 };

typedef struct SqlStore {
    Store base;
    sqlite3 *db;
    char *path;
} SqlStore;

static int sql_save(Store *base, const StoreNode *node, char **err);
static int sql_query(Store *base, const char *type, const char *except_certname, const char *filter,
                     int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err);
static void sql_close(Store *base);
static const StoreOps sql_ops = {0, sql_save, sql_query, NULL, sql_close};

/* The few functions used here, from libsqlite3 loaded on first use. */
static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close)(sqlite3 *);
    int (*busy_timeout)(sqlite3 *, int);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    const char *(*errmsg)(sqlite3 *);
    void (*free)(void *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
    int (*step)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*finalize)(sqlite3_stmt *);
} sq;
static char sq_error[256];        /* why libsqlite3 could not be loaded ("" once it is) */
#define sqlite3_open_v2 sq.open_v2
#define sqlite3_close sq.close
#define sqlite3_busy_timeout sq.busy_timeout
#define sqlite3_exec sq.exec
#define sqlite3_errmsg sq.errmsg
#define sqlite3_free sq.free
#define sqlite3_prepare_v2 sq.prepare_v2
#define sqlite3_bind_text sq.bind_text
#define sqlite3_step sq.step
#define sqlite3_reset sq.reset
#define sqlite3_column_text sq.column_text
#define sqlite3_finalize sq.finalize

static pthread_once_t sq_once = PTHREAD_ONCE_INIT;
static void sq_init(void)
{
    void *h = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    const char *why = h ? NULL : dlerror();
    /* POSIX's way to take a function from dlsym */
#define LOAD(field, name) if (!why && !(*(void **)&sq.field = dlsym(h, name))) why = dlerror()
    LOAD(open_v2, "sqlite3_open_v2");
    LOAD(close, "sqlite3_close");
    LOAD(busy_timeout, "sqlite3_busy_timeout");
    LOAD(exec, "sqlite3_exec");
    LOAD(errmsg, "sqlite3_errmsg");
    LOAD(free, "sqlite3_free");
    LOAD(prepare_v2, "sqlite3_prepare_v2");
    LOAD(bind_text, "sqlite3_bind_text");
    LOAD(step, "sqlite3_step");
    LOAD(reset, "sqlite3_reset");
    LOAD(column_text, "sqlite3_column_text");
    LOAD(finalize, "sqlite3_finalize");
#undef LOAD
    if (why) snprintf(sq_error, sizeof sq_error, "cannot load libsqlite3: %s", why);
}

static char *sdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* mkdir -p of path's directory */
static int make_parent(const char *path)
{
    char *d = sdup(path);
    char *slash = strrchr(d, '/');
    if (!slash || slash == d) {
        free(d);
        return 0;
    }
    *slash = '\0';
    int rc = util_mkdir_p(d, 0750, 0);
    free(d);
    return rc;
}

static int exec_sql(SqlStore *st, const char *sql, char **err)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) == SQLITE_OK) return 0;
    *err = store_errf("store %s: %s", st->path, msg ? msg : sqlite3_errmsg(st->db));
    sqlite3_free(msg);
    return -1;
}

Store *store_open(const char *path, char **err)
{
    pthread_once(&sq_once, sq_init);
    if (sq_error[0]) {
        *err = store_errf("store %s: %s", path, sq_error);
        return NULL;
    }
    if (make_parent(path) != 0) {
        *err = store_errf("store %s: cannot make its directory: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    int is_new = stat(path, &sb) != 0;
    SqlStore *st = xcalloc(1, sizeof *st);
    st->base.ops = &sql_ops;
    st->path = sdup(path);
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
        *err = store_errf("store %s: %s", path, st->db ? sqlite3_errmsg(st->db) : "cannot open");
        sql_close(&st->base);
        return NULL;
    }
    if (is_new) chmod(path, 0600);     /* exports may hold Sensitive values */
    sqlite3_busy_timeout(st->db, BUSY_MS);
    if (exec_sql(st, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                     "CREATE TABLE IF NOT EXISTS exports (certname TEXT NOT NULL, type TEXT NOT NULL,"
                     " title TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (certname, type, title));"
                     "CREATE INDEX IF NOT EXISTS exports_type ON exports (type, certname, title);", err) != 0) {
        sql_close(&st->base);
        return NULL;
    }
    return &st->base;
}

/* Every export of the node replaced in one transaction: all or nothing. */
static int sql_save(Store *base, const StoreNode *node, char **err)
{
    SqlStore *st = (SqlStore *)base;
    const char *certname = node->certname;
    const StoreRes *res = node->exports;
    size_t n = node->nexports;
    /* BEGIN IMMEDIATE: take the write lock now (waiting up to BUSY_MS),
     * not at the first write, where a busy lock could not be waited for */
    if (exec_sql(st, "BEGIN IMMEDIATE", err) != 0) return -1;
    sqlite3_stmt *del = NULL, *ins = NULL;
    int ok = sqlite3_prepare_v2(st->db, "DELETE FROM exports WHERE certname = ?1", -1, &del, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO exports (certname, type, title, body) VALUES (?1, ?2, ?3, ?4)",
                                -1, &ins, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(del, 1, certname, -1, SQLITE_STATIC);
        ok = sqlite3_step(del) == SQLITE_DONE;
    }
    for (size_t i = 0; ok && i < n; i++) {
        sqlite3_reset(ins);
        sqlite3_bind_text(ins, 1, certname, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 2, res[i].type, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 3, res[i].title, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 4, res[i].json, -1, SQLITE_STATIC);
        ok = sqlite3_step(ins) == SQLITE_DONE;
    }
    if (!ok) *err = store_errf("store %s: %s", st->path, sqlite3_errmsg(st->db));
    sqlite3_finalize(del);
    sqlite3_finalize(ins);
    if (!ok) {
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return exec_sql(st, "COMMIT", err);
}

static int sql_query(Store *base, const char *type, const char *except_certname, const char *filter,
                     int (*each)(void *ctx, const StoreRes *r), void *ctx, char **err)
{
    SqlStore *st = (SqlStore *)base;
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db, "SELECT certname, type, title, body FROM exports WHERE type = ?1 AND certname <> ?2"
                           " ORDER BY certname, title", -1, &q, NULL) != SQLITE_OK) {
        *err = store_errf("store %s: %s", st->path, sqlite3_errmsg(st->db));
        return -1;
    }
    sqlite3_bind_text(q, 1, type, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, except_certname ? except_certname : "", -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        StoreRes r = {
            .certname = (const char *)sqlite3_column_text(q, 0),
            .type = (const char *)sqlite3_column_text(q, 1),
            .title = (const char *)sqlite3_column_text(q, 2),
            .json = (const char *)sqlite3_column_text(q, 3),
        };
        if (each(ctx, &r) != 0) break;
    }
    int bad = rc != SQLITE_ROW && rc != SQLITE_DONE;
    if (bad) *err = store_errf("store %s: %s", st->path, sqlite3_errmsg(st->db));
    sqlite3_finalize(q);
    return bad ? -1 : 0;
}

static void sql_close(Store *base)
{
    SqlStore *st = (SqlStore *)base;
    if (st->db) sqlite3_close(st->db);
    free(st->path);
    free(st);
}
