/*
 * pkgrepo.c - the pkgrepo type (ours: Salt's pkgrepo.managed for apt as a
 * Puppet type).  A pkgrepo is one source line, "deb [arch=.. trusted=yes]
 * uri dist comps...", in a file of the root's /etc/apt/sources.list.d.  The
 * line is found by its type, uri and dist; a file that is the repo's own
 * (named after its title, or named by no other pkgrepo of the catalog)
 * holding exactly one line yields that line even when its uri or dist
 * differs, so changing them edits the line instead of adding a second one.
 * Each managed property that differs is reported on its own line, then
 * the file is rewritten once, atomically; any other line and any option we
 * do not manage (signed-by=...) is kept.  A change marks the apt index
 * stale (pkgtool), so the next apt package install refreshes it first.
 */
#include "types/param.h"
#include "types/txres.h"
#include "types/pkgtool.h"
#include "base/util.h"
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const Provider provider_pkgrepo;

/* A pkgrepo's parameters, parsed and checked: the table below reads the
 * parameters as given (name to file), then repo_parse() merges them over
 * the title's source line into want and checks what spans parameters. */
typedef struct Repo {
    const Resource *r;
    int absent;            /* ensure => absent */
    PkgRepo want;          /* the managed values; want.file is always set */
    int set_type, set_uri, set_dist, set_comps, set_archs, set_trusted;
    int explicit_file;     /* file was given (want.file is its path) */
    /* what the table reads (its fields; strings and lists malloc'd, freed by param_free) */
    const char *name;      /* the name parameter (a String) or the title */
    PkgRepo line;          /* name's source line, moved into want; empty when name is not one */
    int title_line;        /* name is a source line */
    int deb_src;           /* type: deb-src */
    int type_given, comps_given, archs_given, trusted_given;
    char *uri, *dist;      /* NULL unless given */
    StrList comps, archs;  /* as given; split into words when merged */
    int trusted;           /* 1 true/yes, -1 false/no (no trusted= option: trusted=no would distrust signed repos) */
} Repo;

static char *dup(const char *s) { return xstrndup(s, strlen(s)); }

static void strv_free(char ***v, size_t *n)
{
    for (size_t i = 0; i < *n; i++)
        free((*v)[i]);
    free(*v);
    *v = NULL;
    *n = 0;
}

static void strv_add(char ***v, size_t *n, const char *s, size_t len)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = xstrndup(s, len);
}

/* A title that is a whole source line (Salt names apt repos that way). */
static int is_source_line(const char *s)
{
    return !strncmp(s, "deb ", 4) || !strncmp(s, "deb-src ", 8) || !strncmp(s, "deb\t", 4);
}

/* A file name from free text: [A-Za-z0-9_.-] kept, runs of anything else
 * become one '_', no leading '.' or '_'. */
static void sanitize(Buf *b, const char *s)
{
    int under = 1;
    for (; *s; s++) {
        if (isalnum((unsigned char)*s) || *s == '-' || (*s == '.' && !under) || *s == '_') {
            if (*s == '_' && under)
                continue;
            buf_addc(b, *s);
            under = *s == '_';
        } else if (!under) {
            buf_addc(b, '_');
            under = 1;
        }
    }
    while (b->len && b->s[b->len - 1] == '_')
        b->s[--b->len] = '\0';
    if (!b->len)
        buf_adds(b, "repo");
}

/* The file of a repo given no file parameter: its title, or for a title
 * that is a source line its uri and dist ("deb.debian.org_debian_bookworm"). */
static char *default_file(const char *title, const PkgRepo *line)
{
    Buf b = BUF_INIT, stem = BUF_INIT;
    if (line) {
        const char *u = strstr(line->uri, "://");
        u = u ? u + 3 : strchr(line->uri, ':') ? strchr(line->uri, ':') + 1 : line->uri;
        buf_printf(&stem, "%s %s", u, line->dist);
    } else {
        buf_adds(&stem, title);
    }
    buf_adds(&b, "/etc/apt/sources.list.d/");
    sanitize(&b, buf_cstr(&stem));
    buf_adds(&b, ".list");
    buf_free(&stem);
    return buf_detach(&b);
}

/* comps and architectures: each string given (an array's elements, or a
 * lone string) holds words separated by blanks or commas; a string that is
 * one word is moved from l, not copied. */
static void split_words(StrList *l, char ***out, size_t *n)
{
    strv_free(out, n);
    for (size_t i = 0; i < l->n; i++) {
        size_t len = strlen(l->v[i]);
        if (len && strcspn(l->v[i], " \t,") == len) {
            *out = xrealloc(*out, (*n + 1) * sizeof **out);
            (*out)[(*n)++] = l->v[i];
            l->v[i] = NULL;   /* param_free frees what is left */
            continue;
        }
        for (const char *s = l->v[i]; *s;) {
            s += strspn(s, " \t,");
            size_t k = strcspn(s, " \t,");
            if (k)
                strv_add(out, n, s, k);
            s += k;
        }
    }
}

/* name: the name parameter when it is a String, else the title; a source
 * line ("deb uri dist comps") is parsed into line, its error bare. */
static int repo_name(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    Repo *rp = obj;
    rp->name = v && v->kind == V_STR ? v->str.s : r->title;
    rp->title_line = is_source_line(rp->name);
    return rp->title_line ? pkg_repo_parse(rp->name, &rp->line, err) : 0;
}

static int uri_ok(const char *s)
{
    const char *colon = strchr(s, ':');
    return colon && colon != s && !strpbrk(s, " \t\n[]");
}

static int dist_ok(const char *s) { return *s && !strpbrk(s, " \t\n"); }

/* file: an absolute path of a .list file, or a name in sources.list.d
 * (".list" added when missing). */
static int repo_file(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Repo *rp = obj;
    const char *s = v->kind == V_STR ? v->str.s : "";
    size_t n = strlen(s);
    if (s[0] == '/') {
        if (n < 6 || strcmp(s + n - 5, ".list") || s[n - 6] == '/') {
            param_message(param_fail(err, r, p->name), "An absolute file must name a .list file, not '%v'", r, p, v);
            return -1;
        }
        rp->want.file = dup(s);
        return 0;
    }
    if (!n || strchr(s, '/') || s[0] == '.') {
        param_message(param_fail(err, r, p->name),
                      "file must be a name in /etc/apt/sources.list.d or an absolute path, not '%v'", r, p, v);
        return -1;
    }
    Buf f = BUF_INIT;
    buf_printf(&f, "/etc/apt/sources.list.d/%s%s", s, n > 5 && !strcmp(s + n - 5, ".list") ? "" : ".list");
    rp->want.file = buf_detach(&f);
    return 0;
}

static const ParamWord repo_providers[] = { { "apt", 0 }, { NULL, 0 } };
static const ParamWord repo_ensures[] = { { "present", 0 }, { "absent", 1 }, { NULL, 0 } };
static const ParamWord repo_types[] = { { "deb", 0 }, { "deb-src", 1 }, { NULL, 0 } };
static const ParamWord repo_bools[] = { { "true", 1 }, { "yes", 1 }, { "false", -1 }, { "no", -1 }, { NULL, 0 } };

#define URI_BAD "Invalid uri '%v': expected scheme:path, such as http://deb.debian.org/debian or file:/srv/repo"
#define DIST_BAD "Invalid dist '%v': expected one word, such as bookworm or ./"

/* The parameters, in the order they are checked (the messages are ours:
 * pkgrepo is not a Puppet type). */
static const ParamSpec repo_params[] = {
    { "name", PK_CUSTOM, .hook = repo_name, .flags = PF_ALWAYS },
    { "provider", PK_WORD, .words = repo_providers, .flags = PF_DISCARD, .bad = "Invalid %t provider '%v'" },
    { "ensure", PK_WORD, offsetof(Repo, absent), .words = repo_ensures },
    { "type", PK_WORD, offsetof(Repo, deb_src), PARAM_GIVEN(Repo, type_given), .words = repo_types },
    { "uri", PK_STRING, offsetof(Repo, uri), .flags = PF_STRING_ONLY, .bad = URI_BAD,
      .checks = { { uri_ok, URI_BAD } } },
    { "dist", PK_STRING, offsetof(Repo, dist), .flags = PF_STRING_ONLY,
      .bad = DIST_BAD, .checks = { { dist_ok, DIST_BAD } } },
    { "comps", PK_LIST, offsetof(Repo, comps), PARAM_GIVEN(Repo, comps_given), .flags = PF_STRING_ONLY,
      .bad = "%n must be a string or an array of strings" },
    { "architectures", PK_LIST, offsetof(Repo, archs), PARAM_GIVEN(Repo, archs_given), .flags = PF_STRING_ONLY,
      .bad = "%n must be a string or an array of strings" },
    { "trusted", PK_WORD, offsetof(Repo, trusted), PARAM_GIVEN(Repo, trusted_given), .words = repo_bools,
      .bad = "Invalid value %i. Valid values are true, false." },
    { "file", PK_CUSTOM, .hook = repo_file, .given = PARAM_GIVEN(Repo, explicit_file) },
};

static void repo_free(Repo *rp)
{
    param_free(repo_params, PARAM_COUNT(repo_params), rp);
    pkg_repo_free(&rp->line);
    pkg_repo_free(&rp->want);
    memset(rp, 0, sizeof *rp);
}

/* *dst becomes s (malloc'd), the old one freed. */
static void take(char **dst, char *s)
{
    free(*dst);
    *dst = s;
}

/* want: the title's source line (options we do not manage kept), each
 * parameter given over it, the file named or derived. */
static void repo_merge(Repo *rp)
{
    int t = rp->title_line;
    char *file = rp->want.file;   /* set by the file parameter, or NULL */
    rp->want = rp->line;          /* the title's line, or all empty */
    memset(&rp->line, 0, sizeof rp->line);
    rp->want.file = file;
    rp->set_type = t || rp->type_given;
    rp->set_uri = t || rp->uri;
    rp->set_dist = t || rp->dist;
    rp->set_comps = t || rp->comps_given;
    rp->set_archs = (t && rp->want.narchs) || rp->archs_given;
    rp->set_trusted = (t && rp->want.trusted > 0) || rp->trusted_given;
    if (rp->type_given || !t)
        take(&rp->want.type, dup(rp->deb_src ? "deb-src" : "deb"));
    if (rp->uri)
        take(&rp->want.uri, rp->uri), rp->uri = NULL;   /* moved from the table's field */
    if (rp->dist)
        take(&rp->want.dist, rp->dist), rp->dist = NULL;
    if (rp->comps_given)
        split_words(&rp->comps, &rp->want.comps, &rp->want.ncomps);
    if (rp->archs_given)
        split_words(&rp->archs, &rp->want.archs, &rp->want.narchs);
    rp->want.trusted = rp->trusted_given ? rp->trusted : rp->want.trusted > 0 ? 1 : -1;
    if (!rp->want.file)
        rp->want.file = default_file(rp->name, t ? &rp->want : NULL);
}

/* Parses and checks r into rp (freed by the caller with repo_free even on
 * failure).  err gets Puppet's "Parameter x failed on Pkgrepo[y]: ..." or a
 * bare reason. */
static int repo_parse(const Resource *r, Repo *rp, Buf *err)
{
    memset(rp, 0, sizeof *rp);
    rp->r = r;
    if (param_parse(repo_params, PARAM_COUNT(repo_params), r, rp, err) != 0)
        return -1;
    repo_merge(rp);
    if (rp->absent)
        return 0;
    if (!rp->want.uri || !rp->want.dist) {
        int both = !rp->want.uri && !rp->want.dist;
        buf_clear(err);
        buf_printf(err, "%s%s %s required (or a title that is a source line, such as "
                        "'deb http://deb.debian.org/debian bookworm main')",
                   !rp->want.uri ? "uri" : "dist", both ? " and dist" : "", both ? "are" : "is");
        return -1;
    }
    int flat = rp->want.dist[strlen(rp->want.dist) - 1] == '/';
    if (flat && rp->want.ncomps) {
        buf_printf(err, "comps must be empty when dist is an exact path ('%s')", rp->want.dist);
        return -1;
    }
    if (!flat && !rp->want.ncomps) {
        buf_printf(err, "comps are required when dist is a suite ('%s'); an exact path ends with '/'", rp->want.dist);
        return -1;
    }
    return 0;
}

static int pkgrepo_validate(const Resource *r, Buf *err)
{
    Repo rp;
    int rc = repo_parse(r, &rp, err);
    repo_free(&rp);
    return rc;
}

/* ---- showing values as Puppet does ---- */

static void show_str(Buf *b, const char *s) { buf_printf(b, "'%s'", s ? s : ""); }

static void show_list(Buf *b, char **v, size_t n)
{
    buf_addc(b, '[');
    for (size_t i = 0; i < n; i++)
        buf_printf(b, "%s'%s'", i ? ", " : "", v[i]);
    buf_addc(b, ']');
}

static int same_list(char **a, size_t na, char **b, size_t nb)
{
    if (na != nb)
        return 0;
    for (size_t i = 0; i < na; i++)
        if (strcmp(a[i], b[i]))
            return 0;
    return 1;
}

static void copy_list(char ***dst, size_t *nd, char **src, size_t ns)
{
    strv_free(dst, nd);
    for (size_t i = 0; i < ns; i++)
        strv_add(dst, nd, src[i], strlen(src[i]));
}

/* One property that differs: its name, and is/should as shown. */
typedef struct Diff { const char *prop; Buf is, should; int defined; } Diff;

/* Compares the managed properties of rp with the line cur, appending each
 * difference to d (Puppet's property order: the line's order) and making
 * merged the line to write.  Returns the number of differences. */
static size_t compare(const Repo *rp, const PkgRepo *cur, PkgRepo *merged, Diff *d)
{
    size_t n = 0;
    memset(merged, 0, sizeof *merged);
    merged->type = dup(rp->set_type ? rp->want.type : cur->type);
    merged->uri = dup(rp->set_uri ? rp->want.uri : cur->uri);
    merged->dist = dup(rp->set_dist ? rp->want.dist : cur->dist);
    merged->trusted = cur->trusted;
    merged->other_options = cur->other_options ? dup(cur->other_options) : NULL;
    merged->file = dup(rp->want.file);
    copy_list(&merged->comps, &merged->ncomps, cur->comps, cur->ncomps);
    copy_list(&merged->archs, &merged->narchs, cur->archs, cur->narchs);
    if (rp->set_type && strcmp(rp->want.type, cur->type)) {
        d[n].prop = "type";
        show_str(&d[n].is, cur->type);
        show_str(&d[n].should, rp->want.type);
        n++;
    }
    if (rp->set_uri && strcmp(rp->want.uri, cur->uri)) {
        d[n].prop = "uri";
        show_str(&d[n].is, cur->uri);
        show_str(&d[n].should, rp->want.uri);
        n++;
    }
    if (rp->set_dist && strcmp(rp->want.dist, cur->dist)) {
        d[n].prop = "dist";
        show_str(&d[n].is, cur->dist);
        show_str(&d[n].should, rp->want.dist);
        n++;
    }
    /* a flat repository (dist ending in '/') has no components */
    int flat = merged->dist[strlen(merged->dist) - 1] == '/';
    if ((rp->set_comps || flat) && !same_list(rp->want.comps, rp->want.ncomps, cur->comps, cur->ncomps)) {
        d[n].prop = "comps";
        d[n].defined = cur->ncomps == 0;
        if (d[n].defined)
            buf_adds(&d[n].is, "'absent'");   /* Puppet shows an unset property as absent */
        else
            show_list(&d[n].is, cur->comps, cur->ncomps);
        show_list(&d[n].should, rp->want.comps, rp->want.ncomps);
        copy_list(&merged->comps, &merged->ncomps, rp->want.comps, rp->want.ncomps);
        n++;
    }
    if (rp->set_archs && !same_list(rp->want.archs, rp->want.narchs, cur->archs, cur->narchs)) {
        d[n].prop = "architectures";
        d[n].defined = cur->narchs == 0;
        if (d[n].defined)
            buf_adds(&d[n].is, "'absent'");
        else
            show_list(&d[n].is, cur->archs, cur->narchs);
        show_list(&d[n].should, rp->want.archs, rp->want.narchs);
        copy_list(&merged->archs, &merged->narchs, rp->want.archs, rp->want.narchs);
        n++;
    }
    int cur_trusted = cur->trusted > 0, want_trusted = rp->want.trusted > 0;
    if (rp->set_trusted && cur_trusted != want_trusted) {
        d[n].prop = "trusted";
        buf_adds(&d[n].is, cur_trusted ? "true" : "false");
        buf_adds(&d[n].should, want_trusted ? "true" : "false");
        merged->trusted = want_trusted ? 1 : -1;
        n++;
    }
    return n;
}

/* Is want.file shared with another pkgrepo of the catalog? */
static int file_shared(TxRes *t, const Repo *rp)
{
    const Catalog *c = tx_catalog(t);
    for (size_t i = 0; c && i < c->nres; i++) {
        const Resource *o = c->res[i];
        if (o == rp->r || strcmp(o->type, "Pkgrepo") != 0)
            continue;
        Repo other;
        Buf err = BUF_INIT;
        int same = repo_parse(o, &other, &err) == 0 && !strcmp(other.want.file, rp->want.file);
        repo_free(&other);
        buf_free(&err);
        if (same)
            return 1;
    }
    return 0;
}

static int pkgrepo_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    const char *root = tx_root(t);
    Repo rp;
    Buf err = BUF_INIT;
    PkgRepo cur = {0};
    int rc = 0, found;

    if (repo_parse(r, &rp, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));   /* validate() should have stopped it */
        rc = -1;
        goto out;
    }
    int own = !rp.explicit_file || !file_shared(t, &rp);
    found = rp.want.uri && rp.want.dist ? pkg_get_repo(root, rp.want.file, &rp.want, own, &cur, &err)
                                        : pkg_get_repo(root, rp.want.file, &rp.want, 1, &cur, &err);
    if (found < 0) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
        rc = -1;
        goto out;
    }
    if (rp.absent) {
        if (!found)
            goto out;
        if (tx_noop(t)) {
            tx_would(t, "ensure", "pkgrepo_removed", "'present'", "'absent'");
            goto out;
        }
        Buf msg = BUF_INIT;
        if (pkg_del_repo(root, rp.want.file, &cur, &msg, &err) < 0) {
            tx_failed(t, "ensure", "'present'", "'absent'", "%s", buf_cstr(&err));
            rc = -1;
        } else {
            while (msg.len && msg.s[msg.len - 1] == '\n')
                msg.s[--msg.len] = '\0';
            tx_log(t, LL_DEBUG, NULL, "%s", buf_cstr(&msg));   /* Salt's del_repo message */
            tx_change(t, "ensure", "pkgrepo_removed", "removed");
        }
        buf_free(&msg);
        goto out;
    }
    if (!found) {
        if (tx_noop(t)) {
            tx_would(t, "ensure", "pkgrepo_created", "'absent'", "'present'");
        } else if (pkg_mod_repo(root, &rp.want, NULL, &err) != 0) {
            tx_failed(t, "ensure", "'absent'", "'present'", "%s", buf_cstr(&err));
            rc = -1;
        } else {
            tx_change(t, "ensure", "pkgrepo_created", "created");
        }
        goto out;
    }
    Diff d[6];
    memset(d, 0, sizeof d);
    PkgRepo merged;
    size_t nd = compare(&rp, &cur, &merged, d);
    if (nd && !tx_noop(t) && pkg_mod_repo(root, &merged, &cur, &err) != 0) {
        for (size_t i = 0; i < nd; i++)
            tx_failed(t, d[i].prop, buf_cstr(&d[i].is), buf_cstr(&d[i].should), "%s", buf_cstr(&err));
        rc = -1;
    } else {
        for (size_t i = 0; i < nd; i++) {
            char event[64];
            snprintf(event, sizeof event, "%s_changed", d[i].prop);
            if (tx_noop(t))
                tx_would(t, d[i].prop, event, buf_cstr(&d[i].is), buf_cstr(&d[i].should));
            else if (d[i].defined)
                tx_change(t, d[i].prop, event, "defined '%s' as %s", d[i].prop, buf_cstr(&d[i].should));
            else
                tx_change(t, d[i].prop, event, "%s changed %s to %s", d[i].prop, buf_cstr(&d[i].is),
                          buf_cstr(&d[i].should));
        }
    }
    for (size_t i = 0; i < nd; i++) {
        buf_free(&d[i].is);
        buf_free(&d[i].should);
    }
    pkg_repo_free(&merged);
out:
    pkg_repo_free(&cur);
    repo_free(&rp);
    buf_free(&err);
    return rc;
}

/* ---- mres ---- */

/* Every enabled line of sources.list.d, copied. */
typedef struct Found { PkgRepo *v; size_t n; } Found;

static void keep(void *ctx, const PkgRepo *r)
{
    Found *f = ctx;
    if (r->disabled)
        return;
    f->v = xrealloc(f->v, (f->n + 1) * sizeof *f->v);
    Buf line = BUF_INIT;
    pkg_repo_format(r, &line);
    pkg_repo_parse(buf_cstr(&line), &f->v[f->n], NULL);
    f->v[f->n].file = dup(r->file);
    f->n++;
    buf_free(&line);
}

static void found_free(Found *f)
{
    for (size_t i = 0; i < f->n; i++)
        pkg_repo_free(&f->v[i]);
    free(f->v);
}

static size_t in_file(const Found *f, const char *file)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n; i++)
        n += !strcmp(f->v[i].file, file);
    return n;
}

static Value *list_value(Catalog *c, char **v, size_t n)
{
    Value **items = n ? arena_alloc(c->arena, n * sizeof *items) : NULL;
    for (size_t i = 0; i < n; i++)
        items[i] = val_cstr(c->arena, v[i]);
    return val_array(c->arena, items, n);
}

/* mres: ensure, type, uri, dist, comps, architectures, trusted, file. */
static int pkgrepo_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    Found f = {0};
    if (pkg_list_repos(root, keep, &f, err) != 0) {
        found_free(&f);
        return -1;
    }
    const PkgRepo *hit = NULL;
    if (is_source_line(r->title)) {
        PkgRepo key;
        if (pkg_repo_parse(r->title, &key, NULL) == 0) {
            for (size_t i = 0; i < f.n && !hit; i++)
                if (!strcmp(f.v[i].type, key.type) && !strcmp(f.v[i].uri, key.uri) && !strcmp(f.v[i].dist, key.dist))
                    hit = &f.v[i];
            pkg_repo_free(&key);
        }
    } else {
        char *file = default_file(r->title, NULL);
        for (size_t i = 0; i < f.n && !hit; i++)
            if (!strcmp(f.v[i].file, file))
                hit = &f.v[i];
        free(file);
    }
    cat_res_set(c, r, "ensure", val_cstr(c->arena, hit ? "present" : "absent"));
    if (hit) {
        cat_res_set(c, r, "type", val_cstr(c->arena, hit->type));
        cat_res_set(c, r, "uri", val_cstr(c->arena, hit->uri));
        cat_res_set(c, r, "dist", val_cstr(c->arena, hit->dist));
        if (hit->ncomps)
            cat_res_set(c, r, "comps", list_value(c, hit->comps, hit->ncomps));
        if (hit->narchs)
            cat_res_set(c, r, "architectures", list_value(c, hit->archs, hit->narchs));
        cat_res_set(c, r, "trusted", val_bool(hit->trusted > 0));
        cat_res_set(c, r, "file", val_cstr(c->arena, hit->file));
    }
    found_free(&f);
    return 0;
}

/* mres: one instance per enabled line: titled by its file's name when the
 * file holds only that line (and the name maps back to the file), else by
 * the line itself. */
static int pkgrepo_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    Found f = {0};
    int rc = pkg_list_repos(root, keep, &f, err);
    for (size_t i = 0; rc == 0 && i < f.n; i++) {
        const char *base = strrchr(f.v[i].file, '/') + 1;
        char *stem = xstrndup(base, strlen(base) - 5);
        char *back = default_file(stem, NULL);
        if (in_file(&f, f.v[i].file) == 1 && !strcmp(back, f.v[i].file)) {
            fn(ctx, stem);
        } else {
            Buf line = BUF_INIT;
            pkg_repo_format(&f.v[i], &line);
            fn(ctx, buf_cstr(&line));
            buf_free(&line);
        }
        free(stem);
        free(back);
    }
    found_free(&f);
    return rc;
}

static void pkgrepo_finish(void)
{
    pkg_tool_reset();
}

const Provider provider_pkgrepo = {
    .type = "pkgrepo",
    .validate = pkgrepo_validate,
    .apply = pkgrepo_apply,
    .retrieve = pkgrepo_retrieve,
    .instances = pkgrepo_instances,
    .finish = pkgrepo_finish,
};
