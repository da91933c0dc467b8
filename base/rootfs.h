/*
 * rootfs.h - paths of the managed system, resolved by the kernel inside the
 * root (mapply, mres and mbucket --root DIR; "/" without it).
 *
 * Every path the tools touch on the managed system goes through here.  The
 * one idea: the directory that holds a path is opened with openat2() and
 * RESOLVE_IN_ROOT, so "..", absolute symlinks and relative symlinks all stay
 * inside the root, whoever made them and whenever; the last component is then
 * used relative to that directory's fd (fstatat, unlinkat, renameat, mkdirat,
 * openat with O_NOFOLLOW ...), so it is never followed out either.  No string
 * check decides what is inside: the kernel does, at the moment of each call.
 *
 * One root per process: rootfs_init() is called once by main().  Paths given
 * here are the managed system's absolute paths ("/etc/hosts"), never the
 * root's own prefix.  Functions return -1 with errno set on failure.
 */
#ifndef BASE_ROOTFS_H
#define BASE_ROOTFS_H
#include "base/buf.h"
#include <sys/stat.h>
#include <sys/types.h>

/* Opens the root: dir is the --root directory, or NULL or "" for "/".
 * Fails (message in err) when dir is not a directory, or when the kernel
 * has no openat2() (Linux before 5.6) and dir is not "/". */
int rootfs_init(const char *dir, Buf *err);
void rootfs_fini(void);

/* The root directory's fd (O_PATH), valid between init and fini. */
int rootfs_fd(void);
/* The --root prefix ("" without --root), for messages and for tools run
 * chrooted; never to build a path to open. */
const char *rootfs_prefix(void);

/* Opens path in the root with open(2)'s flags and mode.  A symlink at the
 * end is followed (inside the root) unless flags has O_NOFOLLOW. */
int rootfs_open(const char *path, int flags, mode_t mode);
/* Appends the whole file at path (in the root), opened O_RDONLY | flags:
 * 0, or -1 with errno set. */
int rootfs_read_file(const char *path, int flags, Buf *out);

/* Opens the directory holding path (O_PATH | O_DIRECTORY, close it) and
 * points *leaf at path's last component (inside path; trailing slashes are
 * not part of it).  "/" gives the root itself and leaf ".".  A last component
 * "." or ".." is refused (EINVAL): callers work on canonical paths. */
int rootfs_parent(const char *path, const char **leaf);

/* lstat and stat of path in the root. */
int rootfs_lstat(const char *path, struct stat *st);
int rootfs_stat(const char *path, struct stat *st);

/* mkdir -p of path in the root, each new directory with mode (umask
 * applies).  An existing directory (or symlink to one inside the root) is
 * fine. */
int rootfs_mkdirs(const char *path, mode_t mode);

/* Opens rel below the directory dirfd, which it may never leave: "..",
 * absolute symlinks and symlinks pointing out fail with EXDEV.  For module
 * files (puppet:///modules/...) and other trees a path must stay in. */
int rootfs_open_beneath(int dirfd, const char *rel, int flags, mode_t mode);

/* The lexical form of an absolute path, as Ruby's File.expand_path makes
 * it (Puppet's file path munging): "//" and "." dropped, ".." removes the
 * component before it and stays at "/" at the top, no trailing slash
 * ("/../outside/x/" -> "/outside/x").  No symlink is looked at.  malloc'd. */
char *rootfs_canon(const char *path);

#endif
