/*
 * file.c - the file type at apply time: ensure (file, present, directory,
 * link, absent), content or source, target, owner, group and mode; with
 * recurse, purge, recurselimit and ignore for directory trees; backup (to
 * the bucket, types/bucket.h, or a suffix copy), validate_cmd, show_diff,
 * replace and Puppet's checksum types.  Puppet's harness rule shapes
 * apply(): when ensure is out of sync, only ensure is synced (a created
 * file gets its content, owner, group and mode in the same step, so one
 * event); otherwise each other property is compared and synced in
 * Puppet's order: content, target, owner, group, mode.
 *
 * Every replacement is atomic: content goes to a temporary file in the same
 * directory (O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600), whose final mode
 * and owner are set with fchmod/fchown before a byte is written; it is
 * fsynced, checked by validate_cmd, the old content is backed up
 * (durably), and only then is it renamed over the path and the directory
 * fsynced.  So at any instant the path holds the old file or the new
 * one, whole, with its final mode and owner.  Links are made the same way
 * (symlink to a temporary name, lchown, rename).  rename() replaces a
 * symlink at the path rather than following it, which is what Puppet does
 * (its `links => manage` default lstat()s the path and removes a link
 * before writing a file).
 *
 * Recursion is Puppet's eval_generate: the children of a directory (its
 * local tree and its source's tree, merged and sorted by path, less every
 * path another File resource manages) are synced one by one right after
 * the directory, each logging under its own path (File[/d/sub/x]) and
 * inheriting mode, owner, group, backup, checksum, force, replace, purge,
 * show_diff and validate_cmd.
 *
 * Confinement: a path is the managed system's ("/etc/x", in Puppet's
 * lexical form), never the root's prefix plus it.  Each access goes
 * through base/rootfs: the path's directory is opened by the kernel inside
 * the root (openat2, RESOLVE_IN_ROOT) and the last component is worked on
 * relative to that fd (fstatat, openat O_NOFOLLOW, renameat, unlinkat,
 * mkdirat, symlinkat, fchownat; removals walk directory fds opened
 * O_NOFOLLOW).  So "..", and every symlink in the root, whoever made it,
 * stay inside it.  Sources too: a path or file:// URI is read in the root,
 * a puppet:///modules/M/ URI below M's files/ and nowhere else
 * (RESOLVE_BENEATH).  Messages show the managed path.
 */
#define _GNU_SOURCE
#include "types/txres.h"
#include "types/bucket.h"
#include "types/file.h"
#include "types/modfile.h"
#include "types/run.h"
#include "base/atomic.h"
#include "base/diff.h"
#include "base/md5.h"
#include "base/rootfs.h"
#include "base/sha256.h"
#include "base/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const Provider provider_file;

/* Asked of the transaction (types/txres.h, tx_child): until called again with NULL, t's lines
 * carry the source of a generated resource ("File[/d/x]") instead of t's
 * own.  Weak: without it, children log through tx_log_plain (see Out). */

/* What is at the path now (lstat), with Puppet's ftype names. */
typedef enum FType { FT_ABSENT, FT_FILE, FT_DIRECTORY, FT_LINK, FT_OTHER } FType;

typedef enum Ensure { EN_NONE, EN_ABSENT, EN_PRESENT, EN_FILE, EN_DIRECTORY, EN_LINK } Ensure;

static const char *const ensure_names[] = { "", "absent", "present", "file", "directory", "link" };

/* The checksum types mapply computes; Puppet's sha1, sha224, sha384 and
 * sha512 (and lite forms) are refused by validate. */
typedef enum Checksum { CK_SHA256, CK_SHA256LITE, CK_MD5, CK_MD5LITE, CK_MTIME, CK_CTIME, CK_NONE } Checksum;

static const char *const checksum_names[] = { "sha256", "sha256lite", "md5", "md5lite", "mtime", "ctime", "none" };

/* The types that hash the content (the others compare dates, or nothing). */
static int ck_is_hash(Checksum ck) { return ck <= CK_MD5LITE; }

typedef enum Backup { BK_NONE, BK_BUCKET, BK_SUFFIX } Backup;

typedef enum Recurse { RC_NO, RC_YES, RC_REMOTE } Recurse;

/* A file resource's parameters, parsed (file_parse), or one of the
 * children its recursion generates (child_spec). */
typedef struct FileSpec {
    const Resource *r;
    char *path;            /* namevar in its lexical form, "/../x/" is "/x" (malloc) */
    const char *root;      /* tx_root: "" or the --root directory (chroot of validate_cmd) */
    Ensure ensure;         /* EN_FILE when only content is given; the source's type with a source */
    const char *content;   /* or NULL (in the catalog, or source_data) */
    size_t content_len;
    int sensitive;         /* content is Sensitive */
    const char *mode;      /* as given: "0644", "644" or symbolic "u=rw,go=r", or NULL */
    const char *target;    /* link target, or NULL (in the catalog, or link_target) */
    int force;             /* remove directories when replacing them */
    int replace;           /* default true: false leaves an existing file alone */
    int purge;             /* recursion removes what the source does not have */
    int show_diff;         /* default true: diff content changes when mapply --show_diff */
    int links_follow;      /* links => follow: a source tree's links are copied as files */
    const char *owner, *group;      /* as given (a name or digits), or NULL */
    char owner_num[24], group_num[24];   /* an Integer owner or group, as text */
    long uid, gid;         /* resolved at apply time; -1: not managed (or not found) */
    int uid_missing, gid_missing;   /* owner / group names nobody has */
    Checksum checksum;
    Backup backup;
    int backup_explicit;   /* backup was given (the default is this product's, not Puppet's) */
    const char *backup_name;/* the bucket's name for messages, or the suffix */
    const char *validate_cmd, *validate_repl;
    Recurse recurse;
    long recurselimit;     /* -1: no limit */
    const Value *source;   /* String or Array of Strings, or NULL */
    const Value *ignore;   /* String or Array of Strings (fnmatch patterns), or NULL */
    char *src_path;        /* the source found (malloc), or NULL: a path of the managed
                              system (src_base -1), or one below a module's files/ */
    int src_base;          /* -1, or the fd of that files/ directory */
    int src_base_owned;    /* this spec closes src_base (children share their parent's) */
    char *src_files;       /* that files/ directory's path, for messages (malloc) */
    struct stat src_st;    /* its stat (followed at the top, lstat in a tree) */
    Buf source_data;       /* the source file's bytes, when content comes from it */
    char *link_target;     /* a source link's target (malloc), or NULL */
    int is_child;          /* generated by recursion */
} FileSpec;

/* Puppet's boolean parameters: true/false/yes/no. */
static int parse_yesno(const Value *v, int *out)
{
    const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : "";
    if (!strcmp(s, "true") || !strcmp(s, "yes")) { *out = 1; return 0; }
    if (!strcmp(s, "false") || !strcmp(s, "no")) { *out = 0; return 0; }
    return -1;
}

static int is_numeric_mode(const char *m)
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
static long symbolic_mode(const char *mod, unsigned cur, int is_dir)
{
    if (is_numeric_mode(mod))
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
static unsigned dirmask(unsigned m)
{
    if (m & 0400) m |= 0100;
    if (m & 040) m |= 010;
    if (m & 04) m |= 01;
    return m;
}

static void file_free(FileSpec *f)
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

/* "Invalid value \"x\". Valid values are ..." for a parameter. */
static void invalid_value(Buf *err, const Resource *r, const char *name, const Value *v, const char *valid)
{
    Buf s = BUF_INIT;
    val_to_s(&s, v);
    buf_printf(err, "Parameter %s failed on %s: Invalid value \"%s\". %s", name, r->ref, buf_cstr(&s), valid);
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

static size_t list_len(const Value *v) { return !v ? 0 : v->kind == V_ARRAY ? v->arr.n : 1; }

static const char *list_at(const Value *v, size_t i) { return v->kind == V_ARRAY ? v->arr.items[i]->str.s : v->str.s; }

/* Parses r into f; -1 with Puppet's message ("Parameter mode failed on
 * File[/x]: ...", or a bare reason mapply prefixes with "Validation of
 * File[/x] failed: ") in err. */
static int file_parse(const Resource *r, const char *root, FileSpec *f, Buf *err)
{
    Value *v;
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

    v = provider_param(r, "path");
    const char *path = v && v->kind == V_STR ? v->str.s : r->title;
    if (path[0] != '/') {
        buf_printf(err, "Parameter path failed on %s: File paths must be fully qualified, not '%s'", r->ref, path);
        return -1;
    }
    /* Puppet's File.expand_path: "/../outside/x" is "/outside/x" (in the root) */
    f->path = rootfs_canon(path);
    f->src_base = -1;

    if ((v = res_get((Resource *)r, "content")) && v->kind != V_UNDEF) {
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
    if ((v = provider_param(r, "source"))) {
        if (string_list(v) != 0) {
            buf_printf(err, "Parameter source failed on %s: Source must be a String or an Array of Strings, not %s",
                       r->ref, val_type_name(v));
            return -1;
        }
        for (size_t i = 0; i < list_len(v); i++)
            if (check_source(r, list_at(v, i), err) != 0)
                return -1;
        if (list_len(v)) f->source = v;        /* source => [] names no source: Puppet accepts it */
    }
    if ((v = provider_param(r, "target")) && v->kind == V_STR && strcmp(v->str.s, "notlink") != 0)
        f->target = v->str.s;
    if ((f->content != NULL) + (f->source != NULL) + (f->target != NULL) > 1) {
        buf_adds(err, "You cannot specify more than one of content, source, target");
        return -1;
    }
    if ((v = provider_param(r, "ensure"))) {
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
    if ((v = provider_param(r, "mode"))) {
        if (v->kind != V_STR) {
            buf_printf(err, "Parameter mode failed on %s: The file mode specification must be a string, not '%s'",
                       r->ref, val_type_name(v));
            return -1;
        }
        if (!is_numeric_mode(v->str.s) && !is_symbolic_mode(v->str.s)) {
            buf_printf(err, "Parameter mode failed on %s: The file mode specification is invalid: \"%s\"",
                       r->ref, v->str.s);
            return -1;
        }
        f->mode = v->str.s;
    }
    const char *ids[2] = { "owner", "group" };
    const char **idv[2] = { &f->owner, &f->group };
    char *nums[2] = { f->owner_num, f->group_num };
    for (int i = 0; i < 2; i++)
        if ((v = provider_param(r, ids[i]))) {
            const char *s = scalar_text(v, nums[i], sizeof f->owner_num);
            if (!s || !s[0]) {
                Buf shown = BUF_INIT;
                val_to_s(&shown, v);
                buf_printf(err, "Parameter %s failed on %s: Invalid %s \"%s\": a name or a numeric id is needed",
                           ids[i], r->ref, ids[i], buf_cstr(&shown));
                buf_free(&shown);
                return -1;
            }
            *idv[i] = s;
        }
    const char *flags[4] = { "force", "replace", "purge", "show_diff" };
    int *dest[4] = { &f->force, &f->replace, &f->purge, &f->show_diff };
    for (int i = 0; i < 4; i++)
        if ((v = provider_param(r, flags[i])) && parse_yesno(v, dest[i]) != 0) {
            invalid_value(err, r, flags[i], v, "Valid values are true, false, yes, no.");
            return -1;
        }
    if ((v = provider_param(r, "links"))) {
        const char *s = v->kind == V_STR ? v->str.s : "";
        if (strcmp(s, "manage") && strcmp(s, "follow")) {
            invalid_value(err, r, "links", v, "Valid values are follow, manage.");
            return -1;
        }
        f->links_follow = !strcmp(s, "follow");
    }
    if ((v = provider_param(r, "checksum"))) {
        const char *s = v->kind == V_STR ? v->str.s : "";
        size_t k = 0;
        while (k < ARRAY_LEN(checksum_names) && strcmp(s, checksum_names[k]))
            k++;
        static const char *const unsupported[] = { "sha1", "sha1lite", "sha512", "sha384", "sha224" };
        for (size_t i = 0; k == ARRAY_LEN(checksum_names) && i < ARRAY_LEN(unsupported); i++)
            if (!strcmp(s, unsupported[i])) {
                buf_printf(err, "Parameter checksum failed on %s: mapply does not compute %s checksums; "
                                "use sha256, sha256lite, md5, md5lite, mtime, ctime or none", r->ref, s);
                return -1;
            }
        if (k == ARRAY_LEN(checksum_names)) {
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
    }
    if ((v = provider_param(r, "backup"))) {
        f->backup_explicit = 1;
        const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : NULL;
        if (!s) {
            buf_printf(err, "Parameter backup failed on %s: Invalid backup type %s", r->ref, val_type_name(v));
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
    }
    if ((v = provider_param(r, "recurse"))) {
        const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : "";
        if (!strcmp(s, "true") || !strcmp(s, "yes")) f->recurse = RC_YES;
        else if (!strcmp(s, "false") || !strcmp(s, "no")) f->recurse = RC_NO;
        else if (!strcmp(s, "remote")) f->recurse = RC_REMOTE;
        else {
            Buf shown = BUF_INIT;
            val_to_s(&shown, v);
            buf_printf(err, "Parameter recurse failed on %s: Invalid recurse value \"%s\"", r->ref, buf_cstr(&shown));
            buf_free(&shown);
            return -1;
        }
        if (f->recurse == RC_REMOTE && !f->source) {
            buf_adds(err, "You cannot specify a remote recursion without a source");
            return -1;
        }
    }
    if ((v = provider_param(r, "recurselimit"))) {
        if (v->kind == V_INT && v->i >= 0)
            f->recurselimit = (long)v->i;
        else if (v->kind == V_STR && v->str.len && v->str.len < 10 && strspn(v->str.s, "0123456789") == v->str.len)
            f->recurselimit = strtol(v->str.s, NULL, 10);
        else {
            invalid_value(err, r, "recurselimit", v, "Valid values match /^[0-9]+$/.");
            return -1;
        }
    }
    if ((v = provider_param(r, "ignore"))) {
        if (string_list(v) != 0) {
            buf_printf(err, "Parameter ignore failed on %s: Ignore must be a String or an Array of Strings", r->ref);
            return -1;
        }
        f->ignore = v;
    }
    const char *cmds[2] = { "validate_cmd", "validate_replacement" };
    const char **cmdv[2] = { &f->validate_cmd, &f->validate_repl };
    for (int i = 0; i < 2; i++)
        if ((v = provider_param(r, cmds[i]))) {
            if (v->kind != V_STR) {
                buf_printf(err, "Parameter %s failed on %s: %s must be a String, not %s", cmds[i], r->ref, cmds[i],
                           val_type_name(v));
                return -1;
            }
            *cmdv[i] = v->str.s;
        }
    return 0;
}

static int file_validate(const Resource *r, Buf *err)
{
    FileSpec f;
    int rc = file_parse(r, "", &f, err);
    file_free(&f);
    return rc;
}

/* ---- where lines go ------------------------------------------------- */

/* The resource itself or one of the children its recursion generates: a
 * child's lines carry its own path ("/Stage[main]/Main/File[/d/x]/ensure")
 * through tx_child, while its events count for the resource. */
typedef struct Out {
    TxRes *t;
    const char *child;      /* the child's path, or NULL: the resource itself */
    Buf ref;                /* "File[<child>]" */
} Out;

static char *vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static char *vformat(const char *fmt, va_list ap)
{
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        util_oom();
    return s;
}

static void o_change(Out *o, const char *prop, const char *event, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void o_change(Out *o, const char *prop, const char *event, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    if (o->child)
        tx_child(o->t, o->ref.s);
    tx_change(o->t, prop, event, "%s", msg);
    if (o->child)
        tx_child(o->t, NULL);
    free(msg);
}

static void o_would(Out *o, const char *prop, const char *event, const char *is, const char *should)
{
    if (o->child)
        tx_child(o->t, o->ref.s);
    tx_would(o->t, prop, event, is, should);
    if (o->child)
        tx_child(o->t, NULL);
}

static void o_failed(Out *o, const char *prop, const char *from, const char *to, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void o_failed(Out *o, const char *prop, const char *from, const char *to, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    if (o->child)
        tx_child(o->t, o->ref.s);
    tx_failed(o->t, prop, from, to, "%s", msg);
    if (o->child)
        tx_child(o->t, NULL);
    free(msg);
}

static void o_log(Out *o, LogLevel lvl, const char *prop, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void o_log(Out *o, LogLevel lvl, const char *prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    if (o->child)
        tx_child(o->t, o->ref.s);
    tx_log(o->t, lvl, prop, "%s", msg);
    if (o->child)
        tx_child(o->t, NULL);
    free(msg);
}

/* ---- users and groups ----------------------------------------------- */

static int all_digits(const char *s) { return s[0] && strspn(s, "0123456789") == strlen(s); }

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
    if (all_digits(name))
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
static void id_shown(const char *root, int user, long id, Buf *out)
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
static void resolve_ids(Out *o, FileSpec *f)
{
    static int warned;
    f->uid = f->gid = -1;
    f->uid_missing = f->gid_missing = 0;
    if (f->owner) {
        if (geteuid() != 0) {
            if (!warned)
                tx_log_plain(o->t, LOG_WARNING, "Cannot manage ownership unless running as root");
            warned = 1;
        } else if ((f->uid = lookup_id(f->root, 1, f->owner)) < 0) {
            f->uid_missing = 1;
        }
    }
    if (f->group && (f->gid = lookup_id(f->root, 0, f->group)) < 0)
        f->gid_missing = 1;
}

/* ---- checksums ------------------------------------------------------ */

/* A running digest of one of the hashing checksum types; the lite forms
 * see only the first 512 bytes (Puppet's content[0..511]). */
typedef struct Digest {
    Checksum ck;
    Sha256 s;
    Md5 m;
    size_t seen;
} Digest;

enum { LITE_BYTES = 512 };

static int ck_is_lite(Checksum ck) { return ck == CK_SHA256LITE || ck == CK_MD5LITE; }
static int ck_is_md5(Checksum ck) { return ck == CK_MD5 || ck == CK_MD5LITE; }
static void digest_init(Digest *d, Checksum ck)
{
    d->ck = ck;
    d->seen = 0;
    sha256_init(&d->s);
    md5_init(&d->m);
}

static void digest_update(Digest *d, const void *data, size_t n)
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
static void digest_final(Digest *d, char *out)
{
    static const char hexd[] = "0123456789abcdef";
    unsigned char raw[32];
    size_t n = ck_is_md5(d->ck) ? 16 : 32;
    if (ck_is_md5(d->ck))
        md5_final(&d->m, raw);
    else
        sha256_final(&d->s, raw);
    int k = sprintf(out, "{%s}", checksum_names[d->ck]);
    for (size_t i = 0; i < n; i++) {
        out[k++] = hexd[raw[i] >> 4];
        out[k++] = hexd[raw[i] & 15];
    }
    out[k] = '\0';
}

/* Ruby's Time#to_s, as Puppet prints {mtime} and {ctime} sums. */
static void time_sum(Checksum ck, time_t when, char *out, size_t n)
{
    struct tm tm;
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %z", localtime_r(&when, &tm));
    snprintf(out, n, "{%s}%s", checksum_names[ck], date);
}

/* The sum Puppet shows for content data under f's checksum type; the date
 * types and none have no sum of data (Puppet's mtime(content) is ""), so
 * with a source they show the source's date. */
static void content_checksum(const FileSpec *f, char *out, size_t n)
{
    if (ck_is_hash(f->checksum)) {
        Digest d;
        digest_init(&d, f->checksum);
        digest_update(&d, f->content ? f->content : "", f->content ? f->content_len : 0);
        digest_final(&d, out);
    } else if (f->checksum != CK_NONE && f->src_path) {
        time_sum(f->checksum, f->checksum == CK_MTIME ? f->src_st.st_mtime : f->src_st.st_ctime, out, n);
    } else {
        snprintf(out, n, "{%s}", checksum_names[f->checksum]);
    }
}

/* ---- files ---------------------------------------------------------- */

static FType ftype_of(const struct stat *st)
{
    if (S_ISREG(st->st_mode)) return FT_FILE;
    if (S_ISDIR(st->st_mode)) return FT_DIRECTORY;
    if (S_ISLNK(st->st_mode)) return FT_LINK;
    return FT_OTHER;
}

static const char *ftype_name(FType t, const struct stat *st)
{
    switch (t) {
    case FT_ABSENT: return "absent";
    case FT_FILE: return "file";
    case FT_DIRECTORY: return "directory";
    case FT_LINK: return "link";
    case FT_OTHER: break;
    }
    if (S_ISFIFO(st->st_mode)) return "fifo";
    if (S_ISSOCK(st->st_mode)) return "socket";
    if (S_ISCHR(st->st_mode)) return "characterSpecial";
    if (S_ISBLK(st->st_mode)) return "blockSpecial";
    return "unknown";
}

/* Every path below is the managed system's ("/etc/x"), opened through
 * base/rootfs: the directory holding it is resolved by the kernel inside
 * the root, and the last component is worked on relative to that
 * directory's fd with the *at() calls and O_NOFOLLOW, so neither "..", nor
 * a symlink in the root (there before, or made by this run) leads out. */

/* Closes fd keeping errno. */
static void close_keep(int fd)
{
    int e = errno;
    if (fd >= 0)
        close(fd);
    errno = e;
}

/* Reads the regular file at path (never through a link at the end) into
 * out; -1 (errno). */
static int read_path(const char *path, Buf *out)
{
    int fd = rootfs_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    int rc = buf_read_fd(out, fd);
    close_keep(fd);
    return rc;
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
        close_keep(fd);
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

/* rm -rf of name in the directory dfd: directories are opened with
 * O_NOFOLLOW and emptied through their own fd, links are removed, never
 * followed. */
static int remove_at(int dfd, const char *name)
{
    struct stat st;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode))
        return unlinkat(dfd, name, 0);
    int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        close_keep(fd);
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            rc = remove_at(dirfd(d), e->d_name);
    int e = errno;
    closedir(d);
    errno = e;
    return rc ? -1 : unlinkat(dfd, name, AT_REMOVEDIR);
}

/* rm -rf of path in the root. */
static int remove_tree(const char *path)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = remove_at(dfd, leaf);
    close_keep(dfd);
    return rc;
}

/* unlink of path in the root (not a directory). */
static int unlink_path(const char *path)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = unlinkat(dfd, leaf, 0);
    close_keep(dfd);
    return rc;
}

/* lchown of path in the root (-1: leave that id). */
static int chown_path(const char *path, long uid, long gid)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int rc = fchownat(dfd, leaf, (uid_t)uid, (gid_t)gid, AT_SYMLINK_NOFOLLOW);
    close_keep(dfd);
    return rc;
}

/* chmod of path in the root, which must not be a link: the inode is
 * opened O_PATH | O_NOFOLLOW and changed through /proc/self/fd (fchmod
 * refuses O_PATH descriptors); without /proc, by name in its directory. */
static int chmod_path(const char *path, mode_t mode)
{
    const char *leaf;
    int dfd = rootfs_parent(path, &leaf);
    if (dfd < 0)
        return -1;
    int fd = openat(dfd, leaf, O_PATH | O_NOFOLLOW | O_CLOEXEC), rc = -1;
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            errno = ELOOP;
        } else {
            char proc[64];
            snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
            rc = chmod(proc, mode);
            if (rc != 0 && errno == ENOENT)
                rc = fchmodat(dfd, leaf, mode, 0);
        }
    }
    close_keep(fd);
    close_keep(dfd);
    return rc;
}

/* readlink of path (in the root when base is -1, else below base: see
 * space_open) into buf, NUL-terminated; the length or -1. */
static int space_parent(int base, const char *path, const char **leaf);
static ssize_t readlink_in(int base, const char *path, char *buf, size_t n)
{
    const char *leaf;
    int dfd = space_parent(base, path, &leaf);
    ssize_t k = dfd < 0 ? -1 : readlinkat(dfd, leaf, buf, n - 1);
    close_keep(dfd);
    buf[k < 0 ? 0 : k] = '\0';
    return k;
}

/* ---- sources' spaces ------------------------------------------------ */

/* A source path lives in one of two spaces: base -1 is the managed system
 * (an absolute path resolved in the root, links followed inside it), else
 * base is the fd of a module's files/ directory and the path is below it,
 * which no "..", absolute link or link pointing out may leave. */
static int space_open(int base, const char *path, int flags)
{
    return base < 0 ? rootfs_open(path, flags, 0) : rootfs_open_beneath(base, path, flags, 0);
}

/* The directory holding path in its space (O_PATH; close it) and path's
 * last component in *leaf. */
static int space_parent(int base, const char *path, const char **leaf)
{
    if (base < 0)
        return rootfs_parent(path, leaf);
    const char *slash = strrchr(path, '/');
    *leaf = slash ? slash + 1 : path;
    char *dir = xstrndup(path, slash ? (size_t)(slash - path) : 0);
    int fd = rootfs_open_beneath(base, dir, O_PATH | O_DIRECTORY, 0);
    int e = errno;
    free(dir);
    errno = e;
    return fd;
}

/* ---- stale temporary files ------------------------------------------ */

/* A run killed between writing a temporary file and renaming it leaves
 * ".NAME.mapply.PID.XXXXXX" (a file) or ".NAME.mapply.PID.N" (a link)
 * behind.  Before the first temporary file a run makes in a directory, and
 * before it lists a directory it manages recursively, it removes the stale
 * ones there: exactly that pattern, a regular file or a symlink, owned by
 * the running user, modified before this run started to sweep, and whose
 * PID names no live process (kill(PID, 0) fails with ESRCH; a reused PID
 * keeps the file, the safe side).  Runs hold the run lock, so no other
 * mapply run of this root is between its write and its rename.  Each
 * directory is swept once per run. */

/* 1 when name is ".NAME.mapply.PID.SUFFIX" (NAME non-empty, SUFFIX six
 * characters of mkstemp's alphabet or a decimal counter); *pid set. */
static int stale_name(const char *name, long *pid)
{
    const char *m = strstr(name, ".mapply.");
    if (name[0] != '.' || !m || m == name + 1)
        return 0;
    while (strstr(m + 1, ".mapply."))      /* NAME may itself hold ".mapply." */
        m = strstr(m + 1, ".mapply.");
    const char *p = m + 8, *q = p;
    while (*q >= '0' && *q <= '9') q++;
    if (q == p || q - p > 10 || *q != '.' || *p == '0')
        return 0;
    const char *sfx = q + 1;
    size_t n = strlen(sfx), digits = strspn(sfx, "0123456789"), alnum = 0;
    for (const char *c = sfx; *c && (isalnum((unsigned char)*c)); c++) alnum++;
    if (!(n == 6 && alnum == 6) && !(n && digits == n && n <= 10))
        return 0;
    *pid = strtol(p, NULL, 10);
    return 1;
}

static void sweep_stale(const char *dir)
{
    static struct timespec start;
    static char **seen;
    static size_t nseen, capseen;
    if (!start.tv_sec)
        clock_gettime(CLOCK_REALTIME, &start);
    size_t h = 5381;
    for (const char *c = dir; *c; c++) h = h * 33 + (unsigned char)*c;
    if (nseen * 2 >= capseen) {                /* open addressing, rebuilt at half full */
        size_t ncap = capseen ? 2 * capseen : 64;
        char **nv = xcalloc(ncap, sizeof *nv);
        for (size_t i = 0; i < capseen; i++) {
            if (!seen[i]) continue;
            size_t g = 5381;
            for (const char *c = seen[i]; *c; c++) g = g * 33 + (unsigned char)*c;
            size_t j = g & (ncap - 1);
            while (nv[j]) j = (j + 1) & (ncap - 1);
            nv[j] = seen[i];
        }
        free(seen);
        seen = nv, capseen = ncap;
    }
    size_t j = h & (capseen - 1);
    for (; seen[j]; j = (j + 1) & (capseen - 1))
        if (!strcmp(seen[j], dir))
            return;
    seen[j] = xstrndup(dir, strlen(dir));
    nseen++;
    int fd = rootfs_open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        close_keep(fd);
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        long pid;
        struct stat st;
        if (!stale_name(e->d_name, &pid) || pid == (long)getpid())
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) || st.st_uid != geteuid())
            continue;
        if (st.st_mtim.tv_sec > start.tv_sec ||
            (st.st_mtim.tv_sec == start.tv_sec && st.st_mtim.tv_nsec >= start.tv_nsec))
            continue;
        if (pid > INT32_MAX || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* The directory part of path (without its last slash) swept. */
static void sweep_beside(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return;
    char *dir = xstrndup(path, (size_t)(slash - path));
    sweep_stale(dir);
    free(dir);
}

/* A temporary file beside a path: made in the path's directory (held as an
 * fd from creation to rename, so both happen in the same directory), with
 * O_CREAT | O_EXCL | O_NOFOLLOW. */
typedef struct Tmp {
    int dfd;               /* the directory (O_PATH), or -1 */
    Buf name;              /* the temporary file's name in it */
    Buf leaf;              /* the name it is renamed to */
    Buf shown;             /* its path on the managed system: validate_cmd, diffs */
} Tmp;

#define TMP_INIT { -1, BUF_INIT, BUF_INIT, BUF_INIT }

/* Removes the temporary file, if any is left. */
static void tmp_drop(Tmp *tmp)
{
    if (tmp->dfd >= 0 && tmp->name.len) {
        int e = errno;
        unlinkat(tmp->dfd, tmp->name.s, 0);
        errno = e;
    }
    buf_clear(&tmp->name);
}

static void tmp_free(Tmp *tmp)
{
    close_keep(tmp->dfd);
    tmp->dfd = -1;
    buf_free(&tmp->name);
    buf_free(&tmp->leaf);
    buf_free(&tmp->shown);
}

/* Opens the directory of path into tmp and sweeps it of stale temporary
 * files; -1 (errno). */
static int tmp_dir(const char *path, Tmp *tmp)
{
    const char *leaf;
    tmp_free(tmp);
    sweep_beside(path);
    tmp->dfd = rootfs_parent(path, &leaf);
    if (tmp->dfd < 0)
        return -1;
    buf_adds(&tmp->leaf, leaf);
    return 0;
}

/* The temporary names' prefix, ".NAME.mapply.PID.", into out. */
static void tmp_prefix(const Tmp *tmp, Buf *out)
{
    buf_clear(out);
    buf_printf(out, ".%s.mapply.%ld.", tmp->leaf.s, (long)getpid());
}

/* Sets tmp->shown, the temporary file's path on the managed system. */
static void tmp_shown(const char *path, Tmp *tmp)
{
    const char *slash = strrchr(path, '/');
    buf_clear(&tmp->shown);
    buf_add(&tmp->shown, path, slash ? (size_t)(slash - path) : 0);
    buf_printf(&tmp->shown, "/%s", tmp->name.s);
}

/* Writes data to a new temporary file next to path (see Tmp), with its
 * final mode and owner set before the first byte (uid/gid -1: leave;
 * lenient: an EPERM from fchown is ignored, as when keeping the owner of a
 * file being replaced), fsynced and closed.  Returns 0, or -1 with errno
 * set and nothing left behind. */
static int tmp_write(const char *path, const char *data, size_t len, unsigned mode, long uid, long gid,
                     int lenient, Tmp *tmp)
{
    if (tmp_dir(path, tmp) != 0)
        return -1;
    int fd = atomic_temp(tmp->dfd, O_WRONLY, &tmp->name, ".%s.mapply.%ld.", tmp->leaf.s, (long)getpid());
    if (fd < 0) {
        buf_clear(&tmp->name);
        return -1;
    }
    tmp_shown(path, tmp);
    if (fchmod(fd, mode) != 0)
        goto fail;
    if ((uid >= 0 && (uid_t)uid != geteuid()) || (gid >= 0 && (gid_t)gid != getegid()))
        if (fchown(fd, (uid_t)uid, (gid_t)gid) != 0 && !(lenient && errno == EPERM))
            goto fail;
    if (atomic_fill(fd, data, len) != 0) {
        fd = -1;
        goto fail;
    }
    return 0;
fail:
    close_keep(fd);
    tmp_drop(tmp);
    return -1;
}

/* Renames the temporary file over its path, durably; -1 (errno, the
 * temporary file removed). */
static int tmp_commit(Tmp *tmp)
{
    if (renameat(tmp->dfd, tmp->name.s, tmp->dfd, tmp->leaf.s) != 0) {
        tmp_drop(tmp);
        return -1;
    }
    buf_clear(&tmp->name);
    atomic_sync_dir(tmp->dfd, ".");
    return 0;
}

/* Points path at target atomically (symlinkat to a temporary name,
 * lchown, renameat). */
static int atomic_symlink(const char *target, const char *path, long uid, long gid)
{
    Tmp tmp = TMP_INIT;
    int rc = -1;
    if (tmp_dir(path, &tmp) != 0)
        goto out;
    for (unsigned i = 0;; i++) {
        tmp_prefix(&tmp, &tmp.name);
        buf_printf(&tmp.name, "%u", i);
        tmp_shown(path, &tmp);
        if (symlinkat(target, tmp.dfd, tmp.name.s) == 0)
            break;
        if (errno != EEXIST || i > 100) {
            buf_clear(&tmp.name);
            goto out;
        }
    }
    if ((uid >= 0 || gid >= 0) &&
        fchownat(tmp.dfd, tmp.name.s, (uid_t)uid, (gid_t)gid, AT_SYMLINK_NOFOLLOW) != 0) {
        tmp_drop(&tmp);
        goto out;
    }
    rc = tmp_commit(&tmp);
out:
    tmp_free(&tmp);
    return rc;
}

/* ---- trees ---------------------------------------------------------- */

typedef struct Entry {
    char *rel;             /* path below the top, "sub/x" (malloc) */
    struct stat st;
} Entry;

typedef struct Entries { Entry *v; size_t n, cap; int sweep; } Entries;  /* sweep: stale temps first */

static void entries_free(Entries *e)
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
    for (size_t i = 0; i < list_len(ignore); i++)
        if (fnmatch(list_at(ignore, i), name, FNM_PERIOD) == 0)
            return 1;
    return 0;
}

/* Lists what is below dir (a path in base's space, see space_open;
 * dir->s[0..toplen) is the top), depth first, down to limit levels (-1:
 * all), skipping names an ignore pattern matches and never entering a link
 * (follow: links are followed, inside the space, as Puppet's links =>
 * follow), then sorts the list by path.  Each directory is opened by its
 * path in the space, O_NOFOLLOW below the top unless follow. */
static void list_tree(int base, Buf *dir, size_t toplen, int depth, long limit, int follow, const Value *ignore,
                      Entries *out)
{
    if (out->sweep)
        sweep_stale(dir->s);
    int fd = space_open(base, dir->s, O_RDONLY | O_DIRECTORY | (depth && !follow ? O_NOFOLLOW : 0));
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        close_keep(fd);
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
            int efd = space_open(base, dir->s, O_PATH);
            int got = efd >= 0 && fstat(efd, &st) == 0;
            close_keep(efd);
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
            list_tree(base, dir, toplen, depth + 1, limit, follow, ignore, out);
    }
    closedir(d);
    dir->len = keep;
    dir->s[keep] = '\0';
    if (depth == 0 && out->n)
        qsort(out->v, out->n, sizeof *out->v, entry_cmp);
}

/* ---- backups -------------------------------------------------------- */

/* Saves the regular file at path (in the root) before it is replaced or
 * removed: into the bucket, with Puppet's two Info lines, or as a copy
 * next to it with the suffix.  data is its content when the caller has
 * read it already, else NULL.  Returns 0, or -1 with Puppet's "Could not
 * back up /x: why" in err.  Without a state directory (unit tests) there is
 * no bucket, and nothing to do. */
static int backup_file(Out *o, const FileSpec *f, const char *path, const Buf *data, Buf *err)
{
    const char *logical = path;
    Buf own = BUF_INIT;
    int rc = 0;
    if (f->backup == BK_NONE || (f->backup == BK_BUCKET && !tx_vardir(o->t)[0]))
        return 0;
    if (!data) {
        if (read_path(path, &own) != 0) {
            buf_printf(err, "Could not back up %s: %s", logical, strerror(errno));
            return -1;
        }
        data = &own;
    }
    if (f->backup == BK_SUFFIX) {
        Buf dst = BUF_INIT;
        Tmp tmp = TMP_INIT;
        struct stat st;
        buf_printf(&dst, "%s%s", path, f->backup_name);
        int known = rootfs_lstat(path, &st) == 0;
        unsigned mode = known ? st.st_mode & 07777 : 0600;
        if (tmp_write(dst.s, data->s ? data->s : "", data->len, mode, known ? (long)st.st_uid : -1,
                      known ? (long)st.st_gid : -1, 1, &tmp) != 0 ||
            tmp_commit(&tmp) != 0) {
            buf_printf(err, "Could not back up %s: %s", logical, strerror(errno));
            rc = -1;
        }
        buf_free(&dst);
        tmp_free(&tmp);
    } else {
        char sum[65];
        Buf why = BUF_INIT;
        tx_log_plain(o->t, LOG_INFO, "Computing checksum on file %s", logical);
        if (bucket_put(tx_vardir(o->t), logical, data->s ? data->s : "", data->len, sum, &why) != 0) {
            buf_printf(err, "Could not back up %s: %s", logical, buf_cstr(&why));
            rc = -1;
        } else {
            /* the sum of what Sensitive content replaces is not shown either */
            o_log(o, LOG_INFO, NULL, "Filebucketed %s to %s with sum %s", logical, f->backup_name,
                  f->sensitive ? "[redacted]" : sum);
        }
        buf_free(&why);
    }
    buf_free(&own);
    return rc;
}

/* A directory about to be removed with force: every regular file in it
 * goes to the bucket (Puppet's "Recursively backing up"), or the whole
 * directory is renamed to its suffix name (it is being removed anyway). */
static int backup_tree(Out *o, const FileSpec *f, Buf *err)
{
    if (f->backup == BK_NONE || (f->backup == BK_BUCKET && !tx_vardir(o->t)[0]))
        return 0;
    if (f->backup == BK_SUFFIX) {
        /* the directory renamed to its suffix name, in its own directory */
        Buf dst = BUF_INIT;
        buf_printf(&dst, "%s%s", f->path, f->backup_name);
        remove_tree(dst.s);
        const char *leaf;
        int dfd = rootfs_parent(f->path, &leaf), rc = -1;
        if (dfd >= 0) {
            buf_clear(&dst);
            buf_printf(&dst, "%s%s", leaf, f->backup_name);
            rc = renameat(dfd, leaf, dfd, dst.s);
            close_keep(dfd);
        }
        if (rc != 0)
            buf_printf(err, "Could not back up %s: %s", f->path, strerror(errno));
        buf_free(&dst);
        return rc ? -1 : 0;
    }
    o_log(o, LOG_INFO, NULL, "Recursively backing up to filebucket");
    Entries all = { 0 };
    Buf dir = BUF_INIT, logical = BUF_INIT;
    buf_adds(&dir, f->path);
    list_tree(-1, &dir, dir.len, 0, -1, 0, NULL, &all);
    int rc = 0;
    for (size_t i = 0; i < all.n && rc == 0; i++) {
        if (!S_ISREG(all.v[i].st.st_mode))
            continue;
        buf_clear(&logical);
        buf_printf(&logical, "%s/%s", strcmp(f->path, "/") ? f->path : "", all.v[i].rel);
        rc = backup_file(o, f, logical.s, NULL, err);
    }
    entries_free(&all);
    buf_free(&dir);
    buf_free(&logical);
    return rc;
}

/* What Puppet does with a backup when something that is not a regular
 * file is removed: directories are saved only when force lets them go;
 * links are replaced, not saved (their target is not being touched); other
 * kinds get Puppet's warning, said only when backup was asked for. */
static int backup_existing(Out *o, const FileSpec *f, FType cur, const struct stat *st, Buf *err)
{
    if (f->backup == BK_NONE)
        return 0;
    if (cur == FT_FILE)
        return backup_file(o, f, f->path, NULL, err);
    if (cur == FT_DIRECTORY && f->force)
        return backup_tree(o, f, err);
    if ((cur == FT_DIRECTORY || cur == FT_OTHER) && f->backup_explicit)
        o_log(o, LOG_WARNING, NULL, "Could not back up file of type %s", ftype_name(cur, st));
    return 0;
}

/* ---- validate_cmd --------------------------------------------------- */

/* Runs validate_cmd on the temporary file tmp, a path of the managed system
 * (validate_replacement in the command becomes it; under --root the
 * command runs chrooted there, where that path names the same file).  Returns 0 when it exits 0, else -1 with
 * Puppet's "Execution of 'cmd' returned 1: output" in msg. */
static int run_validate(const FileSpec *f, const char *tmp, Buf *msg)
{
    const char *shown_tmp = tmp;
    const char *repl = f->validate_repl;
    Buf cmd = BUF_INIT, out = BUF_INIT;
    for (const char *s = f->validate_cmd; *s;) {
        const char *hit = repl[0] ? strstr(s, repl) : NULL;
        if (!hit) {
            buf_adds(&cmd, s);
            break;
        }
        buf_add(&cmd, s, (size_t)(hit - s));
        buf_adds(&cmd, shown_tmp);
        s = hit + strlen(repl);
    }
    RunCmd c;
    memset(&c, 0, sizeof c);
    c.command = buf_cstr(&cmd);
    if (f->root[0])
        c.chroot_dir = f->root;
    RunResult res;
    int rc = -1;
    if (run_command(&c, &out, &res) != 0) {
        /* Puppet's forked child prints this into the output it captures,
         * and exits 1 */
        Buf exe = BUF_INIT;
        run_extract_exe(&c, &exe);
        buf_printf(msg, "Execution of '%s' returned 1: Error: Could not execute posix command: %s - %s", cmd.s,
                   strerror(res.err), buf_cstr(&exe));
        buf_free(&exe);
    } else if (res.outcome == RUN_EXITED && res.status == 0) {
        rc = 0;
    } else {
        /* Ruby's strip: the output without surrounding white space */
        const char *s = buf_cstr(&out);
        size_t n = out.len;
        while (n && isspace((unsigned char)s[n - 1]))
            n--;
        while (n && isspace((unsigned char)*s))
            s++, n--;
        /* the command's output may quote Sensitive content: never shown */
        if (f->sensitive) {
            s = "[output redacted]";
            n = strlen(s);
        }
        if (res.outcome == RUN_EXITED)
            buf_printf(msg, "Execution of '%s' returned %d: %.*s", cmd.s, res.status, (int)n, s);
        else
            buf_printf(msg, "Execution of '%s' was stopped%s: %.*s", cmd.s,
                       res.outcome == RUN_TIMEOUT ? " (timeout)" : " by a signal", (int)n, s);
    }
    buf_free(&cmd);
    buf_free(&out);
    return rc;
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
    LogLevel lvl = res_loglevel(tx_resource(o->t));
    if (f->sensitive) {
        o_log(o, lvl, "content", "[diff redacted]");
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
    o_log(o, lvl, "content", "\n%s", d.s);
    buf_free(&d);
}

/* ---- ensure --------------------------------------------------------- */

/* The failure of an ensure sync as Puppet logs an exception from Ruby: the
 * message, the same with its wrapped exception, then the event.  A child
 * has no manifest location of its own. */
static void fail_ensure(Out *o, const FileSpec *f, const char *is, const char *detail)
{
    Buf msg = BUF_INIT;
    const char *should = ensure_names[f->ensure];
    buf_printf(&msg, "Could not set '%s' on ensure: %s", should, detail);
    if (!f->is_child)
        modfile_location(&msg, f->r);
    tx_log_plain(o->t, LOG_ERR, "%s", buf_cstr(&msg));
    tx_log_plain(o->t, LOG_ERR, "%s\nWrapped exception:\n%s", buf_cstr(&msg), detail);
    char to[64];
    snprintf(to, sizeof to, "'%s'", should);
    o_failed(o, "ensure", is, to, "%s", buf_cstr(&msg));
    buf_free(&msg);
}

/* The same for an errno, worded as Ruby's: "No such file or directory @
 * rb_sysopen - /x". */
static void fail_errno(Out *o, const FileSpec *f, const char *is, int err, const char *where, const char *what)
{
    Buf detail = BUF_INIT;
    buf_printf(&detail, "%s @ %s - %s", strerror(err), where, what);
    fail_ensure(o, f, is, buf_cstr(&detail));
    buf_free(&detail);
}

/* A failure with a plain Puppet::Error message: one bare line, the event. */
static void fail_plain(Out *o, const FileSpec *f, const char *is, const char *msg)
{
    char from[64], to[64];
    snprintf(from, sizeof from, "'%s'", is);
    snprintf(to, sizeof to, "'%s'", ensure_names[f->ensure]);
    tx_log_plain(o->t, LOG_ERR, "%s", msg);
    o_failed(o, "ensure", from, to, "%s", msg);
}

/* 1 when the directory holding path exists in the root (*parent_out: its
 * path, malloc'd). */
static int parent_exists(const char *path, char **parent_out)
{
    char *dir = xstrndup(path, strlen(path));
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    struct stat st;
    int ok = rootfs_stat(dir, &st) == 0;
    if (parent_out)
        *parent_out = dir;
    else
        free(dir);
    return ok;
}

/* Puppet's remove_existing before replacing a different kind of file:
 * directories only with force (else a notice, and 0 = not removed), links
 * and plain files are left for rename() to replace.  -1 on failure (errno).
 * A directory a suffix backup moved away is already gone. */
static int remove_existing(Out *o, const FileSpec *f, FType cur, int *removed)
{
    *removed = 0;
    if (cur != FT_DIRECTORY)
        return 0;
    if (!f->force) {
        o_log(o, LOG_NOTICE, NULL, "Not removing directory; use 'force' to override");
        return 0;
    }
    if (remove_tree(f->path) != 0 && errno != ENOENT)
        return -1;
    *removed = 1;
    return 0;
}

/* The mode a new file or directory gets. */
static unsigned new_mode(const FileSpec *f, int dir)
{
    if (!f->mode)
        return dir ? 0777 : 0644;
    long m = symbolic_mode(f->mode, dir ? 0755 : 0644, dir);
    if (m < 0)
        m = dir ? 0755 : 0644;
    return dir ? dirmask((unsigned)m) : (unsigned)m;
}

/* "Could not find user bob" / "Could not find group staff", or NULL. */
static const char *missing_id(const FileSpec *f, Buf *msg)
{
    if (f->uid_missing)
        buf_printf(msg, "Could not find user %s", f->owner);
    else if (f->gid_missing)
        buf_printf(msg, "Could not find group %s", f->group);
    return msg->len ? msg->s : NULL;
}

/* A temporary file failed validate_cmd, or the old content could not be
 * backed up: Puppet's bare error line, then the property's failure. */
static void fail_step(Out *o, const char *prop, const char *from, const char *to, const char *msg)
{
    tx_log_plain(o->t, LOG_ERR, "%s", msg);
    o_failed(o, prop, from, to, "%s", msg);
}

/* ensure => file (or present) when there is no regular file: the content
 * is written to a temporary file with its final mode and owner, checked
 * by validate_cmd, what is there is backed up and (a directory, with
 * force) removed, and the file is renamed into place. */
static int create_file(Out *o, const FileSpec *f, FType cur, const struct stat *st, const char *is)
{
    const char *curname = ftype_name(cur, st);
    int removed, rc = -1;
    Buf msg = BUF_INIT;
    Tmp tmp = TMP_INIT;
    if (cur == FT_OTHER && (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))) {
        buf_printf(&msg, "Could not remove files of type %s", curname);
        fail_plain(o, f, curname, msg.s);
        goto out;
    }
    if (missing_id(f, &msg)) {
        fail_ensure(o, f, is, msg.s);
        goto out;
    }
    if (cur == FT_DIRECTORY && !f->force) {
        /* Puppet tries twice (remove_existing, then write), then the open
         * fails on the directory */
        Buf why = BUF_INIT;
        for (int i = 0; i < 2; i++) {
            backup_existing(o, f, cur, st, &why);
            remove_existing(o, f, cur, &removed);
        }
        buf_free(&why);
        fail_errno(o, f, is, EISDIR, "rb_sysopen", f->path);
        goto out;
    }
    const char *data = f->content ? f->content : "";
    size_t len = f->content ? f->content_len : 0;
    if (tmp_write(f->path, data, len, new_mode(f, 0), f->uid, f->gid, 0, &tmp) != 0) {
        fail_errno(o, f, is, errno, "rb_sysopen", f->path);
        goto out;
    }
    char to[64];
    snprintf(to, sizeof to, "'%s'", ensure_names[f->ensure]);
    if (f->validate_cmd && run_validate(f, tmp.shown.s, &msg) != 0) {
        tmp_drop(&tmp);
        fail_step(o, "ensure", is, to, msg.s);
        goto out;
    }
    if (backup_existing(o, f, cur, st, &msg) != 0) {
        tmp_drop(&tmp);
        fail_ensure(o, f, is, msg.s);
        goto out;
    }
    if (remove_existing(o, f, cur, &removed) != 0) {
        tmp_drop(&tmp);
        fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
        goto out;
    }
    if (tmp_commit(&tmp) != 0) {
        fail_errno(o, f, is, errno, "rb_sysopen", f->path);
        goto out;
    }
    if (f->content && f->sensitive) {
        o_change(o, "ensure", "file_created", "changed [redacted] to [redacted]");
    } else if (f->content) {
        char sum[96];
        content_checksum(f, sum, sizeof sum);
        o_change(o, "ensure", "file_created", "defined content as '%s'", sum);
    } else if (cur == FT_ABSENT) {
        o_change(o, "ensure", "file_created", "created");
    } else {
        o_change(o, "ensure", "file_created", "ensure changed '%s' to '%s'", curname, ensure_names[f->ensure]);
    }
    rc = 0;
out:
    tmp_free(&tmp);
    buf_free(&msg);
    return rc;
}

/* Brings ensure in sync; the only change when ensure was out of sync. */
static int sync_ensure(Out *o, const FileSpec *f, FType cur, const struct stat *st)
{
    const char *curname = ftype_name(cur, st);
    char is[64];
    int removed, rc = -1;
    Buf msg = BUF_INIT;
    snprintf(is, sizeof is, "'%s'", curname);

    switch (f->ensure) {
    case EN_NONE:
        rc = 0;
        break;
    case EN_ABSENT:
        if (backup_existing(o, f, cur, st, &msg) != 0) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (cur == FT_DIRECTORY) {
            if (remove_existing(o, f, cur, &removed) != 0) {
                fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
                break;
            }
        } else if (unlink_path(f->path) != 0) {
            fail_errno(o, f, is, errno, "apply2files", f->path);
            break;
        }
        /* Puppet says "removed" even when it kept a directory for lack of force. */
        o_change(o, "ensure", "file_removed", "removed");
        rc = 0;
        break;
    case EN_PRESENT:
    case EN_FILE:
        rc = create_file(o, f, cur, st, is);
        break;
    case EN_DIRECTORY: {
        char *parent = NULL;
        if (cur == FT_ABSENT && !parent_exists(f->path, &parent)) {
            buf_printf(&msg, "Cannot create %s; parent directory %s does not exist", f->path, parent);
            fail_plain(o, f, curname, msg.s);
            free(parent);
            break;
        }
        free(parent);
        if (missing_id(f, &msg)) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (cur != FT_ABSENT) {
            if (backup_existing(o, f, cur, st, &msg) != 0) {
                fail_ensure(o, f, is, msg.s);
                break;
            }
            if (unlink_path(f->path) != 0) {
                fail_errno(o, f, is, errno, "apply2files", f->path);
                break;
            }
        }
        /* made in its directory's fd, then set through its own fd */
        unsigned mode = new_mode(f, 1);
        const char *leaf;
        int dfd = rootfs_parent(f->path, &leaf);
        if (dfd < 0 || mkdirat(dfd, leaf, mode) != 0) {
            close_keep(dfd);
            fail_errno(o, f, is, errno, "dir_s_mkdir", f->path);
            break;
        }
        int dd = openat(dfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        close_keep(dfd);
        if (f->mode && dd >= 0)
            fchmod(dd, mode);   /* past the umask, as Puppet's withumask(0) */
        if ((f->uid >= 0 || f->gid >= 0) && (dd < 0 || fchown(dd, (uid_t)f->uid, (gid_t)f->gid) != 0)) {
            close_keep(dd);
            fail_errno(o, f, is, errno, "apply2files", f->path);
            break;
        }
        close_keep(dd);
        if (cur == FT_ABSENT)
            o_change(o, "ensure", "directory_created", "created");
        else
            o_change(o, "ensure", "directory_created", "ensure changed '%s' to 'directory'", curname);
        rc = 0;
        break;
    }
    case EN_LINK: {
        if (!f->target) {
            fail_plain(o, f, curname, "Cannot create a symlink without a target");
            break;
        }
        if (missing_id(f, &msg)) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (cur == FT_DIRECTORY && !f->force) {
            backup_existing(o, f, cur, st, &msg);
            remove_existing(o, f, cur, &removed);
            backup_existing(o, f, cur, st, &msg);
            remove_existing(o, f, cur, &removed);
            fail_plain(o, f, curname, "Could not remove existing file");
            break;
        }
        char *parent = NULL;
        if (!parent_exists(f->path, &parent)) {
            fail_errno(o, f, is, ENOENT, "dir_chdir", parent);
            free(parent);
            break;
        }
        free(parent);
        if (backup_existing(o, f, cur, st, &msg) != 0) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (remove_existing(o, f, cur, &removed) != 0) {
            fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
            break;
        }
        if (atomic_symlink(f->target, f->path, f->uid, f->gid) != 0) {
            fail_errno(o, f, is, errno, "rb_file_s_symlink", f->path);
            break;
        }
        if (cur == FT_ABSENT)
            o_change(o, "ensure", "link_created", "created");
        else
            o_change(o, "ensure", "link_created", "ensure changed '%s' to 'link'", curname);
        rc = 0;
        break;
    }
    }
    buf_free(&msg);
    return rc;
}

static int ensure_insync(const FileSpec *f, FType cur)
{
    if (cur != FT_ABSENT && !f->replace)
        return 1;
    switch (f->ensure) {
    case EN_NONE: return 1;
    case EN_ABSENT: return cur == FT_ABSENT;
    case EN_PRESENT: return cur != FT_ABSENT;
    case EN_FILE: return cur == FT_FILE;
    case EN_DIRECTORY: return cur == FT_DIRECTORY;
    case EN_LINK: return cur == FT_LINK;
    }
    return 1;
}

/* ---- the other properties ------------------------------------------- */

/* content (from content or a source) of an existing regular file.  In sync
 * by f's checksum type: the bytes (all, or the first 512 for the lite
 * types), the dates for mtime/ctime (the file is as new as its source or
 * newer; with content there is no date to compare, and Puppet fails, so
 * the file is left alone), never out of sync for none. */
static int sync_content(Out *o, const FileSpec *f, const struct stat *st)
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
        time_sum(f->checksum, mine, is, sizeof is);
        time_sum(f->checksum, theirs, should, sizeof should);
        if (read_path(path, &old) != 0)
            goto unreadable;
    } else {
        int same = has_content(path, f->content, f->content_len, ck_is_lite(f->checksum) ? LITE_BYTES : 0);
        if (same < 0)
            goto unreadable;
        if (same)
            return 0;
        if (read_path(path, &old) != 0)
            goto unreadable;
        Digest d;
        digest_init(&d, f->checksum);
        digest_update(&d, old.s ? old.s : "", old.len);
        digest_final(&d, is);
        content_checksum(f, should, sizeof should);
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
        o_would(o, "content", "content_changed", f->sensitive ? "[redacted]" : a.s, f->sensitive ? "[redacted]" : b.s);
        goto out;
    }
    unsigned keep = st->st_mode & 07777;
    if (f->mode) {
        long m = symbolic_mode(f->mode, keep, 0);
        if (m >= 0)
            keep = (unsigned)m;
    }
    /* the owner of the file it replaces, unless owner or group say otherwise */
    long uid = f->uid >= 0 ? f->uid : (long)st->st_uid, gid = f->gid >= 0 ? f->gid : (long)st->st_gid;
    if (tmp_write(path, f->content, f->content_len, keep, uid, gid, f->uid < 0 && f->gid < 0, &tmp) != 0) {
        buf_printf(&msg, "Could not set 'content' on content: %s @ rb_sysopen - %s", strerror(errno), f->path);
        if (!f->is_child)
            modfile_location(&msg, f->r);
        fail_step(o, "content", a.s, b.s, msg.s);
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
    if (f->validate_cmd && run_validate(f, tmp.shown.s, &msg) != 0) {
        tmp_drop(&tmp);
        fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
        goto out;
    }
    if (backup_file(o, f, path, &old, &msg) != 0) {
        tmp_drop(&tmp);
        fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
        goto out;
    }
    if (tmp_commit(&tmp) != 0) {
        buf_printf(&msg, "Could not set 'content' on content: %s @ rb_sysopen - %s", strerror(errno), f->path);
        if (!f->is_child)
            modfile_location(&msg, f->r);
        fail_step(o, "content", a.s, b.s, msg.s);
        rc = -1;
    } else if (f->sensitive) {
        o_change(o, "content", "content_changed", "changed [redacted] to [redacted]");
    } else {
        o_change(o, "content", "content_changed", "content changed %s to %s", a.s, b.s);
    }
    goto out;
unreadable:
    o_log(o, LOG_ERR, NULL, "Could not evaluate: %s @ rb_sysopen - %s", strerror(errno), f->path);
    rc = -1;
out:
    buf_free(&old);
    tmp_free(&tmp);
    buf_free(&msg);
    buf_free(&a);
    buf_free(&b);
    return rc;
}

/* owner (user = 1) or group of an existing file, with lchown: a link's own
 * ownership, as Puppet's links => manage. */
static int sync_id(Out *o, const FileSpec *f, int user, const struct stat *st)
{
    const char *prop = user ? "owner" : "group", *given = user ? f->owner : f->group;
    long want = user ? f->uid : f->gid, now = user ? (long)st->st_uid : (long)st->st_gid;
    int missing = user ? f->uid_missing : f->gid_missing;
    if (!given || (want < 0 && !missing) || want == now)
        return 0;
    Buf a = BUF_INIT, b = BUF_INIT;
    int rc = 0;
    id_shown(f->root, user, now, &a);
    if (missing)
        buf_printf(&b, "'%s'", given);
    else
        id_shown(f->root, user, want, &b);
    if (missing) {
        Buf msg = BUF_INIT;
        buf_printf(&msg, "Could not find %s %s", user ? "user" : "group", given);
        fail_step(o, prop, a.s, b.s, msg.s);
        buf_free(&msg);
        rc = -1;
    } else if (tx_noop(o->t)) {
        o_would(o, prop, user ? "owner_changed" : "group_changed", a.s, b.s);
    } else if (chown_path(f->path, user ? want : -1, user ? -1 : want) != 0) {
        Buf msg = BUF_INIT;
        buf_printf(&msg, "Failed to set %s to '%ld': %s @ apply2files - %s", prop, want, strerror(errno), f->path);
        fail_step(o, prop, a.s, b.s, msg.s);
        buf_free(&msg);
        rc = -1;
    } else {
        o_change(o, prop, user ? "owner_changed" : "group_changed", "%s changed %s to %s", prop, a.s, b.s);
    }
    buf_free(&a);
    buf_free(&b);
    return rc;
}

/* Reads a regular source file into f's content, once. */
static int load_source(Out *o, FileSpec *f)
{
    if (!f->src_path || !S_ISREG(f->src_st.st_mode) || f->content)
        return 0;
    /* in the root, or below the module's files/ (links followed inside) */
    int fd = space_open(f->src_base, f->src_path, O_RDONLY | O_NONBLOCK);
    if (fd < 0 || buf_read_fd(&f->source_data, fd) != 0) {
        close_keep(fd);
        o_log(o, LOG_ERR, NULL, "Could not evaluate: Could not read %s%s%s: %s", f->src_files ? f->src_files : "",
              f->src_files && f->src_path[0] != '/' ? "/" : "", f->src_path, strerror(errno));
        return -1;
    }
    close(fd);
    f->content = f->source_data.s ? f->source_data.s : "";
    f->content_len = f->source_data.len;
    return 0;
}

/* One file (the resource, or a child of its recursion): see the file
 * comment for the order of things. */
static int sync_path(Out *o, FileSpec *f)
{
    TxRes *t = o->t;
    struct stat st;
    int rc = 0;

    if (load_source(o, f) != 0)
        return -1;
    FType cur = FT_ABSENT;
    memset(&st, 0, sizeof st);
    if (rootfs_lstat(f->path, &st) == 0)
        cur = ftype_of(&st);
    else if (errno != ENOENT && errno != ENOTDIR)
        o_log(o, LOG_WARNING, NULL, "Could not stat; %s", strerror(errno));

    if (!ensure_insync(f, cur)) {
        if (tx_noop(t)) {
            char is[64], should[64];
            snprintf(is, sizeof is, "'%s'", ftype_name(cur, &st));
            snprintf(should, sizeof should, "'%s'", ensure_names[f->ensure]);
            int red = f->sensitive && (f->ensure == EN_FILE || f->ensure == EN_PRESENT);
            o_would(o, "ensure", f->ensure == EN_ABSENT ? "file_removed" : f->ensure == EN_DIRECTORY ?
                    "directory_created" : f->ensure == EN_LINK ? "link_created" : "file_created",
                    red ? "[redacted]" : is, red ? "[redacted]" : should);
            return 0;
        }
        return sync_ensure(o, f, cur, &st);
    }
    if (cur == FT_ABSENT)
        return 0;   /* nothing there, none wanted: no other property applies */

    /* content: a regular file only (Puppet reads nothing through a link) */
    if (f->content && cur == FT_FILE && f->replace && sync_content(o, f, &st) != 0)
        rc = -1;

    /* target: only for links that should be links */
    if (f->ensure == EN_LINK && cur == FT_LINK && f->target) {
        char buf[4096];
        readlink_in(-1, f->path, buf, sizeof buf);
        if (strcmp(buf, f->target) != 0) {
            Buf a = BUF_INIT, b = BUF_INIT;
            buf_printf(&a, "'%s'", buf);
            buf_printf(&b, "'%s'", f->target);
            if (tx_noop(t)) {
                o_would(o, "target", "target_changed", a.s, b.s);
            } else if (atomic_symlink(f->target, f->path, f->uid >= 0 ? f->uid : (long)st.st_uid,
                                      f->gid >= 0 ? f->gid : (long)st.st_gid) != 0) {
                int e = errno;
                tx_log_plain(t, LOG_ERR, "%s @ rb_file_s_symlink - %s", strerror(e), f->path);
                o_failed(o, "target", a.s, b.s, "%s @ rb_file_s_symlink - %s", strerror(e), f->path);
                rc = -1;
            } else {
                o_change(o, "target", "target_changed", "target changed %s to %s", a.s, b.s);
            }
            buf_free(&a);
            buf_free(&b);
        }
    }

    if (sync_id(o, f, 1, &st) != 0)
        rc = -1;
    if (sync_id(o, f, 0, &st) != 0)
        rc = -1;

    /* mode: not on links (Puppet: "Not managing symlink mode") */
    if (f->mode && cur != FT_LINK) {
        unsigned now = st.st_mode & 07777;
        long want = symbolic_mode(f->mode, now, cur == FT_DIRECTORY);
        if (want < 0) {
            o_log(o, LOG_ERR, "mode", "Could not evaluate mode %s", f->mode);
            return -1;
        }
        if (cur == FT_DIRECTORY && is_numeric_mode(f->mode))
            want = (long)dirmask((unsigned)want);
        if ((unsigned)want != now) {
            char a[16], b[64];
            snprintf(a, sizeof a, "'%04o'", now);
            if (is_numeric_mode(f->mode))
                snprintf(b, sizeof b, "'%04lo'", want);
            else
                snprintf(b, sizeof b, "'%s'", f->mode);
            if (tx_noop(t)) {
                o_would(o, "mode", "mode_changed", a, b);
            } else if (chmod_path(f->path, (mode_t)want) != 0) {
                int e = errno;
                tx_log_plain(t, LOG_ERR, "failed to set mode %04o on %s: %s", now, f->path, strerror(e));
                o_failed(o, "mode", a, b, "failed to set mode %04o on %s: %s", now, f->path, strerror(e));
                rc = -1;
            } else if (is_numeric_mode(f->mode)) {
                o_change(o, "mode", "mode_changed", "mode changed %s to %s", a, b);
            } else {
                o_change(o, "mode", "mode_changed", "mode changed %s to '%04lo' (%s)", a, want, f->mode);
            }
        }
    }
    return rc;
}

/* ---- sources -------------------------------------------------------- */

/* Where one source is, if it exists (stat'ed into st, links at the end
 * followed inside its space): an absolute path or file:// URI is the
 * managed system's, resolved in the root (*base -1); a
 * puppet:///modules/<module>/<path> URI (any server) is looked up in each
 * modulepath directory below <dir>/<module>/files, which it may not leave
 * (*base: that directory's fd, the caller's to close; *files: its path,
 * malloc'd).  Returns the path in its space (malloc), or NULL when it does
 * not exist, names another mount, or leads out of its space. */
static char *find_source(TxRes *t, const char *src, struct stat *st, int *base, char **files)
{
    *base = -1;
    *files = NULL;
    if (src[0] == '/' || !strncmp(src, "file:", 5)) {
        const char *path = src[0] == '/' ? src : !strncmp(src, "file://", 7) ? src + 7 : src + 5;
        int fd = rootfs_open(path, O_PATH, 0);
        int found = fd >= 0 && fstat(fd, st) == 0;
        close_keep(fd);
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
    const char *mp = tx_modulepath(t);
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
            close_keep(fd);
            close_keep(dfd);
        }
        mp += n + (mp[n] == ':');
    }
    buf_free(&p);
    free(rel);
    return NULL;
}

/* The first source that exists (Puppet's sourceselect => first); the
 * resource's ensure follows the source's type, as Puppet's
 * copy_source_values does (a directory source makes a directory even
 * under ensure => file).  -1, with Puppet's message, when none does. */
static int resolve_source(Out *o, FileSpec *f)
{
    for (size_t i = 0; i < list_len(f->source); i++)
        if ((f->src_path = find_source(o->t, list_at(f->source, i), &f->src_st, &f->src_base, &f->src_files))) {
            f->src_base_owned = 1;
            break;
        }
    if (!f->src_path) {
        Buf all = BUF_INIT;
        for (size_t i = 0; i < list_len(f->source); i++) {
            const char *s = list_at(f->source, i);
            buf_printf(&all, "%s%s%s", i ? ", " : "", s[0] == '/' ? "file://" : "", s);
        }
        o_log(o, LOG_ERR, NULL, "Could not evaluate: Could not retrieve information from environment production "
              "source(s) %s", all.s);
        buf_free(&all);
        return -1;
    }
    if (f->ensure == EN_NONE || f->ensure == EN_PRESENT || f->ensure == EN_FILE || f->ensure == EN_DIRECTORY)
        f->ensure = S_ISDIR(f->src_st.st_mode) ? EN_DIRECTORY : EN_FILE;
    return 0;
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

/* Syncs the children of directory f (see the file comment).  A child only
 * in the local tree keeps its type and gets f's mode, owner and group, or
 * is removed with purge; a child in the source tree becomes what it is
 * there (file with its content, directory, or link with its target).
 * Children below one that failed are left alone.  Returns 0, or -1 when a
 * child failed. */
static int recurse(Out *o, FileSpec *f)
{
    TxRes *t = o->t;
    Entries local = { 0 }, remote = { 0 };
    Buf dir = BUF_INIT;
    local.sweep = !tx_noop(t);  /* a noop run changes nothing, stale temps included */
    if (f->recurse == RC_YES) {
        buf_adds(&dir, f->path);
        list_tree(-1, &dir, dir.len, 0, f->recurselimit, 0, f->ignore, &local);
    }
    if (f->src_path && S_ISDIR(f->src_st.st_mode)) {
        buf_clear(&dir);
        buf_adds(&dir, f->src_path);
        list_tree(f->src_base, &dir, dir.len, 0, f->recurselimit, f->links_follow, f->ignore, &remote);
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
        for (size_t k = 0; k < nmanaged && !skip; k++)
            skip = under(ch.path, managed[k]);
        for (size_t k = 0; k < nfailed && !skip; k++)
            skip = under(ch.path, failed[k]);
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
                readlink_in(ch.src_base, ch.src_path, buf, sizeof buf);
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
        if (!skip) {
            Out co = { .t = t, .child = ch.path };
            buf_printf(&co.ref, "File[%s]", ch.path);
            if (sync_path(&co, &ch) != 0) {
                rc = -1;
                failed = xrealloc(failed, (nfailed + 1) * sizeof *failed);
                failed[nfailed++] = xstrndup(ch.path, strlen(ch.path));
            }
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
    entries_free(&local);
    entries_free(&remote);
    return rc;
}

/* 1 when f's recursion has a directory to work on: the one on disk after
 * the sync, or in noop the one that would be there. */
static int recursion_applies(TxRes *t, const FileSpec *f)
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

/* Syncs the File resource r for t (t's own, or one t's type generates). */
static int file_sync(TxRes *t, const Resource *r)
{
    FileSpec f;
    Buf err = BUF_INIT;
    Out o = { .t = t };
    int rc = 0;

    if (file_parse(r, tx_root(t), &f, &err) != 0) {
        tx_log(t, LOG_ERR, NULL, "%s", buf_cstr(&err));
        rc = -1;
        goto out;
    }
    resolve_ids(&o, &f);
    /* a source to be removed need not exist */
    if (f.source && f.ensure != EN_ABSENT && resolve_source(&o, &f) != 0) {
        rc = -1;
        goto out;
    }
    rc = sync_path(&o, &f);
    if (rc == 0 && recursion_applies(t, &f))
        rc = recurse(&o, &f);
out:
    buf_free(&err);
    file_free(&f);
    return rc;
}

static int file_apply(TxRes *t)
{
    return file_sync(t, tx_resource(t));
}

int file_sync_generated(TxRes *t, const Resource *r)
{
    tx_child(t, r->ref);
    int rc = file_sync(t, r);
    tx_child(t, NULL);
    return rc;
}

int file_validate_generated(const Resource *r, Buf *err)
{
    return file_validate(r, err);
}

int file_source_read(TxRes *t, const char *src, Buf *out)
{
    int base;
    struct stat st;
    char *files, *path = find_source(t, src, &st, &base, &files);
    int rc = 1;
    if (path && S_ISREG(st.st_mode)) {
        int fd = space_open(base, path, O_RDONLY | O_NONBLOCK);
        rc = fd < 0 || buf_read_fd(out, fd) != 0 ? -1 : 0;
        close_keep(fd);
    }
    close_keep(base);
    free(files);
    free(path);
    return rc;
}

/* Spec 7.2.  File: every ancestor directory, nearest first, up to "/".
 * Contract with the transaction: it keeps only the FIRST of these ancestor
 * candidates that is managed in the catalog (Puppet's "nearest managed
 * ancestor"), then every later candidate (the link target) on its own
 * merit.  Then File target, User owner and Group group unless numeric. */
static void file_autorequire(const Catalog *c, const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v = provider_param(r, "path");
    const char *path = v && v->kind == V_STR ? v->str.s : r->title;
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    char *p = xstrndup(path, n);
    if (p[0] == '/' && p[1]) {
        for (;;) {
            char *slash = strrchr(p, '/');
            if (!slash)
                break;
            if (slash == p) {
                add(ctx, "File", "/");
                break;
            }
            *slash = '\0';
            add(ctx, "File", p);
        }
    }
    free(p);
    if ((v = provider_param(r, "target")) && v->kind == V_STR && strcmp(v->str.s, "notlink") != 0)
        add(ctx, "File", v->str.s);
    else if ((v = provider_param(r, "ensure")) && v->kind == V_STR && v->str.s[0] == '/')
        add(ctx, "File", v->str.s);   /* ensure => '/path' is a link target */
    const char *ids[2][2] = { { "owner", "User" }, { "group", "Group" } };
    for (int i = 0; i < 2; i++)
        if ((v = provider_param(r, ids[i][0])) && v->kind == V_STR && v->str.s[0] && !all_digits(v->str.s))
            add(ctx, ids[i][1], v->str.s);
}

/* ---- mres ---------------------------------------------------------- */

/* An owner or group as mres shows it: the name, or the number without one. */
static Value *id_value(Arena *a, const char *root, int user, long id)
{
    Buf shown = BUF_INIT;
    id_shown(root, user, id, &shown);
    const char *s = buf_cstr(&shown);
    Value *v = s[0] == '\'' ? val_str(a, s + 1, shown.len - 2) : val_int(a, id);
    buf_free(&shown);
    return v;
}

/* What puppet resource shows of a file: ensure, content's sha256 (files),
 * target (links), ctime, group, mode, mtime, owner, type. */
static int file_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    Arena *a = c->arena;
    char *path = rootfs_canon(r->title);     /* "/../x" is the root's /x */
    struct stat st;
    int rc = 0;
    if (rootfs_lstat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            res_set(c, r, "ensure", val_cstr(a, "absent"));
        } else {
            buf_printf(err, "%s: %s", r->title, strerror(errno));
            rc = -1;
        }
        free(path);
        return rc;
    }
    FType t = ftype_of(&st);
    const char *type = ftype_name(t, &st);
    res_set(c, r, "ensure", val_cstr(a, type));
    if (t == FT_FILE) {
        Buf data = BUF_INIT;
        char sum[96];
        if (read_path(path, &data) == 0) {
            Digest d;
            digest_init(&d, CK_SHA256);
            digest_update(&d, data.s ? data.s : "", data.len);
            digest_final(&d, sum);
            res_set(c, r, "content", val_cstr(a, sum));
        }
        buf_free(&data);
    } else if (t == FT_LINK) {
        char target[4096];
        ssize_t n = readlink_in(-1, path, target, sizeof target);
        if (n >= 0)
            res_set(c, r, "target", val_str(a, target, (size_t)n));
    }
    char when[96];
    time_sum(CK_CTIME, st.st_ctime, when, sizeof when);
    res_set(c, r, "ctime", val_cstr(a, when + strlen("{ctime}")));
    res_set(c, r, "group", id_value(a, root, 0, (long)st.st_gid));
    char mode[16];
    snprintf(mode, sizeof mode, "%04o", (unsigned)(st.st_mode & 07777));
    res_set(c, r, "mode", val_cstr(a, mode));
    time_sum(CK_MTIME, st.st_mtime, when, sizeof when);
    res_set(c, r, "mtime", val_cstr(a, when + strlen("{mtime}")));
    res_set(c, r, "owner", id_value(a, root, 1, (long)st.st_uid));
    res_set(c, r, "type", val_cstr(a, type));
    free(path);
    return 0;
}

const Provider provider_file = {
    .type = "file",
    .validate = file_validate,
    .apply = file_apply,
    .refresh = NULL,        /* file ignores events (spec 4.1) */
    .autorequire = file_autorequire,
    .retrieve = file_retrieve,
};
