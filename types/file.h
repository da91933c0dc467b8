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
#include <time.h>

/* Syncs r, a File resource that t's resource generates (Puppet's
 * eval_generate), in t's turn: r's lines carry r's own path, as a sibling
 * of t's resource (tx_child); its events and failure count for t.  r and
 * its values stay the caller's.  Returns 0, or -1 when it failed (already
 * logged). */
int file_sync_generated(TxRes *t, const Resource *r);

/* The children a File resource's recursion synced in its last
 * evaluation (Puppet's generated resources, each with its own status in
 * the report), in the order they were synced. */
typedef struct FileChild {
    char *path;              /* the child's path (malloc) */
    int first_event, end_event; /* its events: [first, end) of the resource's (tx_events) */
    struct timespec started; /* CLOCK_REALTIME when its sync began */
    double seconds;          /* how long it took */
    int failed;              /* its sync failed */
    int skipped;             /* not synced: a child it is below failed */
    const char *ensure;      /* what it was synced to ("file", "directory", "link",
                                "absent"; a literal), or NULL: kept as it is */
} FileChild;

/* Hands over (the caller frees them with file_children_free) the children
 * r's last evaluation synced; *out NULL and 0 when none.  Thread-safe. */
size_t file_take_children(const Resource *r, FileChild **out);
void file_children_free(FileChild *v, size_t n);
/* Forgets what r generated before (a new evaluation of it, or a test run's
 * that did not count), and everything (at the end of a run). */
void file_children_reset(const Resource *r);
void file_children_clear(void);

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
