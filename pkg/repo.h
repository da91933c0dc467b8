/*
 * repo.h - package repositories: their configuration, fetching a file from
 * one (file://, http://, https://, ftp://), their SPM-METADATA, and create_repo.
 */
#ifndef PKG_REPO_H
#define PKG_REPO_H
#include "pkg/formula.h"

typedef struct Repo {
    const char *name, *url;          /* url without a trailing '/' */
    const char *username, *password; /* basic auth, or NULL */
    const char *ca_file;             /* https: the CA certificates to trust instead of the system's, or NULL */
    int enabled;
} Repo;

typedef struct RepoEntry {
    const Repo *repo;
    const char *filename;            /* the .spm file, relative to the repo url */
    const char *sha256;              /* its SHA-256 (hex), or NULL when the index has none */
    Formula *f;
} RepoEntry;

/* Adds the repositories of one configuration file's YAML text (file names
 * it in messages) to *v (*n entries, arena a); a name given again replaces
 * the earlier one.  0, or -1 with the message in err. */
int repo_parse_config(Arena *a, const char *file, const char *text, size_t len, Repo **v, size_t *n, Buf *err);

/* The top-level scalar settings of mpm.conf's YAML text (SPM's
 * configuration keys: spm_uid, spm_gid), in file order, into *keys and
 * *vals (*n of them, arena a).  0, or -1 with the message in err. */
int repo_parse_settings(Arena *a, const char *file, const char *text, size_t len, const char ***keys,
                        const char ***vals, size_t *n, Buf *err);

/* Fetches <repo url>/<file> into out (at most max bytes).  0, or -1 with
 * the message in err. */
int repo_fetch(const Repo *r, const char *file, size_t max, Buf *out, Buf *err);

/* The entries of SPM-METADATA text from repo r, appended to *v. */
int repo_parse_metadata(Arena *a, const Repo *r, const char *text, size_t len, RepoEntry **v, size_t *n, Buf *err);

/* create_repo: writes dir/SPM-METADATA for the newest package per name in
 * dir (version, then release, compared as versions), each with the SHA-256
 * of its file (a key SPM does not read and mpm checks); older ones are left
 * (dups "ignore"), moved to dir/archive ("archive") or deleted ("delete").
 * 0, or -1 with the message in err. */
int repo_create(Arena *a, const char *dir, const char *dups, Buf *err);
#endif
