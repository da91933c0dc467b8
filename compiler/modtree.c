/*
 * modtree.c - the module path's directories, read once for all the nodes of
 * mcomp --nodes.
 *
 * A compile asks the file system the same questions of the module path
 * again and again: is there a lib/ in each module, which module has
 * lib/puppet/type/NAME.rb, which providers lie in lib/puppet/provider/NAME/,
 * which functions in lib/puppet/functions/ (thousands of stat calls and
 * directory reads for a compile that uses a dozen Ruby types on a module
 * path of ninety modules).  With many nodes, every node asked them anew.
 * The one idea: before the nodes fork, the parent reads those directories
 * once (mtree_add_entry: each module path entry, each module's directory,
 * each module's whole lib/ tree) into a table of path -> what stat says,
 * and the nodes answer from it (mtree_kind, mtree_list).  A path is
 * answered when it was recorded, or when its nearest recorded ancestor is
 * a directory whose every entry was recorded (then it does not exist) or
 * not a directory; anything else (a single compile, which records
 * nothing; a path outside the module path; a path spelled with "//", "."
 * or "..") is MT_UNKNOWN and the caller asks the file system as before.
 * The answers are the ones the file system gave when the run started, as
 * the manifests shared by load_share are the ones read then.
 */
#include "compiler/modtree.h"
#include "base/map.h"
#include "base/util.h"
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct MtEntry {
    int kind;                 /* MT_FILE, MT_DIR, MT_OTHER, MT_NONE (a dangling link) */
    int listed;               /* a directory whose names are all recorded */
    const char **names;       /* those names (malloc, kept for the process) */
    size_t n;
} MtEntry;

static Map tree;              /* path -> MtEntry, each path under every spelling of its entry */

enum { AS_ENTRY, AS_MODULE, AS_TREE };
#define MAX_DEPTH 24          /* a lib/ tree deeper than this (a link loop) is left to stat */

static int module_name(const char *s)
{
    if (!(*s >= 'a' && *s <= 'z')) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

static MtEntry *put(const char *const *prefixes, size_t np, const char *rel, int kind)
{
    MtEntry *e = xmalloc(sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    for (size_t i = 0; i < np; i++) {
        size_t len = strlen(prefixes[i]) + strlen(rel) + 1;
        char *key = xmalloc(len);
        snprintf(key, len, "%s%s", prefixes[i], rel);
        if (map_get(&tree, key, strlen(key))) {     /* (recorded already: an entry given twice) */
            free(key);
            continue;
        }
        map_put(&tree, key, strlen(key), e);
    }
    return e;
}

static int kind_of(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return MT_NONE;
    return S_ISREG(st.st_mode) ? MT_FILE : S_ISDIR(st.st_mode) ? MT_DIR : MT_OTHER;
}

/* Records directory rel (under the prefixes; read through prefixes[0]),
 * its entries, and below them as `as` says. */
static void scan(const char *const *prefixes, size_t np, const char *rel, MtEntry *self, int as, int depth)
{
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s%s", prefixes[0], rel) >= sizeof path) return;
    DIR *d = opendir(path);
    if (!d) return;
    size_t cap = 0;
    int complete = 1;
    for (struct dirent *de; (de = readdir(d));) {
        const char *name = de->d_name;
        if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
        char sub[PATH_MAX], subrel[PATH_MAX];
        if ((size_t)snprintf(sub, sizeof sub, "%s/%s", path, name) >= sizeof sub ||
            (size_t)snprintf(subrel, sizeof subrel, "%s/%s", rel, name) >= sizeof subrel) {
            complete = 0;
            continue;
        }
        if (self->n == cap) self->names = xrealloc(self->names, (cap = cap ? cap * 2 : 16) * sizeof *self->names);
        self->names[self->n++] = xstrndup(name, strlen(name));
        int kind = kind_of(sub);
        MtEntry *e = put(prefixes, np, subrel, kind);
        if (kind != MT_DIR) continue;
        if (as == AS_ENTRY && module_name(name)) scan(prefixes, np, subrel, e, AS_MODULE, depth + 1);
        else if (as == AS_MODULE && !strcmp(name, "lib")) scan(prefixes, np, subrel, e, AS_TREE, depth + 1);
        else if (as == AS_TREE && depth < MAX_DEPTH) scan(prefixes, np, subrel, e, AS_TREE, depth + 1);
    }
    closedir(d);
    self->listed = complete;
}

void mtree_add_entry(const char *dir)
{
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    char *spelled = xstrndup(dir, len);
    char *real = realpath(spelled, NULL);
    const char *prefixes[2] = {spelled, real};
    size_t np = real && strcmp(real, spelled) ? 2 : 1;
    if (len > 1 && kind_of(spelled) == MT_DIR && mtree_kind(spelled) == MT_UNKNOWN) {
        MtEntry *top = put(prefixes, np, "", MT_DIR);
        scan(prefixes, np, "", top, AS_ENTRY, 0);
    }
    free(spelled);
    free(real);
}

/* Whether path is spelled as the table spells paths: absolute or relative,
 * no empty, "." or ".." component. */
static int plain(const char *path)
{
    const char *p = path;
    if (*p == '/') p++;
    if (!*p) return 0;
    for (;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.')) return 0;
        if (!p[n]) return 1;
        p += n + 1;
    }
}

int mtree_kind(const char *path)
{
    if (!tree.count || !plain(path)) return MT_UNKNOWN;
    size_t len = strlen(path);
    MtEntry *e = map_get(&tree, path, len);
    if (e) return e->kind;
    /* the nearest recorded ancestor */
    while (len > 0) {
        while (len > 0 && path[len - 1] != '/') len--;
        if (len <= 1) return MT_UNKNOWN;
        len--;                                   /* the slash */
        e = map_get(&tree, path, len);
        if (e) return e->kind != MT_DIR ? MT_NONE : e->listed ? MT_NONE : MT_UNKNOWN;
    }
    return MT_UNKNOWN;
}

int mtree_is_file(const char *path)
{
    int k = mtree_kind(path);
    if (k != MT_UNKNOWN) return k == MT_FILE;
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int mtree_is_dir(const char *path)
{
    int k = mtree_kind(path);
    if (k != MT_UNKNOWN) return k == MT_DIR;
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *const *mtree_list(const char *dir, size_t *n)
{
    static const char *const none[1];
    *n = 0;
    int k = mtree_kind(dir);
    if (k == MT_UNKNOWN) return NULL;
    if (k != MT_DIR) return none;                /* as a directory that cannot be opened: no names */
    MtEntry *e = map_get(&tree, dir, strlen(dir));
    if (!e || !e->listed) return NULL;
    *n = e->n;
    return e->names ? e->names : none;
}

/* ---- the first directory holding a file (mtree_index_dirs) ----
 *
 * A node looks for each Ruby type and library file it loads in every
 * module's lib directory, in order (MComp.first_file): some 90 look-ups in
 * the table for each of its two dozen files.  The parent records once, for
 * each path below any of those directories, the first directory holding
 * it; a node whose list is the same gets the answer with one look-up. */
static struct {
    char **dirs;              /* the directories, as given (malloc) */
    size_t *lens, n;
    Map first;                /* path below them -> index + 1 of the first that holds it */
    int ready;
} firsts;

/* Records the files below directory path (rel: the part below the indexed
 * directory, len bytes) for index i; 0 when part of it was not recorded. */
static int index_tree(char *path, size_t plen, char *rel, size_t i, int depth)
{
    MtEntry *e = map_get(&tree, path, plen);
    if (!e || e->kind != MT_DIR || !e->listed || depth > MAX_DEPTH) return 0;
    for (size_t k = 0; k < e->n; k++) {
        const char *name = e->names[k];
        size_t nl = strlen(name);
        if (plen + 1 + nl >= PATH_MAX) return 0;
        path[plen] = '/';
        memcpy(path + plen + 1, name, nl + 1);
        MtEntry *sub = map_get(&tree, path, plen + 1 + nl);
        if (!sub) return 0;
        if (sub->kind == MT_DIR) {
            if (!index_tree(path, plen + 1 + nl, rel, i, depth + 1)) return 0;
        } else if (sub->kind == MT_FILE && !map_get(&firsts.first, rel, strlen(rel))) {
            char *key = xstrndup(rel, strlen(rel));
            map_put(&firsts.first, key, strlen(key), (void *)(i + 1));
        }
        path[plen] = '\0';
    }
    return 1;
}

void mtree_index_dirs(const char *const *dirs, size_t n)
{
    if (firsts.ready || !tree.count) return;
    map_init(&firsts.first);
    firsts.dirs = xcalloc(n ? n : 1, sizeof *firsts.dirs);
    firsts.lens = xcalloc(n ? n : 1, sizeof *firsts.lens);
    firsts.n = n;
    int whole = 1;
    for (size_t i = 0; i < n && whole; i++) {
        size_t len = strlen(dirs[i]);
        firsts.dirs[i] = xstrndup(dirs[i], len);
        firsts.lens[i] = len;
        if (!plain(dirs[i]) || len >= PATH_MAX) {
            whole = 0;
            break;
        }
        int k = mtree_kind(dirs[i]);
        if (k == MT_UNKNOWN) whole = 0;
        else if (k == MT_DIR) {
            char path[PATH_MAX];
            memcpy(path, dirs[i], len + 1);
            whole = index_tree(path, len, path + len + 1, i, 0);
        }
        /* (a directory that is missing, or not a directory, holds nothing) */
    }
    if (whole) {
        firsts.ready = 1;
        return;
    }
    for (size_t i = 0; i < firsts.first.count; i++) free((char *)firsts.first.entries[i].key);
    map_free(&firsts.first);
    for (size_t i = 0; i < n; i++) free(firsts.dirs[i]);
    free(firsts.dirs);
    free(firsts.lens);
    memset(&firsts, 0, sizeof firsts);
}

long mtree_first_indexed(const char *const *dirs, const size_t *lens, size_t n, const char *rel)
{
    if (!firsts.ready || n != firsts.n || !plain(rel) || rel[0] == '/') return -2;
    for (size_t i = 0; i < n; i++)
        if (lens[i] != firsts.lens[i] || memcmp(dirs[i], firsts.dirs[i], lens[i]) != 0) return -2;
    void *hit = map_get(&firsts.first, rel, strlen(rel));
    return hit ? (long)((size_t)hit - 1) : -1;
}
