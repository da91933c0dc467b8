/*
 * content.c - a file's content and where it comes from: Puppet's checksum
 * types (sha256, md5 and their lite forms over the first 512 bytes, mtime,
 * ctime, none), the content property's comparison and sync (with
 * show_diff), and sources: an absolute path or file:// URI read in the
 * root, a puppet:///modules/M/ URI below M's files/ in a module path
 * directory and never out of it; the first source that exists wins
 * (Puppet's sourceselect => first).
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "types/file.h"
#include "types/modfile.h"
#include "base/diff.h"
#include "base/md5.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* ---- checksums ------------------------------------------------------ */

const char *const file_checksum_names[CK_NONE + 1] = { "sha256", "sha256lite", "md5", "md5lite", "mtime", "ctime", "none" };

enum { LITE_BYTES = 512 };

static int ck_is_lite(Checksum ck) { return ck == CK_SHA256LITE || ck == CK_MD5LITE; }
static int ck_is_md5(Checksum ck) { return ck == CK_MD5 || ck == CK_MD5LITE; }
void file_digest_init(Digest *d, Checksum ck)
{
    d->ck = ck;
    d->seen = 0;
    sha256_init(&d->s);
    md5_init(&d->m);
}

void file_digest_update(Digest *d, const void *data, size_t n)
{
    if (ck_is_lite(d->ck) && n > LITE_BYTES - d->seen)
        n = LITE_BYTES - d->seen;
    d->seen += n;
    if (ck_is_md5(d->ck))
        md5_update(&d->m, data, n);
    else
        sha256_update(&d->s, data, n);
}

/* "{sha256}<hex>", "{md5lite}<hex>", ... (out: at least 96 bytes) */
void file_digest_final(Digest *d, char *out)
{
    static const char hexd[] = "0123456789abcdef";
    unsigned char raw[32];
    size_t n = ck_is_md5(d->ck) ? 16 : 32;
    if (ck_is_md5(d->ck))
        md5_final(&d->m, raw);
    else
        sha256_final(&d->s, raw);
    int k = sprintf(out, "{%s}", file_checksum_names[d->ck]);
    for (size_t i = 0; i < n; i++) {
        out[k++] = hexd[raw[i] >> 4];
        out[k++] = hexd[raw[i] & 15];
    }
    out[k] = '\0';
}

/* Ruby's Time#to_s, as Puppet prints {mtime} and {ctime} sums. */
void file_time_sum(Checksum ck, time_t when, char *out, size_t n)
{
    struct tm tm;
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %z", localtime_r(&when, &tm));
    snprintf(out, n, "{%s}%s", file_checksum_names[ck], date);
}

/* The sum Puppet shows for content data under f's checksum type; the date
 * types and none have no sum of data (Puppet's mtime(content) is ""), so
 * with a source they show the source's date. */
void file_content_checksum(const FileSpec *f, char *out, size_t n)
{
    if (ck_is_hash(f->checksum)) {
        Digest d;
        file_digest_init(&d, f->checksum);
        file_digest_update(&d, f->content ? f->content : "", f->content ? f->content_len : 0);
        file_digest_final(&d, out);
    } else if (f->checksum != CK_NONE && f->src_path) {
        file_time_sum(f->checksum, f->checksum == CK_MTIME ? f->src_st.st_mtime : f->src_st.st_ctime, out, n);
    } else {
        snprintf(out, n, "{%s}", file_checksum_names[f->checksum]);
    }
}

/* 1 when the file at path holds exactly want (with limit > 0: when their
 * first limit bytes agree), 0 when not, -1 (errno) when it cannot be read.
 * The idempotent run's check: a size comparison, then the bytes, no digest
 * unless something must be reported. */
static int has_content(const char *path, const char *want, size_t len, size_t limit)
{
    int fd = rootfs_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        file_close_keep(fd);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    if (limit) {
        if (size > limit) size = limit;
        if (len > limit) len = limit;
    }
    if (size != len) {
        close(fd);
        return 0;
    }
    char buf[65536];
    size_t off = 0;
    int same = 1;
    while (same && off < len) {
        ssize_t n = read(fd, buf, len - off < sizeof buf ? len - off : sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (memcmp(buf, want + off, (size_t)n) != 0)
            same = 0;
        off += (size_t)n;
    }
    close(fd);
    return same && off == len;
}

/* ---- show_diff ------------------------------------------------------ */

/* "2026-11-22 20:14:32.054802195 +0000", diff's label date. */
static void label_time(Buf *out, struct timespec ts)
{
    struct tm tm;
    char a[32], z[16];
    localtime_r(&ts.tv_sec, &tm);
    strftime(a, sizeof a, "%Y-%m-%d %H:%M:%S", &tm);
    strftime(z, sizeof z, "%z", &tm);
    buf_printf(out, "%s.%09ld %s", a, ts.tv_nsec, z);
}

/* Puppet's show_diff line: "<path>/content: " then, on the next lines,
 * the unified diff from the file (old, shown as path) to the new content
 * (shown as new_label, the temporary file); "[diff redacted]" for
 * Sensitive content. */
static void show_diff(Out *o, const FileSpec *f, const Buf *old, const struct stat *st, const char *new_label,
                      struct timespec new_time)
{
    LogLevel lvl = provider_loglevel(tx_resource(o->t));
    if (f->sensitive) {
        file_log(o, lvl, "content", "[diff redacted]");
        return;
    }
    const char *olds = old->s ? old->s : "";
    Buf d = BUF_INIT;
    if (memchr(olds, '\0', old->len) || memchr(f->content, '\0', f->content_len)) {
        buf_printf(&d, "Binary files %s and %s differ", f->path, new_label);
    } else {
        buf_printf(&d, "--- %s\t", f->path);
        label_time(&d, st->st_mtim);
        buf_printf(&d, "\n+++ %s\t", new_label);
        label_time(&d, new_time);
        buf_addc(&d, '\n');
        diff_unified(&d, olds, old->len, f->content, f->content_len);
        if (d.len && d.s[d.len - 1] == '\n')
            d.s[--d.len] = '\0';
    }
    file_log(o, lvl, "content", "\n%s", d.s);
    buf_free(&d);
}

/* ---- the other properties ------------------------------------------- */

/* content (from content or a source) of an existing regular file.  In sync
 * by f's checksum type: the bytes (all, or the first 512 for the lite
 * types), the dates for mtime/ctime (the file is as new as its source or
 * newer; with content there is no date to compare, and Puppet fails, so
 * the file is left alone), never out of sync for none.  The new file gets
 * f's final mode, owner and group before its first byte; *wrote is set
 * when it replaced the old one (or will, at the batch's flush), so that
 * the caller reports those properties' changes without making them on the
 * old file in place. */
int file_sync_content(Out *o, const FileSpec *f, const struct stat *st, int *wrote)
{
    TxRes *t = o->t;
    const char *path = f->path;
    char is[96], should[96];
    Buf old = BUF_INIT, msg = BUF_INIT, a = BUF_INIT, b = BUF_INIT;
    Tmp tmp = TMP_INIT;
    int rc = 0;
    if (f->checksum == CK_NONE)
        return 0;
    if (!ck_is_hash(f->checksum)) {
        if (!f->src_path)
            return 0;
        int m = f->checksum == CK_MTIME;
        time_t mine = m ? st->st_mtime : st->st_ctime, theirs = m ? f->src_st.st_mtime : f->src_st.st_ctime;
        if (mine >= theirs)
            return 0;
        file_time_sum(f->checksum, mine, is, sizeof is);
        file_time_sum(f->checksum, theirs, should, sizeof should);
        if (file_read_path(path, &old) != 0)
            goto unreadable;
    } else {
        int same = has_content(path, f->content, f->content_len, ck_is_lite(f->checksum) ? LITE_BYTES : 0);
        if (same < 0)
            goto unreadable;
        if (same)
            return 0;
        if (file_read_path(path, &old) != 0)
            goto unreadable;
        Digest d;
        file_digest_init(&d, f->checksum);
        file_digest_update(&d, old.s ? old.s : "", old.len);
        file_digest_final(&d, is);
        file_content_checksum(f, should, sizeof should);
        if (!strcmp(is, should))
            goto out;
    }
    buf_printf(&a, "'%s'", is);
    buf_printf(&b, "'%s'", should);
    int diff = tx_show_diff(t) && f->show_diff;
    if (tx_noop(t)) {
        if (diff) {
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            const char *slash = strrchr(f->path, '/');
            Buf label = BUF_INIT;
            buf_printf(&label, "%.*s.%s.mapply.noop", (int)(slash - f->path + 1), f->path, slash + 1);
            show_diff(o, f, &old, st, label.s, now);
            buf_free(&label);
        }
        file_would(o, "content", "content_changed", f->sensitive ? "[redacted]" : a.s, f->sensitive ? "[redacted]" : b.s);
        goto out;
    }
    unsigned keep = st->st_mode & 07777;
    if (f->mode) {
        long m = file_symbolic_mode(f->mode, keep, 0);
        if (m >= 0)
            keep = (unsigned)m;
    }
    /* the owner of the file it replaces, unless owner or group say otherwise */
    long uid = f->uid >= 0 ? f->uid : (long)st->st_uid, gid = f->gid >= 0 ? f->gid : (long)st->st_gid;
    int defer = file_can_defer(o, f);
    if (file_tmp_write(path, f->content, f->content_len, keep, uid, gid, f->uid < 0 && f->gid < 0, !defer, &tmp) != 0) {
        buf_printf(&msg, "Could not set 'content' on content: %s @ rb_sysopen - %s", strerror(errno), f->path);
        if (!f->is_child)
            modfile_location(&msg, f->r);
        file_fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
        goto out;
    }
    if (diff) {
        struct stat tst;
        struct timespec when = { 0, 0 };
        if (fstatat(tmp.dfd, tmp.name.s, &tst, AT_SYMLINK_NOFOLLOW) == 0)
            when = tst.st_mtim;
        show_diff(o, f, &old, st, tmp.shown.s, when);
    }
    if (f->validate_cmd && file_run_validate(f, tmp.shown.s, &msg) != 0) {
        file_tmp_drop(&tmp);
        file_fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
        goto out;
    }
    if (file_backup(o, f, path, &old, &msg) != 0) {
        file_tmp_drop(&tmp);
        file_fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
        goto out;
    }
    if (defer) {
        Buf post = BUF_INIT;
        buf_printf(&post, " @ rb_sysopen - %s", f->path);
        modfile_location(&post, f->r);
        file_tmp_defer(o, &tmp, "content", a.s, b.s, "Could not set 'content' on content: ", post.s, "");
        buf_free(&post);
    }
    if (!defer && file_tmp_commit(&tmp) != 0) {
        buf_printf(&msg, "Could not set 'content' on content: %s @ rb_sysopen - %s", strerror(errno), f->path);
        if (!f->is_child)
            modfile_location(&msg, f->r);
        file_fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
    } else {
        *wrote = 1;
        if (f->sensitive)
            file_change(o, "content", "content_changed", "changed [redacted] to [redacted]");
        else
            file_change(o, "content", "content_changed", "content changed %s to %s", a.s, b.s);
    }
    goto out;
unreadable:
    file_log(o, LL_ERR, NULL, "Could not evaluate: %s @ rb_sysopen - %s", strerror(errno), f->path);
    rc = -1;
out:
    buf_free(&old);
    file_tmp_free(&tmp);
    buf_free(&msg);
    buf_free(&a);
    buf_free(&b);
    return rc;
}

/* Reads a regular source file into f's content, once. */
int file_load_source(Out *o, FileSpec *f)
{
    if (!f->src_path || !S_ISREG(f->src_st.st_mode) || f->content)
        return 0;
    /* in the root, or below the module's files/ (links followed inside) */
    int fd = file_space_open(f->src_base, f->src_path, O_RDONLY | O_NONBLOCK);
    if (fd < 0 || buf_read_fd(&f->source_data, fd) != 0) {
        file_close_keep(fd);
        file_log(o, LL_ERR, NULL, "Could not evaluate: Could not read %s%s%s: %s", f->src_files ? f->src_files : "",
              f->src_files && f->src_path[0] != '/' ? "/" : "", f->src_path, strerror(errno));
        return -1;
    }
    close(fd);
    f->content = f->source_data.s ? f->source_data.s : "";
    f->content_len = f->source_data.len;
    return 0;
}

/* ---- sources -------------------------------------------------------- */

/* Where one source is, if it exists (stat'ed into st, links at the end
 * followed inside its space): an absolute path or file:// URI is the
 * managed system's, resolved in the root (*base -1); a
 * puppet:///modules/<module>/<path> URI (any server) is looked up in each
 * directory of modulepath ("dir:dir") below <dir>/<module>/files, which it
 * may not leave
 * (*base: that directory's fd, the caller's to close; *files: its path,
 * malloc'd).  Returns the path in its space (malloc), or NULL when it does
 * not exist, names another mount, or leads out of its space. */
static char *find_source(const char *modulepath, const char *src, struct stat *st, int *base, char **files)
{
    *base = -1;
    *files = NULL;
    if (src[0] == '/' || !strncmp(src, "file:", 5)) {
        const char *path = src[0] == '/' ? src : !strncmp(src, "file://", 7) ? src + 7 : src + 5;
        int fd = rootfs_open(path, O_PATH, 0);
        int found = fd >= 0 && fstat(fd, st) == 0;
        file_close_keep(fd);
        return found ? xstrndup(path, strlen(path)) : NULL;
    }
    if (strncmp(src, "puppet://", 9) != 0)
        return NULL;
    const char *rest = strchr(src + 9, '/');   /* after the server, if any */
    if (!rest || strncmp(rest, "/modules/", 9) != 0)
        return NULL;
    const char *mod = rest + 9, *slash = strchr(mod, '/');
    size_t modlen = slash ? (size_t)(slash - mod) : strlen(mod);
    const char *file = slash ? slash + 1 : "";
    size_t filelen = strlen(file);
    while (filelen && file[filelen - 1] == '/')
        filelen--;
    if (!modlen || (modlen == 1 && mod[0] == '.') || (modlen == 2 && !strncmp(mod, "..", 2)))
        return NULL;
    char *rel = xstrndup(file, filelen);
    const char *mp = modulepath;
    Buf p = BUF_INIT;
    while (*mp) {
        size_t n = strcspn(mp, ":");
        if (n) {
            buf_clear(&p);
            buf_printf(&p, "%.*s/%.*s/files", (int)n, mp, (int)modlen, mod);
            int dfd = open(p.s, O_PATH | O_DIRECTORY | O_CLOEXEC);
            int fd = dfd >= 0 ? rootfs_open_beneath(dfd, rel, O_PATH, 0) : -1;
            if (fd >= 0 && fstat(fd, st) == 0) {
                close(fd);
                *base = dfd;
                *files = buf_detach(&p);
                return rel;
            }
            file_close_keep(fd);
            file_close_keep(dfd);
        }
        mp += n + (mp[n] == ':');
    }
    buf_free(&p);
    free(rel);
    return NULL;
}

/* Puppet's message when none of the sources exists: "Could not retrieve
 * information from environment production source(s) file:///x,
 * puppet:///modules/m/y" (a path shown as a file:// URI). */
static void no_source(const Value *source, Buf *out)
{
    buf_adds(out, "Could not retrieve information from environment production source(s) ");
    for (size_t i = 0; i < file_list_len(source); i++) {
        const char *s = file_list_at(source, i);
        buf_printf(out, "%s%s%s", i ? ", " : "", s[0] == '/' ? "file://" : "", s);
    }
}

/* The first source that exists (Puppet's sourceselect => first); the
 * resource's ensure follows the source's type, as Puppet's
 * copy_source_values does (a directory source makes a directory even
 * under ensure => file).  -1, with Puppet's message, when none does. */
int file_resolve_source(Out *o, FileSpec *f)
{
    for (size_t i = 0; i < file_list_len(f->source); i++)
        if ((f->src_path = find_source(tx_modulepath(o->t), file_list_at(f->source, i), &f->src_st, &f->src_base,
                                       &f->src_files))) {
            f->src_base_owned = 1;
            break;
        }
    if (!f->src_path) {
        Buf msg = BUF_INIT;
        no_source(f->source, &msg);
        file_log(o, LL_ERR, NULL, "Could not evaluate: %s", msg.s);
        buf_free(&msg);
        return -1;
    }
    if (f->ensure == EN_NONE || f->ensure == EN_PRESENT || f->ensure == EN_FILE || f->ensure == EN_DIRECTORY)
        f->ensure = S_ISDIR(f->src_st.st_mode) ? EN_DIRECTORY : EN_FILE;
    return 0;
}

int file_source_read(TxRes *t, const char *src, Buf *out)
{
    int base;
    struct stat st;
    char *files, *path = find_source(tx_modulepath(t), src, &st, &base, &files);
    int rc = 1;
    if (path && S_ISREG(st.st_mode)) {
        int fd = file_space_open(base, path, O_RDONLY | O_NONBLOCK);
        rc = fd < 0 || buf_read_fd(out, fd) != 0 ? -1 : 0;
        file_close_keep(fd);
    }
    file_close_keep(base);
    free(files);
    free(path);
    return rc;
}

/* ---- sources before the run ------------------------------------------ */

/* What the catalog itself may make, as canonical paths sorted for
 * bsearch: named, the paths resources name (a title or a path parameter,
 * not ensure => absent); trees, the directories whose whole tree a
 * resource may fill (an exec's creates, a file with a source).  Built once
 * per validation: a catalog of n files with missing sources costs n log n,
 * not n squared. */
typedef struct Made {
    char **named, **trees;
    size_t nnamed, ntrees;
} Made;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends each absolute String of v (a String or an Array of them) to
 * (*out)[0..*n), canonical (malloc). */
static void add_paths(const Value *v, char ***out, size_t *n)
{
    if (!v || (v->kind != V_STR && v->kind != V_ARRAY))
        return;
    size_t k = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < k; i++) {
        const Value *x = v->kind == V_ARRAY ? v->arr.items[i] : v;
        if (x->kind != V_STR || x->str.s[0] != '/')
            continue;
        *out = xrealloc(*out, (*n + 1) * sizeof **out);
        (*out)[(*n)++] = rootfs_canon(x->str.s);
    }
}

static void made_build(const Catalog *c, Made *m)
{
    memset(m, 0, sizeof *m);
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (r->is_virtual)
            continue;
        const Value *ens = provider_param(r, "ensure");
        if (ens && ens->kind == V_STR && !strcmp(ens->str.s, "absent"))
            continue;
        const Value *path = provider_param(r, "path");
        Value title = { .kind = V_STR };
        title.str.s = r->title;
        title.str.len = strlen(r->title);
        const Value *named = path && path->kind == V_STR ? path : &title;
        add_paths(named, &m->named, &m->nnamed);
        if (!strcasecmp(r->type, "Exec"))
            add_paths(provider_param(r, "creates"), &m->trees, &m->ntrees);
        else if (!strcasecmp(r->type, "File") && provider_param(r, "source"))
            add_paths(named, &m->trees, &m->ntrees);
    }
    if (m->nnamed)
        qsort(m->named, m->nnamed, sizeof *m->named, cmp_str);
    if (m->ntrees)
        qsort(m->trees, m->ntrees, sizeof *m->trees, cmp_str);
}

static void made_free(Made *m)
{
    for (size_t i = 0; i < m->nnamed; i++)
        free(m->named[i]);
    for (size_t i = 0; i < m->ntrees; i++)
        free(m->trees[i]);
    free(m->named);
    free(m->trees);
}

static int made_has(char **v, size_t n, const char *s)
{
    return n && bsearch(&s, v, n, sizeof *v, cmp_str) != NULL;
}

/* 1 when a resource other than self may make path (canonical) before self
 * needs it: a resource names it, or an exec's creates or a file with a
 * source is path or a directory above it.  self's own path does not count
 * (a file is not its own source). */
static int made_by_catalog(const Made *m, const char *self, const char *path)
{
    if (strcmp(path, self) && made_has(m->named, m->nnamed, path))
        return 1;
    char *p = xstrndup(path, strlen(path));
    int hit = 0;
    for (;;) {
        if (strcmp(p, self) && made_has(m->trees, m->ntrees, p)) {
            hit = 1;
            break;
        }
        char *slash = strrchr(p, '/');
        if (!slash || slash == p) {
            hit = strcmp(p, "/") && made_has(m->trees, m->ntrees, "/");
            break;
        }
        *slash = '\0';
    }
    free(p);
    return hit;
}

/* 0 when one of f's sources exists now, or may be made by the run; else
 * -1 with Puppet's message in err. */
static int check_sources(const Made *m, const FileSpec *f, const char *modulepath, Buf *err)
{
    for (size_t i = 0; i < file_list_len(f->source); i++) {
        int base;
        struct stat st;
        char *files, *found = find_source(modulepath, file_list_at(f->source, i), &st, &base, &files);
        file_close_keep(base);
        free(files);
        free(found);
        if (found)
            return 0;
    }
    /* none there now: one the catalog may make is left to the run, as before */
    for (size_t i = 0; i < file_list_len(f->source); i++) {
        const char *src = file_list_at(f->source, i);
        if (src[0] == '/' || !strncmp(src, "file:", 5)) {
            char *path = rootfs_canon(src[0] == '/' ? src : !strncmp(src, "file://", 7) ? src + 7 : src + 5);
            int later = made_by_catalog(m, f->path, path);
            free(path);
            if (later)
                return 0;
        }
    }
    no_source(f->source, err);
    return -1;
}

void file_validate_run(const Catalog *c, const char *modulepath, ValidateFn bad, void *ctx)
{
    Made m;
    int built = 0;
    Buf why = BUF_INIT;
    for (size_t i = 0; i < c->nres; i++) {
        const Resource *r = c->res[i];
        FileSpec f;
        if (r->is_virtual || strcasecmp(r->type, "File"))
            continue;
        buf_clear(&why);
        /* a bad parameter is validate's to report; a source to be removed
         * need not exist */
        if (file_parse(r, "", &f, &why) == 0 && f.source && f.ensure != EN_ABSENT) {
            if (!built)
                made_build(c, &m);
            built = 1;
            buf_clear(&why);
            if (check_sources(&m, &f, modulepath, &why) != 0)
                bad(ctx, r, buf_cstr(&why));
        }
        file_free(&f);
    }
    if (built)
        made_free(&m);
    buf_free(&why);
}
