/*
 * bucket.c - the local file bucket (see bucket.h for the layout).  The one
 * idea: an entry is written contents first, paths second, each by
 * rename() of a fsynced temporary file, under an flock on the entry's
 * directory; so a reader (mbucket, or a run killed part-way) only ever sees
 * a listed path whose contents are whole.
 */
#define _GNU_SOURCE
#include "types/bucket.h"
#include "base/atomic.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

enum { FANOUT = 8 };   /* Puppet's layout: one directory per leading hex digit, 8 deep */

int bucket_parse_sum(const char *sum, char out[65])
{
    if (!strncmp(sum, "{sha256}", 8))
        sum += 8;
    if (strlen(sum) != 64 || strspn(sum, "0123456789abcdefABCDEF") != 64)
        return -1;
    for (int i = 0; i < 64; i++)
        out[i] = (char)tolower((unsigned char)sum[i]);
    out[64] = '\0';
    return 0;
}

/* VARDIR/bucket/h/e/x/.../<hex> */
static void entry_dir(Buf *b, const char *vardir, const char *hex)
{
    buf_printf(b, "%s/bucket", vardir);
    for (int i = 0; i < FANOUT; i++)
        buf_printf(b, "/%c", hex[i]);
    buf_printf(b, "/%s", hex);
}

/* 1 when the text of a paths file has path as one of its lines. */
static int has_line(const char *text, size_t len, const char *path)
{
    size_t plen = strlen(path);
    for (const char *s = text, *end = text + len; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
        if (n == plen && !memcmp(s, path, n))
            return 1;
        s += n + 1;
    }
    return 0;
}

int bucket_put(const char *vardir, const char *path, const void *data, size_t len, char sum_out[65], Buf *err)
{
    sha256_hex(data, len, sum_out);
    if (!vardir || !vardir[0]) {
        buf_adds(err, "no state directory for the bucket");
        return -1;
    }
    if (strchr(path, '\n')) {
        buf_adds(err, "cannot record a path holding a newline");
        return -1;
    }
    Buf dir = BUF_INIT, file = BUF_INIT, old = BUF_INIT;
    int rc = -1, dfd = -1;
    entry_dir(&dir, vardir, sum_out);
    if (util_mkdir_p(dir.s, 0700, 1) != 0) {
        buf_printf(err, "cannot create %s: %s", dir.s, strerror(errno));
        goto out;
    }
    dfd = open(dir.s, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0 || flock(dfd, LOCK_EX) != 0) {
        buf_printf(err, "cannot lock %s: %s", dir.s, strerror(errno));
        goto out;
    }
    /* contents: kept when it already holds these bytes (else it is damaged:
     * written again) */
    buf_printf(&file, "%s/contents", dir.s);
    if (buf_read_file(&old, file.s, 0) != 0 || old.len != len || (len && memcmp(old.s, data, len))) {
        if (atomic_replace_in(dir.s, "contents", "mbucket", data, len, 0400, 1) != 0) {
            buf_printf(err, "cannot write %s: %s", file.s, strerror(errno));
            goto out;
        }
    }
    buf_clear(&old);
    buf_clear(&file);
    buf_printf(&file, "%s/paths", dir.s);
    if (buf_read_file(&old, file.s, 0) != 0 && errno != ENOENT) {
        buf_printf(err, "cannot read %s: %s", file.s, strerror(errno));
        goto out;
    }
    if (has_line(old.s ? old.s : "", old.len, path)) {
        /* the date of the entry is the date of its latest backup */
        if (utimensat(AT_FDCWD, file.s, NULL, 0) != 0) {
            buf_printf(err, "cannot touch %s: %s", file.s, strerror(errno));
            goto out;
        }
    } else {
        if (old.len && old.s[old.len - 1] != '\n')
            buf_addc(&old, '\n');
        buf_printf(&old, "%s\n", path);
        if (atomic_replace_in(dir.s, "paths", "mbucket", old.s, old.len, 0600, 1) != 0) {
            buf_printf(err, "cannot write %s: %s", file.s, strerror(errno));
            goto out;
        }
    }
    rc = 0;
out:
    if (dfd >= 0)
        close(dfd);
    buf_free(&dir);
    buf_free(&file);
    buf_free(&old);
    return rc;
}

int bucket_get(const char *vardir, const char *sum, Buf *out, Buf *err)
{
    char hex[65];
    if (bucket_parse_sum(sum, hex) != 0) {
        buf_printf(err, "not a sha256 sum: %s", sum);
        return -1;
    }
    Buf file = BUF_INIT;
    entry_dir(&file, vardir, hex);
    buf_adds(&file, "/contents");
    int rc = 0;
    if (buf_read_file(out, file.s, 0) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            buf_printf(err, "no backup with sum %s", hex);
        else
            buf_printf(err, "cannot read %s: %s", file.s, strerror(errno));
        rc = -1;
    }
    buf_free(&file);
    return rc;
}

/* One level of the fan-out; at the bottom, the entries themselves.
 * Returns 1 when fn asked to stop, -1 on a read error, else 0. */
static int walk(Buf *dir, int depth, BucketListFn fn, void *ctx, Buf *err)
{
    DIR *d = opendir(dir->s);
    if (!d) {
        if (errno == ENOENT && depth == 0)
            return 0;
        buf_printf(err, "cannot read %s: %s", dir->s, strerror(errno));
        return -1;
    }
    size_t keep = dir->len;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        const char *n = e->d_name;
        char hex[65];
        if (n[0] == '.')
            continue;
        dir->len = keep;
        buf_printf(dir, "/%s", n);
        if (depth < FANOUT) {
            if (strlen(n) == 1 && isxdigit((unsigned char)n[0]))
                rc = walk(dir, depth + 1, fn, ctx, err);
            continue;
        }
        if (bucket_parse_sum(n, hex) != 0)
            continue;
        buf_adds(dir, "/paths");
        struct stat st;
        Buf text = BUF_INIT;
        if (stat(dir->s, &st) != 0 || buf_read_file(&text, dir->s, 0) != 0) {
            buf_free(&text);
            continue;   /* an entry being written: its paths come last */
        }
        for (char *s = text.s, *end = text.s + text.len; s && s < end && rc == 0;) {
            char *nl = memchr(s, '\n', (size_t)(end - s));
            if (nl)
                *nl = '\0';
            if (*s && fn(ctx, hex, st.st_mtime, s) != 0)
                rc = 1;
            s = nl ? nl + 1 : NULL;
        }
        buf_free(&text);
    }
    closedir(d);
    dir->len = keep;
    dir->s[keep] = '\0';
    return rc;
}

int bucket_list(const char *vardir, BucketListFn fn, void *ctx, Buf *err)
{
    Buf dir = BUF_INIT;
    buf_printf(&dir, "%s/bucket", vardir);
    int rc = walk(&dir, 0, fn, ctx, err);
    buf_free(&dir);
    return rc < 0 ? -1 : 0;
}

/* Creates ".NAME.mbucket.XXXXXX" (random suffix) in dfd for leaf, with
 * O_EXCL | O_NOFOLLOW; its name in name.  -1 (errno). */
static int restore_tmp(int dfd, const char *leaf, Buf *name)
{
    return atomic_temp(dfd, O_WRONLY, name, ".%s.mbucket.", leaf);
}

/* The path is the managed system's: in its lexical form ("/../x" is /x),
 * its directory opened in the root by base/rootfs (the kernel keeps every
 * "..", and every symlink, inside it), and the file itself read, created
 * and renamed relative to that directory, never through a link. */
int bucket_restore(const char *vardir, const char *root, const char *path, const char *sum,
                   int *saved, char prev_sum[65], Buf *err)
{
    Buf want = BUF_INIT, now = BUF_INIT, tmp = BUF_INIT;
    int rc = -1, fd = -1, dfd = -1;
    char *canon = NULL;
    const char *leaf = NULL;
    struct stat st;
    (void)root;                 /* the root is base/rootfs's, opened by mbucket */
    *saved = 0;
    prev_sum[0] = '\0';
    if (path[0] != '/') {
        buf_printf(err, "the path must be absolute: %s", path);
        goto out;
    }
    if (bucket_get(vardir, sum, &want, err) != 0)
        goto out;
    canon = rootfs_canon(path);
    dfd = rootfs_parent(canon, &leaf);
    if (dfd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            buf_printf(err, "cannot create a temporary file next to %s: %s", path, strerror(errno));
        else
            buf_printf(err, "cannot stat %s: %s", path, strerror(errno));
        goto out;
    }
    if (!strcmp(leaf, ".")) {
        buf_printf(err, "%s is a directory", path);
        goto out;
    }
    int exists = fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (!exists && errno != ENOENT) {
        buf_printf(err, "cannot stat %s: %s", path, strerror(errno));
        goto out;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        buf_printf(err, "%s is a directory", path);
        goto out;
    }
    if (exists && S_ISREG(st.st_mode)) {
        int rfd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (rfd < 0 || buf_read_fd(&now, rfd) != 0) {
            buf_printf(err, "cannot read %s: %s", path, strerror(errno));
            if (rfd >= 0)
                close(rfd);
            goto out;
        }
        close(rfd);
        if (now.len != want.len || (now.len && memcmp(now.s, want.s, now.len))) {
            Buf e = BUF_INIT;
            if (bucket_put(vardir, canon, now.s, now.len, prev_sum, &e) != 0) {
                buf_printf(err, "cannot back up the current %s: %s", path, buf_cstr(&e));
                buf_free(&e);
                goto out;
            }
            *saved = 1;
        }
    }
    fd = restore_tmp(dfd, leaf, &tmp);
    if (fd < 0) {
        buf_printf(err, "cannot create a temporary file next to %s: %s", path, strerror(errno));
        buf_clear(&tmp);
        goto out;
    }
    int keep = exists && S_ISREG(st.st_mode);
    if (fchmod(fd, keep ? st.st_mode & 07777 : 0600) != 0 ||
        (keep && (st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0)) {
        buf_printf(err, "cannot set the mode or owner of a temporary file next to %s: %s", path, strerror(errno));
        goto fail;
    }
    int filled = atomic_fill(fd, want.s, want.len);
    fd = -1;
    if (filled != 0) {
        buf_printf(err, "cannot write a temporary file next to %s: %s", path, strerror(errno));
        goto fail;
    }
    if (renameat(dfd, tmp.s, dfd, leaf) != 0) {
        buf_printf(err, "cannot replace %s: %s", path, strerror(errno));
        goto fail;
    }
    atomic_sync_dir(dfd, ".");
    rc = 0;
    goto out;
fail:
    if (fd >= 0)
        close(fd);
    unlinkat(dfd, tmp.s, 0);
out:
    if (dfd >= 0)
        close(dfd);
    free(canon);
    buf_free(&want);
    buf_free(&now);
    buf_free(&tmp);
    return rc;
}
