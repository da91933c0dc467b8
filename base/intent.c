/*
 * intent.c - the intent record of a package change (see intent.h).  The
 * record is a small text file, one line per directory swap:
 *
 *     mpm-intent 1
 *     PACKAGE <tab> ANCHOR <tab> DEV <tab> INO <tab> DIR <tab> ROOT <tab> TMP <tab> OLD
 *
 * Every step is idempotent from any point a kill can leave it at, judged
 * by the inode at root: done when root is the staged tree, so finishing a
 * step twice (a reader, then the next mpm) changes nothing the second time.
 */
#define _GNU_SOURCE   /* renameat2 */
#include "base/intent.h"
#include "base/buf.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int intent_step_done(int dfd, const IntentStep *s)
{
    struct stat st, ts, os;
    int root_there = fstatat(dfd, s->root, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (!s->ino) return root_there ? 0 : 2;
    if (root_there)
        return S_ISDIR(st.st_mode) && (unsigned long long)st.st_ino == s->ino && (unsigned long long)st.st_dev == s->dev
                   ? 2
                   : 0;
    /* root missing: set aside (old there), the staged tree not yet in */
    if (s->old && *s->old && fstatat(dfd, s->old, &os, AT_SYMLINK_NOFOLLOW) == 0 &&
        fstatat(dfd, s->tmp, &ts, AT_SYMLINK_NOFOLLOW) == 0 && (unsigned long long)ts.st_ino == s->ino &&
        (unsigned long long)ts.st_dev == s->dev)
        return 1;
    return 0;
}

/* Whether the two-rename fallback is forced (MPM_TEST_NO_EXCHANGE: tests). */
static int no_exchange(void)
{
    const char *e = getenv("MPM_TEST_NO_EXCHANGE");
    return e && *e && strcmp(e, "0");
}

int intent_finish(int dfd, const IntentStep *s)
{
    struct stat st;
    if (intent_step_done(dfd, s) == 2) return 0;
    int root_there = fstatat(dfd, s->root, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (!s->ino) return renameat2(dfd, s->root, dfd, s->tmp, RENAME_NOREPLACE);
    if (!root_there) return renameat2(dfd, s->tmp, dfd, s->root, RENAME_NOREPLACE);
    if (!no_exchange()) {
        if (renameat2(dfd, s->tmp, dfd, s->root, RENAME_EXCHANGE) == 0) return 0;
        if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) return -1;
    }
    if (!s->old || !*s->old) {
        errno = ENOTSUP;
        return -1;
    }
    /* the window between these two is closed by the record: root missing
     * and old there is "half done", which every reader finishes */
    if (renameat2(dfd, s->root, dfd, s->old, RENAME_NOREPLACE) != 0) return -1;
    return renameat2(dfd, s->tmp, dfd, s->root, RENAME_NOREPLACE);
}

static int bad_name(const char *s)
{
    return s && strpbrk(s, "\t\n") != NULL;
}

int intent_write(int moddir_fd, const IntentStep *steps, size_t n)
{
    Buf b = BUF_INIT;
    buf_adds(&b, "mpm-intent 1\n");
    for (size_t i = 0; i < n; i++) {
        const IntentStep *s = &steps[i];
        if (bad_name(s->package) || bad_name(s->dir) || bad_name(s->root) || bad_name(s->tmp) || bad_name(s->old)) {
            buf_free(&b);
            errno = EINVAL;
            return -1;
        }
        buf_printf(&b, "%s\t%d\t%llu\t%llu\t%s\t%s\t%s\t%s\n", s->package, s->anchor, s->dev, s->ino, s->dir, s->root,
                   s->tmp, s->old ? s->old : "");
    }
    static const char tmp[] = INTENT_FILE ".new";
    unlinkat(moddir_fd, tmp, 0);
    int fd = openat(moddir_fd, tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    int rc = fd < 0 || flock(fd, LOCK_EX) != 0 || util_write_all(fd, b.s, b.len) != 0 ||
                     renameat(moddir_fd, tmp, moddir_fd, INTENT_FILE) != 0
                 ? -1
                 : 0;
    int e = errno;
    buf_free(&b);
    if (rc) {
        if (fd >= 0) {
            unlinkat(moddir_fd, tmp, 0);
            close(fd);
        }
        errno = e;
        return -1;
    }
    return fd;
}

void intent_clear(int moddir_fd, int fd)
{
    unlinkat(moddir_fd, INTENT_FILE, 0);
    close(fd);
}

int intent_lock(int moddir_fd)
{
    for (;;) {
        int fd = openat(moddir_fd, INTENT_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) return -1;
        struct stat st, now;
        if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st) != 0) {
            close(fd);
            return -1;
        }
        if (st.st_nlink == 0) {   /* its writer finished while we waited */
            close(fd);
            return -1;
        }
        if (fstatat(moddir_fd, INTENT_FILE, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_ino == st.st_ino) return fd;
        close(fd);   /* replaced meanwhile: look again */
    }
}

/* The steps of the record at fd, parsed into *out (malloc'd, with the text
 * they point into in *text); their count, or -1 when it is not a record. */
static long parse(int fd, IntentStep **out, char **text)
{
    Buf b = BUF_INIT;
    *out = NULL;
    *text = NULL;
    if (lseek(fd, 0, SEEK_SET) != 0 || buf_read_fd(&b, fd) != 0 || strncmp(buf_cstr(&b), "mpm-intent 1\n", 13)) {
        buf_free(&b);
        return -1;
    }
    char *s = xstrndup(b.s + 13, b.len - 13);
    buf_free(&b);
    size_t n = 0, cap = 8;
    IntentStep *v = xmalloc(cap * sizeof *v);
    for (char *line = s, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl) break;   /* a torn last line: not a step */
        *nl = 0;
        char *f[8];
        int k = 0;
        for (char *p = line; k < 8; k++) {
            f[k] = p;
            char *t = strchr(p, '\t');
            if (!t) { k++; break; }
            *t = 0;
            p = t + 1;
        }
        if (k != 8) continue;
        if (n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
        v[n++] = (IntentStep){f[0], f[4], f[5], f[6], f[7], strtoull(f[2], NULL, 10), strtoull(f[3], NULL, 10),
                              atoi(f[1])};
    }
    *out = v;
    *text = s;
    return (long)n;
}

int intent_roll(int moddir_fd)
{
    int fd = intent_lock(moddir_fd);
    if (fd < 0) return 0;
    IntentStep *v;
    char *text;
    long n = parse(fd, &v, &text);
    int rc = 0, e = 0;
    for (long i = 0, k; i < n; i = k) {
        int dfd = openat(moddir_fd, v[i].dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        int made = dfd >= 0 && v[i].anchor && intent_step_done(dfd, &v[i]) >= 1;
        if (dfd >= 0) close(dfd);
        for (k = i + 1; k < n && !strcmp(v[k].package, v[i].package) && !v[k].anchor; k++) {}
        for (long j = i; made && j < k; j++) {
            dfd = openat(moddir_fd, v[j].dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dfd < 0 || intent_finish(dfd, &v[j]) != 0 || fsync(dfd) != 0) {
                rc = -1;
                e = errno;
            }
            if (dfd >= 0) close(dfd);
        }
    }
    free(v);
    free(text);
    if (rc) {
        close(fd);   /* left for one who may write here */
        errno = e;
        return -1;
    }
    intent_clear(moddir_fd, fd);
    return 0;
}
