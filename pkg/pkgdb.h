/*
 * pkgdb.h - the database of installed packages (SQLite): SPM's two tables,
 * packages and files, with real keys, plus what makes an install or a
 * remove atomic across the database and the disk: the new rows staged
 * beside them, true from the moment a directory is swapped in (pending),
 * and a journal of trees to delete.
 */
#ifndef PKG_PKGDB_H
#define PKG_PKGDB_H
#include "pkg/formula.h"
#include <sqlite3.h>

typedef struct PkgRow {
    const char *name, *version, *release, *installed, *os, *os_family, *dependencies;
    const char *os_dependencies, *os_family_dependencies, *summary, *description, *formula;
} PkgRow;

typedef struct PkgFileRow {
    const char *path;    /* absolute, in the managed system */
    const char *sum;     /* SHA-256 hex; "" for a directory */
    int is_dir;
} PkgFileRow;

/* A tree left to delete (op 't': tmp, a staged tree, an old one, or one
 * set aside where the file system cannot exchange directories). */
typedef struct PkgJournal { const char *package, *path, *tmp, *sum; char op; } PkgJournal;

/* A directory a change swaps in: root becomes the tree staged at tmp,
 * whose device and inode are dev, ino (0: the change removes root; it is
 * then renamed to tmp).  old_tmp: where root is set aside first when the
 * file system cannot exchange (base/intent.h).  The anchor's swap is the
 * moment the package's new rows become true. */
typedef struct PkgPending {
    const char *package, *root, *tmp, *old_tmp;
    unsigned long long dev, ino;
    int anchor;
} PkgPending;

/* Opens the database at path, a path of the managed system (under --root
 * when there is one), holding its lock (one mpm at a time).  mode
 * PKGDB_CREATE creates it and its directory when missing; PKGDB_WRITE needs
 * it to exist; PKGDB_READ also falls back to reading it, unlocked, when the
 * user may not write there.  0 open, 1 no database, 2 open read-only, -1
 * error (message in err). */
enum { PKGDB_WRITE, PKGDB_CREATE, PKGDB_READ };
int pkgdb_open(const char *path, int mode, sqlite3 **db, Buf *err);
void pkgdb_close(sqlite3 *db);

/* Runs sql (no results); 0, or -1 with the message in err. */
int pkgdb_exec(sqlite3 *db, const char *sql, Buf *err);

/* The package's row, or NULL when it is not installed; lives in a. */
PkgRow *pkgdb_info(sqlite3 *db, Arena *a, const char *name);
/* Installed names, sorted; *n set; lives in a. */
const char **pkgdb_list(sqlite3 *db, Arena *a, size_t *n);
/* The package's files in path order; *n set; lives in a. */
PkgFileRow *pkgdb_files(sqlite3 *db, Arena *a, const char *name, size_t *n);
/* The package that recorded path as a file (not a directory), or NULL;
 * *sum (when sum is not NULL) is set to the SHA-256 recorded with it. */
const char *pkgdb_owner(sqlite3 *db, Arena *a, const char *path, const char **sum);

/* Stage the package's new rows (package and files: f's, installed now);
 * they replace its current ones when pkgdb_settle says so.  A package with
 * pending rows and none staged is being removed. */
int pkgdb_register(sqlite3 *db, const Formula *f, Buf *err);
int pkgdb_register_file(sqlite3 *db, const char *pkg, const char *path, size_t size, unsigned mode,
                        const char *sum, long long mtime, int is_dir, const char *uname, const char *gname,
                        Buf *err);
/* Stages dropping another package's claim on a file path (install --force). */
int pkgdb_disown(sqlite3 *db, const char *pkg, const char *path, Buf *err);

/* Records a directory the package's change swaps in (PkgPending). */
int pkgdb_pending_add(sqlite3 *db, const char *pkg, const char *root, const char *tmp, const char *old_tmp,
                      unsigned long long dev, unsigned long long ino, int anchor, Buf *err);
/* Every pending row, per package the anchor first; lives in a. */
PkgPending *pkgdb_pending(sqlite3 *db, Arena *a, size_t *n);
/* Whether p's directory is now the tree it stages, or half-way there (set
 * aside where the file system cannot exchange: base/intent), looked at on
 * disk. */
int pkgdb_is_new(const PkgPending *p);
/* Takes the writers' lock of a database opened with PKGDB_READ (a reader
 * about to finish what a killed writer left); waits for a live writer.
 * 0, or -1 with the message in err. */
int pkgdb_lock_writer(Buf *err);
/* Looks at the disk again for the readers' rule (done at open). */
int pkgdb_refresh(sqlite3 *db, Buf *err);
/* Makes the package's staged rows its rows (is_new) or drops them, and
 * forgets its pending rows.  Inside the caller's transaction. */
int pkgdb_settle(sqlite3 *db, const char *name, int is_new, Buf *err);

/* Adds a journal step (PkgJournal). */
int pkgdb_journal_add(sqlite3 *db, char op, const char *pkg, const char *path, const char *tmp,
                      const char *sum, Buf *err);
/* Journal steps in the order they were added; lives in a. */
PkgJournal *pkgdb_journal(sqlite3 *db, Arena *a, size_t *n);
#endif
