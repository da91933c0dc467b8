/*
 * pkgdb.h - the database of installed packages (SQLite): SPM's two tables,
 * packages and files, with real keys, plus the journal that makes an
 * install or a remove atomic across the database and the disk.
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

/* A step of an install or remove that may still have to be done on disk:
 * rename tmp to path (op 'i'), or delete path if its sum is still sum
 * (op 'r'; a directory when sum is ""). */
typedef struct PkgJournal { const char *package, *path, *tmp, *sum; char op; } PkgJournal;

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

/* Replaces the package's rows (package and files) with f's, installed now. */
int pkgdb_register(sqlite3 *db, const Formula *f, Buf *err);
int pkgdb_register_file(sqlite3 *db, const char *pkg, const char *path, size_t size, unsigned mode,
                        const char *sum, long long mtime, int is_dir, Buf *err);
/* Drops another package's claim on a file path (install --force). */
int pkgdb_disown(sqlite3 *db, const char *pkg, const char *path, Buf *err);
/* Deletes the package and its file rows. */
int pkgdb_unregister(sqlite3 *db, const char *name, Buf *err);

int pkgdb_journal_add(sqlite3 *db, char op, const char *pkg, const char *path, const char *tmp,
                      const char *sum, Buf *err);
/* Journal steps in the order they were added; lives in a. */
PkgJournal *pkgdb_journal(sqlite3 *db, Arena *a, size_t *n);
int pkgdb_journal_clear(sqlite3 *db, Buf *err);
#endif
