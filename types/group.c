/*
 * group.c - the group type with Puppet's groupadd provider: a group in the
 * managed system's group and gshadow files, read from <root>/etc/group
 * (types/passwd.c, never NSS) and changed through groupadd, groupmod,
 * gpasswd and groupdel run with --root.  Creating or removing the group is
 * the one change when it is due ("ensure: created" / "removed");
 * otherwise gid, then members, are synced one by one.
 *
 * members: Puppet's groupadd provider manages them only with libuser
 * (lgroupmod -M), which Debian does not install, so there Puppet drops the
 * attribute with a debug line.  We manage it anyway, with Puppet's
 * libuser-era semantics, through shadow's gpasswd -M, which rewrites the
 * member list in both group and gshadow.  Not groupadd -U / groupmod -U:
 * in shadow 4.13 they update only the group file and leave gshadow's list
 * stale (useradd -G and usermod -G keep both, so we must too).  As in
 * Puppet, a new group is created first and given its members second.
 * auth_membership =>
 * false (the default) only adds the listed users; true makes the list
 * exact.  The member lists print unquoted, as the provider's members_to_s
 * gives them.
 */
#include "types/txres.h"
#include "types/param.h"
#include "types/passwd.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const Provider provider_group;

typedef StrList Strs;

/* A group's parameters, parsed and checked (group_parse). */
typedef struct Group {
    const Resource *r;
    char *name;
    int absent;             /* ensure => absent (present is the default) */
    int has_gid;            unsigned long gid;
    int has_members;        Strs members;   /* unique, as given */
    int auth_membership;
    int system, allowdupe;
} Group;

/* Adds a copy of x[0..n) unless it is there already. */
static void strs_add(Strs *s, const char *x, size_t n)
{
    char *c = xstrndup(x, n);
    if (param_strlist_has(s, c))
        free(c);
    else
        param_strlist_push(s, c);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void join(Buf *b, const Strs *s)
{
    for (size_t i = 0; i < s->n; i++)
        buf_printf(b, "%s%s", i ? "," : "", s->v[i]);
}

/* members: an array, or comma-separated strings (the provider splits
 * them); each name trimmed of blanks and kept once. */
static int group_members(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    Group *g = obj;
    g->has_members = 1;
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; i < n; i++) {
        Buf text = BUF_INIT;
        val_to_s(&text, v->kind == V_ARRAY ? v->arr.items[i] : v);
        for (const char *q = buf_cstr(&text); *q;) {
            size_t len = strcspn(q, ",");
            size_t b = 0, e = len;
            while (b < e && q[b] == ' ')
                b++;
            while (e > b && q[e - 1] == ' ')
                e--;
            for (size_t k = b; k < e; k++)
                if (q[k] == ':' || (unsigned char)q[k] <= ' ') {
                    buf_printf(param_fail(err, r, p->name), "Invalid member name '%.*s'", (int)(e - b), q + b);
                    buf_free(&text);
                    return -1;
                }
            if (e > b)
                strs_add(&g->members, q + b, e - b);
            q += len + (q[len] == ',');
        }
        buf_free(&text);
    }
    return 0;
}

static const ParamWord group_ensures[] = { { "present", 0 }, { "absent", 1 }, { NULL, 0 } };
/* Puppet::Parameter::Boolean's newvalues(:true, :false, :yes, :no) */
static const ParamWord group_bools[] = { { "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 }, { NULL, 0 } };

/* groupadd's parameters, in the order they are checked. */
static const ParamSpec group_params[] = {
    { "name", PK_NAMEVAR, .field = offsetof(Group, name) },
    { "ensure", PK_WORD, offsetof(Group, absent), .words = group_ensures, .flags = PF_PROPERTY },
    /* Puppet's munge: "Invalid GID abc" (a negative number passes it, and
     * then groupadd refuses it: refused here instead) */
    { "gid", PK_ID, offsetof(Group, gid), PARAM_GIVEN(Group, has_gid), .flags = PF_PROPERTY, .bad = "Invalid GID %v" },
    { "members", PK_CUSTOM, .hook = group_members },
    { "auth_membership", PK_WORD, offsetof(Group, auth_membership), .words = group_bools },
    { "system", PK_WORD, offsetof(Group, system), .words = group_bools },
    { "allowdupe", PK_WORD, offsetof(Group, allowdupe), .words = group_bools },
};

static void group_free(Group *g)
{
    param_free(group_params, PARAM_COUNT(group_params), g);
    param_strlist_free(&g->members);
    memset(g, 0, sizeof *g);
}

/* Parses and checks r into g (freed by the caller with group_free even on
 * failure); err gets Puppet's "Parameter <p> failed on Group[x]: ...".
 * Looks at nothing on the system (mcomp runs it too). */
static int group_parse(const Resource *r, Group *g, Buf *err)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    return param_parse(group_params, PARAM_COUNT(group_params), r, g, err);
}

static int group_validate(const Resource *r, Buf *err)
{
    Group g;
    int rc = group_parse(r, &g, err);
    group_free(&g);
    return rc;
}

/* The member list the group should have: the declared members (plus the
 * current ones unless auth_membership), sorted (actual_should). */
static void members_should(const Group *g, const PwGroup *cur, Strs *out)
{
    for (size_t i = 0; i < g->members.n; i++)
        strs_add(out, g->members.v[i], strlen(g->members.v[i]));
    if (!g->auth_membership && cur)
        for (size_t i = 0; i < cur->nmembers; i++)
            strs_add(out, cur->members[i], strlen(cur->members[i]));
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, cmp_str);
}

static void fail_prop(TxRes *t, const char *prop, const char *from, const char *to, const char *msg)
{
    tx_log_plain(t, LL_ERR, "%s", msg);
    tx_failed(t, prop, from, to, "%s", msg);
}

static int run_tool(TxRes *t, const char *tool, const char **args, Buf *msg)
{
    PwCmd c = { .tool = tool, .args = args };
    return pw_run(t, &c, msg);
}

/* Drops what groupadd cannot manage, as Puppet does (a debug line). */
static void drop_unsupported(TxRes *t, const Resource *r)
{
    static const char *const attrs[][2] = {
        { "manages_aix_lam", "attributes" },
        { "manages_local_users_and_groups", "forcelocal" },
        { "manages_aix_lam", "ia_load_module" },
    };
    for (size_t i = 0; i < ARRAY_LEN(attrs); i++)
        if (provider_param(r, attrs[i][1]))
            tx_log(t, LL_DEBUG, NULL, "Provider groupadd does not support features %s; not managing attribute %s",
                   attrs[i][0], attrs[i][1]);
}

/* groupadd [-g gid] [-o] [-r] name, then gpasswd -M members name */
static int group_create(TxRes *t, const Group *g, Buf *msg)
{
    const char *args[10];
    char num[24];
    size_t n = 0;
    Buf members = BUF_INIT, why = BUF_INIT;
    if (g->has_gid) {
        snprintf(num, sizeof num, "%lu", g->gid);
        args[n++] = "-g";
        args[n++] = num;
    }
    if (g->allowdupe)
        args[n++] = "-o";
    if (g->system)
        args[n++] = "-r";
    args[n++] = g->name;
    args[n] = NULL;
    int rc = run_tool(t, "groupadd", args, &why);
    if (rc != 0)
        buf_printf(msg, "Could not create group %s: %s", g->name, buf_cstr(&why));
    if (rc == 0 && g->has_members && g->members.n) {
        Strs want = {0};
        members_should(g, NULL, &want);
        join(&members, &want);
        param_strlist_free(&want);
        const char *margs[] = { "-M", buf_cstr(&members), g->name, NULL };
        buf_clear(&why);
        if ((rc = run_tool(t, "gpasswd", margs, &why)) != 0)
            buf_printf(msg, "Could not set members on group[%s]: %s", g->name, buf_cstr(&why));
    }
    buf_free(&members);
    buf_free(&why);
    return rc;
}

/* <tool> <flag> <value> [-o] name, as one property's sync: the noop
 * line, or the change line, or the failure.  is/should are the noop and
 * failure forms, message the change line. */
static int group_modify(TxRes *t, const Group *g, const char *tool, const char *prop, const char *flag,
                        const char *value, const char *is, const char *should, const char *message)
{
    char event[32];
    snprintf(event, sizeof event, "%s_changed", prop);
    if (tx_noop(t)) {
        tx_would(t, prop, event, is, should);
        return 0;
    }
    const char *args[6];
    size_t n = 0;
    args[n++] = flag;
    args[n++] = value;
    if (g->allowdupe && !strcmp(prop, "gid"))
        args[n++] = "-o";
    args[n++] = g->name;
    args[n] = NULL;
    Buf why = BUF_INIT, msg = BUF_INIT;
    int rc = run_tool(t, tool, args, &why);
    if (rc == 0) {
        tx_change(t, prop, event, "%s", message);
    } else {
        buf_printf(&msg, "Could not set %s on group[%s]: %s", prop, g->name, buf_cstr(&why));
        fail_prop(t, prop, is, should, buf_cstr(&msg));
    }
    buf_free(&why);
    buf_free(&msg);
    return rc;
}

static int group_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    Group g;
    PwDb db = PWDB_INIT;
    Buf msg = BUF_INIT;
    int rc = 0;

    if (group_parse(r, &g, &msg) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    drop_unsupported(t, r);
    if (pw_load(&db, tx_root(t), PW_GROUP, &msg) != 0) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    const PwGroup *cur = pw_group(&db, g.name);
    if (g.absent) {
        if (!cur)
            goto out;
        if (tx_noop(t)) {
            tx_would(t, "ensure", "group_removed", "'present'", "'absent'");
            goto out;
        }
        const char *args[] = { g.name, NULL };
        Buf why = BUF_INIT;
        if (run_tool(t, "groupdel", args, &why) != 0) {
            buf_printf(&msg, "Could not delete group %s: %s", g.name, buf_cstr(&why));
            fail_prop(t, "ensure", "'present'", "'absent'", buf_cstr(&msg));
            rc = -1;
        } else {
            tx_change(t, "ensure", "group_removed", "removed");
        }
        buf_free(&why);
        goto out;
    }
    /* ensure defaults to present for a group (Puppet's ensurable default) */
    if (!cur) {
        if (tx_noop(t)) {
            tx_would(t, "ensure", "group_created", "'absent'", "'present'");
        } else if (group_create(t, &g, &msg) != 0) {
            fail_prop(t, "ensure", "'absent'", "'present'", buf_cstr(&msg));
            rc = -1;
        } else {
            tx_change(t, "ensure", "group_created", "created");
        }
        goto out;
    }
    if (g.has_gid && g.gid != cur->gid) {
        char is[24], should[24], message[80];
        snprintf(is, sizeof is, "%lu", cur->gid);
        snprintf(should, sizeof should, "%lu", g.gid);
        snprintf(message, sizeof message, "gid changed %s to %s", is, should);
        rc |= group_modify(t, &g, "groupmod", "gid", "-g", should, is, should, message);
    }
    if (g.has_members) {
        Strs now = {0}, want = {0};
        for (size_t i = 0; i < cur->nmembers; i++)
            strs_add(&now, cur->members[i], strlen(cur->members[i]));
        Buf is = BUF_INIT, sorted = BUF_INIT, should = BUF_INIT, message = BUF_INIT;
        join(&is, &now);     /* file order: members_to_s of the current list */
        if (now.n)
            qsort(now.v, now.n, sizeof *now.v, cmp_str);
        join(&sorted, &now);
        members_should(&g, cur, &want);
        join(&should, &want);
        if (strcmp(buf_cstr(&sorted), buf_cstr(&should))) {
            buf_printf(&message, "members changed %s to %s", buf_cstr(&is), buf_cstr(&should));
            rc |= group_modify(t, &g, "gpasswd", "members", "-M", buf_cstr(&should), buf_cstr(&is), buf_cstr(&should),
                               buf_cstr(&message));
        }
        param_strlist_free(&now);
        param_strlist_free(&want);
        buf_free(&is);
        buf_free(&sorted);
        buf_free(&should);
        buf_free(&message);
    }
    rc = rc ? -1 : 0;
out:
    pw_free(&db);
    buf_free(&msg);
    group_free(&g);
    return rc;
}

/* mres: ensure, gid, and members when there are any. */
static int group_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    PwDb db = PWDB_INIT;
    if (pw_load(&db, root, PW_GROUP, err) != 0) {
        pw_free(&db);
        return -1;
    }
    const PwGroup *g = pw_group(&db, r->title);
    if (!g) {
        cat_res_set(c, r, "ensure", val_cstr(c->arena, "absent"));
    } else {
        cat_res_set(c, r, "ensure", val_cstr(c->arena, "present"));
        cat_res_set(c, r, "gid", val_int(c->arena, (int64_t)g->gid));
        if (g->nmembers) {
            Value **items = xcalloc(g->nmembers, sizeof *items);
            for (size_t i = 0; i < g->nmembers; i++)
                items[i] = val_cstr(c->arena, g->members[i]);
            cat_res_set(c, r, "members", val_array(c->arena, items, g->nmembers));
            free(items);
        }
    }
    pw_free(&db);
    return 0;
}

/* mres: every group in the group file, in file order. */
static int group_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    PwDb db = PWDB_INIT;
    int rc = pw_load(&db, root, PW_GROUP, err);
    for (size_t i = 0; rc == 0 && i < db.ngroups; i++)
        fn(ctx, db.groups[i].name);
    pw_free(&db);
    return rc;
}

const Provider provider_group = {
    .type = "group",
    .validate = group_validate,
    .apply = group_apply,
    .refresh = NULL,        /* group ignores events (docs/apply.md §4.1) */
    .autorequire = NULL,    /* docs/apply.md §7.2: none */
    .retrieve = group_retrieve,
    .instances = group_instances,
};
