/*
 * atomic.h - the pieces of an atomic, durable file replacement, shared by
 * every writer (the file type, the text-file types, the file bucket, the
 * run report, the graph files, mpm's repository index): a
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
#include <sys/types.h>

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

/* atomic_temp for a prefix already in *name (the random part is appended
 * to it) and a mode of the caller's (the umask applies), without a printf:
 * the file type's batch of new files makes one per file. */
int atomic_temp_at(int dfd, int flags, mode_t mode, Buf *name);

/* Writes len bytes of data to fd, fsyncs and closes it.  fd is closed in
 * every case; -1 with errno of the step that failed. */
int atomic_fill(int fd, const void *data, size_t len);
/* The same, fsynced only when sync is non-zero (a group commit makes the
 * data durable later, with atomic_sync_fs or atomic_fsync_many, before
 * the rename that exposes it). */
int atomic_fill_sync(int fd, const void *data, size_t len, int sync);

/* The whole replacement of the file name in dfd by len bytes of data: a
 * temporary file ".NAME.TOOL.xxxxxx" beside it (atomic_temp), given mode
 * (mode < 0: 0666 less the umask, as a plain create makes it), filled and
 * fsynced (atomic_fill), renamed over name.  The directory is not synced
 * (atomic_sync_dir after, where the rename must be durable).  0, or -1
 * with errno of the step that failed and no temporary file left. */
int atomic_replace(int dfd, const char *name, const char *tool, const void *data, size_t len, int mode);
/* The same, the temporary file fsynced only when sync is non-zero (without
 * it a reader, or a run after kill -9, still sees old or new whole; only a
 * power cut may lose the new one). */
int atomic_replace_sync(int dfd, const char *name, const char *tool, const void *data, size_t len, int mode,
                        int sync);
/* atomic_replace_sync in steps, for a text written a part at a time (the
 * run report): atomic_begin makes the temporary file (mode as there) and
 * returns its fd, to be written with write(2) (-1 with errno, nothing
 * left); atomic_end closes it, fsynced when sync, and renames it over name
 * when ok (0), or takes it away when not ok or a step fails (-1, errno of
 * that step; with ok 0, errno as the caller left it).  dfd and name are
 * borrowed until atomic_end. */
typedef struct AtomicOut {
    int dfd, fd;             /* the directory; the temporary file (-1 after atomic_end) */
    const char *name;        /* the name it replaces */
    Buf tmp;                 /* the temporary file's name */
} AtomicOut;
int atomic_begin(int dfd, const char *name, const char *tool, int mode, AtomicOut *out);
int atomic_end(AtomicOut *out, int sync, int ok);
/* atomic_replace of name in the host directory dir (a directory of the
 * tool's own, opened for the call, never under --root), and, when sync,
 * the directory synced after.  0, or -1 with errno. */
int atomic_replace_in(const char *dir, const char *name, const char *tool, const void *data, size_t len, int mode,
                      int sync);

/* syncfs of the filesystem holding the directory dirfd (an O_PATH fd is
 * fine): every file written there so far is durable.  Since Linux 5.8 a
 * writeback error not yet reported to anyone is returned; -1 (errno). */
int atomic_sync_fs(int dirfd);

/* fsync of the n files names[i] in the directories dfds[i] (opened again
 * read-only, never through a link), by up to threads threads; 0, or -1
 * with the errno of the first that failed (the others are still synced). */
int atomic_fsync_many(const int *dfds, char *const *names, size_t n, int threads);

#endif
