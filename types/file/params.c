/*
 * params.c - the file type's parameters: a File resource read into a
 * FileSpec (file_parse) with Puppet's messages for every value it refuses,
 * which is also the whole of its pre-run validation (file_validate).  The
 * parameters are a table of types/param.h, checked in its order: the
 * booleans, links and recurselimit are plain kinds, and hooks keep what no
 * kind expresses (the path, Sensitive content, source lists, the rules
 * that tie content, source, target, checksum and recurse together, the
 * mode grammar, backup's forms), their strings pointing into the
 * resource's values, which outlive the FileSpec.  Then the
 * mode grammar (numeric, and symbolic as Puppet's symbolic_mode_to_int
 * applies it to the current mode); and owners and groups, resolved at
 * apply time by name in the root's passwd and group files (under --root
 * the system's NSS modules are not ours to load).
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "types/param.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int file_is_numeric_mode(const char *m)
{
    size_t n = strlen(m);
    if (n && m[0] == '0' && n > 1) { m++; n--; }
    return n >= 1 && n <= 4 && strspn(m, "01234567") == n;
}

static int is_symbolic_mode(const char *m)
{
    /* ([ugoa]*[-=+][-=+rstwxXugo]*)(,...)* */
    const char *p = m;
    for (;;) {
        p += strspn(p, "ugoa");
        if (!*p || !strchr("-=+", *p))
            return 0;
        p += strspn(p, "-=+rstwxXugo");
        if (!*p)
            return 1;
        if (*p != ',')
            return 0;
        p++;
    }
}

/* Puppet's symbolic_mode_to_int: applies a numeric or symbolic mode to the
 * current mode cur.  Returns -1 for what Puppet rejects at sync time. */
long file_symbolic_mode(const char *mod, unsigned cur, int is_dir)
{
    if (file_is_numeric_mode(mod))
        return strtol(mod, NULL, 8);
    unsigned fm[4] = { (cur & 07000) >> 9, (cur & 0700) >> 6, (cur & 070) >> 3, cur & 07 };
    int any_x = (cur & 0111) != 0;
    char *copy = xstrndup(mod, strlen(mod)), *save = NULL;
    long rc = 0;
    for (char *part = strtok_r(copy, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
        size_t wl = strspn(part, "ugoa");
        const char *dsl = part + wl;
        char who[4] = "";
        if (!*dsl || !strchr("-+=", *dsl)) { rc = -1; break; }
        if (!wl || memchr(part, 'a', wl))
            strcpy(who, "ugo");
        else {
            size_t k = 0;
            for (const char *w = "ugo"; *w; w++)
                if (memchr(part, *w, wl))
                    who[k++] = *w;
            who[k] = '\0';
        }
        unsigned snap[4];
        memcpy(snap, fm, sizeof snap);
        for (const char *w = who; *w; w++) {
            int wi = *w == 'u' ? 1 : *w == 'g' ? 2 : 3;
            unsigned value = snap[wi];
            char action = '!';
            for (const char *op = dsl; *op; op++) {
                unsigned bit;
                if (strchr("-+=", *op)) {
                    action = *op;
                    if (*op == '=')
                        value = 0;
                    continue;
                }
                if (*op == 'u' || *op == 'g' || *op == 'o')
                    bit = snap[*op == 'u' ? 1 : *op == 'g' ? 2 : 3];
                else if (*op == 'r') bit = 4;
                else if (*op == 'w') bit = 2;
                else if (*op == 'x') bit = 1;
                else if (*op == 'X') {
                    if (action != '+') { rc = -1; goto done; }
                    if (!(is_dir || any_x))
                        continue;
                    bit = 1;
                } else if (*op == 's' || *op == 't') {
                    unsigned sb = *op == 't' ? 1 : wi == 1 ? 4 : wi == 2 ? 2 : 1;
                    fm[0] = action == '-' ? fm[0] & ~sb : fm[0] | sb;
                    continue;
                } else { rc = -1; goto done; }
                value = action == '-' ? value & ~bit : value | bit;
            }
            fm[wi] = value & 7;
        }
    }
done:
    free(copy);
    if (rc < 0)
        return -1;
    return (long)(fm[0] << 9 | fm[1] << 6 | fm[2] << 3 | fm[3]);
}

/* Puppet's dirmask: on a directory, each read bit brings its search bit. */
unsigned file_dirmask(unsigned m)
{
    if (m & 0400) m |= 0100;
    if (m & 040) m |= 010;
    if (m & 04) m |= 01;
    return m;
}

void file_free(FileSpec *f)
{
    free(f->path);
    free(f->src_path);
    free(f->src_files);
    if (f->src_base_owned && f->src_base >= 0)
        close(f->src_base);
    buf_free(&f->source_data);
    free(f->link_target);
    memset(f, 0, sizeof *f);
}

/* The text of a String, or of an Integer (owner => 0), or NULL. */
static const char *scalar_text(const Value *v, char *num, size_t n)
{
    if (v->kind == V_STR)
        return v->str.s;
    if (v->kind == V_INT) {
        snprintf(num, n, "%lld", (long long)v->i);
        return num;
    }
    return NULL;
}

/* "Invalid value \"x\". Valid values are ..." for a parameter: the value
 * as Ruby's inspect shows it, as Puppet's messages do ("x" quoted, 5, true,
 * ["a"], {"k"=>1}). */
static void invalid_value(Buf *err, const Resource *r, const char *name, const Value *v, const char *valid)
{
    Buf s = BUF_INIT;
    provider_inspect(&s, v);
    buf_printf(err, "Parameter %s failed on %s: Invalid value %s. %s", name, r->ref, buf_cstr(&s), valid);
    buf_free(&s);
}

/* One source: an absolute path, file: or puppet: URI.  Puppet's messages. */
static int check_source(const Resource *r, const char *s, Buf *err)
{
    if (s[0] == '/')
        return 0;
    size_t scheme = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");
    if (!scheme || s[scheme] != ':') {
        buf_printf(err, "Parameter source failed on %s: Cannot use relative URLs '%s'", r->ref, s);
        return -1;
    }
    if (!strncmp(s, "file:", 5)) {
        const char *p = !strncmp(s, "file://", 7) ? s + 7 : s + 5;
        if (p[0] == '/')
            return 0;
        buf_printf(err, "Parameter source failed on %s: Cannot use relative URLs '%s'", r->ref, s);
        return -1;
    }
    if (!strncmp(s, "puppet:", 7)) {
        if (!strncmp(s, "puppet://", 9) && strchr(s + 9, '/'))
            return 0;
        buf_printf(err, "Parameter source failed on %s: Cannot use relative URLs '%s'", r->ref, s);
        return -1;
    }
    /* Puppet fetches http(s) sources; mapply never reaches the network, so
     * these get Puppet's message for a scheme it does not serve. */
    buf_printf(err, "Parameter source failed on %s: Cannot use URLs of type '%.*s' as source for fileserving",
               r->ref, (int)scheme, s);
    return -1;
}

/* A String or an Array of Strings; -1 for anything else. */
static int string_list(const Value *v)
{
    if (v->kind == V_STR)
        return 0;
    if (v->kind != V_ARRAY)
        return -1;
    for (size_t i = 0; i < v->arr.n; i++)
        if (v->arr.items[i]->kind != V_STR)
            return -1;
    return 0;
}

size_t file_list_len(const Value *v) { return !v ? 0 : v->kind == V_ARRAY ? v->arr.n : 1; }

const char *file_list_at(const Value *v, size_t i) { return v->kind == V_ARRAY ? v->arr.items[i]->str.s : v->str.s; }

/* ---- the parameter table ------------------------------------------- */

/* The parameters no kind of types/param.h expresses, as hooks in the
 * table below: each reads v (provider_param's value; NULL for an unset
 * PF_ALWAYS one) into the FileSpec obj, whose strings point into the
 * resource's values, and writes the whole message on failure (the
 * cross-parameter rules have no "Parameter" prefix: mapply prefixes them
 * with "Validation of File[/x] failed: "). */

static int path_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    const char *path = v && v->kind == V_STR ? v->str.s : r->title;
    if (path[0] != '/') {
        buf_printf(err, "Parameter path failed on %s: File paths must be fully qualified, not '%s'", r->ref, path);
        return -1;
    }
    /* Puppet's File.expand_path: "/../outside/x" is "/outside/x" (in the root) */
    f->path = rootfs_canon(path);
    f->src_base = -1;
    return 0;
}

/* content: read raw (not through provider_param) so that a Sensitive
 * value, or one the catalog lists as sensitive, marks the file's diffs. */
static int content_hook(const ParamSpec *p, const Resource *r, const Value *unused, void *obj, Buf *err)
{
    (void)p;
    (void)unused;
    FileSpec *f = obj;
    const Value *v;
    if ((v = cat_res_get((Resource *)r, "content")) && v->kind != V_UNDEF) {
        int sens = v->kind == V_SENSITIVE;
        for (size_t i = 0; i < r->nsensitive; i++)
            if (!strcmp(r->sensitive[i], "content"))
                sens = 1;
        if (v->kind == V_SENSITIVE)
            v = v->sensitive;
        if (v->kind != V_STR && v->kind != V_BINARY) {   /* a Binary: its bytes (the catalog holds its Base64) */
            buf_printf(err, "Parameter content failed on %s: Content must be a String, got %s", r->ref,
                       val_type_name(v));
            return -1;
        }
        f->content = v->str.s;
        f->content_len = v->str.len;
        f->sensitive = sens;
    }
    return 0;
}

static int source_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    if (string_list(v) != 0) {
        buf_printf(err, "Parameter source failed on %s: Source must be a String or an Array of Strings, not %s",
                   r->ref, val_type_name(v));
        return -1;
    }
    for (size_t i = 0; i < file_list_len(v); i++)
        if (check_source(r, file_list_at(v, i), err) != 0)
            return -1;
    if (file_list_len(v)) f->source = v;        /* source => [] names no source: Puppet accepts it */
    return 0;
}

/* target, then the rule on content, source and target together. */
static int target_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    (void)r;
    FileSpec *f = obj;
    if (v && v->kind == V_STR && strcmp(v->str.s, "notlink") != 0)
        f->target = v->str.s;
    if ((f->content != NULL) + (f->source != NULL) + (f->target != NULL) > 1) {
        buf_adds(err, "You cannot specify more than one of content, source, target");
        return -1;
    }
    return 0;
}

/* ensure: a word, or a link target; unset with content, a file. */
static int ensure_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    if (v) {
        const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : "";
        if (!strcmp(s, "absent") || !strcmp(s, "false")) f->ensure = EN_ABSENT;
        else if (!strcmp(s, "present")) f->ensure = EN_PRESENT;
        else if (!strcmp(s, "file")) f->ensure = EN_FILE;
        else if (!strcmp(s, "directory")) f->ensure = EN_DIRECTORY;
        else if (!strcmp(s, "link")) f->ensure = EN_LINK;
        else if (strchr(s, '/')) {
            /* A path is a link target (Puppet's deprecated form). */
            f->ensure = EN_LINK;
            f->target = s;
        } else if (v->kind == V_STR && !v->str.len) {
            invalid_value(err, r, "ensure", v, "Valid values are absent, file, present, directory, link. Valid values match /./.");
            return -1;
        } else {
            /* Puppet takes any word as a link target too; a bare word is
             * far more often a typo ("fiel") than a target, so refuse it. */
            invalid_value(err, r, "ensure", v,
                          "Valid values are absent, false, file, present, directory, link, or a link target path.");
            return -1;
        }
    } else if (f->content) {
        f->ensure = EN_FILE;
    }
    return 0;
}

/* mode: numeric or symbolic, kept as text (a symbolic mode applies to the
 * mode found at apply time). */
static int mode_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    if (v->kind != V_STR) {
        buf_printf(err, "Parameter mode failed on %s: The file mode specification must be a string, not '%s'",
                   r->ref, val_type_name(v));
        return -1;
    }
    if (!file_is_numeric_mode(v->str.s) && !is_symbolic_mode(v->str.s)) {
        Buf shown = BUF_INIT;
        provider_inspect(&shown, v);
        buf_printf(err, "Parameter mode failed on %s: The file mode specification is invalid: %s", r->ref,
                   buf_cstr(&shown));
        buf_free(&shown);
        return -1;
    }
    f->mode = v->str.s;
    return 0;
}

/* owner and group: a name, or an id (an Integer kept as text in the
 * FileSpec's own buffer); resolved at apply time (file_resolve_ids). */
static int id_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    FileSpec *f = obj;
    int is_owner = !strcmp(p->name, "owner");
    const char *s = scalar_text(v, is_owner ? f->owner_num : f->group_num, sizeof f->owner_num);
    if (!s || !s[0]) {
        Buf shown = BUF_INIT;
        provider_inspect(&shown, v);
        buf_printf(err, "Parameter %s failed on %s: Invalid %s %s: a name or a numeric id is needed",
                   p->name, r->ref, p->name, buf_cstr(&shown));
        buf_free(&shown);
        return -1;
    }
    *(is_owner ? &f->owner : &f->group) = s;
    return 0;
}

/* checksum: Puppet's words, of which mapply computes all but the SHA-1
 * and SHA-2 512/384/224 family; and its rules with source and content. */
static int checksum_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    const char *s = v->kind == V_STR ? v->str.s : "";
    size_t k = 0;
    while (k < ARRAY_LEN(file_checksum_names) && strcmp(s, file_checksum_names[k]))
        k++;
    static const char *const unsupported[] = { "sha1", "sha1lite", "sha512", "sha384", "sha224" };
    for (size_t i = 0; k == ARRAY_LEN(file_checksum_names) && i < ARRAY_LEN(unsupported); i++)
        if (!strcmp(s, unsupported[i])) {
            buf_printf(err, "Parameter checksum failed on %s: mapply does not compute %s checksums; "
                            "use sha256, sha256lite, md5, md5lite, mtime, ctime or none", r->ref, s);
            return -1;
        }
    if (k == ARRAY_LEN(file_checksum_names)) {
        invalid_value(err, r, "checksum", v, "Valid values are sha256, sha256lite, md5, md5lite, sha1, "
                      "sha1lite, sha512, sha384, sha224, mtime, ctime, none.");
        return -1;
    }
    f->checksum = (Checksum)k;
    if (f->checksum == CK_NONE && f->source) {
        buf_adds(err, "You cannot specify source when using checksum 'none'");
        return -1;
    }
    if (!ck_is_hash(f->checksum) && f->content) {
        buf_printf(err, "You cannot specify content when using checksum '%s'", s);
        return -1;
    }
    return 0;
}

static int backup_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    f->backup_explicit = 1;
    const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : NULL;
    if (!s) {
        Buf shown = BUF_INIT;
        provider_inspect(&shown, v);
        buf_printf(err, "Parameter backup failed on %s: Invalid backup type %s", r->ref, buf_cstr(&shown));
        buf_free(&shown);
        return -1;
    }
    if (!strcmp(s, "false") || !s[0]) {
        f->backup = BK_NONE;
    } else if (!strcmp(s, "true")) {
        f->backup = BK_SUFFIX;        /* Puppet: true means the suffix .puppet-bak */
        f->backup_name = ".puppet-bak";
    } else if (s[0] == '.') {
        f->backup = BK_SUFFIX;
        f->backup_name = s;
    } else {
        /* Any filebucket name: there is one bucket here, the local one;
         * the name only shows in the messages. */
        f->backup = BK_BUCKET;
        f->backup_name = s;
    }
    return 0;
}

static int recurse_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : "";
    if (!strcmp(s, "true") || !strcmp(s, "yes")) f->recurse = RC_YES;
    else if (!strcmp(s, "false") || !strcmp(s, "no")) f->recurse = RC_NO;
    else if (!strcmp(s, "remote")) f->recurse = RC_REMOTE;
    else {
        Buf shown = BUF_INIT;
        provider_inspect(&shown, v);
        buf_printf(err, "Parameter recurse failed on %s: Invalid recurse value %s", r->ref, buf_cstr(&shown));
        buf_free(&shown);
        return -1;
    }
    if (f->recurse == RC_REMOTE && !f->source) {
        buf_adds(err, "You cannot specify a remote recursion without a source");
        return -1;
    }
    return 0;
}

static int ignore_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    (void)p;
    FileSpec *f = obj;
    if (string_list(v) != 0) {
        buf_printf(err, "Parameter ignore failed on %s: Ignore must be a string or an Array", r->ref);
        return -1;
    }
    f->ignore = v;
    return 0;
}

/* validate_cmd and validate_replacement: Strings, kept as given. */
static int command_hook(const ParamSpec *p, const Resource *r, const Value *v, void *obj, Buf *err)
{
    FileSpec *f = obj;
    if (v->kind != V_STR) {
        buf_printf(err, "Parameter %s failed on %s: %s must be a String, not %s", p->name, r->ref, p->name,
                   val_type_name(v));
        return -1;
    }
    *(!strcmp(p->name, "validate_cmd") ? &f->validate_cmd : &f->validate_repl) = v->str.s;
    return 0;
}

static const ParamWord yes_no[] = { { "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 }, { NULL, 0 } };
static const ParamWord follow_manage[] = { { "follow", 1 }, { "manage", 0 }, { NULL, 0 } };

static int all_digits(const char *s) { return s[0] && strspn(s, "0123456789") == strlen(s); }

/* The file type's parameters, checked in this order (the first bad one
 * reports; a rule on two parameters sits at the later one). */
static const ParamSpec file_params[] = {
    { .name = "path", .kind = PK_CUSTOM, .hook = path_hook, .flags = PF_ALWAYS },
    { .name = "content", .kind = PK_CUSTOM, .hook = content_hook, .flags = PF_ALWAYS },
    { .name = "source", .kind = PK_CUSTOM, .hook = source_hook },
    { .name = "target", .kind = PK_CUSTOM, .hook = target_hook, .flags = PF_ALWAYS },
    { .name = "ensure", .kind = PK_CUSTOM, .hook = ensure_hook, .flags = PF_ALWAYS },
    { .name = "mode", .kind = PK_CUSTOM, .hook = mode_hook },
    { .name = "owner", .kind = PK_CUSTOM, .hook = id_hook },
    { .name = "group", .kind = PK_CUSTOM, .hook = id_hook },
    { .name = "force", .kind = PK_WORD, .field = offsetof(FileSpec, force), .words = yes_no },
    { .name = "replace", .kind = PK_WORD, .field = offsetof(FileSpec, replace), .words = yes_no },
    { .name = "purge", .kind = PK_WORD, .field = offsetof(FileSpec, purge), .words = yes_no },
    { .name = "show_diff", .kind = PK_WORD, .field = offsetof(FileSpec, show_diff), .words = yes_no },
    { .name = "links", .kind = PK_WORD, .field = offsetof(FileSpec, links_follow), .words = follow_manage },
    { .name = "checksum", .kind = PK_CUSTOM, .hook = checksum_hook },
    { .name = "backup", .kind = PK_CUSTOM, .hook = backup_hook },
    { .name = "recurse", .kind = PK_CUSTOM, .hook = recurse_hook },
    { .name = "recurselimit", .kind = PK_INT, .field = offsetof(FileSpec, recurselimit),
      .bad = "Invalid value %i. Valid values match /^[0-9]+$/.",
      .checks = { { all_digits, "Invalid value %i. Valid values match /^[0-9]+$/." } } },
    { .name = "ignore", .kind = PK_CUSTOM, .hook = ignore_hook },
    { .name = "validate_cmd", .kind = PK_CUSTOM, .hook = command_hook },
    { .name = "validate_replacement", .kind = PK_CUSTOM, .hook = command_hook },
};

/* Parses r into f; -1 with Puppet's message ("Parameter mode failed on
 * File[/x]: ...", or a bare reason mapply prefixes with "Validation of
 * File[/x] failed: ") in err. */
int file_parse(const Resource *r, const char *root, FileSpec *f, Buf *err)
{
    memset(f, 0, sizeof *f);
    f->r = r;
    f->root = root ? root : "";
    f->replace = 1;
    f->show_diff = 1;
    f->uid = f->gid = -1;
    f->recurselimit = -1;
    f->validate_repl = "%";
    /* this product's rule: replaced content is kept so it can be restored */
    f->backup = BK_BUCKET;
    f->backup_name = "puppet";
    f->src_base = -1;
    return param_parse(file_params, PARAM_COUNT(file_params), r, f, err);
}

int file_validate(const Resource *r, Buf *err)
{
    FileSpec f;
    int rc = file_parse(r, "", &f, err);
    file_free(&f);
    return rc;
}

/* ---- users and groups ----------------------------------------------- */

int file_all_digits(const char *s) { return s[0] && strspn(s, "0123456789") == strlen(s); }

/* The root's /etc/passwd (user = 1) or /etc/group, opened in the root. */
static FILE *open_db(int user)
{
    int fd = rootfs_open(user ? "/etc/passwd" : "/etc/group", O_RDONLY | O_NONBLOCK, 0);
    FILE *fp = fd >= 0 ? fdopen(fd, "re") : NULL;
    if (!fp && fd >= 0)
        close(fd);
    return fp;
}

/* The id of a user (user = 1) or group called name, from root's passwd or
 * group file when root is set (parsed: its NSS modules are not ours to
 * load), else through the system's lookup.  Digits are an id as they
 * are.  -1 when there is no such name. */
static long lookup_id(const char *root, int user, const char *name)
{
    if (file_all_digits(name))
        return strtol(name, NULL, 10);
    if (!root[0]) {
        if (user) {
            struct passwd *pw = getpwnam(name);
            return pw ? (long)pw->pw_uid : -1;
        }
        struct group *gr = getgrnam(name);
        return gr ? (long)gr->gr_gid : -1;
    }
    FILE *fp = open_db(user);
    long id = -1;
    if (!fp)
        return -1;
    if (user) {
        for (struct passwd *pw; (pw = fgetpwent(fp));)
            if (!strcmp(pw->pw_name, name)) {
                id = (long)pw->pw_uid;
                break;
            }
    } else {
        for (struct group *gr; (gr = fgetgrent(fp));)
            if (!strcmp(gr->gr_name, name)) {
                id = (long)gr->gr_gid;
                break;
            }
    }
    fclose(fp);
    return id;
}

/* How Puppet shows an owner or group: the name quoted ("'root'"), or the
 * bare number when the id has no name. */
void file_id_shown(const char *root, int user, long id, Buf *out)
{
    const char *name = NULL;
    FILE *fp = NULL;
    if (!root[0]) {
        if (user) {
            struct passwd *pw = getpwuid((uid_t)id);
            name = pw ? pw->pw_name : NULL;
        } else {
            struct group *gr = getgrgid((gid_t)id);
            name = gr ? gr->gr_name : NULL;
        }
    } else {
        fp = open_db(user);
        if (fp && user) {
            for (struct passwd *pw; !name && (pw = fgetpwent(fp));)
                if ((long)pw->pw_uid == id)
                    name = pw->pw_name;
        } else if (fp) {
            for (struct group *gr; !name && (gr = fgetgrent(fp));)
                if ((long)gr->gr_gid == id)
                    name = gr->gr_name;
        }
    }
    if (name)
        buf_printf(out, "'%s'", name);
    else
        buf_printf(out, "%ld", id);
    if (fp)
        fclose(fp);
}

/* Resolves owner and group into f->uid and f->gid.  Puppet manages
 * ownership only as root: otherwise owner is left alone, with its warning
 * once per run. */
void file_resolve_ids(Out *o, FileSpec *f)
{
    static int warned;
    f->uid = f->gid = -1;
    f->uid_missing = f->gid_missing = 0;
    if (f->owner) {
        if (geteuid() != 0) {
            if (!warned)
                tx_log_plain(o->t, LL_WARNING, "Cannot manage ownership unless running as root");
            warned = 1;
        } else if ((f->uid = lookup_id(f->root, 1, f->owner)) < 0) {
            f->uid_missing = 1;
        }
    }
    if (f->group && (f->gid = lookup_id(f->root, 0, f->group)) < 0)
        f->gid_missing = 1;
}
