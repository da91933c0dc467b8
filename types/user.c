/*
 * user.c - the user type with Puppet's useradd provider: an account in the
 * managed system's passwd and shadow, and its supplementary groups.  The
 * current state is read from <root>/etc/passwd, group and shadow
 * (types/passwd.c), never through NSS, so --root manages the tree and not
 * this machine; every change goes through useradd, usermod, userdel,
 * chpasswd and chage run with --root.
 *
 * The shape is Puppet's: when the account must be created or removed, that
 * is the one change (useradd gets every property at once, then chpasswd
 * and chage) and is logged as "ensure: created" / "removed"; otherwise
 * each property out of sync is synced and logged on its own, in the type's
 * order: home, uid, gid, comment, shell, password, the password ages,
 * groups, expiry.  Values print as Puppet prints them: numbers bare,
 * strings quoted, and the groups list in its odd List-property forms (the
 * current list joined and unquoted, the new one an array in the change
 * line and a quoted string in the noop line).  The password is always
 * "[redacted]", whether or not it was declared Sensitive (the property is
 * sensitive in Puppet), and never reaches a command line: chpasswd -e
 * reads it from a pipe.
 */
#include "types/txres.h"
#include "types/param.h"
#include "types/passwd.h"
#include "catalog/rubyval.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const Provider provider_user;

typedef enum { ENS_UNSET, ENS_PRESENT, ENS_ABSENT } Ensure;

/* A user's parameters, parsed and checked (user_parse).  Strings are
 * malloc'd; has_* say whether a property is managed. */
typedef struct User {
    const Resource *r;
    char *name;
    Ensure ensure;
    int has_uid;        unsigned long uid;
    char *gid;          /* as given: a number or a group name; NULL: unmanaged */
    int gid_numeric;    unsigned long gid_num;
    char *home, *shell, *comment, *password, *expiry;
    int has_age[3];     long age[3];   /* password_min_age, _max_age, _warn_days */
    int has_groups;     StrList groups;
    int inclusive;      /* membership => inclusive */
    int system, allowdupe, managehome;
    int purge_keys;     /* purge_ssh_keys is not false */
    int sensitive;      /* a Sensitive value or a password: useradd is redacted */
} User;

static const char *const age_props[3] = { "password_min_age", "password_max_age", "password_warn_days" };
static const char *const age_flags[3] = { "-m", "-M", "-W" };

static int is_sensitive_param(const Resource *r, const char *name)
{
    Value *v = cat_res_get((Resource *)r, name);
    if (v && v->kind == V_SENSITIVE)
        return 1;
    for (size_t i = 0; i < r->nsensitive; i++)
        if (!strcmp(r->sensitive[i], name))
            return 1;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A group name as useradd takes it: not empty, no ':' ',' or blanks. */
static int valid_group_name(const char *s)
{
    if (!*s)
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p == ':' || *p == ',' || *p <= ' ' || *p == 0x7f)
            return 0;
    return 1;
}

static int not_role(const char *s) { return strcmp(s, "role") != 0; }
/* Puppet leaves this to usermod ("homedir must be an absolute path") and
 * finds out about the shell when it syncs ("Shell bash must exist") */
static int absolute_field(const char *s) { return s[0] == '/' && !strchr(s, ':') && !strchr(s, '\n'); }
static int no_colon(const char *s) { return !strchr(s, ':'); }
static int comment_ok(const char *s) { return !strchr(s, ':') && !strchr(s, '\n'); }
/* the placeholder a redacted listing once printed: applying it would
 * lock the account behind the literal text */
static int not_placeholder(const char *s) { return strcmp(s, "[redacted]") != 0; }
static int not_gid(const char *s) { return !*s || strspn(s, "0123456789") != strlen(s); }
static int no_comma(const char *s) { return !strchr(s, ','); }
static int group_name_ok(const char *s) { return valid_group_name(s) && s[0] != '-'; }
static int expiry_ok(const char *e)
{
    return !strcmp(e, "absent") || (strlen(e) == 10 && strspn(e, "0123456789") == 4 && e[4] == '-' &&
                                    strspn(e + 5, "0123456789") == 2 && e[7] == '-' && strspn(e + 8, "0123456789") == 2);
}

/* purge_ssh_keys: true or false (as words too), a key file or an array of
 * them (absolute, or under ~/ or %h/); anything but false (or an empty
 * array) purges. */
static int user_purge_keys(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    User *u = obj;
    int word = v->kind == V_BOOL || (v->kind == V_STR && (!strcmp(v->str.s, "true") || !strcmp(v->str.s, "false")));
    size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
    for (size_t i = 0; !word && i < n; i++) {
        const Value *e = v->kind == V_ARRAY ? v->arr.items[i] : v;
        if (v->kind != V_ARRAY && v->kind != V_STR) {
            param_message(param_fail(err, r, p->name),
                          "purge_ssh_keys must be true, false, or an array of file names, not %i", r, p, v);
            return -1;
        }
        if (e->kind != V_STR) {
            Arena a;
            arena_init_small(&a);
            buf_printf(param_fail(err, r, p->name), "Each entry for purge_ssh_keys must be a string, not a %s",
                       rv_class(&a, e, RV_AGENT));
            arena_free(&a);
            return -1;
        }
        const char *s = e->str.s;
        if (s[0] != '/' && strncmp(s, "~/", 2) != 0 && strncmp(s, "%h/", 3) != 0) {
            param_message(param_fail(err, r, p->name), "Paths to keyfiles must be absolute, not %v", r, p, e);
            return -1;
        }
    }
    u->purge_keys = !(v->kind == V_BOOL && !v->b) && !(v->kind == V_STR && !strcmp(v->str.s, "false"))
                    && !(v->kind == V_ARRAY && v->arr.n == 0);
    return 0;
}

static const ParamWord user_ensures[] = { { "present", ENS_PRESENT }, { "absent", ENS_ABSENT }, { "role", ENS_UNSET },
                                          { NULL, 0 } };
static const ParamWord user_memberships[] = { { "inclusive", 1 }, { "minimum", 0 }, { NULL, 0 } };
/* newvalues(:true, :false, :yes, :no) */
static const ParamWord user_bools[] = { { "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 }, { NULL, 0 } };

/* useradd's parameters, in the order they are checked. */
static const ParamSpec user_params[] = {
    { "name", PK_NAMEVAR, .field = offsetof(User, name) },
    { "ensure", PK_WORD, offsetof(User, ensure), .words = user_ensures, .flags = PF_PROPERTY,
      .checks = { { not_role, "Provider useradd must have features 'manages_solaris_rbac' to set 'ensure' to 'role'" } } },
    /* Puppet passes a non-numeric uid on to usermod, which refuses it; we
     * refuse it before anything changes, in group's words. */
    { "uid", PK_ID, offsetof(User, uid), PARAM_GIVEN(User, has_uid), .flags = PF_PROPERTY, .bad = "Invalid UID %v" },
    /* a number, or a group name (resolved in the root at run time) */
    { "gid", PK_OWNER, offsetof(User, gid), .bad = "Invalid GID %v",
      .checks = { { group_name_ok, "Invalid GID %v" } } },
    { "home", PK_STRING, offsetof(User, home),
      .checks = { { absolute_field, "Home directory %v must be an absolute path" } } },
    { "shell", PK_STRING, offsetof(User, shell), .checks = { { absolute_field, "Shell %v must be an absolute path" } } },
    { "comment", PK_STRING, offsetof(User, comment),
      .checks = { { comment_ok, "Comments cannot include ':' or a newline" } } },
    { "password", PK_STRING, offsetof(User, password), .flags = PF_SECRET,
      .checks = { { no_colon, "Passwords cannot include ':'" },
                  { not_placeholder, "Refusing to set the password to the placeholder '[redacted]' (a redacted "
                                     "listing, not a password hash)" },
                  /* a newline would give chpasswd a second "name:hash" line */
                  { param_no_newline, "Passwords cannot include newlines" } } },
    { "password_min_age", PK_INT, offsetof(User, age[0]), PARAM_GIVEN(User, has_age[0]), .flags = PF_PROPERTY,
      .bad = "Password minimum age must be provided as a number." },
    { "password_max_age", PK_INT, offsetof(User, age[1]), PARAM_GIVEN(User, has_age[1]), .flags = PF_PROPERTY,
      .bad = "Password maximum age must be provided as a number." },
    { "password_warn_days", PK_INT, offsetof(User, age[2]), PARAM_GIVEN(User, has_age[2]), .flags = PF_PROPERTY,
      .bad = "Password warning days must be provided as a number." },
    { "groups", PK_LIST, offsetof(User, groups), PARAM_GIVEN(User, has_groups), .flags = PF_UNIQUE,
      .checks = { { not_gid, "Group names must be provided, not GID numbers." },
                  { no_comma, "Group names must be provided as an array, not a comma-separated list." },
                  { param_not_empty,
                    "Group names must not be empty. If you want to specify \"no groups\" pass an empty array" },
                  { valid_group_name, "Group names must not contain ':' or blanks." } } },
    { "membership", PK_WORD, offsetof(User, inclusive), .words = user_memberships },
    { "system", PK_WORD, offsetof(User, system), .words = user_bools },
    { "allowdupe", PK_WORD, offsetof(User, allowdupe), .words = user_bools },
    { "managehome", PK_BOOLEAN, .field = offsetof(User, managehome) },
    { "expiry", PK_STRING, offsetof(User, expiry),
      .checks = { { expiry_ok, "Expiry dates must be YYYY-MM-DD or the string \"absent\"" } } },
    { "purge_ssh_keys", PK_CUSTOM, .hook = user_purge_keys },
};

static void user_free(User *u)
{
    param_free(user_params, PARAM_COUNT(user_params), u);
    memset(u, 0, sizeof *u);
}

/* Parses and checks r's parameters into u (which the caller frees with
 * user_free even on failure).  On failure err holds Puppet's message,
 * "Parameter <p> failed on User[x]: ...".  Nothing here looks at the
 * system: mcomp runs it too, on another machine. */
static int user_parse(const Resource *r, User *u, Buf *err)
{
    memset(u, 0, sizeof *u);
    u->r = r;
    /* Puppet's has_sensitive_data?: a Sensitive value, or the password
     * (a sensitive property) at all */
    u->sensitive = r->nsensitive > 0 || provider_param(r, "password") != NULL;
    for (size_t i = 0; i < r->nparams; i++)
        if (r->params[i].value && r->params[i].value->kind == V_SENSITIVE)
            u->sensitive = 1;
    if (param_parse(user_params, PARAM_COUNT(user_params), r, u, err) != 0)
        return -1;
    u->gid_numeric = u->gid && pw_parse_id(u->gid, &u->gid_num);
    return 0;
}

static int user_validate(const Resource *r, Buf *err)
{
    User u;
    int rc = user_parse(r, &u, err);
    user_free(&u);
    return rc;
}

/* ---- showing values as Puppet does ---- */


static const char *quoted(Buf *b, const char *s)
{
    buf_clear(b);
    provider_quote(b, s);
    return buf_cstr(b);
}

/* A shadow expiry (days since 1970-01-01) as YYYY-MM-DD; -1: "absent". */
static void expiry_text(Buf *b, long days)
{
    if (days < 0) {
        buf_adds(b, "absent");
        return;
    }
    time_t t = (time_t)days * 86400;
    struct tm tm;
    gmtime_r(&t, &tm);
    buf_printf(b, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

/* The groups user is listed in, as Puppet's groups_of finds them through
 * getgrouplist: the primary group first (if the user is listed in it),
 * then the others in file order. */
static void current_groups(const PwDb *db, const PwUser *pw, StrList *out)
{
    const PwGroup *primary = pw_group_by_gid(db, pw->gid);
    if (primary && pw_is_member(primary, pw->name))
        param_strlist_push(out, xstrndup(primary->name, strlen(primary->name)));
    for (size_t i = 0; i < db->ngroups; i++) {
        const PwGroup *g = &db->groups[i];
        if (g->gid != pw->gid && pw_is_member(g, pw->name) && !param_strlist_has(out, g->name))
            param_strlist_push(out, xstrndup(g->name, strlen(g->name)));
    }
}

static void join(Buf *b, const StrList *s, const char *sep)
{
    for (size_t i = 0; i < s->n; i++)
        buf_printf(b, "%s%s", i ? sep : "", s->v[i]);
}

/* The groups the user should have, sorted and joined by ',' (the List
 * property's should): with membership minimum, the current ones too. */
static void groups_should(const User *u, const StrList *cur, StrList *out)
{
    for (size_t i = 0; i < u->groups.n; i++)
        param_strlist_push(out, xstrndup(u->groups.v[i], strlen(u->groups.v[i])));
    if (!u->inclusive && cur)
        for (size_t i = 0; i < cur->n; i++)
            if (!param_strlist_has(out, cur->v[i]))
                param_strlist_push(out, xstrndup(cur->v[i], strlen(cur->v[i])));
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, cmp_str);
}

/* ---- applying ---- */

/* A failed property: Puppet logs the error, then the failed change. */
static void fail_prop(TxRes *t, const char *prop, const char *from, const char *to, const char *msg)
{
    tx_log_plain(t, LL_ERR, "%s", msg);
    tx_failed(t, prop, from, to, "%s", msg);
}

/* Runs tool with args (NULL-terminated); on failure msg gets Puppet's
 * "Execution of ..." text. */
static int run_tool(TxRes *t, int redact, const char *tool, const char **args, Buf *msg)
{
    PwCmd c = { .tool = tool, .args = args, .redact = redact };
    return pw_run(t, &c, msg);
}

/* chpasswd -e, fed "name:hash" on stdin.  Puppet: "chpasswd said <output>"
 * when it fails or says anything. */
static int set_password(TxRes *t, const User *u, Buf *msg)
{
    static const char *const args[] = { "-e", NULL };
    Buf in = BUF_INIT, out = BUF_INIT, run_msg = BUF_INIT;
    buf_printf(&in, "%s:%s\n", u->name, u->password);
    PwCmd c = { .tool = "chpasswd", .args = args, .input = buf_cstr(&in), .redact = 1, .output = &out };
    int rc = pw_run(t, &c, &run_msg);
    while (out.len && (out.s[out.len - 1] == '\n' || out.s[out.len - 1] == ' '))
        out.s[--out.len] = '\0';
    if (rc != 0 || out.len) {
        if (out.len)
            buf_printf(msg, "chpasswd said %s", buf_cstr(&out));
        else
            buf_adds(msg, buf_cstr(&run_msg));
        rc = -1;
    }
    explicit_bzero(in.s, in.len);
    buf_free(&in);
    buf_free(&out);
    buf_free(&run_msg);
    return rc;
}

/* Puppet's check_valid_shell, on the managed system. */
static int check_shell(TxRes *t, const char *shell, Buf *msg)
{
    struct stat st;
    int rc = 0;
    /* in the root: a link or ".." in the shell's path stays inside it */
    if (rootfs_stat(shell, &st) != 0) {
        buf_printf(msg, "Shell %s must exist", shell);
        rc = -1;
    } else if (S_ISDIR(st.st_mode) || !(st.st_mode & 0111)) {
        buf_printf(msg, "Shell %s must be executable", shell);
        rc = -1;
    }
    return rc;
}

/* useradd with every managed property (Puppet's addcmd: the properties in
 * order of name, then -o, -m or -M, -r), then chage and chpasswd. */
static int user_create(TxRes *t, const User *u, const PwDb *db, Buf *msg)
{
    const char *args[40];
    char nums[4][24];
    size_t n = 0;
    Buf groups = BUF_INIT;
    int rc = -1;

    if (u->shell && check_shell(t, u->shell, msg) != 0)
        return -1;
    /* no gid: the group named like the user, if there is one */
    if (!u->gid && pw_group(db, u->name)) {
        args[n++] = "-g";
        args[n++] = u->name;
    }
    if (u->comment) {
        args[n++] = "-c";
        args[n++] = u->comment;
    }
    if (u->expiry) {
        args[n++] = "-e";
        args[n++] = strcmp(u->expiry, "absent") ? u->expiry : "";
    }
    if (u->gid) {
        args[n++] = "-g";
        args[n++] = u->gid;
    }
    if (u->has_groups && u->groups.n) {
        StrList want = {0};
        groups_should(u, NULL, &want);
        join(&groups, &want, ",");
        param_strlist_free(&want);
        args[n++] = "-G";
        args[n++] = buf_cstr(&groups);
    }
    if (u->home) {
        args[n++] = "-d";
        args[n++] = u->home;
    }
    if (u->shell) {
        args[n++] = "-s";
        args[n++] = u->shell;
    }
    if (u->has_uid) {
        snprintf(nums[0], sizeof nums[0], "%lu", u->uid);
        args[n++] = "-u";
        args[n++] = nums[0];
    }
    if (u->allowdupe)
        args[n++] = "-o";
    args[n++] = u->managehome ? "-m" : "-M";
    if (u->system)
        args[n++] = "-r";
    args[n++] = u->name;
    args[n] = NULL;

    Buf why = BUF_INIT;
    if (run_tool(t, u->sensitive, "useradd", args, &why) != 0) {
        buf_printf(msg, "Could not create user %s: %s", u->name, buf_cstr(&why));
        goto out;
    }
    if (u->has_age[0] || u->has_age[1] || u->has_age[2]) {
        n = 0;
        for (int k = 0; k < 3; k++)
            if (u->has_age[k]) {
                snprintf(nums[k + 1], sizeof nums[k + 1], "%ld", u->age[k]);
                args[n++] = age_flags[k];
                args[n++] = nums[k + 1];
            }
        args[n++] = u->name;
        args[n] = NULL;
        if (run_tool(t, u->sensitive, "chage", args, &why) != 0) {
            buf_printf(msg, "Could not create user %s: %s", u->name, buf_cstr(&why));
            goto out;
        }
    }
    if (u->password && set_password(t, u, msg) != 0)
        goto out;
    rc = 0;
out:
    buf_free(&why);
    buf_free(&groups);
    return rc;
}

/* One property's sync through usermod (or chage): "<tool> <flag> <value>
 * [-o] <name>".  On failure msg gets "Could not set <prop> on user[x]: ...". */
static int modify(TxRes *t, const User *u, const char *tool, const char *prop, const char *flag, const char *value,
                  Buf *msg)
{
    const char *args[6];
    size_t n = 0;
    args[n++] = flag;
    args[n++] = value;
    if (u->allowdupe && !strcmp(prop, "uid"))
        args[n++] = "-o";
    args[n++] = u->name;
    args[n] = NULL;
    Buf why = BUF_INIT;
    /* Puppet redacts a modify only when that property is sensitive */
    int rc = run_tool(t, is_sensitive_param(u->r, prop), tool, args, &why);
    if (rc != 0)
        buf_printf(msg, "Could not set %s on user[%s]: %s", prop, u->name, buf_cstr(&why));
    buf_free(&why);
    return rc;
}

/* One out-of-sync property. */
typedef struct Sync {
    const char *prop;
    const char *is, *should;   /* is_to_s and should_to_s: the noop and failure forms */
    const char *message;       /* change_to_s: the change line */
    const char *tool, *flag;   /* the modify call; tool NULL: the password (chpasswd) */
    const char *value;         /* the value passed; NULL for a gid name not found */
} Sync;

/* The noop line, or the sync and its change line, or the failure.
 * Returns 0, or -1 if it failed. */
static int sync_prop(TxRes *t, const User *u, const Sync *s)
{
    char event[64];
    snprintf(event, sizeof event, "%s_changed", s->prop);
    if (tx_noop(t)) {
        tx_would(t, s->prop, event, s->is, s->should);
        return 0;
    }
    Buf msg = BUF_INIT;
    int rc;
    if (!s->tool)
        rc = set_password(t, u, &msg);
    else if (!s->value)
        rc = (buf_printf(&msg, "Could not find group(s) %s", u->gid), -1);
    else if (!strcmp(s->prop, "shell") && check_shell(t, u->shell, &msg) != 0)
        rc = -1;
    else
        rc = modify(t, u, s->tool, s->prop, s->flag, s->value, &msg);
    if (rc == 0)
        tx_change(t, s->prop, event, "%s", s->message);
    else
        fail_prop(t, s->prop, s->is, s->should, buf_cstr(&msg));
    buf_free(&msg);
    return rc;
}

/* Property.change_to_s: defined / undefined / changed. */
static void change_text(Buf *b, const char *prop, int is_absent, const char *is, int should_absent, const char *should)
{
    if (is_absent)
        buf_printf(b, "defined '%s' as %s", prop, should);
    else if (should_absent)
        buf_printf(b, "undefined '%s' from %s", prop, is);
    else
        buf_printf(b, "%s changed %s to %s", prop, is, should);
}

/* A plain property (home, comment, shell): strings compared, quoted. */
static int sync_string(TxRes *t, const User *u, const char *prop, const char *flag, const char *cur, const char *want)
{
    if (!want || !strcmp(cur, want))
        return 0;
    Buf is = BUF_INIT, should = BUF_INIT, msg = BUF_INIT;
    provider_quote(&is, cur);
    provider_quote(&should, want);
    change_text(&msg, prop, 0, buf_cstr(&is), 0, buf_cstr(&should));
    Sync s = { prop, buf_cstr(&is), buf_cstr(&should), buf_cstr(&msg), "usermod", flag, want };
    int rc = sync_prop(t, u, &s);
    buf_free(&is);
    buf_free(&should);
    buf_free(&msg);
    return rc;
}

/* A numeric property: is and should bare.  cur NULL: absent (no shadow
 * entry for an age). */
static int sync_number(TxRes *t, const User *u, const char *prop, const char *tool, const char *flag,
                       const long *cur, long want)
{
    if (cur && *cur == want)
        return 0;
    Buf is = BUF_INIT, should = BUF_INIT, msg = BUF_INIT;
    if (cur)
        buf_printf(&is, "%ld", *cur);
    else
        buf_adds(&is, "'absent'");
    buf_printf(&should, "%ld", want);
    change_text(&msg, prop, !cur, buf_cstr(&is), 0, buf_cstr(&should));
    Sync s = { prop, buf_cstr(&is), buf_cstr(&should), buf_cstr(&msg), tool, flag, buf_cstr(&should) };
    int rc = sync_prop(t, u, &s);
    buf_free(&is);
    buf_free(&should);
    buf_free(&msg);
    return rc;
}

/* An existing account: each managed property in the type's order. */
static int user_sync(TxRes *t, const User *u, const PwDb *db, const PwUser *pw)
{
    const PwShadow *sp = pw_shadow(db, u->name);
    int rc = 0;

    rc |= sync_string(t, u, "home", "-d", pw->home, u->home);
    if (u->has_uid) {
        long cur = (long)pw->uid;
        rc |= sync_number(t, u, "uid", "usermod", "-u", &cur, (long)u->uid);
    }
    if (u->gid) {
        /* in sync when the wanted group (by number, or by name in the
         * root's group file) is the current gid; the should shows as given */
        const PwGroup *g = u->gid_numeric ? NULL : pw_group(db, u->gid);
        unsigned long want = u->gid_numeric ? u->gid_num : g ? g->gid : 0;
        if (!(u->gid_numeric || g) || want != pw->gid) {
            Buf is = BUF_INIT, should = BUF_INIT, msg = BUF_INIT;
            char num[24];
            snprintf(num, sizeof num, "%lu", want);
            buf_printf(&is, "%lu", pw->gid);
            if (u->gid_numeric)
                buf_adds(&should, num);
            else
                provider_quote(&should, u->gid);
            change_text(&msg, "gid", 0, buf_cstr(&is), 0, buf_cstr(&should));
            Sync s = { "gid", buf_cstr(&is), buf_cstr(&should), buf_cstr(&msg), "usermod", "-g",
                       u->gid_numeric || g ? num : NULL };
            rc |= sync_prop(t, u, &s);
            buf_free(&is);
            buf_free(&should);
            buf_free(&msg);
        }
    }
    rc |= sync_string(t, u, "comment", "-c", pw->gecos, u->comment);
    rc |= sync_string(t, u, "shell", "-s", pw->shell, u->shell);
    if (u->password && (!sp || strcmp(sp->hash, u->password))) {
        /* sensitive: Puppet never shows either value */
        Sync s = { "password", "[redacted]", "[redacted]", "changed [redacted] to [redacted]", NULL, NULL, NULL };
        rc |= sync_prop(t, u, &s);
    }
    for (int k = 0; k < 3; k++) {
        if (!u->has_age[k])
            continue;
        long cur = !sp ? 0 : k == 0 ? sp->min : k == 1 ? sp->max : sp->warn;
        rc |= sync_number(t, u, age_props[k], "chage", age_flags[k], sp ? &cur : NULL, u->age[k]);
    }
    if (u->has_groups) {
        StrList cur = {0}, want = {0}, sorted = {0};
        current_groups(db, pw, &cur);
        groups_should(u, &cur, &want);
        for (size_t i = 0; i < cur.n; i++)
            param_strlist_push(&sorted, xstrndup(cur.v[i], strlen(cur.v[i])));
        if (sorted.n)
            qsort(sorted.v, sorted.n, sizeof *sorted.v, cmp_str);
        Buf a = BUF_INIT, b = BUF_INIT;
        join(&a, &sorted, ",");
        join(&b, &want, ",");
        if (strcmp(buf_cstr(&a), buf_cstr(&b))) {
            /* List#is_to_s joins the current list bare; should_to_s quotes
             * the joined should; change_to_s shows it as an array */
            Buf is = BUF_INIT, should = BUF_INIT, msg = BUF_INIT, q = BUF_INIT;
            join(&is, &cur, ",");
            provider_quote(&should, buf_cstr(&b));
            buf_printf(&msg, "groups changed %s to [", buf_cstr(&is));
            for (size_t i = 0; i < want.n; i++)
                buf_printf(&msg, "%s%s", i ? ", " : "", quoted(&q, want.v[i]));
            buf_addc(&msg, ']');
            Sync s = { "groups", buf_cstr(&is), buf_cstr(&should), buf_cstr(&msg), "usermod", "-G", buf_cstr(&b) };
            rc |= sync_prop(t, u, &s);
            buf_free(&is);
            buf_free(&should);
            buf_free(&msg);
            buf_free(&q);
        }
        buf_free(&a);
        buf_free(&b);
        param_strlist_free(&cur);
        param_strlist_free(&want);
        param_strlist_free(&sorted);
    }
    if (u->expiry) {
        Buf cur = BUF_INIT;
        expiry_text(&cur, sp ? sp->expire : -1);
        if (strcmp(buf_cstr(&cur), u->expiry)) {
            Buf is = BUF_INIT, should = BUF_INIT, msg = BUF_INIT;
            int absent = !strcmp(u->expiry, "absent");
            provider_quote(&is, buf_cstr(&cur));
            provider_quote(&should, u->expiry);
            change_text(&msg, "expiry", !strcmp(buf_cstr(&cur), "absent"), buf_cstr(&is), absent, buf_cstr(&should));
            /* usermod -e '' clears the expiry */
            Sync s = { "expiry", buf_cstr(&is), buf_cstr(&should), buf_cstr(&msg), "usermod", "-e",
                       absent ? "" : u->expiry };
            rc |= sync_prop(t, u, &s);
            buf_free(&is);
            buf_free(&should);
            buf_free(&msg);
        }
        buf_free(&cur);
    }
    return rc ? -1 : 0;
}

/* Attributes whose provider feature useradd lacks: Puppet drops them with
 * a debug line and manages the rest. */
static void drop_unsupported(TxRes *t, const Resource *r)
{
    static const char *const attrs[][2] = {
        { "manages_aix_lam", "attributes" },       { "manages_solaris_rbac", "auths" },
        { "manages_local_users_and_groups", "forcelocal" }, { "manages_aix_lam", "ia_load_module" },
        { "manages_password_salt", "iterations" }, { "manages_solaris_rbac", "keys" },
        { "manages_loginclass", "loginclass" },    { "manages_solaris_rbac", "profiles" },
        { "manages_solaris_rbac", "project" },     { "manages_roles", "roles" },
        { "manages_password_salt", "salt" },
    };
    for (size_t i = 0; i < ARRAY_LEN(attrs); i++)
        if (provider_param(r, attrs[i][1]))
            tx_log(t, LL_DEBUG, NULL, "Provider useradd does not support features %s; not managing attribute %s",
                   attrs[i][0], attrs[i][1]);
}

static int user_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    User u;
    PwDb db = PWDB_INIT;
    Buf msg = BUF_INIT;
    int rc = 0;

    if (user_parse(r, &u, &msg) != 0) {
        /* validate() should have stopped this resource before the run */
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    drop_unsupported(t, r);
    if (u.purge_keys)
        tx_log(t, LL_WARNING, NULL, "Ssh_authorized_key type is not available. Cannot purge SSH keys.");
    if (u.ensure == ENS_UNSET) {
        /* Puppet: ensure defaults to present once any property is managed */
        int managed = u.has_uid || u.gid || u.home || u.shell || u.comment || u.password || u.expiry ||
                      u.has_groups || u.has_age[0] || u.has_age[1] || u.has_age[2];
        if (!managed)
            goto out;
        u.ensure = ENS_PRESENT;
    }
    if (pw_load(&db, tx_root(t), PW_PASSWD | PW_GROUP | PW_SHADOW, &msg) != 0) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&msg));
        rc = -1;
        goto out;
    }
    const PwUser *pw = pw_user(&db, u.name);
    if (u.ensure == ENS_ABSENT) {
        if (!pw)
            goto out;
        if (tx_noop(t)) {
            tx_would(t, "ensure", "user_removed", "'present'", "'absent'");
            goto out;
        }
        const char *args[4];
        size_t n = 0;
        if (u.managehome)
            args[n++] = "-r";
        args[n++] = u.name;
        args[n] = NULL;
        Buf why = BUF_INIT;
        if (run_tool(t, 0, "userdel", args, &why) != 0) {
            buf_printf(&msg, "Could not delete user %s: %s", u.name, buf_cstr(&why));
            fail_prop(t, "ensure", "'present'", "'absent'", buf_cstr(&msg));
            rc = -1;
        } else {
            tx_change(t, "ensure", "user_removed", "removed");
        }
        buf_free(&why);
        goto out;
    }
    if (!pw) {
        if (tx_noop(t)) {
            tx_would(t, "ensure", "user_created", "'absent'", "'present'");
        } else if (user_create(t, &u, &db, &msg) != 0) {
            fail_prop(t, "ensure", "'absent'", "'present'", buf_cstr(&msg));
            rc = -1;
        } else {
            tx_change(t, "ensure", "user_created", "created");
        }
        goto out;
    }
    rc = user_sync(t, &u, &db, pw);
out:
    pw_free(&db);
    buf_free(&msg);
    user_free(&u);
    return rc;
}

/* docs/apply.md §7.2: Group[gid] when gid is a name, or the managed group whose gid
 * equals a numeric one; then Group[g] for each of groups. */
static void user_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v = provider_param(r, "gid");
    unsigned long id;
    if (v && (v->kind == V_INT || (v->kind == V_STR && v->str.s[0] && pw_parse_id(v->str.s, &id)))) {
        if (v->kind == V_INT) id = (unsigned long)v->i;
        for (size_t i = 0; c && i < c->nres; i++) {
            Resource *g = c->res[i];
            Value *gid = strcmp(g->type, "Group") ? NULL : provider_param(g, "gid");
            unsigned long gv;
            if (gid && ((gid->kind == V_INT && (unsigned long)gid->i == id) ||
                        (gid->kind == V_STR && pw_parse_id(gid->str.s, &gv) && gv == id))) {
                add(ctx, "Group", g->title);
                break;
            }
        }
    } else if (v && v->kind == V_STR && v->str.s[0]) {
        add(ctx, "Group", v->str.s);
    }
    if ((v = provider_param(r, "groups"))) {
        size_t n = v->kind == V_ARRAY ? v->arr.n : 1;
        for (size_t i = 0; i < n; i++) {
            const Value *g = v->kind == V_ARRAY ? v->arr.items[i] : v;
            if (g->kind == V_STR && g->str.s[0])
                add(ctx, "Group", g->str.s);
        }
    }
}

/* mres: the account as puppet resource shows it (ensure, then the
 * properties by name; an empty comment or groups list left out); the
 * password hash wrapped in Sensitive, so that the listing applies back
 * unchanged (mres prints it only there, never in a log line). */
static int user_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    PwDb db = PWDB_INIT;
    if (pw_load(&db, root, PW_PASSWD | PW_GROUP | PW_SHADOW, err) != 0) {
        pw_free(&db);
        return -1;
    }
    const PwUser *pw = pw_user(&db, r->title);
    if (!pw) {
        cat_res_set(c, r, "ensure", val_cstr(c->arena, "absent"));
        pw_free(&db);
        return 0;
    }
    const PwShadow *sp = pw_shadow(&db, pw->name);
    cat_res_set(c, r, "ensure", val_cstr(c->arena, "present"));
    if (pw->gecos[0])
        cat_res_set(c, r, "comment", val_cstr(c->arena, pw->gecos));
    if (sp && sp->expire >= 0) {
        Buf e = BUF_INIT;
        expiry_text(&e, sp->expire);
        cat_res_set(c, r, "expiry", val_cstr(c->arena, buf_cstr(&e)));
        buf_free(&e);
    }
    cat_res_set(c, r, "gid", val_int(c->arena, (int64_t)pw->gid));
    StrList cur = {0};
    current_groups(&db, pw, &cur);
    if (cur.n) {
        Value **items = xcalloc(cur.n, sizeof *items);
        for (size_t i = 0; i < cur.n; i++)
            items[i] = val_cstr(c->arena, cur.v[i]);
        cat_res_set(c, r, "groups", val_array(c->arena, items, cur.n));
        free(items);
    }
    param_strlist_free(&cur);
    cat_res_set(c, r, "home", val_cstr(c->arena, pw->home));
    if (sp) {
        cat_res_set(c, r, "password", val_sensitive(c->arena, val_cstr(c->arena, sp->hash)));
        cat_res_set(c, r, "password_max_age", val_int(c->arena, sp->max));
        cat_res_set(c, r, "password_min_age", val_int(c->arena, sp->min));
        cat_res_set(c, r, "password_warn_days", val_int(c->arena, sp->warn));
    }
    cat_res_set(c, r, "shell", val_cstr(c->arena, pw->shell));
    cat_res_set(c, r, "uid", val_int(c->arena, (int64_t)pw->uid));
    pw_free(&db);
    return 0;
}

/* mres: every account in passwd, in file order (as getpwent gives them). */
static int user_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    PwDb db = PWDB_INIT;
    int rc = pw_load(&db, root, PW_PASSWD, err);
    for (size_t i = 0; rc == 0 && i < db.nusers; i++)
        fn(ctx, db.users[i].name);
    pw_free(&db);
    return rc;
}

const Provider provider_user = {
    .type = "user",
    .validate = user_validate,
    .apply = user_apply,
    .refresh = NULL,        /* user ignores events (docs/apply.md §4.1) */
    .autorequire = user_autorequire,
    .retrieve = user_retrieve,
    .instances = user_instances,
};
