/*
 * runlock.c - the run lock (runlock.h).  The one idea: lock the thing runs
 * share, not a file beside their private state.  Two runs on one root with
 * two state directories share nothing but the root, so the lock is named
 * by the root's device and inode: every path spelling of the root (a
 * trailing slash, a symlink to it) is the same lock, and the kernel drops
 * the flock when the holder exits, however it dies.  The lock file lives in
 * a directory only this user can write (/run/mapply as root), never in the
 * root itself, so another user cannot hold a root run off by locking it.
 * The refusal finds the holder in /proc/locks (the lock's device and
 * inode) and names its command from /proc/PID/comm, as Puppet names the
 * client already running.
 */
#define _GNU_SOURCE
#include "base/runlock.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* The pid of the process holding an flock on fd's inode, from /proc/locks
 * ("1: FLOCK  ADVISORY  WRITE 42 fd:01:1234 0 EOF"; waiters' lines carry
 * "->"), or -1 when it cannot be told. */
static long holder_pid(int fd)
{
    struct stat st;
    FILE *f;
    if (fstat(fd, &st) != 0 || !(f = fopen("/proc/locks", "re")))
        return -1;
    char line[256];
    long pid = -1;
    while (pid < 0 && fgets(line, sizeof line, f)) {
        const char *s = strchr(line, ':');
        char kind[16], adv[16], mode[16];
        long p;
        unsigned maj, min;
        unsigned long ino;
        if (!s || strstr(s, "->"))
            continue;
        if (sscanf(s + 1, " %15s %15s %15s %ld %x:%x:%lu", kind, adv, mode, &p, &maj, &min, &ino) == 7 &&
            !strcmp(kind, "FLOCK") && maj == major(st.st_dev) && min == minor(st.st_dev) && ino == st.st_ino)
            pid = p;
    }
    fclose(f);
    return pid;
}

/* The command name of pid (its /proc/PID/comm) into name; 0 when known. */
static int holder_name(long pid, char *name, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/comm", pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    int ok = fgets(name, (int)size, f) != NULL;
    fclose(f);
    name[strcspn(name, "\n")] = '\0';
    return ok && *name ? 0 : -1;
}

/* flock(LOCK_EX) on fd, waiting when wait, EINTR retried: 0, or -1 with
 * errno (EWOULDBLOCK: held by another). */
static int lock_fd(int fd, int wait)
{
    int rc;
    while ((rc = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB))) != 0 && errno == EINTR)
        ;
    return rc;
}

/* The busy path shared by both locks: "Run of NAME already in progress
 * WHERE" then "; skipping (...)" as an Error, or a Notice and a wait.
 * holder: what holds it, for the parenthesis.  0 once locked, else -1. */
static int busy(int fd, int wait, const char *name, const char *where, const char *holder)
{
    if (!wait) {
        fprintf(stderr, "Error: Run of %s already in progress %s; skipping (%s)\n", name, where, holder);
        return -1;
    }
    printf("Notice: Run of %s already in progress %s (%s); waiting for it to finish\n", name, where, holder);
    fflush(stdout);
    if (lock_fd(fd, 1) != 0) {
        fprintf(stderr, "Error: Could not wait for the run in progress %s: %s\n", where, strerror(errno));
        return -1;
    }
    return 0;
}

/* The directory holding the root locks, made 0700 when missing and used
 * only when it is a directory of ours that nobody else can write:
 * $MAPPLY_LOCKDIR, else /run/mapply as root, else $XDG_RUNTIME_DIR/mapply
 * or /tmp/mapply-UID.  Malloc'd, or NULL after an Error line. */
static char *lock_dir(void)
{
    const char *env = getenv("MAPPLY_LOCKDIR"), *xdg = getenv("XDG_RUNTIME_DIR");
    char *dir;
    if (env && *env) {
        dir = xstrndup(env, strlen(env));
    } else if (geteuid() == 0) {
        dir = xstrndup("/run/mapply", 11);
    } else if (xdg && *xdg == '/') {
        dir = xmalloc(strlen(xdg) + 16);
        sprintf(dir, "%s/mapply", xdg);
    } else {
        dir = xmalloc(32);
        sprintf(dir, "/tmp/mapply-%ld", (long)geteuid());
    }
    struct stat st;
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "Error: Could not make the lock directory %s: %s\n", dir, strerror(errno));
    } else if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
        fprintf(stderr, "Error: The lock directory %s is not a directory of this user's that only it can write\n", dir);
    } else {
        return dir;
    }
    free(dir);
    return NULL;
}

int runlock_root(const char *root, int wait)
{
    const char *dir = root && *root ? root : "/";
    struct stat st;
    int e = stat(dir, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
    if (e) {
        fprintf(stderr, "Error: Could not open the root %s: %s\n", dir, strerror(e));
        return -1;
    }
    char *locks = lock_dir();
    if (!locks)
        return -1;
    /* the root by its device and inode: every spelling of it is one lock */
    char *path = xmalloc(strlen(locks) + 64);
    sprintf(path, "%s/root-%lx-%lx.lock", locks, (unsigned long)st.st_dev, (unsigned long)st.st_ino);
    free(locks);
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        fprintf(stderr, "Error: Could not open the lock %s: %s\n", path, strerror(errno));
        free(path);
        return -1;
    }
    free(path);
    if (lock_fd(fd, 0) != 0) {
        if (errno != EWOULDBLOCK) {
            fprintf(stderr, "Error: Could not lock the root %s: %s\n", dir, strerror(errno));
            close(fd);
            return -1;
        }
        /* the holder by the lock's inode in /proc/locks: a holder that
         * lets go between our try and our look is tried again */
        long pid = holder_pid(fd);
        for (int tries = 0; pid < 0 && tries < 2; tries++) {
            if (lock_fd(fd, 0) == 0)
                goto locked;
            pid = holder_pid(fd);
        }
        char name[64], holder[64];
        if (pid < 0 || holder_name(pid, name, sizeof name) != 0)
            strcpy(name, "mapply");
        if (pid >= 0)
            snprintf(holder, sizeof holder, "pid %ld holds the lock", pid);
        else
            strcpy(holder, "the root is locked");
        char *w = xmalloc(strlen(dir) + 16);
        sprintf(w, "on root %s", dir);
        int rc = busy(fd, wait, name, w, holder);
        free(w);
        if (rc != 0) {
            close(fd);
            return -1;
        }
    }
locked:
    return fd;
}

int runlock_vardir(const char *vardir, int wait)
{
    char *path = xmalloc(strlen(vardir) + 16);
    sprintf(path, "%s/mapply.lock", vardir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "Error: Could not open the lock %s: %s\n", path, strerror(errno));
        free(path);
        return -1;
    }
    if (lock_fd(fd, 0) != 0) {
        if (errno != EWOULDBLOCK) {
            fprintf(stderr, "Error: Could not lock %s: %s\n", path, strerror(errno));
            goto fail;
        }
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        if (n > 0)
            pid[n] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        char *where = xmalloc(strlen(vardir) + 32), *holder = xmalloc(strlen(path) + 64);
        sprintf(where, "with state directory %s", vardir);
        sprintf(holder, "pid %s holds %s", *pid ? pid : "?", path);
        int rc = busy(fd, wait, "mapply", where, holder);
        free(where);
        free(holder);
        if (rc != 0)
            goto fail;
    }
    if (ftruncate(fd, 0) == 0)
        dprintf(fd, "%ld\n", (long)getpid());
    free(path);
    return fd;
fail:
    close(fd);
    free(path);
    return -1;
}
