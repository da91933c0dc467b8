/*
 * package.c - the package type at apply time, with Puppet's apt and dpkg
 * providers, built on the package tools of types/pkgtool.h.  Puppet's one
 * property is ensure: its current value is the installed version, or
 * 'absent' (removed, traces left) or 'purged' (unknown to dpkg); in sync
 * follows the type's insync? (present is any version, absent also accepts
 * purged, latest compares with apt's candidate or the source's version).
 *
 * The idea that makes many packages cheap: when a package must be
 * installed, the other package resources the walk will apply next
 * (tx_ready_peers) that need installing with the same tool and options go
 * into the same apt-get (or dpkg -i) call.  Each peer's outcome is kept in
 * a per-run table, and when the walk reaches the peer it reports its own
 * change from there instead of installing again.  If the shared call fails,
 * every package that did not get installed is installed on its own in its
 * turn, so each reports its own error.  The apt index is refreshed at most
 * once per run (again only if a pkgrepo changes after that refresh): when
 * a pkgrepo changed, when the root has no lists yet, or for a latest.
 */
#include "types/txres.h"
#include "types/pkgtool.h"
#include "types/param.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const Provider provider_package;

/* W_NONE: ensure => false (or []): Puppet leaves the package's state alone */
typedef enum Want { W_PRESENT, W_ABSENT, W_PURGED, W_LATEST, W_VERSION, W_RANGE, W_NONE } Want;

/* One comparison of a version range: ">=1.0" (Puppet's VersionRange). */
typedef enum RangeOp { R_EQ, R_GT, R_GE, R_LT, R_LE } RangeOp;
typedef struct Bound { RangeOp op; char *ver; } Bound;

/* A package resource's parameters, parsed and checked. */
typedef struct Pkg {
    const Resource *r;
    const char *name;         /* name, defaulting to the title */
    Want want;
    const char *should;       /* ensure as Puppet shows it: "present", "1.0-1", ">=1 <2" */
    Bound bounds[2];          /* W_RANGE: one or two comparisons */
    int nbounds;
    char *source;             /* absolute path of a .deb, or NULL */
    PkgTool tool;
    char **options;           /* install_options flattened, NULL-terminated, or NULL */
    size_t noptions;
    int replace_conffiles;    /* configfiles => replace */
    struct Pkg *alts;         /* ensure => [first, alts...]: the other values (want, should and
                                 bounds), which Puppet's insync? also accepts (see plan) */
    size_t nalts;
} Pkg;

static const char *param_str(const Resource *r, const char *name)
{
    Value *v = provider_param(r, name);
    return v && v->kind == V_STR ? v->str.s : NULL;
}

static void pkg_free(Pkg *p)
{
    free(p->source);
    for (int i = 0; i < p->nbounds; i++)
        free(p->bounds[i].ver);
    for (size_t i = 0; i < p->nalts; i++)
        pkg_free(&p->alts[i]);
    free(p->alts);
    for (size_t i = 0; i < p->noptions; i++)
        free(p->options[i]);
    free(p->options);
    memset(p, 0, sizeof *p);
}

/* Puppet's PackageOptions#quote: a value with a blank gets double quotes. */
static char *quoted(const char *s)
{
    Buf b = BUF_INIT;
    if (!strchr(s, ' ')) {
        buf_adds(&b, s);
    } else {
        buf_addc(&b, '"');
        for (; *s; s++) {
            if (*s == '"')
                buf_addc(&b, '\\');
            buf_addc(&b, *s);
        }
        buf_addc(&b, '"');
    }
    if (!b.s)
        return xstrndup("", 0);
    return buf_detach(&b);
}

static void opt_push(Pkg *p, char *s)
{
    p->options = xrealloc(p->options, (p->noptions + 2) * sizeof *p->options);
    p->options[p->noptions++] = s;
    p->options[p->noptions] = NULL;
}

static int key_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* install_options as Puppet's join_options flattens them: strings as they
 * are, each hash as "key=value" in key order, blanks quoted.  -1 when an
 * element is neither. */
static int parse_options(Pkg *p, const Value *v)
{
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        const Value *e = v->kind == V_ARRAY ? v->arr.items[i] : v;
        if (e->kind == V_STR) {
            opt_push(p, quoted(e->str.s));
        } else if (e->kind == V_HASH) {
            char **pairs = xcalloc(e->hash.n + 1, sizeof *pairs);
            for (size_t k = 0; k < e->hash.n; k++) {
                Buf kb = BUF_INIT, vb = BUF_INIT, pair = BUF_INIT;
                val_to_s(&kb, e->hash.keys[k]);
                val_to_s(&vb, e->hash.vals[k]);
                char *qk = quoted(buf_cstr(&kb)), *qv = quoted(buf_cstr(&vb));
                buf_printf(&pair, "%s=%s", qk, qv);
                pairs[k] = buf_detach(&pair);
                free(qk);
                free(qv);
                buf_free(&kb);
                buf_free(&vb);
                buf_free(&pair);
            }
            /* Ruby sorts the quoted keys; "k=v" sorts the same way but for
             * keys that prefix each other, which options do not do */
            qsort(pairs, e->hash.n, sizeof *pairs, key_cmp);
            for (size_t k = 0; k < e->hash.n; k++)
                opt_push(p, pairs[k]);
            free(pairs);
        } else {
            return -1;
        }
    }
    return 0;
}

/* Puppet's VersionRange.parse with Debian versions: "1.0", ">1.0",
 * ">=1.0 <2.0" (the minimum first).  Every version must be a valid Debian
 * version starting with a digit (dpkg's rule; see validate). */
static int parse_range(Pkg *p, const char *s)
{
    char *copy = xstrndup(s, strlen(s));
    int ok = 1;
    char *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w && ok; w = strtok_r(NULL, " \t", &save)) {
        if (p->nbounds == 2) {
            ok = 0;
            break;
        }
        RangeOp op = R_EQ;
        if (!strncmp(w, ">=", 2)) { op = R_GE; w += 2; }
        else if (!strncmp(w, "<=", 2)) { op = R_LE; w += 2; }
        else if (*w == '>') { op = R_GT; w++; }
        else if (*w == '<') { op = R_LT; w++; }
        else if (*w == '=') { op = R_EQ; w++; }
        if (!pkg_version_valid(w)) {
            ok = 0;
            break;
        }
        p->bounds[p->nbounds].op = op;
        p->bounds[p->nbounds].ver = xstrndup(w, strlen(w));
        p->nbounds++;
    }
    free(copy);
    return ok && p->nbounds ? 0 : -1;
}

static int in_range(const Pkg *p, const char *v)
{
    for (int i = 0; i < p->nbounds; i++) {
        int c = pkg_version_cmp(v, p->bounds[i].ver);
        switch (p->bounds[i].op) {
        case R_EQ: if (c != 0) return 0; break;
        case R_GT: if (c <= 0) return 0; break;
        case R_GE: if (c < 0) return 0; break;
        case R_LT: if (c >= 0) return 0; break;
        case R_LE: if (c > 0) return 0; break;
        }
    }
    return 1;
}

static int is_install(Want w) { return w != W_ABSENT && w != W_PURGED && w != W_NONE; }

/* provider: apt or dpkg; apt when unset, if the machine has it (Puppet's
 * default on Debian). */
static int pkg_provider(const ParamSpec *sp, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Pkg *p = obj;
    if (!v)
        p->tool = pkg_have_apt() ? PKG_TOOL_APT : PKG_TOOL_DPKG;
    else if (v->kind == V_STR && !strcmp(v->str.s, "apt"))
        p->tool = PKG_TOOL_APT;
    else if (v->kind == V_STR && !strcmp(v->str.s, "dpkg"))
        p->tool = PKG_TOOL_DPKG;
    else {
        param_message(param_fail(err, r, sp->name), "Invalid %t provider '%v'", r, sp, v);
        return -1;
    }
    return 0;
}

/* One value of ensure: present (installed), absent, purged, latest, or a
 * version or a version range (apt only); a number is a version; false
 * (which Puppet takes for a version, hence not with dpkg) leaves the
 * package alone, as Puppet's harness does for an ensure that is not true. */
static int ensure_one(const ParamSpec *sp, const Resource *r, const Value *ev, Pkg *p, Buf *err)
{
    const char *pname = p->tool == PKG_TOOL_APT ? "apt" : "dpkg";
    Buf tmp = BUF_INIT;
    const char *e = "present";
    if (ev && ev->kind == V_STR) {
        e = ev->str.s;
    } else if (ev && (ev->kind == V_INT || ev->kind == V_FLOAT)) {
        val_to_s(&tmp, ev);   /* ensure => 2 is the version '2' */
        e = buf_cstr(&tmp);
    } else if (ev && ev->kind == V_BOOL && !ev->b) {
        e = "false";
    } else if (ev) {
        param_message(param_fail(err, r, sp->name),
                      "Invalid value %i. Valid values are present, installed, absent, purged, latest, or a version.", r,
                      sp, ev);
        return -1;
    }
    int rc = -1;
    if (!strcmp(e, "present") || !strcmp(e, "installed")) {
        p->want = W_PRESENT;
        p->should = "present";   /* installed is an alias of present */
    } else if (!strcmp(e, "absent")) {
        p->want = W_ABSENT;
        p->should = "absent";
    } else if (!strcmp(e, "purged")) {
        p->want = W_PURGED;
        p->should = "purged";
    } else if (!strcmp(e, "latest")) {
        p->want = W_LATEST;
        p->should = "latest";
    } else if (!strcmp(e, "disabled")) {
        buf_printf(param_fail(err, r, sp->name), "Provider %s must have features 'disableable' to set 'ensure' to 'disabled'",
                   pname);
        goto out;
    } else if (p->tool == PKG_TOOL_DPKG) {
        buf_printf(param_fail(err, r, sp->name), "Provider dpkg must have features 'versionable' to set 'ensure' to '%s'",
                   e);
        goto out;
    } else if (ev && ev->kind == V_BOOL) {
        p->want = W_NONE;
        p->should = "false";
    } else if (parse_range(p, e) != 0) {
        /* Puppet passes any text on to apt-get, which fails at apply time;
         * dpkg's version syntax never allows it, so it is refused here,
         * before anything changes. */
        buf_printf(param_fail(err, r, sp->name),
                   "Invalid value \"%s\". Valid values are present, installed, absent, purged, latest, "
                   "or a version such as '1.2-3' (or a range such as '>=1.2 <2.0').", e);
        goto out;
    } else {
        p->want = p->nbounds == 1 && p->bounds[0].op == R_EQ ? W_VERSION : W_RANGE;
        p->should = e;
    }
    /* should lives in the resource (or is a literal); a number's text
     * must outlive tmp */
    if ((p->want == W_VERSION || p->want == W_RANGE) && ev && ev->kind != V_STR)
        p->should = p->bounds[0].ver;
    rc = 0;
out:
    buf_free(&tmp);
    return rc;
}

/* ensure: one value, or an array of them (Puppet's should values, each
 * checked): the first is what a sync installs or removes, the others are
 * also in sync (see plan); [] leaves the package alone. */
static int pkg_ensure(const ParamSpec *sp, const Resource *r, const Value *ev, void *obj, Buf *err)
{
    Pkg *p = obj;
    if (!ev || ev->kind != V_ARRAY)
        return ensure_one(sp, r, ev, p, err);
    if (ev->arr.n == 0) {
        p->want = W_NONE;
        p->should = "false";
        return 0;
    }
    if (ensure_one(sp, r, ev->arr.items[0], p, err) != 0)
        return -1;
    p->alts = xcalloc(ev->arr.n - 1, sizeof *p->alts);
    for (size_t i = 1; i < ev->arr.n; i++) {
        Pkg *a = &p->alts[p->nalts++];
        a->tool = p->tool;
        if (ensure_one(sp, r, ev->arr.items[i], a, err) != 0)
            return -1;
    }
    return 0;
}

/* install_options: strings and hashes (Puppet's dpkg provider lacks the
 * install_options feature and ignores them; apt-get gets them before
 * "install"). */
static int pkg_options(const ParamSpec *sp, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Pkg *p = obj;
    if (parse_options(p, v) != 0) {
        param_message(param_fail(err, r, sp->name),
                      "Expected either a string or hash of options", r, sp, v);
        return -1;
    }
    if (p->tool == PKG_TOOL_DPKG) {
        for (size_t i = 0; i < p->noptions; i++)
            free(p->options[i]);
        free(p->options);
        p->options = NULL;
        p->noptions = 0;
    }
    return 0;
}

static const ParamWord pkg_configfiles[] = { { "keep", 0 }, { "replace", 1 }, { NULL, 0 } };

/* The parameters up to source, in the order they are checked ... */
static const ParamSpec pkg_params[] = {
    { "provider", PK_CUSTOM, .hook = pkg_provider, .flags = PF_ALWAYS },
    { "ensure", PK_CUSTOM, .hook = pkg_ensure, .flags = PF_ALWAYS },
    /* Puppet hands any text to dpkg; a .deb under --root must be a path
     * in the managed system, so only absolute paths are taken */
    { "source", PK_STRING, offsetof(Pkg, source), .flags = PF_STRING_ONLY,
      .bad = "Source must be an absolute path to a .deb file, not '%v'",
      .checks = { { param_absolute, "Source must be an absolute path to a .deb file, not '%v'" } } },
};
/* ... and after it. */
static const ParamSpec pkg_params2[] = {
    { "configfiles", PK_WORD, offsetof(Pkg, replace_conffiles), .words = pkg_configfiles },
    { "install_options", PK_CUSTOM, .hook = pkg_options },
    { "fromrepo", PK_STRING, .flags = PF_STRING_ONLY | PF_DISCARD, .bad = "fromrepo must be the title of a Pkgrepo, not %v" },
};

/* Parses and checks r (the caller frees p with pkg_free even on failure).
 * On failure err holds Puppet's message: "Parameter x failed on
 * Package[y]: ..." or a bare reason for the whole resource. */
static int pkg_parse(const Resource *r, Pkg *p, Buf *err)
{
    memset(p, 0, sizeof *p);
    p->r = r;
    p->name = param_str(r, "name");
    if (!p->name)
        p->name = r->title;
    if (param_parse(pkg_params, PARAM_COUNT(pkg_params), r, p, err) != 0)
        return -1;
    if (p->tool == PKG_TOOL_DPKG && !p->source && is_install(p->want)) {
        buf_adds(err, "You cannot install dpkg packages without a source");
        return -1;
    }
    return param_parse(pkg_params2, PARAM_COUNT(pkg_params2), r, p, err);
}

static int package_validate(const Resource *r, Buf *err)
{
    Pkg p;
    int rc = pkg_parse(r, &p, err);
    pkg_free(&p);
    return rc;
}

/* "Debug: Executing: '<command>'", as Puppet's execution logs it. */
static void log_command(void *ctx, const char *command)
{
    tx_log_plain(ctx, LL_DEBUG, "Executing: '%s'", command);
}

/* ---- the run's state ---- */

/* What a package got from a shared install call, waiting for its turn. */
typedef struct Outcome {
    const Resource *r;
    int ok;
    char *is;          /* its current value before, as shown: "purged", "1.0-1" */
    char *shown;       /* its should as the change line shows it */
    char *error;       /* !ok: the failure message */
} Outcome;

static struct {
    Outcome *v;
    size_t n;
    int prefetched;       /* apt candidates asked for the whole catalog */
    int refresh_failed;   /* apt-get update failed once: do not retry */
} st;

static void outcome_add(const Resource *r, int ok, const char *is, const char *shown, const char *error)
{
    st.v = xrealloc(st.v, (st.n + 1) * sizeof *st.v);
    Outcome *o = &st.v[st.n++];
    o->r = r;
    o->ok = ok;
    o->is = xstrndup(is, strlen(is));
    o->shown = xstrndup(shown, strlen(shown));
    o->error = error ? xstrndup(error, strlen(error)) : NULL;
}

static void outcome_free(Outcome *o)
{
    free(o->is);
    free(o->shown);
    free(o->error);
}

/* Takes r's outcome out of the table (the caller frees it), or returns 0. */
static int outcome_take(const Resource *r, Outcome *out)
{
    for (size_t i = 0; i < st.n; i++)
        if (st.v[i].r == r) {
            *out = st.v[i];
            st.v[i] = st.v[--st.n];
            return 1;
        }
    return 0;
}

static int outcome_pending(const Resource *r)
{
    for (size_t i = 0; i < st.n; i++)
        if (st.v[i].r == r)
            return 1;
    return 0;
}

static void package_finish(void)
{
    for (size_t i = 0; i < st.n; i++)
        outcome_free(&st.v[i]);
    free(st.v);
    memset(&st, 0, sizeof st);
    pkg_tool_reset();
}

/* Refreshes the apt index when it is due (see the file comment).  A
 * failure is a warning: the install may still work from the old lists. */
static void maybe_refresh(TxRes *t, int for_latest)
{
    const char *root = tx_root(t);
    if (tx_noop(t) || st.refresh_failed)
        return;
    if (!pkg_index_stale() && (pkg_index_refreshed() || (!for_latest && !pkg_lists_missing(root))))
        return;
    PkgLog log = {log_command, t};
    Buf err = BUF_INIT;
    if (pkg_refresh_db(root, &log, &err) != 0) {
        tx_log(t, LL_WARNING, NULL, "Could not refresh the package index: %s", buf_cstr(&err));
        st.refresh_failed = 1;
    }
    st.prefetched = 0;
    buf_free(&err);
}

/* Asks apt once for the candidates of every apt package of the catalog
 * that will need one (latest, or a version range). */
static void prefetch(TxRes *t)
{
    if (st.prefetched)
        return;
    st.prefetched = 1;
    const Catalog *c = tx_catalog(t);
    const char **names = NULL;
    size_t n = 0;
    for (size_t i = 0; c && i < c->nres; i++) {
        const Resource *r = c->res[i];
        if (strcmp(r->type, "Package") != 0)
            continue;
        Pkg p;
        Buf err = BUF_INIT;
        if (pkg_parse(r, &p, &err) == 0 && p.tool == PKG_TOOL_APT && (p.want == W_LATEST || p.want == W_RANGE)) {
            names = xrealloc(names, (n + 1) * sizeof *names);
            names[n++] = p.name;
        }
        pkg_free(&p);
        buf_free(&err);
    }
    if (n) {
        PkgLog log = {log_command, t};
        Buf err = BUF_INIT;
        pkg_latest_prefetch(tx_root(t), names, n, &log, &err);   /* a failure shows again per package */
        buf_free(&err);
    }
    free(names);
}

/* ---- one package's state ---- */

/* What a package is and what syncing it means. */
typedef struct Plan {
    char *is;                 /* Puppet's current value: "purged", "absent" or the version
                                 (malloc'd: the status cache goes away on a change) */
    int insync;
    char *latest;             /* W_LATEST: the version it would get (malloc'd), or NULL */
    char *target_version;     /* W_VERSION/W_RANGE: the exact version to install (malloc'd) */
} Plan;

static void plan_free(Plan *pl)
{
    free(pl->is);
    free(pl->latest);
    free(pl->target_version);
    memset(pl, 0, sizeof *pl);
}

/* The version a latest would install: apt's candidate, or the version in
 * the source .deb (Puppet's dpkg latest).  NULL with err set when there is
 * none. */
static char *latest_of(TxRes *t, const Pkg *p, Buf *err)
{
    PkgLog log = {log_command, t};
    const char *root = tx_root(t);
    if (p->tool == PKG_TOOL_DPKG) {
        Buf path = BUF_INIT, name = BUF_INIT, ver = BUF_INIT;
        char *v = NULL;
        if (pkg_root_path(root, p->source, &path, err) == 0 && pkg_deb_fields(buf_cstr(&path), &name, &ver, &log, err) == 0) {
            if (!strstr(buf_cstr(&name), p->name))
                tx_log(t, LL_WARNING, NULL, "source doesn't contain named package, but %s", buf_cstr(&name));
            v = xstrndup(buf_cstr(&ver), ver.len);
        }
        buf_free(&path);
        buf_free(&name);
        buf_free(&ver);
        return v;
    }
    prefetch(t);
    const char *c = pkg_candidate(root, p->name, &log, err);
    if (!c) {
        if (!err->len)
            buf_adds(err, "Could not find latest version");
        return NULL;
    }
    return xstrndup(c, strlen(c));
}

/* Fills pl for p: the current value and whether it is in sync (Puppet's
 * ensure insync?).  Returns 0, or -1 with the reason in err. */
static int plan(TxRes *t, const Pkg *p, Plan *pl, Buf *err)
{
    PkgInfo in;
    memset(pl, 0, sizeof *pl);
    if (pkg_query(tx_root(t), p->name, &in, err) != 0)
        return -1;
    if (in.error) {
        buf_printf(err, "Package %s, version %s is in error state: %s", p->name, in.version, in.status);
        return -1;
    }
    int installed = in.state == PKG_INSTALLED;
    const char *is = installed ? in.version : in.state == PKG_ABSENT ? "absent" : "purged";
    pl->is = xstrndup(is, strlen(is));
    switch (p->want) {
    case W_PRESENT:
        pl->insync = installed;
        break;
    case W_ABSENT:
        pl->insync = !installed;
        break;
    case W_PURGED:
        pl->insync = in.state == PKG_NOT_INSTALLED;
        break;
    case W_LATEST:
        if (!installed)
            break;   /* Puppet: a missing package is never at its latest */
        if (!(pl->latest = latest_of(t, p, err)))
            return -1;
        pl->insync = !strcmp(pl->is, pl->latest) ||
                     (p->tool == PKG_TOOL_APT && !pkg_version_cmp(pl->is, pl->latest));
        break;
    case W_VERSION:
        pl->insync = installed && !pkg_version_cmp(pl->is, p->bounds[0].ver);
        if (!pl->insync)
            pl->target_version = xstrndup(p->bounds[0].ver, strlen(p->bounds[0].ver));
        break;
    case W_RANGE:
        pl->insync = installed && in_range(p, pl->is);
        if (!pl->insync) {
            /* Puppet's best_version: the highest available in the range */
            PkgLog log = {log_command, t};
            prefetch(t);
            size_t n = 0;
            const char *const *vs = pkg_available_versions(tx_root(t), p->name, &n, &log, err);
            const char *best = NULL;
            for (size_t i = 0; i < n; i++)
                if (in_range(p, vs[i]) && (!best || pkg_version_cmp(vs[i], best) > 0))
                    best = vs[i];
            if (best)
                pl->target_version = xstrndup(best, strlen(best));
        }
        break;
    case W_NONE:
        break;
    }
    /* ensure => [first, alts...]: Puppet's insync? tries each value in
     * turn; a version that is not the installed one ends the search (the
     * apt provider's insync? then judges by the first value alone, which
     * did not match) */
    if (p->want == W_VERSION || p->want == W_RANGE)
        return 0;
    for (size_t i = 0; i < p->nalts && !pl->insync; i++) {
        const Pkg *a = &p->alts[i];
        if (a->want == W_PRESENT) {
            pl->insync = installed;
        } else if (a->want == W_ABSENT) {
            pl->insync = !installed;
        } else if (a->want == W_PURGED) {
            pl->insync = in.state == PKG_NOT_INSTALLED;
        } else if (a->want == W_LATEST) {
            if (!installed)
                continue;
            char *latest = latest_of(t, p, err);   /* the package's, whatever the value */
            if (!latest)
                return -1;
            pl->insync = !strcmp(pl->is, latest) || (a->tool == PKG_TOOL_APT && !pkg_version_cmp(pl->is, latest));
            free(latest);
        } else {
            pl->insync = installed && a->want != W_NONE && !strcmp(pl->is, a->should);
            break;
        }
    }
    return 0;
}

/* The should value a change line shows: the latest version when known. */
static const char *shown_should(const Pkg *p, const Plan *pl)
{
    return p->want == W_LATEST && pl->latest ? pl->latest : p->should;
}

/* Puppet's ensure change_to_s. */
static void change_message(Buf *b, const Pkg *p, const char *is, const char *should)
{
    if (p->want == W_PURGED)
        buf_adds(b, "purged");
    else if ((!strcmp(is, "absent") || !strcmp(is, "purged")) && is_install(p->want))
        buf_adds(b, "created");
    else if (p->want == W_ABSENT)
        buf_adds(b, "removed");
    else
        buf_printf(b, "ensure changed '%s' to '%s'", is, should);
}

/* The event Puppet's ensure values send. */
static const char *event_of(const Pkg *p, const char *is)
{
    switch (p->want) {
    case W_PRESENT: return "package_installed";
    case W_ABSENT: return "package_removed";
    case W_PURGED: return "package_purged";
    default: return !strcmp(is, "absent") ? "package_installed" : "package_changed";
    }
}

static void report_change(TxRes *t, const Pkg *p, const char *is, const char *should)
{
    Buf m = BUF_INIT;
    change_message(&m, p, is, should);
    tx_change(t, "ensure", event_of(p, is), "%s", buf_cstr(&m));
    buf_free(&m);
}

static void report_failure(TxRes *t, const Pkg *p, const char *is, const char *should, const char *msg)
{
    char from[512], to[512];
    snprintf(from, sizeof from, "'%s'", is);
    snprintf(to, sizeof to, "'%s'", should);
    /* latest and versions go through Puppet's "Could not update" wrapper */
    int update = p->want == W_LATEST || p->want == W_VERSION || p->want == W_RANGE;
    tx_failed(t, "ensure", from, to, "%s%s", update ? "Could not update: " : "", msg);
}

/* ---- install, with batching ---- */

/* A package going into the shared call. */
typedef struct Member {
    const Resource *r;
    Pkg p;
    Plan pl;
} Member;

static PkgTarget target_of(const Member *m)
{
    PkgTarget tg = {m->p.name, NULL, m->p.source};
    if (!m->p.source && m->pl.target_version)
        tg.version = m->pl.target_version;
    return tg;
}

static int same_options(const Pkg *a, const Pkg *b)
{
    if (a->tool != b->tool || a->replace_conffiles != b->replace_conffiles || a->noptions != b->noptions)
        return 0;
    for (size_t i = 0; i < a->noptions; i++)
        if (strcmp(a->options[i], b->options[i]))
            return 0;
    return 1;
}

/* Did the change list put m where it wanted to be (the exact version it
 * asked for, or any newer one)? */
static int reached(const Member *m, const PkgChanges *ch)
{
    const PkgChange *c = pkg_changes_find(ch, m->p.name);
    if (!c || !c->new_version[0])
        return 0;
    const char *want = m->pl.target_version;
    return !want || !strcmp(c->new_version, want);
}

/* Installs self's package, together with every ready peer that needs an
 * install the same way.  Returns 0, or -1 with self's error in err. */
static int install(TxRes *t, Member *self, Buf *err)
{
    enum { MAXPEERS = 256 };
    const char *root = tx_root(t);
    const Resource **peers = xcalloc(MAXPEERS, sizeof *peers);
    size_t np = tx_ready_peers(t, peers, MAXPEERS);
    Member *m = xcalloc(np + 1, sizeof *m);
    size_t nm = 0;
    m[nm++] = *self;
    for (size_t i = 0; i < np; i++) {
        Member *c = &m[nm];
        Buf why = BUF_INIT;
        c->r = peers[i];
        int ok = pkg_parse(peers[i], &c->p, &why) == 0 && is_install(c->p.want) && same_options(&c->p, &self->p) &&
                 !outcome_pending(peers[i]);
        for (size_t k = 0; ok && k < nm; k++)
            ok = strcmp(m[k].p.name, c->p.name) != 0;   /* one package, two resources: each on its own */
        ok = ok && plan(t, &c->p, &c->pl, &why) == 0 && !c->pl.insync;
        if (ok && c->p.want == W_RANGE && !c->pl.target_version)
            ok = 0;
        if (ok) {
            nm++;
        } else {
            pkg_free(&c->p);
            plan_free(&c->pl);
        }
        buf_free(&why);
    }
    free(peers);

    PkgTarget *tg = xcalloc(nm, sizeof *tg);
    for (size_t i = 0; i < nm; i++)
        tg[i] = target_of(&m[i]);
    PkgOpts o = {self->p.tool, (const char *const *)self->p.options, self->p.replace_conffiles, {log_command, t}};
    PkgChanges ch = {0};
    Buf berr = BUF_INIT;
    int rc = pkg_install(root, &o, tg, nm, &ch, &berr);
    for (size_t i = 1; i < nm; i++) {
        if (rc == 0 || reached(&m[i], &ch))
            outcome_add(m[i].r, 1, m[i].pl.is, shown_should(&m[i].p, &m[i].pl), NULL);
        /* else: it installs on its own in its turn, and reports its error */
    }
    if (rc != 0 && nm > 1 && !reached(&m[0], &ch)) {
        /* the shared call failed: self on its own, for its own error */
        pkg_changes_free(&ch);
        buf_clear(&berr);
        rc = pkg_install(root, &o, tg, 1, &ch, &berr);
    } else if (rc != 0 && nm > 1) {
        rc = 0;
    }
    if (rc != 0)
        buf_add(err, berr.s, berr.len);
    buf_free(&berr);
    pkg_changes_free(&ch);
    free(tg);
    for (size_t i = 1; i < nm; i++) {
        pkg_free(&m[i].p);
        plan_free(&m[i].pl);
    }
    free(m);
    return rc;
}

/* ---- the provider ---- */

static int package_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    const char *root = tx_root(t);
    Member self;
    memset(&self, 0, sizeof self);
    self.r = r;
    Buf err = BUF_INIT;
    int rc = 0;

    if (pkg_parse(r, &self.p, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));   /* validate() should have stopped it */
        rc = -1;
        goto out;
    }
    if (self.p.want == W_NONE)
        goto out;       /* ensure => false: nothing to manage */
    Outcome o;
    if (outcome_take(r, &o)) {
        /* installed together with an earlier package of this run */
        if (o.ok)
            report_change(t, &self.p, o.is, o.shown);
        else
            report_failure(t, &self.p, o.is, o.shown, o.error);
        rc = o.ok ? 0 : -1;
        outcome_free(&o);
        goto out;
    }
    /* latest needs a fresh index to know the candidate; the other installs
     * need one only when the package is out of sync (so an idempotent run
     * of installed packages starts no process at all) */
    int refresh_first = self.p.tool == PKG_TOOL_APT && self.p.want == W_LATEST;
    if (refresh_first)
        maybe_refresh(t, 1);
    int planned = plan(t, &self.p, &self.pl, &err);
    if (planned == 0 && !self.pl.insync && !refresh_first && self.p.tool == PKG_TOOL_APT && is_install(self.p.want) &&
        !tx_noop(t)) {
        maybe_refresh(t, 0);
        plan_free(&self.pl);
        planned = plan(t, &self.p, &self.pl, &err);
    }
    if (planned != 0) {
        if (self.p.want == W_LATEST)
            tx_log(t, LL_ERR, NULL, "Could not evaluate: Could not get latest version: %s", buf_cstr(&err));
        else
            tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
        rc = -1;
        goto out;
    }
    if (self.pl.insync)
        goto out;
    const char *is = self.pl.is;
    const char *should = shown_should(&self.p, &self.pl);
    if (tx_noop(t)) {
        char from[512], to[512];
        snprintf(from, sizeof from, "'%s'", is);
        snprintf(to, sizeof to, "'%s'", should);
        tx_would(t, "ensure", event_of(&self.p, is), from, to);
        goto out;
    }
    if (self.p.want == W_RANGE && !self.pl.target_version) {
        buf_printf(&err, "No available version for package %s is included in range %s", self.p.name, self.p.should);
        rc = -1;
    } else if (is_install(self.p.want)) {
        rc = install(t, &self, &err);
    } else {
        PkgOpts po = {self.p.tool, NULL, self.p.replace_conffiles, {log_command, t}};
        PkgChanges ch = {0};
        const char *names[1] = {self.p.name};
        rc = self.p.want == W_PURGED ? pkg_purge(root, &po, names, 1, &ch, &err)
                                     : pkg_remove(root, &po, names, 1, &ch, &err);
        pkg_changes_free(&ch);
    }
    if (rc == 0)
        report_change(t, &self.p, is, should);
    else
        report_failure(t, &self.p, is, should, buf_cstr(&err));
out:
    pkg_free(&self.p);
    plan_free(&self.pl);
    buf_free(&err);
    return rc;
}

/* Puppet's package refresh reinstalls only with a reinstallable provider;
 * apt and dpkg are not, so a refresh does nothing (but it is still
 * "Triggered", docs/apply.md §4.1). */
static int package_refresh(TxRes *t, Buf *err)
{
    return 0;
}

/* Puppet: File responsefile, adminfile, and source when absolute; ours:
 * the Pkgrepo named by fromrepo. */
static void package_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    const char *s;
    if ((s = param_str(r, "responsefile")))
        add(ctx, "File", s);
    if ((s = param_str(r, "adminfile")))
        add(ctx, "File", s);
    if ((s = param_str(r, "source")) && s[0] == '/')
        add(ctx, "File", s);
    if ((s = param_str(r, "fromrepo")))
        add(ctx, "Pkgrepo", s);
}

/* mres: ensure (the version, 'absent' or 'purged'), then the provider. */
static int package_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    PkgInfo in;
    if (pkg_query(root, r->title, &in, err) != 0)
        return -1;
    const char *e = in.state == PKG_INSTALLED ? in.version : in.state == PKG_ABSENT ? "absent" : "purged";
    cat_res_set(c, r, "ensure", val_cstr(c->arena, e));
    if (in.state != PKG_NOT_INSTALLED)
        cat_res_set(c, r, "provider", val_cstr(c->arena, pkg_have_apt() ? "apt" : "dpkg"));
    return 0;
}

typedef struct ListCtx { char **names; size_t n; } ListCtx;

static void collect(void *ctx, const PkgInfo *in)
{
    ListCtx *l = ctx;
    if (in->state == PKG_NOT_INSTALLED)
        return;
    l->names = xrealloc(l->names, (l->n + 1) * sizeof *l->names);
    l->names[l->n++] = xstrndup(in->name, strlen(in->name));
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* mres: every package dpkg has (installed, or removed with its conffiles
 * left), by name. */
static int package_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    ListCtx l = {0};
    int rc = pkg_list_pkgs(root, collect, &l, err);
    qsort(l.names, l.n, sizeof *l.names, name_cmp);
    for (size_t i = 0; i < l.n; i++) {
        if (rc == 0)
            fn(ctx, l.names[i]);
        free(l.names[i]);
    }
    free(l.names);
    return rc;
}

const Provider provider_package = {
    .type = "package",
    .validate = package_validate,
    .apply = package_apply,
    .refresh = package_refresh,
    .autorequire = package_autorequire,
    .retrieve = package_retrieve,
    .instances = package_instances,
    .finish = package_finish,
};
