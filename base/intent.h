/*
 * intent.h - mpm's intent record in a module directory, which mcomp reads
 * too.  A package change (pkg/change.c) swaps one to three directories, each
 * with a tree built beside it; the intent record, written (and synced)
 * before the first swap and removed after the last, names those swaps.
 * The first one listed for a package (its anchor, its module directory) is
 * the moment the change is made: whoever finds the record of a run that
 * died (a writing mpm, an mpm that reads, mcomp before it reads the module
 * path) finishes the package's other swaps when its anchor is done, and
 * does nothing when it is not (nothing a reader sees had changed).  The
 * record is the file .mpm-intent in the module directory; its writer holds
 * an exclusive flock on it while it lives, so a reader waits for a live
 * writer and finishes only a dead one's swaps.
 *
 * Paths in the record are relative to the module directory, so the record
 * means the same under mpm --root and to an mcomp reading the root's
 * module directory from outside.
 */
#ifndef BASE_INTENT_H
#define BASE_INTENT_H
#include <stddef.h>

/* One directory swap: root becomes the tree staged at tmp, whose device
 * and inode are dev, ino (ino 0: root goes, renamed to tmp).  Where the
 * file system cannot exchange two names, root is first set aside as old,
 * then tmp renamed to root.  root, tmp and old are names in the directory
 * dir (relative to the module directory; "." for it). */
typedef struct IntentStep {
    const char *package;
    const char *dir, *root, *tmp, *old;
    unsigned long long dev, ino;
    int anchor;                    /* the package's first step: it decides */
} IntentStep;

#define INTENT_FILE ".mpm-intent"

/* How far step s is, looked at in dfd (s->dir opened): 2 done, 1 half done
 * (root set aside, the new tree not yet renamed in: the change is made and
 * must be finished), 0 not begun. */
int intent_step_done(int dfd, const IntentStep *s);

/* Makes step s done from where it is (0, or -1 with errno): an exchange,
 * or, where the file system cannot exchange (or MPM_TEST_NO_EXCHANGE is set
 * in the environment: a test-only knob), the two renames. */
int intent_finish(int dfd, const IntentStep *s);

/* Writes the record of steps (n of them) into the module directory
 * moddir_fd, not yet synced (the caller syncs the file system before the
 * first swap), and holds its lock.  Returns the record's fd (give it to
 * intent_clear), or -1 with errno (EINVAL: a path with a newline or tab). */
int intent_write(int moddir_fd, const IntentStep *steps, size_t n);

/* Removes the record written by intent_write and drops its lock. */
void intent_clear(int moddir_fd, int fd);

/* Opens and locks the record a dead run left in moddir_fd, waiting for a
 * live writer to finish: its fd (locked; give it to intent_clear when
 * done), or -1 when there is none. */
int intent_lock(int moddir_fd);

/* A reader's (mcomp's) roll forward: when moddir_fd holds the record of a
 * run that died, finishes each package's swaps whose anchor is done and
 * removes the record.  0 nothing left to do, -1 with errno when the swaps
 * cannot be made (a reader that may not write the directory; it then reads
 * what is there). */
int intent_roll(int moddir_fd);
#endif
