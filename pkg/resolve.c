/*
 * resolve.c - what mpm installs: the configured repositories and their
 * cached SPM-METADATA, SPM's dependency resolution (plus version ranges),
 * and the install command that resolves, downloads and hands the packages
 * to pkg/change.c in dependency order.  The one idea: every requirement
 * seen is kept (who needs what, in which range), so a version is chosen
 * only when it meets all of them, an earlier choice is revisited when a
 * later requirement rules it out, and a conflict names both sides.
 */
#include "pkg/formula.h"
#include "pkg/pkgdb.h"
#include "pkg/repo.h"
#include "pkg/spmfile.h"
#include "pkg/version.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/util.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pkg/mpmint.h"

#define MAX_PACKAGE ((size_t)1 << 30)   /* the largest .spm fetched from a repository */

/* ---- repositories ---- */

static Repo *repos;
static size_t nrepos;
static RepoEntry *entries;
static size_t nentries;

static int by_str(const void *x, const void *y) { return strcmp(*(const char *const *)x, *(const char *const *)y); }

static int load_repo_config(void)
{
    Buf text = BUF_INIT, err = BUF_INIT;
    const char *main_file = arena_printf(&A, "%s/mpm.repos", mpm_opt.confdir);
    if (mpm_sys_read(main_file, &text) == 0) {
        if (repo_parse_config(&A, main_file, buf_cstr(&text), text.len, &repos, &nrepos, &err) != 0) {
            buf_free(&text);
            return mpm_fail_buf(&err);
        }
    }
    const char *dname = arena_printf(&A, "%s/mpm.repos.d", mpm_opt.confdir);
    int fd = rootfs_open(dname, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (fd >= 0 && !d) close(fd);
    if (d) {
        const char **names = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t l = strlen(e->d_name);
            if (l < 6 || strcmp(e->d_name + l - 5, ".repo") || e->d_name[0] == '.') continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                const char **w = arena_alloc(&A, cap * sizeof *w);
                if (n) memcpy(w, names, n * sizeof *w);
                names = w;
            }
            names[n++] = arena_strdup(&A, e->d_name);
        }
        closedir(d);
        if (n) qsort(names, n, sizeof *names, by_str);
        for (size_t i = 0; i < n; i++) {
            const char *file = arena_printf(&A, "%s/%s", dname, names[i]);
            buf_clear(&text);
            if (mpm_sys_read(file, &text) != 0) continue;
            if (repo_parse_config(&A, file, buf_cstr(&text), text.len, &repos, &nrepos, &err) != 0) {
                buf_free(&text);
                return mpm_fail_buf(&err);
            }
        }
    }
    buf_free(&text);
    return 0;
}

/* update_repo: fetches each enabled repository's SPM-METADATA (or only
 * only's) into the cache. */
static int update_repos(const char *only)
{
    int rc = 0, found = 0;
    for (size_t i = 0; i < nrepos; i++) {
        const Repo *r = &repos[i];
        if (!r->enabled || (only && strcmp(only, r->name))) continue;
        found = 1;
        Buf data = BUF_INIT, err = BUF_INIT;
        RepoEntry *tmpv = NULL;
        size_t tmpn = 0;
        if (repo_fetch(r, "SPM-METADATA", 64 << 20, &data, &err) != 0 ||
            repo_parse_metadata(&A, r, buf_cstr(&data), data.len, &tmpv, &tmpn, &err) != 0) {
            mpm_fail("Cannot update repository %s: %s", r->name, buf_cstr(&err));
            rc = 1;
        } else {
            const char *dir = arena_printf(&A, "%s/%s", mpm_opt.cachedir, r->name);
            const char *file = arena_printf(&A, "%s/SPM-METADATA", dir);
            if (rootfs_mkdirs(dir, 0755) != 0 || mpm_sys_write(mpm_tmp_beside(file), buf_cstr(&data), data.len, 0644) != 0 ||
                mpm_sys_rename(mpm_tmp_beside(file), file) != 0) {
                mpm_fail("Cannot write %s%s: %s", rootfs_prefix(), file, strerror(errno));
                rc = 1;
            }
        }
        buf_free(&data);
        buf_free(&err);
    }
    if (only && !found) return mpm_fail("Repository %s is not configured (or not enabled)", only);
    return rc;
}

/* The cached metadata of every enabled repository into entries; a
 * repository without a cache is fetched first (SPM's "Updating repo
 * metadata"). */
static int load_metadata(void)
{
    if (load_repo_config() != 0) return 1;
    for (size_t i = 0; i < nrepos; i++) {
        const Repo *r = &repos[i];
        if (!r->enabled) continue;
        const char *file = arena_printf(&A, "%s/%s/SPM-METADATA", mpm_opt.cachedir, r->name);
        Buf text = BUF_INIT, err = BUF_INIT;
        if (mpm_sys_read(file, &text) != 0) {
            static int said;
            if (!said++) fprintf(stderr, "Updating repo metadata\n");
            if (update_repos(r->name) != 0 || mpm_sys_read(file, &text) != 0) {
                buf_free(&text);
                return 1;
            }
        }
        int rc = repo_parse_metadata(&A, r, buf_cstr(&text), text.len, &entries, &nentries, &err);
        buf_free(&text);
        if (rc != 0) return mpm_fail_buf(&err);
        buf_free(&err);
    }
    return 0;
}

/* ---- dependency resolution (SPM's, plus version ranges) ---- */

typedef struct Need {
    const char *name;
    const char *by;          /* who needs it ("" for the command line) */
    const char *range;
} Need;

typedef struct Resolver {
    Plan *plans;             /* chosen: to install, in dependency order at the end */
    const RepoEntry **chosen_entry;   /* per plan: the repo entry, or NULL for a file */
    size_t n, cap;
    Need *needs;             /* every requirement seen */
    size_t nneeds, capneeds;
    Buf missing;             /* the "needed" list */
    int failed;
} Resolver;

static void add_need(Resolver *r, const char *name, const char *by, const char *range)
{
    if (r->nneeds == r->capneeds) {
        r->capneeds = r->capneeds ? 2 * r->capneeds : 32;
        Need *w = arena_alloc(&A, r->capneeds * sizeof *w);
        if (r->nneeds) memcpy(w, r->needs, r->nneeds * sizeof *w);
        r->needs = w;
    }
    r->needs[r->nneeds++] = (Need){name, by, range};
}

static int plan_index(Resolver *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->plans[i].pkg.f->name, name)) return (int)i;
    return -1;
}

static Plan *add_plan(Resolver *r, const RepoEntry *e)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        Plan *w = arena_alloc(&A, r->cap * sizeof *w);
        const RepoEntry **we = arena_alloc(&A, r->cap * sizeof *we);
        if (r->n) { memcpy(w, r->plans, r->n * sizeof *w); memcpy(we, r->chosen_entry, r->n * sizeof *we); }
        r->plans = w;
        r->chosen_entry = we;
    }
    memset(&r->plans[r->n], 0, sizeof r->plans[r->n]);
    r->chosen_entry[r->n] = e;
    if (e) {
        r->plans[r->n].pkg.f = e->f;
        r->plans[r->n].source = e->repo->name;
    }
    return &r->plans[r->n++];
}

/* Whether version v of name meets every requirement on name seen so far;
 * *bad is set to the first that it does not. */
static int meets_all(Resolver *r, const char *name, const char *v, const Need **bad)
{
    for (size_t i = 0; i < r->nneeds; i++)
        if (!strcmp(r->needs[i].name, name) && pkgver_satisfies(r->needs[i].range, v) != 1) {
            if (bad) *bad = &r->needs[i];
            return 0;
        }
    return 1;
}

/* The best repository entry for name meeting every requirement: the
 * newest version, then release; on a tie the file:// one, then the first
 * configured (REC: local first, deterministically).  *exists is set when
 * any repository has name at all. */
static const RepoEntry *best_entry(Resolver *r, const char *name, int *exists)
{
    const RepoEntry *best = NULL;
    *exists = 0;
    for (size_t i = 0; i < nentries; i++) {
        const RepoEntry *e = &entries[i];
        if (strcmp(e->f->name, name)) continue;
        *exists = 1;
        if (!meets_all(r, name, e->f->version, NULL)) continue;
        if (best) {
            int c = pkgver_cmp(e->f->version, best->f->version);
            if (!c) c = pkgver_cmp(e->f->release, best->f->release);
            if (!c) c = !strncmp(e->repo->url, "file://", 7) && strncmp(best->repo->url, "file://", 7);
            if (c <= 0) continue;
        }
        best = e;
    }
    return best;
}

static void describe_need(Buf *b, const Need *n)
{
    if (*n->by) buf_printf(b, "%s needs %s", n->by, n->name);
    else buf_printf(b, "the command line asks for %s", n->name);
    if (n->range && *n->range) buf_printf(b, " (%s)", n->range);
}

/* Resolves the dependencies of plan i (recursively, through the plans it
 * adds).  Conflicts are printed and set failed; unknown names go to
 * missing (SPM's "needed" list). */
static void resolve(Resolver *r, size_t i)
{
    const Formula *f = r->plans[i].pkg.f;
    for (size_t d = 0; d < f->ndeps; d++) {
        const PkgDep *dep = &f->deps[d];
        add_need(r, dep->name, f->name, dep->range);
        const Need *me = &r->needs[r->nneeds - 1], *bad = NULL;
        int k = plan_index(r, dep->name);
        if (k >= 0) {
            const char *v = r->plans[k].pkg.f->version;
            if (pkgver_satisfies(dep->range, v) == 1) continue;
            if (r->chosen_entry[k] && !r->plans[k].explicit_arg) {
                /* a dependency picked earlier: another version may suit both */
                int exists;
                const RepoEntry *e = best_entry(r, dep->name, &exists);
                if (e) {
                    r->chosen_entry[k] = e;
                    r->plans[k].pkg.f = e->f;
                    r->plans[k].source = e->repo->name;
                    resolve(r, (size_t)k);   /* the new version's own dependencies */
                    continue;
                }
            }
            /* the other side: a requirement the chosen version meets */
            const Need *other = NULL;
            for (size_t q = 0; q < r->nneeds && !other; q++)
                if (!strcmp(r->needs[q].name, dep->name) && &r->needs[q] != me &&
                    pkgver_satisfies(r->needs[q].range, v) == 1)
                    other = &r->needs[q];
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, me);
            buf_adds(&m, ", but ");
            if (other) {
                describe_need(&m, other);
                buf_printf(&m, " (%s %s)", dep->name, v);
            } else {
                buf_printf(&m, "%s %s is to be installed", dep->name, v);
            }
            mpm_fail_buf(&m);
            r->failed = 1;
            continue;
        }
        PkgRow *row = pkgdb_info(mpm_db, &A, dep->name);
        if (row && meets_all(r, dep->name, row->version, NULL)) continue;
        int exists;
        const RepoEntry *e = best_entry(r, dep->name, &exists);
        if (e) {
            Plan *p = add_plan(r, e);
            (void)p;
            resolve(r, r->n - 1);
            continue;
        }
        if (row) {
            meets_all(r, dep->name, row->version, &bad);
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, bad ? bad : me);
            buf_printf(&m, ", but %s %s is installed%s", dep->name, row->version,
                       exists ? " and no repository has a version that fits" : "");
            mpm_fail_buf(&m);
            r->failed = 1;
        } else if (exists) {
            meets_all(r, dep->name, "0", &bad);
            Buf m = BUF_INIT;
            buf_printf(&m, "Conflicting dependencies on %s: ", dep->name);
            describe_need(&m, me);
            buf_adds(&m, ", and no repository has a version that fits");
            for (size_t q = 0; q < r->nneeds; q++)
                if (!strcmp(r->needs[q].name, dep->name) && &r->needs[q] != me) {
                    buf_adds(&m, " together with: ");
                    describe_need(&m, &r->needs[q]);
                }
            mpm_fail_buf(&m);
            r->failed = 1;
        } else {
            Buf tmp = BUF_INIT;
            buf_printf(&tmp, "\n%s", dep->name);
            if (!strstr(buf_cstr(&r->missing), tmp.s)) buf_add(&r->missing, tmp.s, tmp.len);
            buf_free(&tmp);
        }
    }
}

/* Dependencies first (a depth-first walk; the visited marks stop loops). */
static void order_visit(Resolver *r, size_t i, char *mark, Plan *out, size_t *n)
{
    if (mark[i]) return;
    mark[i] = 1;
    const Formula *f = r->plans[i].pkg.f;
    for (size_t d = 0; d < f->ndeps; d++) {
        int k = plan_index(r, f->deps[d].name);
        if (k >= 0) order_visit(r, (size_t)k, mark, out, n);
    }
    out[(*n)++] = r->plans[i];
}

static void print_infos(const char *what, const char *list)
{
    if (!list || !*list) return;
    printf("The following dependencies are %s:\n", what);
    const char *s = list;
    while (*s) {
        const char *e = strchr(s, ',');
        if (!e) e = s + strlen(s);
        while (s < e && *s == ' ') s++;
        size_t l = (size_t)(e - s);
        while (l && s[l - 1] == ' ') l--;
        char *nm = arena_strndup(&A, s, l);
        if (*nm) printf("\t%s%s\n", nm, pkgdb_info(mpm_db, &A, nm) ? " [Installed]" : "");
        s = *e ? e + 1 : e;
    }
    putchar('\n');
}

/* install / local install: args are .spm files or (install only) names. */
static int install_with(Resolver *rp, char **args, int nargs, int local)
{
    int rc = 1;
    if (!nargs) return mpm_fail(local ? "A package file must be specified" : "A package must be specified");
    if (mpm_load_settings() != 0 || mpm_open_db(PKGDB_CREATE) != 0) return 1;
    int have_meta = 0;
    for (int i = 0; i < nargs; i++) {
        const char *a = args[i];
        size_t l = strlen(a);
        struct stat st;
        Buf err = BUF_INIT;
        if (l > 4 && !strcmp(a + l - 4, ".spm") && stat(a, &st) == 0) {
            Plan *p = add_plan(rp, NULL);
            p->explicit_arg = 1;
            if (S_ISDIR(st.st_mode)) return mpm_fail("Cannot read package %s: %s", a, strerror(EISDIR));
            if (spm_read(&A, a, NULL, 0, &p->pkg, &err) != 0) return mpm_fail_buf(&err);
        } else if (local || (l > 4 && !strcmp(a + l - 4, ".spm"))) {
            return mpm_fail("Package file %s not found", a);
        } else {
            if (!have_meta && load_metadata() != 0) return 1;
            have_meta = 1;
            add_need(rp, a, "", NULL);
            int exists;
            const RepoEntry *e = best_entry(rp, a, &exists);
            if (!e && !exists) return mpm_fail("Unable to read formula for %s", a);   /* SPM's: no repository has it */
            if (!e) return mpm_fail("Cannot install %s: no repository has a version that fits", a);
            add_plan(rp, e)->explicit_arg = 1;
        }
        buf_free(&err);
        const Formula *f = rp->plans[rp->n - 1].pkg.f;
        if (plan_index(rp, f->name) != (int)rp->n - 1) return mpm_fail("Package %s is named twice", f->name);
        if (pkgdb_info(mpm_db, &A, f->name) && !mpm_opt.force)
            return mpm_fail("Package %s already installed, not installing again", f->name);
        if (f->pre_tgt_state || f->post_tgt_state)
            return mpm_fail("Cannot install %s: pre_tgt_state and post_tgt_state need a master; mpm installs on this machine only", f->name);
    }
    size_t nargs_plans = rp->n;   /* resolve() adds (and resolves) the dependencies */
    for (size_t i = 0; i < nargs_plans; i++) {
        const Formula *f = rp->plans[i].pkg.f;
        int needs_repo = 0;
        for (size_t d = 0; d < f->ndeps; d++)
            if (plan_index(rp, f->deps[d].name) < 0 && !pkgdb_info(mpm_db, &A, f->deps[d].name)) needs_repo = 1;
        if (needs_repo && !have_meta) {
            if (load_metadata() != 0) return 1;
            have_meta = 1;
        }
        size_t before = rp->missing.len;
        resolve(rp, i);
        if (rp->missing.len > before && rp->plans[i].explicit_arg) {
            mpm_fail("Cannot install %s, the following dependencies are needed:\n%s", f->name, rp->missing.s + before);
            rp->failed = 1;
        }
    }
    /* an installed package whose range an upgrade would break */
    size_t ninst;
    const char **inst = pkgdb_list(mpm_db, &A, &ninst);
    for (size_t i = 0; i < ninst; i++) {
        if (plan_index(rp, inst[i]) >= 0) continue;
        PkgRow *row = pkgdb_info(mpm_db, &A, inst[i]);
        if (!row || !row->formula) continue;
        Buf err = BUF_INIT;
        Formula *f = formula_parse(&A, row->formula, strlen(row->formula), FORMULA_INSTALL, &err);
        buf_free(&err);
        for (size_t d = 0; f && d < f->ndeps; d++) {
            int k = plan_index(rp, f->deps[d].name);
            if (k >= 0 && pkgver_satisfies(f->deps[d].range, rp->plans[k].pkg.f->version) != 1) {
                mpm_fail("Conflicting dependencies on %s: %s %s is to be installed, but the installed %s needs %s (%s)",
                     f->deps[d].name, f->deps[d].name, rp->plans[k].pkg.f->version, inst[i], f->deps[d].name,
                     f->deps[d].range);
                rp->failed = 1;
            }
        }
    }
    if (rp->failed) return 1;
    Plan *ordered = arena_alloc(&A, (rp->n + 1) * sizeof *ordered);
    char *mark = arena_alloc(&A, rp->n + 1);
    size_t n = 0;
    for (size_t i = 0; i < rp->n; i++) order_visit(rp, i, mark, ordered, &n);
    for (size_t i = 0; i < n; i++) {
        print_infos("optional", ordered[i].pkg.f->optional);
        print_infos("recommended", ordered[i].pkg.f->recommended);
    }
    if (mpm_confirm("Installing", ordered, NULL, n) != 0) return 1;
    /* download every repository package first (kept in the cache) */
    for (size_t i = 0; i < n; i++) {
        Plan *p = &ordered[i];
        if (!p->source) continue;
        const RepoEntry *e = NULL;
        for (size_t k = 0; k < rp->n; k++)
            if (rp->chosen_entry[k] && !strcmp(rp->chosen_entry[k]->f->name, p->pkg.f->name)) e = rp->chosen_entry[k];
        Buf data = BUF_INIT, err = BUF_INIT;
        if (repo_fetch(e->repo, e->filename, MAX_PACKAGE, &data, &err) != 0) return mpm_fail_buf(&err);
        char sum[65];
        sha256_hex(buf_cstr(&data), data.len, sum);
        if (e->sha256 && strcmp(e->sha256, sum)) {
            buf_free(&data);
            return mpm_fail("Repository %s: %s does not have the SHA-256 its SPM-METADATA gives", e->repo->name, e->filename);
        }
        /* a download is kept in the cache (a file:// package is at hand already) */
        const char *dir = arena_printf(&A, "%s/%s", mpm_opt.cachedir, e->repo->name);
        const char *file = arena_printf(&A, "%s/%s", dir, e->filename);
        if (strncmp(e->repo->url, "file://", 7) &&
            (rootfs_mkdirs(dir, 0755) != 0 || mpm_sys_write(file, buf_cstr(&data), data.len, 0644) != 0))
            fprintf(stderr, "mpm: warning: cannot keep %s%s in the cache: %s\n", rootfs_prefix(), file, strerror(errno));
        char *copy = arena_memdup(&A, buf_cstr(&data), data.len + 1);
        size_t len = data.len;
        buf_free(&data);
        const char *want = e->f->name;
        if (spm_read(&A, arena_printf(&A, "%s/%s", e->repo->url, e->filename), copy, len, &p->pkg, &err) != 0)
            return mpm_fail_buf(&err);
        if (strcmp(p->pkg.f->name, want))
            return mpm_fail("Repository %s: %s holds %s, not %s", e->repo->name, e->filename, p->pkg.f->name, want);
        buf_free(&err);
    }
    for (size_t i = 0; i < n; i++) mpm_plan_dests(&ordered[i]);
    int conflicts = 0;
    for (size_t i = 0; i < n; i++) conflicts |= mpm_check_existing(&ordered[i]);
    if (conflicts) return 1;
    rc = 0;
    for (size_t i = 0, k; i < n; i = k) {   /* the runs of packages without states go together */
        const Formula *f = ordered[i].pkg.f;
        k = i + 1;
        if (!f->pre_local_state && !f->post_local_state)
            while (k < n && !ordered[k].pkg.f->pre_local_state && !ordered[k].pkg.f->post_local_state) k++;
        int one = mpm_install_group(&ordered[i], k - i);
        if (one == 1) return 1;
        if (one) rc = 1;
    }
    return rc;
}

int mpm_cmd_install(char **args, int nargs, int local)
{
    Resolver r;
    memset(&r, 0, sizeof r);
    Buf *missing = &r.missing;
    int rc = install_with(&r, args, nargs, local);
    buf_free(missing);
    return rc;
}

static int by_search(const void *x, const void *y)
{
    const RepoEntry *a = x, *b = y;
    int c = strcmp(a->f->name, b->f->name);
    return c ? c : strcmp(a->repo->name, b->repo->name);
}

int mpm_cmd_repo(const char *c, const char *arg)
{
    if (!strcmp(c, "list")) {
        if (load_repo_config() != 0) return 1;
        for (size_t i = 0; i < nrepos; i++)
            if (repos[i].enabled) puts(repos[i].name);
        return 0;
    }
    if (!strcmp(c, "update")) {
        if (load_repo_config() != 0) return 1;
        return update_repos(arg);
    }
    if (!strcmp(c, "packages") || !strcmp(c, "search")) {
        if (load_metadata() != 0) return 1;
        if (nentries) qsort(entries, nentries, sizeof *entries, by_search);
        for (size_t i = 0; i < nentries; i++)
            if (!arg || strstr(entries[i].f->name, arg))
                printf("%s\t%s-%s\t%s\n", entries[i].f->name, entries[i].f->version, entries[i].f->release,
                       entries[i].repo->name);
        return 0;
    }
    if (!strcmp(c, "create")) {
        if (!arg) return mpm_fail("A path to a directory must be specified");
        Buf err = BUF_INIT;
        if (strcmp(mpm_opt.dups, "ignore") && strcmp(mpm_opt.dups, "archive") && strcmp(mpm_opt.dups, "delete"))
            return mpm_fail("--repo-dups must be ignore, archive or delete");
        if (repo_create(&A, arg, mpm_opt.dups, &err) != 0) return mpm_fail_buf(&err);
        return 0;
    }
    return mpm_fail("Invalid repo command '%s'", c);
}
