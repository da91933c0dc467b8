/*
 * spmfile.c - writing and reading .spm files with libarchive.  Writing
 * walks the module directory in sorted order (so a package is the same
 * bytes for the same tree and mtimes), drops what the exclude regexes match
 * at the start of any path component (SPM's newest rule, with its default
 * CVS .hg .git .svn), and writes to a temporary name that is renamed into
 * place.  Reading is strict: a member that is not a plain file or a
 * directory, that leaves the top directory or holds ".." is refused, since
 * its path becomes a path on the managed system.
 */
#include "pkg/spmfile.h"
#include "base/util.h"
#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SPM_MAX_BYTES ((size_t)1 << 30)   /* a package bigger than this is refused */

typedef struct Builder {
    Arena *a;
    struct archive *ar;
    const char *name;       /* the package name: the top directory */
    regex_t *ex;            /* exclude regexes */
    size_t nex;
    Buf *err;
} Builder;

static int excluded(Builder *b, const char *rel)
{
    for (const char *c = rel; *c;) {
        const char *e = strchr(c, '/');
        size_t n = e ? (size_t)(e - c) : strlen(c);
        char comp[256];
        if (n < sizeof comp) {
            memcpy(comp, c, n);
            comp[n] = 0;
            regmatch_t m;
            for (size_t i = 0; i < b->nex; i++)
                if (regexec(&b->ex[i], comp, 1, &m, 0) == 0 && m.rm_so == 0) return 1;
        }
        c = e ? e + 1 : c + n;
    }
    return 0;
}

static int add_entry(Builder *b, const char *rel, const char *data, size_t size, const struct stat *st)
{
    struct archive_entry *e = archive_entry_new();
    char *path = arena_printf(b->a, "%s%s%s", b->name, *rel ? "/" : "", rel);
    archive_entry_set_pathname(e, path);
    archive_entry_set_mtime(e, st->st_mtime, 0);
    archive_entry_set_uname(e, "root");
    archive_entry_set_gname(e, "root");
    if (S_ISDIR(st->st_mode)) {
        archive_entry_set_filetype(e, AE_IFDIR);
        archive_entry_set_perm(e, 0755);
    } else {
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, st->st_mode & 0111 ? 0755 : 0644);
        archive_entry_set_size(e, (la_int64_t)size);
    }
    int rc = archive_write_header(b->ar, e) == ARCHIVE_OK &&
             (!size || archive_write_data(b->ar, data, size) == (la_ssize_t)size) ? 0 : -1;
    if (rc) buf_printf(b->err, "Cannot write %s: %s", path, archive_error_string(b->ar));
    archive_entry_free(e);
    return rc;
}

static int add_file(Builder *b, const char *dir, const char *rel)
{
    char *full = arena_printf(b->a, "%s/%s", dir, rel);
    struct stat st;
    if (lstat(full, &st) != 0) {
        buf_printf(b->err, "Cannot read %s: %s", full, strerror(errno));
        return -1;
    }
    if (S_ISLNK(st.st_mode) && stat(full, &st) != 0) {
        buf_printf(b->err, "Cannot read %s: %s", full, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) return add_entry(b, rel, NULL, 0, &st);
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "mpm: warning: skipping %s: not a regular file or directory\n", full);
        return 0;
    }
    Buf data = BUF_INIT;
    if (buf_read_file(&data, full, 0) != 0) {
        buf_printf(b->err, "Cannot read %s: %s", full, strerror(errno));
        buf_free(&data);
        return -1;
    }
    int rc = add_entry(b, rel, data.s, data.len, &st);
    buf_free(&data);
    return rc;
}

static int by_name(const struct dirent **x, const struct dirent **y) { return strcmp((*x)->d_name, (*y)->d_name); }

/* The tree below dir/rel, directories before their contents. */
static int add_tree(Builder *b, const char *dir, const char *rel, int top)
{
    char *full = *rel ? arena_printf(b->a, "%s/%s", dir, rel) : arena_strdup(b->a, dir);
    struct dirent **names;
    int n = scandir(full, &names, NULL, by_name);
    if (n < 0) {
        buf_printf(b->err, "Cannot read %s: %s", full, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        const char *d = names[i]->d_name;
        if (rc || !strcmp(d, ".") || !strcmp(d, "..")) continue;
        char *r = *rel ? arena_printf(b->a, "%s/%s", rel, d) : arena_strdup(b->a, d);
        if (excluded(b, r) || (top && !strcmp(d, "FORMULA"))) continue;
        struct stat st;
        char *p = arena_printf(b->a, "%s/%s", dir, r);
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            if ((rc = add_file(b, dir, r)) == 0) rc = add_tree(b, dir, r, 0);
        } else {
            rc = add_file(b, dir, r);
        }
    }
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}

/* A Python (re) pattern as a POSIX extended one: the classes \d \w \s
 * and their negations, which ERE lacks, become bracket expressions. */
static char *posix_regex(Arena *a, const char *re)
{
    Buf b = BUF_INIT;
    int in_bracket = 0;
    for (const char *p = re; *p; p++) {
        if (*p == '\\' && p[1] && strchr("dwsDWS", p[1])) {
            static const char *cls[] = {"0-9", "A-Za-z0-9_", "[:space:]"};
            int k = p[1] == 'd' || p[1] == 'D' ? 0 : p[1] == 'w' || p[1] == 'W' ? 1 : 2;
            int neg = p[1] == 'D' || p[1] == 'W' || p[1] == 'S';
            if (in_bracket) buf_adds(&b, cls[k]);
            else buf_printf(&b, "[%s%s]", neg ? "^" : "", cls[k]);
            p++;
            continue;
        }
        if (*p == '\\' && p[1]) { buf_addc(&b, *p++); buf_addc(&b, *p); continue; }
        if (*p == '[' && !in_bracket) {
            in_bracket = 1;
            buf_addc(&b, *p);
            if (p[1] == '^') buf_addc(&b, *++p);
            if (p[1] == ']') buf_addc(&b, *++p);
            continue;
        }
        if (*p == ']' && in_bracket) in_bracket = 0;
        buf_addc(&b, *p);
    }
    char *r = arena_strdup(a, buf_cstr(&b));
    buf_free(&b);
    return r;
}

int spm_build(Arena *a, const char *dir, const char *outdir, const char **out, Buf *err)
{
    Buf text = BUF_INIT;
    Formula *f = NULL;
    char *fpath = arena_printf(a, "%s/FORMULA", dir);
    if (buf_read_file(&text, fpath, 0) == 0) {
        f = formula_parse(a, text.s ? text.s : "", text.len, FORMULA_BUILD, err);
    } else {
        char *mpath = arena_printf(a, "%s/metadata.json", dir);
        buf_clear(&text);
        if (buf_read_file(&text, mpath, 0) != 0) {
            buf_printf(err, "Formula file %s not found", fpath);
            buf_free(&text);
            return -1;
        }
        f = formula_from_metadata(a, text.s ? text.s : "", text.len, err);
    }
    buf_free(&text);
    if (!f) return -1;
    if (f->pre_tgt_state || f->post_tgt_state) {
        buf_adds(err, "pre_tgt_state and post_tgt_state need a master; mpm installs on this machine only");
        return -1;
    }
    Builder b = {a, NULL, f->name, NULL, 0, err};
    static const char *defaults[] = {"CVS", "\\.hg", "\\.git", "\\.svn"};
    size_t nex = 4 + f->nexcludes;
    b.ex = arena_alloc(a, nex * sizeof *b.ex);
    for (size_t i = 0; i < nex; i++) {
        const char *re = i < 4 ? defaults[i] : f->excludes[i - 4];
        if (regcomp(&b.ex[b.nex], posix_regex(a, re), REG_EXTENDED) != 0) {
            buf_printf(err, "Invalid spm_build_exclude regex '%s'", re);
            for (size_t j = 0; j < b.nex; j++) regfree(&b.ex[j]);
            return -1;
        }
        b.nex++;
    }
    const char *file = arena_printf(a, "%s/%s-%s-%s.spm", outdir, f->name, f->version, f->release);
    const char *tmp = arena_printf(a, "%s.tmp%ld", file, (long)getpid());
    if (util_mkdir_p(outdir, 0755, 0) != 0) {
        buf_printf(err, "Cannot create %s: %s", outdir, strerror(errno));
        for (size_t j = 0; j < b.nex; j++) regfree(&b.ex[j]);
        return -1;
    }
    b.ar = archive_write_new();
    archive_write_add_filter_bzip2(b.ar);
    archive_write_set_format_pax_restricted(b.ar);
    int rc = -1;
    if (archive_write_open_filename(b.ar, tmp) != ARCHIVE_OK) {
        buf_printf(err, "Cannot write %s: %s", tmp, archive_error_string(b.ar));
        goto out;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        buf_printf(err, "%s is not a directory", dir);
        goto out;
    }
    if (add_entry(&b, "", NULL, 0, &st) != 0) goto out;
    st.st_mode = S_IFREG | 0644;
    if (add_entry(&b, "FORMULA", f->text, strlen(f->text), &st) != 0) goto out;
    if (f->has_files) {
        /* REC: the listed paths are the formula directory's, in the listed order */
        for (size_t i = 0; i < f->nfiles; i++) {
            const char *r = f->files[i].path;
            if (!*r || r[0] == '/' || strstr(r, "..") || !strcmp(r, "FORMULA")) continue;
            char *p = arena_printf(a, "%s/%s", dir, r);
            if (f->files[i].tag == 'g' && lstat(p, &st) != 0) continue;   /* a ghost: recorded, not packed */
            if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
                if (add_file(&b, dir, r) != 0 || add_tree(&b, dir, r, 0) != 0) goto out;
            } else if (add_file(&b, dir, r) != 0) {
                goto out;
            }
        }
    } else if (add_tree(&b, dir, "", 1) != 0) {
        goto out;
    }
    if (archive_write_close(b.ar) != ARCHIVE_OK) {
        buf_printf(err, "Cannot write %s: %s", tmp, archive_error_string(b.ar));
        goto out;
    }
    if (rename(tmp, file) != 0) {
        buf_printf(err, "Cannot write %s: %s", file, strerror(errno));
        goto out;
    }
    *out = file;
    rc = 0;
out:
    archive_write_free(b.ar);
    if (rc) unlink(tmp);
    for (size_t j = 0; j < b.nex; j++) regfree(&b.ex[j]);
    return rc;
}

static int safe_rel(const char *rel)
{
    if (rel[0] == '/') return 0;
    for (const char *c = rel; *c;) {
        const char *e = strchr(c, '/');
        size_t n = e ? (size_t)(e - c) : strlen(c);
        if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.')) return 0;
        c = e ? e + 1 : c + n;
    }
    return 1;
}

int spm_read(Arena *a, const char *path, const void *data, size_t len, SpmPackage *pkg, Buf *err)
{
    memset(pkg, 0, sizeof *pkg);
    pkg->file = arena_strdup(a, path);
    struct archive *ar = archive_read_new();
    archive_read_support_filter_all(ar);
    archive_read_support_format_tar(ar);
    if ((data ? archive_read_open_memory(ar, data, len) : archive_read_open_filename(ar, path, 65536)) != ARCHIVE_OK) {
        buf_printf(err, "Cannot read package %s: %s", path, archive_error_string(ar));
        archive_read_free(ar);
        return -1;
    }
    /* the name SPM takes: the file name without its last two '-' fields */
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *guess = arena_strdup(a, base);
    char *dot = strstr(guess, ".spm");
    if (dot) *dot = 0;
    for (int k = 0; k < 2; k++) {
        char *dash = strrchr(guess, '-');
        if (dash) *dash = 0;
    }
    size_t cap = 0, total = 0;
    const char *top = NULL;
    struct archive_entry *e;
    int r, rc = -1;
    while ((r = archive_read_next_header(ar, &e)) == ARCHIVE_OK) {
        const char *name = archive_entry_pathname(e);
        if (!name) { buf_printf(err, "Invalid package %s: a member without a name", path); goto out; }
        char *nm = arena_strdup(a, name);
        size_t nl = strlen(nm);
        while (nl > 1 && nm[nl - 1] == '/') nm[--nl] = 0;
        char *slash = strchr(nm, '/');
        size_t tl = slash ? (size_t)(slash - nm) : nl;
        if (!top) top = arena_strndup(a, nm, tl);
        if (tl != strlen(top) || strncmp(nm, top, tl) || !safe_rel(nm)) {
            buf_printf(err, "Invalid package %s: member %s is outside the top directory %s/", path, name, top);
            goto out;
        }
        mode_t type = archive_entry_filetype(e);
        if (!slash && type == AE_IFREG) continue;   /* legacy SPM's second FORMULA, named <name>: skipped as SPM does */
        if (type != AE_IFREG && type != AE_IFDIR) {
            buf_printf(err, "Invalid package %s: member %s is not a file or a directory", path, name);
            goto out;
        }
        if (pkg->n == cap) {
            cap = cap ? 2 * cap : 64;
            SpmMember *m = arena_alloc(a, cap * sizeof *m);
            if (pkg->n) memcpy(m, pkg->m, pkg->n * sizeof *m);
            pkg->m = m;
        }
        SpmMember *m = &pkg->m[pkg->n++];
        m->rel = slash ? slash + 1 : "";
        m->is_dir = type == AE_IFDIR;
        m->mode = archive_entry_perm(e) & 0777;
        m->mtime = archive_entry_mtime(e);
        if (!m->is_dir) {
            la_int64_t size = archive_entry_size(e);
            if (size < 0 || (size_t)size > SPM_MAX_BYTES - total) {
                buf_printf(err, "Invalid package %s: bigger than 1 GiB", path);
                goto out;
            }
            char *d = arena_alloc_bytes(a, (size_t)size + 1);
            la_ssize_t got = size ? archive_read_data(ar, d, (size_t)size) : 0;
            if (got != size) {
                buf_printf(err, "Cannot read package %s: %s", path, archive_error_string(ar));
                goto out;
            }
            d[size] = 0;
            m->data = d;
            m->size = (size_t)size;
            total += (size_t)size;
        }
    }
    if (r != ARCHIVE_EOF) {
        buf_printf(err, "Cannot read package %s: %s", path, archive_error_string(ar));
        goto out;
    }
    if (!top) { buf_printf(err, "Invalid package %s: empty", path); goto out; }
    SpmMember *fm = NULL;
    for (size_t i = 0; i < pkg->n; i++)
        if (!pkg->m[i].is_dir && !strcmp(pkg->m[i].rel, "FORMULA")) fm = &pkg->m[i];
    if (!fm) {
        buf_printf(err, "Unable to read formula for %s", strcmp(guess, top) ? top : guess);
        goto out;
    }
    pkg->f = formula_parse(a, fm->data, fm->size, FORMULA_INSTALL, err);
    if (!pkg->f) goto out;
    if (strcmp(pkg->f->name, top)) {
        buf_printf(err, "Invalid package %s: its FORMULA names %s, its top directory is %s/", path, pkg->f->name, top);
        goto out;
    }
    rc = 0;
out:
    archive_read_free(ar);
    return rc;
}
