/*
 * pkgdb.c - mpm's package database.  SPM's tables keep their columns, with
 * the keys SPM lacks: a package is one row (a reinstall replaces it), a
 * file row belongs to (package, path).  Sums are SHA-256.
 *
 * What makes an install or a remove atomic together with the disk: the
 * package's new rows are first committed beside the current ones (tables
 * new_packages, new_files, drops), with a pending row per directory the
 * change swaps in, naming the directory and the inode of the tree staged to
 * become it.  Which rows are true is then decided by the disk: once that
 * directory is the staged inode (one rename or exchange made it so), the
 * new rows are; until then the old ones are.  Every reader asks through the
 * views cur_packages and cur_files, which apply that rule at open time, so
 * no reader needs a writer to have tidied up after a kill; the next writer
 * settles the rows (pkg/change.c).  The journal lists staged and old trees to
 * delete.
 *
 * Under --root the database is in the root too: its directory is opened
 * through base/rootfs (the kernel resolves it inside the root) and SQLite
 * is given /proc/self/fd/<dirfd>/packages.db, so neither the database nor
 * its journal can be led out of the root by a symlink in the path.
 */
#include "pkg/pkgdb.h"
#include "base/intent.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

static int db_dirfd = -1;   /* the database directory, kept open while the db is */
static int lock_fd = -1;    /* mpm.lock beside it: one mpm at a time */
static sqlite3_stmt *file_insert;   /* reused: an install registers many files */

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS packages (package text PRIMARY KEY, version text, release text,"
    " installed text, os text, os_family text, dependencies text, os_dependencies text,"
    " os_family_dependencies text, summary text, description text, formula text);"
    "CREATE TABLE IF NOT EXISTS files (package text NOT NULL, path text NOT NULL, size real,"
    " mode text, sum text, major text, minor text, linkname text, linkpath text, uname text,"
    " gname text, mtime text, PRIMARY KEY (package, path));"
    "CREATE INDEX IF NOT EXISTS files_path ON files (path);"
    "CREATE TABLE IF NOT EXISTS journal (step INTEGER PRIMARY KEY, op text, package text,"
    " path text, tmp text, sum text);"
    "CREATE TABLE IF NOT EXISTS new_packages (package text PRIMARY KEY, version text, release text,"
    " installed text, os text, os_family text, dependencies text, os_dependencies text,"
    " os_family_dependencies text, summary text, description text, formula text);"
    "CREATE TABLE IF NOT EXISTS new_files (package text NOT NULL, path text NOT NULL, size real,"
    " mode text, sum text, major text, minor text, linkname text, linkpath text, uname text,"
    " gname text, mtime text, PRIMARY KEY (package, path));"
    "CREATE TABLE IF NOT EXISTS drops (by text, package text, path text);"
    "CREATE TABLE IF NOT EXISTS pending (package text, root text, tmp text, old_tmp text,"
    " new_dev integer, new_ino integer, anchor integer, PRIMARY KEY (package, root));";

/* The reader's rule (see the top): a package whose anchor directory is now
 * the staged inode reads its new rows. */
static const char views[] =
    "CREATE TEMP TABLE IF NOT EXISTS done (package text PRIMARY KEY);"
    "CREATE TEMP VIEW IF NOT EXISTS cur_packages AS"
    " SELECT * FROM main.packages WHERE package NOT IN (SELECT package FROM done)"
    " UNION ALL SELECT * FROM main.new_packages WHERE package IN (SELECT package FROM done);"
    "CREATE TEMP VIEW IF NOT EXISTS cur_files AS"
    " SELECT * FROM main.files WHERE package NOT IN (SELECT package FROM done)"
    " AND NOT EXISTS (SELECT 1 FROM main.drops d WHERE d.by IN (SELECT package FROM done)"
    " AND d.package = files.package AND d.path = files.path)"
    " UNION ALL SELECT * FROM main.new_files WHERE package IN (SELECT package FROM done);";

int pkgdb_exec(sqlite3 *db, const char *sql, Buf *err)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        buf_printf(err, "database error: %s", msg ? msg : sqlite3_errmsg(db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* The directory part of path, in a static buffer (for messages). */
static const char *dir_of(const char *path)
{
    static char d[4096];
    snprintf(d, sizeof d, "%s", path);
    char *slash = strrchr(d, '/');
    if (slash) *slash = 0;
    return d;
}

int pkgdb_open(const char *path, int create, sqlite3 **db, Buf *err)
{
    *db = NULL;
    struct stat st;
    if (create != PKGDB_CREATE && rootfs_lstat(path, &st) != 0) return 1;
    char *dir = xstrndup(path, strlen(path));
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) *slash = 0;
    if (create == PKGDB_CREATE && rootfs_mkdirs(dir, 0755) != 0) {
        buf_printf(err, "Cannot create %s%s: %s", rootfs_prefix(), dir, strerror(errno));
        free(dir);
        return -1;
    }
    free(dir);
    const char *leaf;
    db_dirfd = rootfs_parent(path, &leaf);
    if (db_dirfd < 0) {
        buf_printf(err, "Cannot open the database %s%s: %s", rootfs_prefix(), path, strerror(errno));
        return -1;
    }
    /* one mpm at a time: a second one waits (its journal recovery must
     * never run while another is half-way) */
    lock_fd = openat(db_dirfd, "mpm.lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    int readonly = 0;
    if (lock_fd < 0 && create == PKGDB_READ && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        readonly = 1;   /* a user who may not write it still reads it */
    } else if (lock_fd < 0 || flock(lock_fd, create == PKGDB_READ ? LOCK_SH : LOCK_EX) != 0) {
        buf_printf(err, "Cannot lock %s%s/mpm.lock: %s", rootfs_prefix(), dir_of(path), strerror(errno));
        pkgdb_close(NULL);
        return -1;
    }
    /* the database itself may not be a symlink (SQLite follows the /proc
     * link of the directory, so its own NOFOLLOW flag cannot be used) */
    if (fstatat(db_dirfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
        buf_printf(err, "Cannot open the database %s%s: not a regular file", rootfs_prefix(), path);
        pkgdb_close(NULL);
        return -1;
    }
    char name[4096];
    /* read-only: with the WAL a killed writer left (its last commits are
     * there), read through it; without one immutable, as a reader cannot
     * make the WAL's shared memory */
    char wal[4096];
    snprintf(wal, sizeof wal, "%s-wal", leaf);
    int has_wal = readonly && fstatat(db_dirfd, wal, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
    snprintf(name, sizeof name, !readonly ? "/proc/self/fd/%d/%s" : has_wal ? "file:/proc/self/fd/%d/%s?mode=ro"
                                                                          : "file:/proc/self/fd/%d/%s?immutable=1",
             db_dirfd, leaf);
    int flags = readonly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                         : SQLITE_OPEN_READWRITE | (create == PKGDB_CREATE ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(name, db, flags, NULL) != SQLITE_OK) {
        buf_printf(err, "Cannot open the database %s%s: %s", rootfs_prefix(), path,
                   *db ? sqlite3_errmsg(*db) : "out of memory");
        pkgdb_close(*db);
        *db = NULL;
        return -1;
    }
    sqlite3_busy_timeout(*db, 10000);
    /* WAL first (a new database is made in one transaction, not one synced
     * transaction per table), checkpointed when the run ends rather than
     * every 1000 pages; each commit synced (FULL), as the rows staged for
     * a change must be on disk before its first swap (pkg/change.c groups a
     * run's packages so that this is a few commits per run) */
    if ((!readonly && (pkgdb_exec(*db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                                       " PRAGMA wal_autocheckpoint=20000", err) != 0 ||
                       pkgdb_exec(*db, "BEGIN IMMEDIATE", err) != 0 || pkgdb_exec(*db, schema, err) != 0 ||
                       pkgdb_exec(*db, "COMMIT", err) != 0)) ||
        pkgdb_exec(*db, views, err) != 0 ||
        pkgdb_refresh(*db, err) != 0) {
        pkgdb_close(*db);
        *db = NULL;
        return -1;
    }
    return readonly ? 2 : 0;
}

void pkgdb_close(sqlite3 *db)
{
    if (file_insert) sqlite3_finalize(file_insert);
    file_insert = NULL;
    if (db) sqlite3_close(db);
    if (db_dirfd >= 0) close(db_dirfd);
    db_dirfd = -1;
    if (lock_fd >= 0) close(lock_fd);
    lock_fd = -1;
}

static sqlite3_stmt *prep(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return NULL;
    return st;
}

/* The arena array v (n elements of elt bytes, cap allocated) with room for
 * one more and its end marker: v itself, or a copy twice as big. */
static void *room(Arena *a, void *v, size_t n, size_t *cap, size_t elt)
{
    if (n + 1 < *cap)
        return v;
    void *w = arena_alloc(a, 2 * *cap * elt);
    memcpy(w, v, n * elt);
    *cap *= 2;
    return w;
}

static const char *col(Arena *a, sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? arena_strdup(a, (const char *)t) : NULL;
}

PkgRow *pkgdb_info(sqlite3 *db, Arena *a, const char *name)
{
    sqlite3_stmt *st = prep(db, "SELECT package, version, release, installed, os, os_family, dependencies,"
                                " os_dependencies, os_family_dependencies, summary, description, formula"
                                " FROM cur_packages WHERE package = ?");
    if (!st) return NULL;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    PkgRow *r = NULL;
    if (sqlite3_step(st) == SQLITE_ROW) {
        r = ARENA_NEW(a, PkgRow);
        const char **f[] = {&r->name, &r->version, &r->release, &r->installed, &r->os, &r->os_family,
                            &r->dependencies, &r->os_dependencies, &r->os_family_dependencies,
                            &r->summary, &r->description, &r->formula};
        for (int i = 0; i < 12; i++) *f[i] = col(a, st, i);
    }
    sqlite3_finalize(st);
    return r;
}

const char **pkgdb_list(sqlite3 *db, Arena *a, size_t *n)
{
    *n = 0;
    sqlite3_stmt *st = prep(db, "SELECT package FROM cur_packages ORDER BY package");
    if (!st) return NULL;
    size_t cap = 16;
    const char **v = arena_alloc(a, cap * sizeof *v);
    while (sqlite3_step(st) == SQLITE_ROW) {
        v = room(a, v, *n, &cap, sizeof *v);
        v[(*n)++] = col(a, st, 0);
    }
    sqlite3_finalize(st);
    return v;
}

PkgFileRow *pkgdb_files(sqlite3 *db, Arena *a, const char *name, size_t *n)
{
    *n = 0;
    sqlite3_stmt *st = prep(db, "SELECT path, sum FROM cur_files WHERE package = ? ORDER BY path");
    if (!st) return NULL;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    size_t cap = 64;
    PkgFileRow *v = arena_alloc(a, cap * sizeof *v);
    while (sqlite3_step(st) == SQLITE_ROW) {
        v = room(a, v, *n, &cap, sizeof *v);
        PkgFileRow *r = &v[(*n)++];
        r->path = col(a, st, 0);
        r->sum = col(a, st, 1);
        if (!r->sum) r->sum = "";
        r->is_dir = !*r->sum;
    }
    sqlite3_finalize(st);
    return v;
}

const char *pkgdb_owner(sqlite3 *db, Arena *a, const char *path, const char **sum)
{
    sqlite3_stmt *st = prep(db, "SELECT package, sum FROM cur_files WHERE path = ? AND sum != '' LIMIT 1");
    if (!st) return NULL;
    sqlite3_bind_text(st, 1, path, -1, SQLITE_TRANSIENT);
    const char *r = NULL;
    if (sqlite3_step(st) == SQLITE_ROW) {
        r = col(a, st, 0);
        if (sum) *sum = col(a, st, 1);
    }
    sqlite3_finalize(st);
    return r;
}

static int run(sqlite3 *db, sqlite3_stmt *st, Buf *err)
{
    int rc = st && sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    if (rc) buf_printf(err, "database error: %s", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc;
}

int pkgdb_register(sqlite3 *db, const Formula *f, Buf *err)
{
    sqlite3_stmt *st = prep(db, "INSERT OR REPLACE INTO new_packages VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!st) return run(db, st, err);
    char when[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(when, sizeof when, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    const char *v[] = {f->name, f->version, f->release, when, f->os, f->os_family, f->dependencies,
                       f->os_dependencies, f->os_family_dependencies, f->summary, f->description, f->text};
    for (int i = 0; i < 12; i++) sqlite3_bind_text(st, i + 1, v[i], -1, SQLITE_STATIC);
    return run(db, st, err);
}

int pkgdb_register_file(sqlite3 *db, const char *pkg, const char *path, size_t size, unsigned mode,
                        const char *sum, long long mtime, int is_dir, const char *uname, const char *gname, Buf *err)
{
    if (!file_insert)
        file_insert = prep(db, "INSERT OR REPLACE INTO new_files (package, path, size, mode, sum, mtime, uname, gname)"
                               " VALUES (?,?,?,?,?,?,?,?)");
    sqlite3_stmt *st = file_insert;
    if (!st) return run(db, NULL, err);
    char m[16], t[32];
    snprintf(m, sizeof m, "%o", mode);
    snprintf(t, sizeof t, "%lld", mtime);
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, pkg, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 3, (double)size);
    sqlite3_bind_text(st, 4, m, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 5, is_dir ? "" : sum, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, t, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 7, uname, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 8, gname, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE) {
        buf_printf(err, "database error: %s", sqlite3_errmsg(db));
        sqlite3_reset(st);
        return -1;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return 0;
}

int pkgdb_disown(sqlite3 *db, const char *pkg, const char *path, Buf *err)
{
    sqlite3_stmt *st = prep(db, "INSERT INTO drops SELECT ?, package, path FROM cur_files"
                                " WHERE path = ? AND package != ? AND sum != ''");
    if (st) {
        sqlite3_bind_text(st, 1, pkg, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, pkg, -1, SQLITE_STATIC);
    }
    return run(db, st, err);
}

int pkgdb_pending_add(sqlite3 *db, const char *pkg, const char *root, const char *tmp, const char *old_tmp,
                      unsigned long long dev, unsigned long long ino, int anchor, Buf *err)
{
    sqlite3_stmt *st = prep(db, "INSERT OR REPLACE INTO pending VALUES (?,?,?,?,?,?,?)");
    if (st) {
        sqlite3_bind_text(st, 1, pkg, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, root, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, tmp, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, old_tmp, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 5, (sqlite3_int64)dev);
        sqlite3_bind_int64(st, 6, (sqlite3_int64)ino);
        sqlite3_bind_int(st, 7, anchor);
    }
    return run(db, st, err);
}

PkgPending *pkgdb_pending(sqlite3 *db, Arena *a, size_t *n)
{
    *n = 0;
    sqlite3_stmt *st = prep(db, "SELECT package, root, tmp, old_tmp, new_dev, new_ino, anchor FROM pending"
                                " ORDER BY package, anchor DESC, root");
    if (!st) return NULL;
    size_t cap = 16;
    PkgPending *v = arena_alloc(a, cap * sizeof *v);
    while (sqlite3_step(st) == SQLITE_ROW) {
        v = room(a, v, *n, &cap, sizeof *v);
        PkgPending *p = &v[(*n)++];
        p->package = col(a, st, 0);
        p->root = col(a, st, 1);
        p->tmp = col(a, st, 2);
        p->old_tmp = col(a, st, 3);
        p->dev = (unsigned long long)sqlite3_column_int64(st, 4);
        p->ino = (unsigned long long)sqlite3_column_int64(st, 5);
        p->anchor = sqlite3_column_int(st, 6);
    }
    sqlite3_finalize(st);
    return v;
}

int pkgdb_is_new(const PkgPending *p)
{
    const char *lr;
    int fd = rootfs_parent(p->root, &lr);
    if (fd < 0) return p->ino == 0;
    IntentStep s = {p->package, ".", lr, strrchr(p->tmp, '/') + 1, p->old_tmp ? strrchr(p->old_tmp, '/') + 1 : NULL,
                    p->dev, p->ino, p->anchor};
    int done = intent_step_done(fd, &s);
    close(fd);
    return done >= 1;
}

int pkgdb_lock_writer(Buf *err)
{
    if (lock_fd >= 0 && flock(lock_fd, LOCK_EX) == 0) return 0;
    buf_printf(err, "Cannot lock the database: %s", strerror(errno));
    return -1;
}

int pkgdb_refresh(sqlite3 *db, Buf *err)
{
    Arena a;
    arena_init(&a);
    size_t n;
    PkgPending *p = pkgdb_pending(db, &a, &n);
    int rc = pkgdb_exec(db, "DELETE FROM temp.done", err);
    sqlite3_stmt *st = rc ? NULL : prep(db, "INSERT OR IGNORE INTO temp.done VALUES (?)");
    for (size_t i = 0; i < n && !rc; i++) {
        if (!p[i].anchor || !pkgdb_is_new(&p[i])) continue;
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, p[i].package, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE) {
            buf_printf(err, "database error: %s", sqlite3_errmsg(db));
            rc = -1;
        }
    }
    if (st) sqlite3_finalize(st);
    arena_free(&a);
    return rc;
}

int pkgdb_settle(sqlite3 *db, const char *name, int is_new, Buf *err)
{
    static const char *const apply[] = {
        "DELETE FROM files WHERE package = ?1",
        "DELETE FROM packages WHERE package = ?1",
        "INSERT INTO packages SELECT * FROM new_packages WHERE package = ?1",
        "INSERT INTO files SELECT * FROM new_files WHERE package = ?1",
        "DELETE FROM files WHERE EXISTS (SELECT 1 FROM drops d WHERE d.by = ?1"
        " AND d.package = files.package AND d.path = files.path)",
    };
    static const char *const forget[] = {
        "DELETE FROM new_files WHERE package = ?1", "DELETE FROM new_packages WHERE package = ?1",
        "DELETE FROM drops WHERE by = ?1", "DELETE FROM pending WHERE package = ?1",
        "DELETE FROM temp.done WHERE package = ?1",
    };
    for (size_t i = 0; is_new && i < sizeof apply / sizeof *apply; i++) {
        sqlite3_stmt *st = prep(db, apply[i]);
        if (st) sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if (run(db, st, err) != 0) return -1;
    }
    for (size_t i = 0; i < sizeof forget / sizeof *forget; i++) {
        sqlite3_stmt *st = prep(db, forget[i]);
        if (st) sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if (run(db, st, err) != 0) return -1;
    }
    return 0;
}

int pkgdb_journal_add(sqlite3 *db, char op, const char *pkg, const char *path, const char *tmp,
                      const char *sum, Buf *err)
{
    sqlite3_stmt *st = prep(db, "INSERT INTO journal (op, package, path, tmp, sum) VALUES (?,?,?,?,?)");
    if (st) {
        char o[2] = {op, 0};
        sqlite3_bind_text(st, 1, o, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, pkg, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, path, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, tmp, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, sum, -1, SQLITE_STATIC);
    }
    return run(db, st, err);
}

PkgJournal *pkgdb_journal(sqlite3 *db, Arena *a, size_t *n)
{
    *n = 0;
    sqlite3_stmt *st = prep(db, "SELECT op, package, path, tmp, sum FROM journal ORDER BY step");
    if (!st) return NULL;
    size_t cap = 64;
    PkgJournal *v = arena_alloc(a, cap * sizeof *v);
    while (sqlite3_step(st) == SQLITE_ROW) {
        v = room(a, v, *n, &cap, sizeof *v);
        PkgJournal *j = &v[(*n)++];
        const char *o = col(a, st, 0);
        j->op = o ? o[0] : 0;
        j->package = col(a, st, 1);
        j->path = col(a, st, 2);
        j->tmp = col(a, st, 3);
        j->sum = col(a, st, 4);
    }
    sqlite3_finalize(st);
    return v;
}

