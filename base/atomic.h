/*
 * atomic.h - the pieces of an atomic, durable file replacement, shared by
 * every writer (the file type, the text-file types, the file bucket): a
 * temporary file made beside the target in the target's directory fd
 * (O_EXCL | O_NOFOLLOW, never through a link), filled, fsynced and closed,
 * then renamed over the target by the caller (renameat in that same
 * directory fd), and the directory fsynced so the rename is durable.
 *
 * Everything is fd-relative: under --root the directory fd comes from
 * base/rootfs.h, so the kernel keeps every step inside the root.  Functions
 * return -1 with errno set on failure.
 */
#ifndef BASE_ATOMIC_H
#define BASE_ATOMIC_H
#include "base/buf.h"
#include <stddef.h>

/* fsync of the directory rel below dirfd ("." for dirfd itself, which may
 * be an O_PATH fd; AT_FDCWD and a path for a directory of the tool's own),
 * so a rename or mkdir in it is durable.  Best effort: errors are ignored. */
void atomic_sync_dir(int dirfd, const char *rel);

/* Creates a new file in dfd named by the printf format (the prefix, e.g.
 * ".LEAF.mapply.") and six random letters and digits, mode 0600, opened
 * with flags (O_WRONLY or O_RDWR) | O_CREAT | O_EXCL | O_NOFOLLOW |
 * O_CLOEXEC; tries another name while one exists (at most about a
 * hundred).  Its fd, its name in *name. */
int atomic_temp(int dfd, int flags, Buf *name, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Writes len bytes of data to fd, fsyncs and closes it.  fd is closed in
 * every case; -1 with errno of the step that failed. */
int atomic_fill(int fd, const void *data, size_t len);

#endif
