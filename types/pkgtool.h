/*
 * pkgtool.h - the Debian package tools as one C interface, for the package
 * and pkgrepo types (types/package.c, types/pkgrepo.c) and for mres.  It
 * follows Salt's package-provider contract (docs/salt.md §3):
 * list_pkgs, latest_version, version, upgrade_available, version_cmp,
 * install/remove/purge returning compare_dicts changes, refresh_db, the
 * repo functions over sources.list.d, and the lowpkg functions verify,
 * file_list and file_dict.
 *
 * Every function takes root: "" for the running system, or the directory
 * mapply --root manages.  Under a root the host's own tools do the work
 * (dpkg --root=<root>, apt-get with an APT_CONFIG that points every apt
 * directory and the dpkg status file into the root), so nothing of the
 * host's package state or apt configuration is read or written.
 *
 * Reads are cached for the run: the dpkg status file is read once (in C,
 * no dpkg-query process) until an install, remove or purge changes it; the
 * apt candidates are asked once per name.  pkg_tool_reset() drops every
 * cache and temporary file; a program calls it when its run is over
 * (mapply through the providers' finish hooks, mres before it exits).
 * Not thread-safe.
 */
#ifndef TYPES_PKGTOOL_H
#define TYPES_PKGTOOL_H
#include "base/buf.h"
#include <stddef.h>

/* ---- the dpkg database (list_pkgs, version) ---- */

/* What dpkg knows of a package, in Puppet's three outcomes. */
typedef enum PkgState {
    PKG_NOT_INSTALLED,  /* unknown to dpkg or "not-installed": Puppet's 'purged' */
    PKG_ABSENT,         /* config-files, half-installed, unpacked, half-configured:
                           Puppet's 'absent' (removed, traces left) */
    PKG_INSTALLED       /* installed, triggers-awaited, triggers-pending: its version */
} PkgState;

typedef struct PkgInfo {
    const char *name;       /* "foo", or "foo:i386" for a foreign-architecture instance */
    const char *version;    /* "" when dpkg has none */
    const char *arch;       /* "all", "amd64", ... or "" */
    const char *status;     /* dpkg's third status word: "installed", "config-files", ... */
    PkgState state;
    int hold;               /* the selection is "hold" */
    int error;              /* dpkg's error flag is not "ok" (reinstreq) */
} PkgInfo;

/* Looks name up in root's dpkg database (read once, see above) and fills
 * *out; a package dpkg does not know gets state PKG_NOT_INSTALLED and empty
 * strings.  The strings in *out live in the cache: valid until the next
 * pkg_install/pkg_remove/pkg_purge/pkg_tool_reset or a call with another
 * root.  Returns 0, or -1 when the status file cannot be read (err set). */
int pkg_query(const char *root, const char *name, PkgInfo *out, Buf *err);

/* Salt's list_pkgs: calls fn(ctx, info) for every package dpkg knows, in
 * the status file's order (installed or not: fn looks at info->state).  The
 * PkgInfo and its strings live in the cache (see pkg_query).  Returns 0, or
 * -1 with err set. */
int pkg_list_pkgs(const char *root, void (*fn)(void *ctx, const PkgInfo *info), void *ctx, Buf *err);

/* Salt's version: the installed version of name, or "" when it is not
 * installed (or on a read error).  Lives in the cache (see pkg_query). */
const char *pkg_version(const char *root, const char *name);

/* Drops the cached database, so the next read sees the disk again. */
void pkg_list_clear(void);

/* ---- Debian versions ---- */

/* dpkg's version comparison (epoch, then upstream, then revision; digits
 * numerically, letters before non-letters, '~' before everything, even the
 * end): <0, 0 or >0.  Never fails; a malformed version compares by the same
 * rules, as dpkg does. */
int pkg_version_cmp(const char *a, const char *b);

/* 1 when v is a valid Debian version as dpkg accepts it for a new version:
 * [epoch:]upstream[-revision], the upstream starting with a digit, only
 * alphanumerics and . + ~ - (and : when there is an epoch).  Else 0. */
int pkg_version_valid(const char *v);

/* ---- running the tools ---- */

/* Which tool installs: apt-get (repositories, with dpkg under it) or dpkg
 * alone (local .deb files). */
typedef enum PkgTool { PKG_TOOL_APT, PKG_TOOL_DPKG } PkgTool;

/* Where pkgtool reports each command before it runs it, argv joined by
 * spaces ("apt-get -q -y ... install foo"); NULL fn: silent.  The caller
 * logs it as Puppet does ("Debug: Executing: '...'"). */
typedef struct PkgLog {
    void (*fn)(void *ctx, const char *command);
    void *ctx;
} PkgLog;

/* 1 when apt-get is found through PATH (the package type's default
 * provider is then apt, else dpkg).  Cached. */
int pkg_have_apt(void);

/* ---- apt candidates (latest_version, upgrade_available) ---- */

/* Asks apt once ("apt-cache policy" with every name not yet cached) for
 * the candidate and the available versions of names; later lookups of
 * those names cost nothing.  Returns 0, or -1 with apt's output in err. */
int pkg_latest_prefetch(const char *root, const char *const *names, size_t n, const PkgLog *log, Buf *err);

/* The version apt would install for name (its candidate, which may equal
 * the installed version), or NULL when apt has none.  Fetches name when the
 * prefetch did not cover it (err set and NULL on failure, else err
 * untouched).  Lives in the cache: valid until pkg_refresh_db or
 * pkg_tool_reset. */
const char *pkg_candidate(const char *root, const char *name, const PkgLog *log, Buf *err);

/* Every version apt can install for name, as its policy table lists them
 * (highest priority first); *n gets their number.  NULL (and *n 0) when
 * none.  Same lifetime as pkg_candidate. */
const char *const *pkg_available_versions(const char *root, const char *name, size_t *n, const PkgLog *log,
                                          Buf *err);

/* Salt's latest_version for one name: the candidate when it is newer than
 * the installed version (or name is not installed), else "".  Never NULL;
 * same lifetime as pkg_candidate. */
const char *pkg_latest_version(const char *root, const char *name, const PkgLog *log, Buf *err);

/* Salt's upgrade_available: 1 when pkg_latest_version(name) is not "". */
int pkg_upgrade_available(const char *root, const char *name, const PkgLog *log);

/* The Package and Version fields of a local .deb (dpkg-deb -f); path is on
 * the host (the caller adds root).  Appends to name and version (either
 * may be NULL).  Returns 0, or -1 with dpkg-deb's output in err. */
int pkg_deb_fields(const char *path, Buf *name, Buf *version, const PkgLog *log, Buf *err);

/* ---- install, remove, purge, refresh_db ---- */

/* One package to install. */
typedef struct PkgTarget {
    const char *name;     /* the package name */
    const char *version;  /* an exact version (apt: name=version), or NULL */
    const char *source;   /* a local .deb, a path in the managed system (root is
                             added), or NULL; with it, name and version only name
                             the result */
} PkgTarget;

/* How to run the tool. */
typedef struct PkgOpts {
    PkgTool tool;
    const char *const *options; /* install options for apt-get, before "install";
                                   NULL-terminated, or NULL */
    int replace_conffiles;      /* 1: --force-confnew, 0: --force-confold (Puppet's
                                   configfiles => keep, the default) */
    PkgLog log;
} PkgOpts;

/* One entry of Salt's compare_dicts: a package whose version changed. */
typedef struct PkgChange {
    char *name;
    char *old_version;   /* "" when it was not installed */
    char *new_version;   /* "" when it is no longer installed */
} PkgChange;

/* A list of changes; the caller owns it and frees it with pkg_changes_free. */
typedef struct PkgChanges { PkgChange *v; size_t n; } PkgChanges;
void pkg_changes_free(PkgChanges *c);
/* The change for name in c, or NULL. */
const PkgChange *pkg_changes_find(const PkgChanges *c, const char *name);

/* Salt's install: installs targets[0..n) with ONE command (apt-get install
 * or dpkg -i), then fills changes (which the caller has zeroed) with
 * compare_dicts of the installed versions before and after, whether the
 * command succeeded or not.  Returns 0, or -1 with Puppet's "Execution of
 * '<command>' returned <status>: <output>" in err. */
int pkg_install(const char *root, const PkgOpts *o, const PkgTarget *targets, size_t n, PkgChanges *changes,
                Buf *err);

/* Salt's remove (apt-get remove / dpkg -r) and purge (apt-get remove
 * --purge and then dpkg --purge, as Puppet's apt does; dpkg --purge alone
 * with PKG_TOOL_DPKG) of names[0..n) in one command each; changes and
 * return as pkg_install. */
int pkg_remove(const char *root, const PkgOpts *o, const char *const *names, size_t n, PkgChanges *changes,
               Buf *err);
int pkg_purge(const char *root, const PkgOpts *o, const char *const *names, size_t n, PkgChanges *changes,
              Buf *err);

/* Salt's refresh_db: apt-get update.  Clears the candidate cache and the
 * stale mark.  Returns 0, or -1 with the execution error in err. */
int pkg_refresh_db(const char *root, const PkgLog *log, Buf *err);

/* The apt index needs a refresh: pkg_mark_stale() records that a
 * repository changed (pkg_mod_repo and pkg_del_repo call it),
 * pkg_index_stale() says whether one did since the last pkg_refresh_db. */
void pkg_mark_stale(void);
int pkg_index_stale(void);
/* 1 when root has no downloaded package lists (a bare root, or apt-get
 * update never ran). */
int pkg_lists_missing(const char *root);
/* 1 once pkg_refresh_db has succeeded in this run. */
int pkg_index_refreshed(void);

/* ---- repositories: <root>/etc/apt/sources.list.d/ (docs/salt.md §3.3) ---- */

/* One apt source line: "type [options] uri dist [comps...]". */
typedef struct PkgRepo {
    char *type;          /* "deb" or "deb-src" */
    char *uri;
    char *dist;          /* a suite ("bookworm") or an exact path ("./") */
    char **comps;        /* components; none for an exact path */
    size_t ncomps;
    char **archs;        /* arch= values, or none */
    size_t narchs;
    int trusted;         /* 1: trusted=yes, 0: trusted=no, -1: not given */
    char *other_options; /* any other [options] ("signed-by=/k.gpg"), space
                            separated, kept as found; or NULL */
    char *file;          /* the .list file as a path in the managed system
                            ("/etc/apt/sources.list.d/x.list"), or NULL */
    int disabled;        /* the line is commented out ("# deb ...") */
} PkgRepo;

/* Every malloc'd member of r, then r is zeroed (r itself is the caller's). */
void pkg_repo_free(PkgRepo *r);

/* Parses a source line (a leading "#" makes it disabled).  Returns 0 with
 * r filled (caller frees with pkg_repo_free), or -1 with Salt's "Error:
 * repo '<line>' is not a well formatted definition" in err. */
int pkg_repo_parse(const char *line, PkgRepo *r, Buf *err);

/* Appends r as a source line (no newline): options in the order arch=,
 * trusted=, then the others. */
void pkg_repo_format(const PkgRepo *r, Buf *out);

/* Salt's list_repos: calls fn(ctx, repo) for every source line (enabled or
 * not) of every *.list file in <root>/etc/apt/sources.list.d, files in name
 * order, lines in file order; repo->file is set.  repo lives until fn
 * returns.  Returns 0, or -1 with err set. */
int pkg_list_repos(const char *root, void (*fn)(void *ctx, const PkgRepo *repo), void *ctx, Buf *err);

/* Salt's get_repo: finds the enabled line of file (a path in the managed
 * system) with key's type, uri and dist; with any_single, a file that holds
 * exactly one enabled line yields that line even if it does not match (a
 * repo whose uri or dist is about to change).  Returns 1 with *out filled
 * (caller frees), 0 when there is no such line (or no file), -1 with err
 * set. */
int pkg_get_repo(const char *root, const char *file, const PkgRepo *key, int any_single, PkgRepo *out, Buf *err);

/* Salt's mod_repo: writes want as a line of want->file (a path in the
 * managed system), replacing the enabled line that old matches by type, uri
 * and dist (old NULL: want itself), or appending it; every other line is
 * kept.  The file is written atomically (temporary file in the same
 * directory, fsync, rename), its directory created if needed, and the apt
 * index marked stale.  Returns 0, or -1 with err set (nothing changed). */
int pkg_mod_repo(const char *root, const PkgRepo *want, const PkgRepo *old, Buf *err);

/* Salt's del_repo: removes key's enabled line from file; when no source
 * line is left the file is deleted.  msg gets Salt's wording ("Repo '<r>'
 * has been removed from <file>.\n", "File <file> containing repo '<r>' has
 * been removed.\n", or "Repo <r> doesn't exist in the sources.list(s)" with
 * a return of 1).  Marks the index stale when something was removed.
 * Returns 0 removed, 1 not there, -1 with err set. */
int pkg_del_repo(const char *root, const char *file, const PkgRepo *key, Buf *msg, Buf *err);

/* ---- lowpkg (docs/salt.md §3.4) ---- */

/* Checks name's files against <root>/var/lib/dpkg/info/<name>.md5sums and
 * its conffiles against the checksums in the status file.  Appends one line
 * per file that differs: "<path>: md5sum mismatch" or "<path>: missing",
 * with " (config)" after a conffile's; nothing when all is well.  Returns
 * 0, or -1 with "package <name> is not installed" (or a read error) in err. */
int pkg_verify(const char *root, const char *name, Buf *out, Buf *err);

/* Salt's file_list for one package: the paths dpkg recorded for name
 * (info/<name>.list, as dpkg -L prints them), one per line, appended to
 * out.  Returns 0, or -1 with "package <name> is not installed" in err. */
int pkg_file_list(const char *root, const char *name, Buf *out, Buf *err);

/* Salt's file_dict: calls fn(ctx, package, path) for every path of each of
 * names[0..n) (n 0: every package dpkg knows that is not purged).  A
 * package that is not installed adds "package <name> is not installed\n"
 * to errors and is skipped.  Returns 0, or -1 when a file list cannot be
 * read (err set). */
int pkg_file_dict(const char *root, const char *const *names, size_t n,
                  void (*fn)(void *ctx, const char *package, const char *path), void *ctx, Buf *errors,
                  Buf *err);

/* ---- the run ---- */

/* Drops every cache (status, candidates, stale and refreshed marks) and
 * removes the temporary apt configuration.  Safe to call more than once. */
void pkg_tool_reset(void);
/* The host path the tools are to read path (a .deb, absolute in the
 * root) from: path is opened in the root (base/rootfs) and the path the
 * kernel resolved it to is given, so a link or ".." in it never names a
 * file outside the root; without a root, path itself.  0, or -1 with
 * dpkg's wording in err when it cannot be reached in the root. */
int pkg_root_path(const char *root, const char *path, Buf *out, Buf *err);

#endif
