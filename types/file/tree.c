/*
 * tree.c - directory trees: listing one (in the root or below a module's
 * files/, sorted by path, ignore patterns and recurselimit applied, links
 * never entered unless links => follow), and recursion as Puppet's
 * eval_generate: the children of a directory, its local tree and its
 * source's tree merged by path, less every path another File resource
 * manages, are synced one by one right after it, each under its own path,
 * with purge removing what the source does not have.  Each child synced
 * is remembered (FileChild) for the run's report, where it has its own
 * status as Puppet's generated resources do.
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "types/file.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---- trees ---------------------------------------------------------- */

void file_entries_free(Entries *e)
{
    for (size_t i = 0; i < e->n; i++)
        free(e->v[i].rel);
    free(e->v);
    memset(e, 0, sizeof *e);
}

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(((const Entry *)a)->rel, ((const Entry *)b)->rel);
}

static int ignored(const Value *ignore, const char *name)
{
    for (size_t i = 0; i < file_list_len(ignore); i++)
        if (fnmatch(file_list_at(ignore, i), name, FNM_PERIOD) == 0)
            return 1;
    return 0;
}

/* Lists what is below dir (a path in base's space, see file_space_open;
 * dir->s[0..toplen) is the top), depth first, down to limit levels (-1:
 * all), skipping names an ignore pattern matches and never entering a link
 * (follow: links are followed, inside the space, as Puppet's links =>
 * follow), then sorts the list by path.  Each directory is opened by its
 * path in the space, O_NOFOLLOW below the top unless follow. */
void file_list_tree(int base, Buf *dir, size_t toplen, int depth, long limit, int follow, const Value *ignore,
                      Entries *out)
{
    if (out->sweep)
        file_sweep_stale(dir->s);
    int fd = file_space_open(base, dir->s, O_RDONLY | O_DIRECTORY | (depth && !follow ? O_NOFOLLOW : 0));
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        file_close_keep(fd);
        return;
    }
    size_t keep = dir->len;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || ignored(ignore, e->d_name))
            continue;
        dir->len = keep;
        buf_printf(dir, "/%s", e->d_name);
        struct stat st;
        if (follow) {
            int efd = file_space_open(base, dir->s, O_PATH);
            int got = efd >= 0 && fstat(efd, &st) == 0;
            file_close_keep(efd);
            if (!got)
                continue;
        } else if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            continue;
        }
        if (out->n == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 32;
            out->v = xrealloc(out->v, out->cap * sizeof *out->v);
        }
        out->v[out->n].rel = xstrndup(dir->s + toplen + 1, dir->len - toplen - 1);
        out->v[out->n++].st = st;
        if (S_ISDIR(st.st_mode) && (limit < 0 || depth + 1 < limit))
            file_list_tree(base, dir, toplen, depth + 1, limit, follow, ignore, out);
    }
    closedir(d);
    dir->len = keep;
    dir->s[keep] = '\0';
    if (depth == 0 && out->n)
        qsort(out->v, out->n, sizeof *out->v, entry_cmp);
}

/* ---- recursion ------------------------------------------------------ */

static int under(const char *path, const char *top)
{
    size_t n = strlen(top);
    return !strncmp(path, top, n) && (path[n] == '\0' || path[n] == '/' || (n == 1 && top[0] == '/'));
}

/* The paths below top that other File resources of the catalog manage:
 * recursion leaves them, and everything under them, to those resources
 * (Puppet's remove_less_specific_files). */
static size_t managed_paths(const Catalog *c, const Resource *self, const char *top, char ***out)
{
    size_t n = 0;
    char **v = NULL;
    for (size_t i = 0; c && i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (r == self || strcasecmp(r->type, "File"))
            continue;
        Value *p = provider_param(r, "path");
        const char *path = p && p->kind == V_STR ? p->str.s : r->title;
        char *mine = rootfs_canon(path);      /* as file_parse makes f->path */
        if (!under(mine, top) || !strcmp(mine, top)) {
            free(mine);
            continue;
        }
        v = xrealloc(v, (n + 1) * sizeof *v);
        v[n++] = mine;
    }
    *out = v;
    return n;
}

/* A child of f at rel: what the children of a recursion inherit (Puppet's
 * newchild: all but ensure, recurse, recurselimit, target, source; content
 * is not passed on either, it would make every child the same file). */
static void child_spec(const FileSpec *f, const char *rel, FileSpec *c)
{
    memset(c, 0, sizeof *c);
    c->r = f->r;
    size_t n = strlen(f->path);
    c->path = xmalloc(n + strlen(rel) + 2);
    sprintf(c->path, "%s/%s", n == 1 ? "" : f->path, rel);
    c->root = f->root;
    c->src_base = -1;
    c->mode = f->mode;
    c->owner = f->owner;
    c->group = f->group;
    c->uid = f->uid;
    c->gid = f->gid;
    c->uid_missing = f->uid_missing;
    c->gid_missing = f->gid_missing;
    c->force = f->force;
    c->replace = f->replace;
    c->purge = f->purge;
    c->show_diff = f->show_diff;
    c->links_follow = f->links_follow;
    c->checksum = f->checksum;
    c->backup = f->backup;
    c->backup_explicit = f->backup_explicit;
    c->backup_name = f->backup_name;
    c->validate_cmd = f->validate_cmd;
    c->validate_repl = f->validate_repl;
    c->recurselimit = -1;
    c->is_child = 1;
}

/* ---- the children, for reports ------------------------------------- */

/* What each resource's last recursion generated, by the resource's
 * position in the catalog; -j N workers recurse at once, hence the lock. */
typedef struct Generated { FileChild *v; size_t n, cap; } Generated;
static struct {
    pthread_mutex_t lock;
    Generated *by_index;
    size_t n;
} gen = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void children_drop(Generated *g)
{
    for (size_t i = 0; i < g->n; i++)
        free(g->v[i].path);
    free(g->v);
    memset(g, 0, sizeof *g);
}

void file_children_reset(const Resource *r)
{
    pthread_mutex_lock(&gen.lock);
    if (r->index < gen.n)
        children_drop(&gen.by_index[r->index]);
    pthread_mutex_unlock(&gen.lock);
}

static void child_done(const Resource *r, const FileChild *c)
{
    pthread_mutex_lock(&gen.lock);
    if (r->index >= gen.n) {
        size_t n = gen.n ? gen.n : 64;
        while (n <= r->index)
            n *= 2;
        gen.by_index = xrealloc(gen.by_index, n * sizeof *gen.by_index);
        memset(gen.by_index + gen.n, 0, (n - gen.n) * sizeof *gen.by_index);
        gen.n = n;
    }
    Generated *g = &gen.by_index[r->index];
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 8;
        g->v = xrealloc(g->v, g->cap * sizeof *g->v);
    }
    g->v[g->n++] = *c;
    pthread_mutex_unlock(&gen.lock);
}

size_t file_take_children(const Resource *r, FileChild **out)
{
    size_t n = 0;
    *out = NULL;
    pthread_mutex_lock(&gen.lock);
    if (r->index < gen.n) {
        Generated *g = &gen.by_index[r->index];
        *out = g->v;
        n = g->n;
        memset(g, 0, sizeof *g);
    }
    pthread_mutex_unlock(&gen.lock);
    return n;
}

void file_children_free(FileChild *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i].path);
    free(v);
}

void file_children_clear(void)
{
    pthread_mutex_lock(&gen.lock);
    for (size_t i = 0; i < gen.n; i++)
        children_drop(&gen.by_index[i]);
    free(gen.by_index);
    gen.by_index = NULL;
    gen.n = 0;
    pthread_mutex_unlock(&gen.lock);
}

static const char *ensure_word(Ensure e)
{
    switch (e) {
    case EN_ABSENT: return "absent";
    case EN_FILE: return "file";
    case EN_DIRECTORY: return "directory";
    case EN_LINK: return "link";
    default: return NULL;
    }
}

/* Syncs the children of directory f (see the file comment).  A child only
 * in the local tree keeps its type and gets f's mode, owner and group, or
 * is removed with purge; a child in the source tree becomes what it is
 * there (file with its content, directory, or link with its target).
 * Children below one that failed are skipped, as Puppet skips the
 * generated resources that depend on a failed one.  Returns 0, or -1 when
 * a child failed. */
int file_recurse(Out *o, FileSpec *f)
{
    TxRes *t = o->t;
    Entries local = { 0 }, remote = { 0 };
    Buf dir = BUF_INIT;
    local.sweep = !tx_noop(t);  /* a noop run changes nothing, stale temps included */
    if (f->recurse == RC_YES) {
        buf_adds(&dir, f->path);
        file_list_tree(-1, &dir, dir.len, 0, f->recurselimit, 0, f->ignore, &local);
    }
    if (f->src_path && S_ISDIR(f->src_st.st_mode)) {
        buf_clear(&dir);
        buf_adds(&dir, f->src_path);
        file_list_tree(f->src_base, &dir, dir.len, 0, f->recurselimit, f->links_follow, f->ignore, &remote);
    }
    buf_free(&dir);
    char **managed;
    size_t nmanaged = managed_paths(tx_catalog(t), f->r, f->path, &managed);

    int rc = 0;
    char **failed = NULL;   /* children that failed: their trees are left alone */
    size_t nfailed = 0;
    for (size_t i = 0, j = 0; i < local.n || j < remote.n;) {
        int c = i >= local.n ? 1 : j >= remote.n ? -1 : strcmp(local.v[i].rel, remote.v[j].rel);
        const Entry *src = c >= 0 ? &remote.v[j] : NULL;
        const char *rel = c <= 0 ? local.v[i].rel : remote.v[j].rel;
        if (c <= 0) i++;
        if (c >= 0) j++;
        FileSpec ch;
        child_spec(f, rel, &ch);
        int skip = 0;
        const char *blocked = NULL;     /* the failed child this one is below */
        for (size_t k = 0; k < nmanaged && !skip; k++)
            skip = under(ch.path, managed[k]);
        for (size_t k = 0; k < nfailed && !skip && !blocked; k++)
            if (under(ch.path, failed[k]))
                blocked = failed[k];
        if (src) {
            ch.src_st = src->st;
            ch.src_base = f->src_base;      /* the parent's, not closed by the child */
            ch.src_path = xmalloc(strlen(f->src_path) + strlen(rel) + 2);
            sprintf(ch.src_path, "%s/%s", strcmp(f->src_path, "/") ? f->src_path : "", rel);
            if (f->src_files)
                ch.src_files = xstrndup(f->src_files, strlen(f->src_files));
            if (S_ISDIR(src->st.st_mode)) {
                ch.ensure = EN_DIRECTORY;
            } else if (S_ISLNK(src->st.st_mode)) {
                char buf[4096];
                file_readlink_in(ch.src_base, ch.src_path, buf, sizeof buf);
                ch.link_target = xstrndup(buf, strlen(buf));
                ch.target = ch.link_target;
                ch.ensure = EN_LINK;
            } else if (S_ISREG(src->st.st_mode)) {
                ch.ensure = EN_FILE;
            } else {
                skip = 1;   /* fifos and devices are not copied */
            }
        } else if (f->purge) {
            ch.ensure = EN_ABSENT;
        }
        if (!skip && blocked) {
            /* Puppet generated it too, and skips it: it depends on its
             * parent directory, which failed or was skipped */
            Buf ref = BUF_INIT, dep = BUF_INIT;
            buf_printf(&ref, "File[%s]", ch.path);
            buf_printf(&dep, "File[%s]", blocked);
            tx_generated_skip(t, ref.s, dep.s);
            FileChild rec = { .first_event = tx_events(t), .end_event = tx_events(t), .skipped = 1 };
            clock_gettime(CLOCK_REALTIME, &rec.started);
            rec.path = xstrndup(ch.path, strlen(ch.path));
            child_done(tx_resource(t), &rec);
            buf_free(&ref);
            buf_free(&dep);
        } else if (!skip) {
            Out co = { .t = t, .child = ch.path };
            buf_printf(&co.ref, "File[%s]", ch.path);
            FileChild rec = { .first_event = tx_events(t), .ensure = ensure_word(ch.ensure) };
            struct timespec t0, t1;
            clock_gettime(CLOCK_REALTIME, &rec.started);
            clock_gettime(CLOCK_MONOTONIC, &t0);
            if (file_sync_path(&co, &ch) != 0) {
                rc = -1;
                rec.failed = 1;
                failed = xrealloc(failed, (nfailed + 1) * sizeof *failed);
                failed[nfailed++] = xstrndup(ch.path, strlen(ch.path));
            }
            clock_gettime(CLOCK_MONOTONIC, &t1);
            rec.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
            rec.end_event = tx_events(t);
            rec.path = xstrndup(ch.path, strlen(ch.path));
            child_done(tx_resource(t), &rec);
            tx_generated(t, co.ref.s, rec.first_event, rec.end_event, rec.failed);
            buf_free(&co.ref);
        }
        file_free(&ch);
    }
    for (size_t k = 0; k < nmanaged; k++)
        free(managed[k]);
    free(managed);
    for (size_t k = 0; k < nfailed; k++)
        free(failed[k]);
    free(failed);
    file_entries_free(&local);
    file_entries_free(&remote);
    return rc;
}

/* 1 when f's recursion has a directory to work on: the one on disk after
 * the sync, or in noop the one that would be there. */
int file_recursion_applies(TxRes *t, const FileSpec *f)
{
    struct stat st;
    if (f->recurse == RC_NO || f->ensure == EN_ABSENT || f->ensure == EN_LINK)
        return 0;
    if (f->src_path && !S_ISDIR(f->src_st.st_mode))
        return 0;
    int is_dir = rootfs_lstat(f->path, &st) == 0 && S_ISDIR(st.st_mode);
    if (tx_noop(t))
        return is_dir ? f->ensure != EN_FILE : f->ensure == EN_DIRECTORY;
    return is_dir;
}
