/*
 * file.c - the file type at apply time: ensure (file, present, directory,
 * link, absent), content or source, target, owner, group and mode; with
 * recurse, purge, recurselimit and ignore for directory trees; backup (to
 * the bucket, types/bucket.h, or a suffix copy), validate_cmd, show_diff,
 * replace and Puppet's checksum types.  Puppet's harness rule shapes
 * apply(): when ensure is out of sync, only ensure is synced (a created
 * file gets its content, owner, group and mode in the same step, so one
 * event); otherwise each other property is compared and synced in
 * Puppet's order: content, target, owner, group, mode.  When content is
 * rewritten, the new file already carries the final owner, group and
 * mode (below), so those are reported as Puppet reports them but not set
 * on the old file in place: after a kill between the two (a deferred
 * write waits for its batch's flush) the old content never shows the new
 * mode or owner.
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
 *
 * The files of types/file/ (internal.h lists them) hold the parameters,
 * the operations on disk, content and sources, backups and validate_cmd,
 * and trees; this one holds the provider: ensure, the other properties in
 * Puppet's order, and the entry points (types/file.h, mres's retrieve).
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "types/file.h"
#include "types/modfile.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const Provider provider_file;

static const char *const ensure_names[] = { "", "absent", "present", "file", "directory", "link" };

/* ---- where lines go ------------------------------------------------- */

static char *vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static char *vformat(const char *fmt, va_list ap)
{
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        util_oom();
    return s;
}

/* A child resource's report lines go under its own ref: out_enter
 * switches the transaction to it, out_leave switches back. */
static void out_enter(Out *o)
{
    if (o->child)
        tx_child(o->t, o->ref.s);
}

static void out_leave(Out *o)
{
    if (o->child)
        tx_child(o->t, NULL);
}

void file_change(Out *o, const char *prop, const char *event, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    out_enter(o);
    tx_change(o->t, prop, event, "%s", msg);
    out_leave(o);
    free(msg);
}

void file_would(Out *o, const char *prop, const char *event, const char *is, const char *should)
{
    out_enter(o);
    tx_would(o->t, prop, event, is, should);
    out_leave(o);
}

void file_failed(Out *o, const char *prop, const char *from, const char *to, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    out_enter(o);
    tx_failed(o->t, prop, from, to, "%s", msg);
    out_leave(o);
    free(msg);
}

void file_log(Out *o, LogLevel lvl, const char *prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    out_enter(o);
    tx_log(o->t, lvl, prop, "%s", msg);
    out_leave(o);
    free(msg);
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
    tx_log_plain(o->t, LL_ERR, "%s", buf_cstr(&msg));
    tx_log_plain(o->t, LL_ERR, "%s\nWrapped exception:\n%s", buf_cstr(&msg), detail);
    char to[64];
    snprintf(to, sizeof to, "'%s'", should);
    file_failed(o, "ensure", is, to, "%s", buf_cstr(&msg));
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
    tx_log_plain(o->t, LL_ERR, "%s", msg);
    file_failed(o, "ensure", from, to, "%s", msg);
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
        file_log(o, LL_NOTICE, NULL, "Not removing directory; use 'force' to override");
        return 0;
    }
    if (file_remove_tree(f->path) != 0 && errno != ENOENT)
        return -1;
    *removed = 1;
    return 0;
}

/* The mode a new file or directory gets. */
static unsigned new_mode(const FileSpec *f, int dir)
{
    if (!f->mode)
        return dir ? 0777 : 0644;
    long m = file_symbolic_mode(f->mode, dir ? 0755 : 0644, dir);
    if (m < 0)
        m = dir ? 0755 : 0644;
    return dir ? file_dirmask((unsigned)m) : (unsigned)m;
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
void file_fail_step(Out *o, const char *prop, const char *from, const char *to, const char *msg)
{
    tx_log_plain(o->t, LL_ERR, "%s", msg);
    file_failed(o, prop, from, to, "%s", msg);
}

/* ensure => file (or present) when there is no regular file: the content
 * is written to a temporary file with its final mode and owner, checked
 * by validate_cmd, what is there is backed up and (a directory, with
 * force) removed, and the file is renamed into place. */
static int create_file(Out *o, const FileSpec *f, FType cur, const struct stat *st, const char *is)
{
    const char *curname = file_ftype_name(cur, st);
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
            file_backup_existing(o, f, cur, st, &why);
            remove_existing(o, f, cur, &removed);
        }
        buf_free(&why);
        /* content or a source go through a temporary file, whose rename
         * Puppet refuses first (Puppet::Util.replace_file's own EISDIR);
         * an empty file is opened in place */
        if (f->src_path || (f->content && f->content_len)) {
            buf_printf(&msg, "Is a directory - Is a directory: %s", f->path);
            fail_ensure(o, f, is, msg.s);
        } else {
            fail_errno(o, f, is, EISDIR, "rb_sysopen", f->path);
        }
        goto out;
    }
    const char *data = f->content ? f->content : "";
    size_t len = f->content ? f->content_len : 0;
    int defer = (cur == FT_ABSENT || cur == FT_FILE) && file_can_defer(o, f);
    if (file_tmp_write(f->path, data, len, new_mode(f, 0), f->uid, f->gid, 0, !defer, &tmp) != 0) {
        fail_errno(o, f, is, errno, "rb_sysopen", f->path);
        goto out;
    }
    char to[64];
    snprintf(to, sizeof to, "'%s'", ensure_names[f->ensure]);
    if (f->validate_cmd && file_run_validate(f, tmp.shown.s, &msg) != 0) {
        file_tmp_drop(&tmp);
        file_fail_step(o, "ensure", is, to, msg.s);
        goto out;
    }
    if (file_backup_existing(o, f, cur, st, &msg) != 0) {
        file_tmp_drop(&tmp);
        fail_ensure(o, f, is, msg.s);
        goto out;
    }
    if (remove_existing(o, f, cur, &removed) != 0) {
        file_tmp_drop(&tmp);
        fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
        goto out;
    }
    if (defer) {
        Buf pre = BUF_INIT, post = BUF_INIT, wrapped = BUF_INIT;
        buf_adds(&pre, "Could not set '");        /* (no printf: one per new file) */
        buf_adds(&pre, ensure_names[f->ensure]);
        buf_adds(&pre, "' on ensure: ");
        buf_adds(&wrapped, " @ rb_sysopen - ");
        buf_adds(&wrapped, f->path);
        buf_adds(&post, wrapped.s);
        modfile_location(&post, f->r);
        file_tmp_defer(o, &tmp, "ensure", is, to, pre.s, post.s, wrapped.s);
        buf_free(&pre);
        buf_free(&post);
        buf_free(&wrapped);
    } else if (file_tmp_commit(&tmp) != 0) {
        fail_errno(o, f, is, errno, "rb_sysopen", f->path);
        goto out;
    }
    if (f->content && f->sensitive) {
        file_change(o, "ensure", "file_created", "changed [redacted] to [redacted]");
    } else if (f->content) {
        char sum[96];
        file_content_checksum(f, sum, sizeof sum);
        file_change(o, "ensure", "file_created", "defined content as '%s'", sum);
        tx_change_values(o->t, is, "'file'");      /* the report's: what was there (absent, a link) */
    } else if (cur == FT_ABSENT) {
        file_change(o, "ensure", "file_created", "created");
    } else {
        file_change(o, "ensure", "file_created", "ensure changed '%s' to '%s'", curname, ensure_names[f->ensure]);
    }
    rc = 0;
out:
    file_tmp_free(&tmp);
    buf_free(&msg);
    return rc;
}

/* Brings ensure in sync; the only change when ensure was out of sync. */
static int sync_ensure(Out *o, const FileSpec *f, FType cur, const struct stat *st)
{
    const char *curname = file_ftype_name(cur, st);
    char is[64];
    int removed, rc = -1;
    Buf msg = BUF_INIT;
    snprintf(is, sizeof is, "'%s'", curname);

    switch (f->ensure) {
    case EN_NONE:
        rc = 0;
        break;
    case EN_ABSENT:
        if (file_backup_existing(o, f, cur, st, &msg) != 0) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (cur == FT_DIRECTORY) {
            if (remove_existing(o, f, cur, &removed) != 0) {
                fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
                break;
            }
        } else if (file_unlink_path(f->path) != 0) {
            fail_errno(o, f, is, errno, "apply2files", f->path);
            break;
        }
        /* Puppet says "removed" even when it kept a directory for lack of force. */
        file_change(o, "ensure", "file_removed", "removed");
        tx_change_values(o->t, is, "'absent'");      /* the report's previous value: what was there */
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
            if (file_backup_existing(o, f, cur, st, &msg) != 0) {
                fail_ensure(o, f, is, msg.s);
                break;
            }
            if (file_unlink_path(f->path) != 0) {
                fail_errno(o, f, is, errno, "apply2files", f->path);
                break;
            }
        }
        /* made in its directory's fd, then set through its own fd */
        unsigned mode = new_mode(f, 1);
        const char *leaf;
        int dfd = rootfs_parent(f->path, &leaf);
        if (dfd < 0 || mkdirat(dfd, leaf, mode) != 0) {
            file_close_keep(dfd);
            fail_errno(o, f, is, errno, "dir_s_mkdir", f->path);
            break;
        }
        int dd = openat(dfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        file_close_keep(dfd);
        if (f->mode && dd >= 0)
            fchmod(dd, mode);   /* past the umask, as Puppet's withumask(0) */
        if ((f->uid >= 0 || f->gid >= 0) && (dd < 0 || fchown(dd, (uid_t)f->uid, (gid_t)f->gid) != 0)) {
            file_close_keep(dd);
            fail_errno(o, f, is, errno, "apply2files", f->path);
            break;
        }
        file_close_keep(dd);
        if (cur == FT_ABSENT)
            file_change(o, "ensure", "directory_created", "created");
        else
            file_change(o, "ensure", "directory_created", "ensure changed '%s' to 'directory'", curname);
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
            file_backup_existing(o, f, cur, st, &msg);
            remove_existing(o, f, cur, &removed);
            file_backup_existing(o, f, cur, st, &msg);
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
        if (file_backup_existing(o, f, cur, st, &msg) != 0) {
            fail_ensure(o, f, is, msg.s);
            break;
        }
        if (remove_existing(o, f, cur, &removed) != 0) {
            fail_errno(o, f, is, errno, "dir_s_rmdir", f->path);
            break;
        }
        if (file_atomic_symlink(f->target, f->path, f->uid, f->gid) != 0) {
            fail_errno(o, f, is, errno, "rb_file_s_symlink", f->path);
            break;
        }
        if (cur == FT_ABSENT)
            file_change(o, "ensure", "link_created", "created");
        else
            file_change(o, "ensure", "link_created", "ensure changed '%s' to 'link'", curname);
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

/* owner (user = 1) or group of an existing file, with lchown: a link's own
 * ownership, as Puppet's links => manage.  in_new: the rewritten content's
 * file already has it (file_sync_content); report the change only. */
static int sync_id(Out *o, const FileSpec *f, int user, const struct stat *st, int in_new)
{
    const char *prop = user ? "owner" : "group", *given = user ? f->owner : f->group;
    long want = user ? f->uid : f->gid, now = user ? (long)st->st_uid : (long)st->st_gid;
    int missing = user ? f->uid_missing : f->gid_missing;
    if (!given || (want < 0 && !missing) || want == now)
        return 0;
    Buf a = BUF_INIT, b = BUF_INIT;
    int rc = 0;
    file_id_shown(f->root, user, now, &a);
    if (missing)
        buf_printf(&b, "'%s'", given);
    else
        file_id_shown(f->root, user, want, &b);
    if (missing) {
        Buf msg = BUF_INIT;
        buf_printf(&msg, "Could not find %s %s", user ? "user" : "group", given);
        file_fail_step(o, prop, a.s, b.s, msg.s);
        buf_free(&msg);
        rc = -1;
    } else if (tx_noop(o->t)) {
        file_would(o, prop, user ? "owner_changed" : "group_changed", a.s, b.s);
    } else if (!in_new && file_chown_path(f->path, user ? want : -1, user ? -1 : want) != 0) {
        Buf msg = BUF_INIT;
        buf_printf(&msg, "Failed to set %s to '%ld': %s @ apply2files - %s", prop, want, strerror(errno), f->path);
        file_fail_step(o, prop, a.s, b.s, msg.s);
        buf_free(&msg);
        rc = -1;
    } else {
        file_change(o, prop, user ? "owner_changed" : "group_changed", "%s changed %s to %s", prop, a.s, b.s);
        /* the report's values are the ids, as Puppet's retrieve gives them */
        char was[24], now_id[24];
        snprintf(was, sizeof was, "%ld", now);
        snprintf(now_id, sizeof now_id, "%ld", want);
        tx_change_values(o->t, was, now_id);
    }
    buf_free(&a);
    buf_free(&b);
    return rc;
}

/* One file (the resource, or a child of its recursion): see the file
 * comment for the order of things. */
int file_sync_path(Out *o, FileSpec *f)
{
    TxRes *t = o->t;
    struct stat st;
    int rc = 0, wrote = 0;

    if (file_load_source(o, f) != 0)
        return -1;
    FType cur = FT_ABSENT;
    memset(&st, 0, sizeof st);
    if (o->absent_seen) {
        o->absent_seen = 0;       /* looked at a moment ago, in file_joinable */
    } else if (rootfs_lstat(f->path, &st) == 0)
        cur = file_ftype_of(&st);
    else if (errno != ENOENT && errno != ENOTDIR)
        file_log(o, LL_WARNING, NULL, "Could not stat; %s", strerror(errno));

    if (!ensure_insync(f, cur)) {
        if (tx_noop(t)) {
            char is[64], should[64];
            snprintf(is, sizeof is, "'%s'", file_ftype_name(cur, &st));
            snprintf(should, sizeof should, "'%s'", ensure_names[f->ensure]);
            int red = f->sensitive && (f->ensure == EN_FILE || f->ensure == EN_PRESENT);
            file_would(o, "ensure", f->ensure == EN_ABSENT ? "file_removed" : f->ensure == EN_DIRECTORY ?
                    "directory_created" : f->ensure == EN_LINK ? "link_created" : "file_created",
                    red ? "[redacted]" : is, red ? "[redacted]" : should);
            return 0;
        }
        return sync_ensure(o, f, cur, &st);
    }
    if (cur == FT_ABSENT)
        return 0;   /* nothing there, none wanted: no other property applies */

    /* content: a regular file only (Puppet reads nothing through a link);
     * wrote: the new file, with the final owner, group and mode, replaces
     * it (or will, at the flush) */
    if (f->content && cur == FT_FILE && f->replace && file_sync_content(o, f, &st, &wrote) != 0)
        rc = -1;

    /* target: only for links that should be links */
    if (f->ensure == EN_LINK && cur == FT_LINK && f->target) {
        char buf[4096];
        file_readlink_in(-1, f->path, buf, sizeof buf);
        if (strcmp(buf, f->target) != 0) {
            Buf a = BUF_INIT, b = BUF_INIT;
            buf_printf(&a, "'%s'", buf);
            buf_printf(&b, "'%s'", f->target);
            if (tx_noop(t)) {
                file_would(o, "target", "target_changed", a.s, b.s);
            } else if (file_atomic_symlink(f->target, f->path, f->uid >= 0 ? f->uid : (long)st.st_uid,
                                      f->gid >= 0 ? f->gid : (long)st.st_gid) != 0) {
                int e = errno;
                tx_log_plain(t, LL_ERR, "%s @ rb_file_s_symlink - %s", strerror(e), f->path);
                file_failed(o, "target", a.s, b.s, "%s @ rb_file_s_symlink - %s", strerror(e), f->path);
                rc = -1;
            } else {
                file_change(o, "target", "target_changed", "target changed %s to %s", a.s, b.s);
            }
            buf_free(&a);
            buf_free(&b);
        }
    }

    if (sync_id(o, f, 1, &st, wrote) != 0)
        rc = -1;
    if (sync_id(o, f, 0, &st, wrote) != 0)
        rc = -1;

    /* mode: not on links (Puppet: "Not managing symlink mode") */
    if (f->mode && cur != FT_LINK) {
        unsigned now = st.st_mode & 07777;
        long want = file_symbolic_mode(f->mode, now, cur == FT_DIRECTORY);
        if (want < 0) {
            file_log(o, LL_ERR, "mode", "Could not evaluate mode %s", f->mode);
            return -1;
        }
        if (cur == FT_DIRECTORY && file_is_numeric_mode(f->mode))
            want = (long)file_dirmask((unsigned)want);
        if ((unsigned)want != now) {
            char a[16], b[64];
            snprintf(a, sizeof a, "'%04o'", now);
            if (file_is_numeric_mode(f->mode))
                snprintf(b, sizeof b, "'%04lo'", want);
            else
                snprintf(b, sizeof b, "'%s'", f->mode);
            if (tx_noop(t)) {
                file_would(o, "mode", "mode_changed", a, b);
            } else if (!wrote && file_chmod_path(f->path, (mode_t)want) != 0) {
                int e = errno;
                tx_log_plain(t, LL_ERR, "failed to set mode %04o on %s: %s", now, f->path, strerror(e));
                file_failed(o, "mode", a, b, "failed to set mode %04o on %s: %s", now, f->path, strerror(e));
                rc = -1;
            } else if (file_is_numeric_mode(f->mode)) {
                file_change(o, "mode", "mode_changed", "mode changed %s to %s", a, b);
            } else {
                file_change(o, "mode", "mode_changed", "mode changed %s to '%04lo' (%s)", a, want, f->mode);
                tx_change_values(t, a, b);     /* the report's: the mode as given */
            }
        }
    }
    return rc;
}

/* Syncs the File resource r for t (t's own, or one t's type generates). */
static int file_sync(TxRes *t, const Resource *r)
{
    FileSpec f;
    Buf err = BUF_INIT;
    Out o = { .t = t };
    int rc = 0;

    if (file_parse(r, tx_root(t), &f, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));
        rc = -1;
        goto out;
    }
    /* joined to the open batch: only a deferred creation may happen
     * before the batch's flush; otherwise flush first (skipped when a
     * dependency failed there) */
    if (tx_joined(t) && !file_joinable(&o, &f) && tx_settle(t) != 0)
        goto out;
    file_resolve_ids(&o, &f);
    /* a source to be removed need not exist */
    if (f.source && f.ensure != EN_ABSENT && file_resolve_source(&o, &f) != 0) {
        rc = -1;
        goto out;
    }
    rc = file_sync_path(&o, &f);
    if (rc == 0 && file_recursion_applies(t, &f))
        rc = file_recurse(&o, &f);
out:
    buf_free(&err);
    file_free(&f);
    return rc;
}

static int file_apply(TxRes *t)
{
    file_children_reset(tx_resource(t));   /* a test run's children (prereq) do not count */
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


/* docs/apply.md §7.2.  File: every ancestor directory, nearest first, up to "/".
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
        if ((v = provider_param(r, ids[i][0])) && v->kind == V_STR && v->str.s[0] && !file_all_digits(v->str.s))
            add(ctx, ids[i][1], v->str.s);
}

/* ---- mres ---------------------------------------------------------- */

/* An owner or group as mres shows it: the name, or the number without one. */
static Value *id_value(Arena *a, const char *root, int user, long id)
{
    Buf shown = BUF_INIT;
    file_id_shown(root, user, id, &shown);
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
            cat_res_set(c, r, "ensure", val_cstr(a, "absent"));
        } else {
            buf_printf(err, "%s: %s", r->title, strerror(errno));
            rc = -1;
        }
        free(path);
        return rc;
    }
    FType t = file_ftype_of(&st);
    const char *type = file_ftype_name(t, &st);
    cat_res_set(c, r, "ensure", val_cstr(a, type));
    if (t == FT_FILE) {
        Buf data = BUF_INIT;
        char sum[96];
        if (file_read_path(path, &data) == 0) {
            Digest d;
            file_digest_init(&d, CK_SHA256);
            file_digest_update(&d, data.s ? data.s : "", data.len);
            file_digest_final(&d, sum);
            cat_res_set(c, r, "content", val_cstr(a, sum));
        }
        buf_free(&data);
    } else if (t == FT_LINK) {
        char target[4096];
        ssize_t n = file_readlink_in(-1, path, target, sizeof target);
        if (n >= 0)
            cat_res_set(c, r, "target", val_str(a, target, (size_t)n));
    }
    char when[96];
    file_time_sum(CK_CTIME, st.st_ctime, when, sizeof when);
    cat_res_set(c, r, "ctime", val_cstr(a, when + strlen("{ctime}")));
    cat_res_set(c, r, "group", id_value(a, root, 0, (long)st.st_gid));
    char mode[16];
    snprintf(mode, sizeof mode, "%04o", (unsigned)(st.st_mode & 07777));
    cat_res_set(c, r, "mode", val_cstr(a, mode));
    file_time_sum(CK_MTIME, st.st_mtime, when, sizeof when);
    cat_res_set(c, r, "mtime", val_cstr(a, when + strlen("{mtime}")));
    cat_res_set(c, r, "owner", id_value(a, root, 1, (long)st.st_uid));
    cat_res_set(c, r, "type", val_cstr(a, type));
    free(path);
    return 0;
}

const Provider provider_file = {
    .type = "file",
    .validate = file_validate,
    .apply = file_apply,
    .refresh = NULL,        /* file ignores events (docs/apply.md §4.1) */
    .autorequire = file_autorequire,
    .retrieve = file_retrieve,
    .validate_run = file_validate_run,
};
