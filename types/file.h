/*
 * file.h - what other providers use of the file type (types/file/; its
 * internal.h lists the files there): concat_file's generated File resource
 * is synced by the file type's own code, so its content, backups,
 * validate_cmd, replace, mode and owner, noop and log lines are exactly a
 * File's.
 */
#ifndef TYPES_FILE_H
#define TYPES_FILE_H
#include "types/txres.h"
#include <sys/stat.h>

/* Syncs r, a File resource that t's resource generates (Puppet's
 * eval_generate), in t's turn: r's lines carry r's own path, as a sibling
 * of t's resource (tx_child); its events and failure count for t.  r and
 * its values stay the caller's.  Returns 0, or -1 when it failed (already
 * logged). */
int file_sync_generated(TxRes *t, const Resource *r);

/* The file type's validation of r (before the run): 0, or -1 with
 * Puppet's message in err. */
int file_validate_generated(const Resource *r, Buf *err);

/* Appends the content of the source src (found as File's source is: in
 * the root, links followed inside it; below the module's files/ for
 * puppet:///modules/..., never out of it) to out.  Returns 0, 1 when it
 * does not exist or is not a regular file, -1 (errno) when it cannot be
 * read. */
int file_source_read(TxRes *t, const char *src, Buf *out);
#endif
