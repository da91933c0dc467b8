/*
 * bucket.h - the local file bucket: where mapply keeps the content of every
 * file it replaces or removes, so that it can be restored (mbucket).  It is
 * content-addressed like Puppet's clientbucket: VARDIR/bucket/<h0>/<h1>/
 * .../<h7>/<sha256>/contents holds the bytes once, however many paths had
 * them, and .../paths lists those paths, one a line.  An entry's date is
 * the mtime of its paths file, renewed on every backup.  Every write is
 * atomic and durable (temporary file, fsync, rename, fsync of the
 * directory), so a backup is complete on disk before the file it saves is
 * touched.
 */
#ifndef TYPES_BUCKET_H
#define TYPES_BUCKET_H
#include "base/buf.h"
#include <stddef.h>
#include <time.h>

/* Stores data (len bytes), the content path had, in vardir's bucket and
 * records path for it; identical content is stored once, and a path already
 * recorded is not repeated.  Creates the bucket directories as needed (mode
 * 0700: backups may hold secrets).  Writes the hex sha256 of data into
 * sum_out (65 bytes with the NUL).  Returns 0, or -1 with the reason in err
 * (the caller's Buf, appended to).  Nothing is owned across the call. */
int bucket_put(const char *vardir, const char *path, const void *data, size_t len, char sum_out[65], Buf *err);

/* Appends the content stored under sum (64 hex digits, optionally written
 * "{sha256}<hex>") to out.  Returns 0; -1 with the reason in err when sum
 * is malformed or not in the bucket ("no backup with sum X") or cannot be
 * read. */
int bucket_get(const char *vardir, const char *sum, Buf *out, Buf *err);

/* Called once per (sum, path) pair; mtime is the entry's date.  The strings
 * are valid only during the call.  Return 0 to go on, non-zero to stop. */
typedef int (*BucketListFn)(void *ctx, const char *sum, time_t mtime, const char *path);

/* Calls fn for every path recorded in vardir's bucket, in no particular
 * order.  A missing bucket is empty.  Returns 0 (also when fn stopped it),
 * or -1 with the reason in err when the bucket cannot be read. */
int bucket_list(const char *vardir, BucketListFn fn, void *ctx, Buf *err);

/* Writes the content stored under sum back to path on the managed system,
 * resolved in base/rootfs's root (rootfs_init; root is not used to build
 * paths: "..", and symlinks in the root, never lead out of it), atomically: a temporary file in the same directory, with the mode and
 * owner of the file it replaces (0600 and the caller's ids when there is
 * none: a backup may hold secrets), fsynced, then renamed over the path.
 * What the path holds now, if it is a regular file with other content, is
 * put in the bucket first (*saved = 1, its sum in prev_sum); a directory
 * at the path is refused.  Returns 0, or -1 with the reason in err. */
int bucket_restore(const char *vardir, const char *root, const char *path, const char *sum,
                   int *saved, char prev_sum[65], Buf *err);

/* Normalises a sum as the user may give it ("{sha256}ABC..." or "abc...")
 * to 64 lowercase hex digits in out.  Returns 0, or -1 if it is not one. */
int bucket_parse_sum(const char *sum, char out[65]);
#endif
