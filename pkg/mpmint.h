/*
 * mpmint.h - what the files of mpm share, and nothing outside pkg/ sees:
 * mpm.c (the command line), change.c (install and remove as atomic
 * changes, and the recovery after a kill), resolve.c (repositories,
 * dependency resolution, the install command).  One run has one set of
 * options, one arena and one open database, so they are globals here,
 * prefixed mpm_; everything else of those files is static.  Include it
 * last: it defines A, the run's arena, as the compiler's files define
 * theirs.
 */
#ifndef PKG_MPMINT_H
#define PKG_MPMINT_H
#include "pkg/pkgdb.h"
#include "pkg/spmfile.h"
#include "base/arena.h"
#include "base/buf.h"
#include <sys/types.h>

/* The command line's options, set once by main(); the paths are of the
 * managed system (inside --root) unless said otherwise. */
typedef struct MpmOptions {
    int yes, force, verbose;
    const char *root;        /* --root, or NULL */
    const char *vardir;      /* in the root */
    const char *confdir;     /* in the root */
    const char *moddir;      /* the first --modulepath entry, in the root */
    const char *sharedir;    /* where c d g l r tagged files go, in the root */
    const char *build_dir;   /* host path for build */
    const char *dups;        /* create_repo: ignore, archive or delete */
    const char *dbpath;      /* <vardir>/mpm/packages.db */
    const char *cachedir;    /* <vardir>/mpm/cache */
    const char *modulepath;  /* --modulepath as given */
} MpmOptions;

extern MpmOptions mpm_opt;   /* mpm.c */
extern Arena mpm_arena;      /* everything of one run; freed at exit (mpm.c) */
#define A mpm_arena
extern sqlite3 *mpm_db;      /* open after mpm_open_db(), or NULL (change.c) */

/* One package to install: its package file read whole, and where each
 * member goes (mpm_plan_dests()); lives in the run's arena. */
typedef struct Plan {
    SpmPackage pkg;
    const char **dest;       /* per member, or NULL */
    const char *source;      /* the repo name, or NULL for a file */
    int explicit_arg;        /* named on the command line */
} Plan;

/* mpm.c: the message (a line of its own on stderr); returns 1, the exit
 * status of a failed command.  mpm_fail_buf() also frees err. */
int mpm_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int mpm_fail_buf(Buf *err);
/* mpm.c: p as a path of the managed system (absolute; a relative p is
 * taken from the cwd, or from "/" with --root); lives in the run's arena. */
const char *mpm_system_path(const char *p);

/* change.c: the managed system's files, every path through base/rootfs
 * (-1 and errno on failure).  mpm_sys_sum() gives the hex SHA-256 of a
 * regular file, "" when missing or not one; mpm_tmp_beside() the name an
 * install writes beside path (in the run's arena). */
int mpm_sys_read(const char *path, Buf *out);
int mpm_sys_write(const char *path, const char *data, size_t len, mode_t mode);
int mpm_sys_rename(const char *from, const char *to);
void mpm_sys_sum(const char *path, char out[65]);
const char *mpm_tmp_beside(const char *path);

/* change.c: opens mpm_db (mode as pkgdb_open's), first settling what a
 * killed mpm left; 0 open, 1 no database, -1 error (printed). */
int mpm_open_db(int mode);
/* change.c: CONFDIR/mpm.conf's owner of installed files; 0 or 1 (printed). */
int mpm_load_settings(void);
/* change.c: the steps of an install, in the order resolve.c takes them:
 * where p's members go; 1 when something is in the way (printed); asks
 * before a change unless -y (plans or names, n of them; 0 go on); installs
 * n plans as one atomic group (0 done, 1 not installed, 2 a post state
 * failed). */
void mpm_plan_dests(Plan *p);
int mpm_check_existing(Plan *p);
int mpm_confirm(const char *what, Plan *plans, const char **names, size_t n);
int mpm_install_group(Plan *ps, size_t n);

/* The commands other than mpm.c's own; each returns the exit status. */
int mpm_cmd_remove(char **args, int nargs);                 /* change.c */
int mpm_cmd_install(char **args, int nargs, int local);     /* resolve.c */
int mpm_cmd_repo(const char *c, const char *arg);           /* resolve.c */

#endif
