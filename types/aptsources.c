/*
 * aptsources.c - apt's repositories behind pkgtool.h's repo functions
 * (Salt's pkg.list_repos, get_repo, mod_repo, del_repo): one-line
 * sources.list entries in /etc/apt/sources.list and sources.list.d/NAME.list.
 * The idea is to keep a file as its lines: an entry is parsed for
 * comparison only, and a change rewrites the one line it concerns, so
 * comments and other entries stay as they were.  Files are read and
 * written in the root through base/rootfs.
 */
#define _GNU_SOURCE
#include "types/pkgtool.h"
#include "types/pkgtool_int.h"
#include "types/textfile.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- repositories ---- */

void pkg_repo_free(PkgRepo *r)
{
    free(r->type);
    free(r->uri);
    free(r->dist);
    for (size_t i = 0; i < r->ncomps; i++)
        free(r->comps[i]);
    free(r->comps);
    for (size_t i = 0; i < r->narchs; i++)
        free(r->archs[i]);
    free(r->archs);
    free(r->other_options);
    free(r->file);
    memset(r, 0, sizeof *r);
}


/* The next blank-separated word of *s, or 0 length at the end. */
static size_t word(const char **s)
{
    while (**s == ' ' || **s == '\t')
        (*s)++;
    return strcspn(*s, " \t\r\n");
}

int pkg_repo_parse(const char *line, PkgRepo *r, Buf *err)
{
    memset(r, 0, sizeof *r);
    r->trusted = -1;
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '#') {
        r->disabled = 1;
        s++;
    }
    size_t n = word(&s);
    if (!((n == 3 && !strncmp(s, "deb", 3)) || (n == 7 && !strncmp(s, "deb-src", 7))))
        goto bad;
    r->type = xstrndup(s, n);
    s += n;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (!close)
            goto bad;
        Buf other = BUF_INIT;
        const char *p = s + 1;
        for (;;) {
            while (p < close && (*p == ' ' || *p == '\t'))
                p++;
            if (p >= close)
                break;
            size_t ol = strcspn(p, " \t]");
            if (p + ol > close)
                ol = (size_t)(close - p);
            if (ol > 5 && !strncmp(p, "arch=", 5)) {
                for (const char *q = p + 5; q < p + ol; ) {
                    size_t al = strcspn(q, ",] \t");
                    if (q + al > p + ol)
                        al = (size_t)(p + ol - q);
                    if (al)
                        strv_add(&r->archs, &r->narchs, q, al);
                    q += al + 1;
                }
            } else if (ol > 8 && !strncmp(p, "trusted=", 8)) {
                r->trusted = (ol == 11 && !strncmp(p + 8, "yes", 3));
            } else {
                if (other.len)
                    buf_addc(&other, ' ');
                buf_add(&other, p, ol);
            }
            p += ol;
        }
        if (other.len)
            r->other_options = buf_detach(&other);
        buf_free(&other);
        s = close + 1;
    }
    n = word(&s);
    if (!n)
        goto bad;
    r->uri = xstrndup(s, n);
    s += n;
    n = word(&s);
    if (!n)
        goto bad;
    r->dist = xstrndup(s, n);
    s += n;
    while ((n = word(&s)) != 0) {
        if (*s == '#')
            break;
        strv_add(&r->comps, &r->ncomps, s, n);
        s += n;
    }
    if (r->dist[strlen(r->dist) - 1] == '/' ? r->ncomps != 0 : r->ncomps == 0)
        goto bad;
    return 0;
bad:
    pkg_repo_free(r);
    if (err) {
        const char *t = line;
        size_t tl = strcspn(t, "\n");
        buf_adds(err, "Error: repo '");
        buf_add(err, t, tl);
        buf_adds(err, "' is not a well formatted definition");
    }
    return -1;
}

void pkg_repo_format(const PkgRepo *r, Buf *out)
{
    if (r->disabled)
        buf_adds(out, "# ");
    buf_adds(out, r->type ? r->type : "deb");
    if (r->narchs || r->trusted >= 0 || r->other_options) {
        buf_adds(out, " [");
        int first = 1;
        if (r->narchs) {
            buf_adds(out, "arch=");
            for (size_t i = 0; i < r->narchs; i++)
                buf_printf(out, "%s%s", i ? "," : "", r->archs[i]);
            first = 0;
        }
        if (r->trusted >= 0) {
            buf_printf(out, "%strusted=%s", first ? "" : " ", r->trusted ? "yes" : "no");
            first = 0;
        }
        if (r->other_options)
            buf_printf(out, "%s%s", first ? "" : " ", r->other_options);
        buf_addc(out, ']');
    }
    buf_printf(out, " %s %s", r->uri ? r->uri : "", r->dist ? r->dist : "");
    for (size_t i = 0; i < r->ncomps; i++)
        buf_printf(out, " %s", r->comps[i]);
}

static int str_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The same repository: type, uri (trailing slashes aside) and dist. */
static int repo_same(const PkgRepo *a, const PkgRepo *b)
{
    if (!a->type || !b->type || !a->uri || !b->uri || !a->dist || !b->dist)
        return 0;
    size_t la = strlen(a->uri), lb = strlen(b->uri);
    while (la > 1 && a->uri[la - 1] == '/')
        la--;
    while (lb > 1 && b->uri[lb - 1] == '/')
        lb--;
    return !strcmp(a->type, b->type) && la == lb && !strncmp(a->uri, b->uri, la) && !strcmp(a->dist, b->dist);
}

/* The lines of a file, split (malloc'd copies). */
typedef struct Lines { char **v; size_t n; } Lines;

static void lines_free(Lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* Reads root+file into lines.  1 read, 0 no such file, -1 err set. */
static int lines_read(const char *root, const char *file, Lines *l, Buf *err)
{
    memset(l, 0, sizeof *l);
    Buf p = BUF_INIT, t = BUF_INIT;
    buf_printf(&p, "%s%s", root, file);
    int rc = 1;
    if (textfile_read(file, &t) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            rc = 0;
        } else {
            buf_printf(err, "Could not read %s: %s", buf_cstr(&p), strerror(errno));
            rc = -1;
        }
    }
    for (const char *s = t.s; rc == 1 && s && *s; ) {
        size_t n = strcspn(s, "\n");
        strv_add(&l->v, &l->n, s, n);
        s += n;
        if (*s)
            s++;
    }
    buf_free(&p);
    buf_free(&t);
    return rc;
}

int pkg_list_repos(const char *root, void (*fn)(void *ctx, const PkgRepo *repo), void *ctx, Buf *err)
{
    Buf dir = BUF_INIT;
    buf_printf(&dir, "%s/etc/apt/sources.list.d", root);
    DIR *d = textfile_opendir("/etc/apt/sources.list.d");
    if (!d) {
        int e = errno;
        int rc = e == ENOENT ? 0 : -1;
        if (rc)
            buf_printf(err, "Could not read %s: %s", buf_cstr(&dir), strerror(e));
        buf_free(&dir);
        return rc;
    }
    char **names = NULL;
    size_t nn = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l > 5 && !strcmp(de->d_name + l - 5, ".list") && de->d_name[0] != '.')
            strv_add(&names, &nn, de->d_name, l);
    }
    closedir(d);
    qsort(names, nn, sizeof *names, str_cmp);
    int rc = 0;
    for (size_t i = 0; i < nn; i++) {
        Buf file = BUF_INIT;
        buf_printf(&file, "/etc/apt/sources.list.d/%s", names[i]);
        Lines l;
        if (lines_read(root, buf_cstr(&file), &l, err) < 0)
            rc = -1;
        for (size_t k = 0; k < l.n; k++) {
            PkgRepo r;
            if (pkg_repo_parse(l.v[k], &r, NULL) != 0)
                continue;
            r.file = xstrdup(buf_cstr(&file));
            fn(ctx, &r);
            pkg_repo_free(&r);
        }
        lines_free(&l);
        buf_free(&file);
    }
    for (size_t i = 0; i < nn; i++)
        free(names[i]);
    free(names);
    buf_free(&dir);
    return rc;
}

/* The index of key's enabled line in l (or, with any_single, of the only
 * enabled line); -1 when none.  With out, that line is parsed into it. */
static long find_line(const Lines *l, const PkgRepo *key, int any_single, PkgRepo *out)
{
    long hit = -1, only = -1;
    size_t enabled = 0;
    for (size_t i = 0; i < l->n && hit < 0; i++) {
        PkgRepo r;
        if (pkg_repo_parse(l->v[i], &r, NULL) != 0)
            continue;
        if (!r.disabled) {
            enabled++;
            only = (long)i;
            if (repo_same(&r, key))
                hit = (long)i;
        }
        pkg_repo_free(&r);
    }
    if (hit < 0 && any_single) {
        enabled = 0;
        for (size_t i = 0; i < l->n; i++) {
            PkgRepo r;
            if (pkg_repo_parse(l->v[i], &r, NULL) == 0) {
                enabled += !r.disabled;
                pkg_repo_free(&r);
            }
        }
        if (enabled == 1)
            hit = only;
    }
    if (hit >= 0 && out)
        pkg_repo_parse(l->v[hit], out, NULL);
    return hit;
}

int pkg_get_repo(const char *root, const char *file, const PkgRepo *key, int any_single, PkgRepo *out, Buf *err)
{
    Lines l;
    int rc = lines_read(root, file, &l, err);
    if (rc <= 0) {
        lines_free(&l);
        return rc;
    }
    long i = find_line(&l, key, any_single, out);
    if (i >= 0)
        out->file = xstrdup(file);
    lines_free(&l);
    return i >= 0;
}

/* Writes lines to file in the root atomically (see pkg_mod_repo): a
 * temporary file made in the directory's fd, renamed over the file there
 * (never through a link out of the root).  0, or -1. */
static int lines_write(const char *root, const char *file, const Lines *l, Buf *err)
{
    Buf path = BUF_INIT, text = BUF_INIT;
    buf_printf(&path, "%s%s", root, file);
    Buf dir = BUF_INIT;
    buf_add(&dir, file, strrchr(file, '/') - file);
    mkdirs(root, buf_cstr(&dir));
    buf_free(&dir);
    for (size_t i = 0; i < l->n; i++)
        buf_printf(&text, "%s\n", l->v[i]);
    TextFile tf;
    memset(&tf, 0, sizeof tf);
    tf.path = xstrdup(file);
    tf.shown = xstrdup(file);
    tf.mode = 0644;
    tf.uid = tf.gid = -1;
    Buf why = BUF_INIT;
    int rc = textfile_store(&tf, text.s ? text.s : "", text.len, &why);
    if (rc != 0)
        buf_printf(err, "Could not write %s: %s", buf_cstr(&path), strerror(errno));
    textfile_free(&tf);
    buf_free(&why);
    buf_free(&path);
    buf_free(&text);
    return rc;
}

int pkg_mod_repo(const char *root, const PkgRepo *want, const PkgRepo *old, Buf *err)
{
    if (!want->file || want->file[0] != '/') {
        buf_adds(err, "The repository has no file to live in");
        return -1;
    }
    Lines l;
    if (lines_read(root, want->file, &l, err) < 0)
        return -1;
    Buf line = BUF_INIT;
    pkg_repo_format(want, &line);
    long i = find_line(&l, old ? old : want, 0, NULL);
    if (i >= 0) {
        free(l.v[i]);
        l.v[i] = buf_detach(&line);
    } else {
        strv_add(&l.v, &l.n, buf_cstr(&line), line.len);
    }
    buf_free(&line);
    int rc = lines_write(root, want->file, &l, err);
    lines_free(&l);
    if (rc == 0)
        pkg_mark_stale();
    return rc;
}

int pkg_del_repo(const char *root, const char *file, const PkgRepo *key, Buf *msg, Buf *err)
{
    Lines l;
    int rc = lines_read(root, file, &l, err);
    if (rc < 0)
        return -1;
    Buf shown = BUF_INIT;
    pkg_repo_format(key, &shown);
    long i = rc ? find_line(&l, key, 0, NULL) : -1;
    if (i < 0) {
        buf_printf(msg, "Repo %s doesn't exist in the sources.list(s)", buf_cstr(&shown));
        buf_free(&shown);
        lines_free(&l);
        return 1;
    }
    free(l.v[i]);
    memmove(&l.v[i], &l.v[i + 1], (l.n - (size_t)i - 1) * sizeof *l.v);
    l.n--;
    size_t left = 0;
    for (size_t k = 0; k < l.n; k++) {
        PkgRepo r;
        if (pkg_repo_parse(l.v[k], &r, NULL) == 0) {
            left++;
            pkg_repo_free(&r);
        }
    }
    if (left == 0) {
        Buf p = BUF_INIT;
        buf_printf(&p, "%s%s", root, file);
        const char *leaf;
        int dfd = rootfs_parent(file, &leaf);
        int gone = dfd >= 0 && unlinkat(dfd, leaf, 0) == 0, e = errno;
        if (dfd >= 0)
            close(dfd);
        errno = e;
        if (!gone) {
            buf_printf(err, "Could not remove %s: %s", buf_cstr(&p), strerror(errno));
            rc = -1;
        } else {
            buf_printf(msg, "File %s containing repo '%s' has been removed.\n", file, buf_cstr(&shown));
            rc = 0;
        }
        buf_free(&p);
    } else {
        rc = lines_write(root, file, &l, err);
        if (rc == 0)
            buf_printf(msg, "Repo '%s' has been removed from %s.\n", buf_cstr(&shown), file);
    }
    if (rc == 0)
        pkg_mark_stale();
    buf_free(&shown);
    lines_free(&l);
    return rc;
}
