/*
 * backup.c - what guards a replacement before it happens: the old content
 * saved (into the file bucket, types/bucket.h, with Puppet's Info lines,
 * or as a suffix copy beside the file; a directory given up to force file
 * by file, or renamed), and validate_cmd run on the temporary file that
 * is about to replace it.  Either failing leaves the file as it was.
 */
#define _GNU_SOURCE
#include "types/file/internal.h"
#include "types/bucket.h"
#include "types/run.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- backups -------------------------------------------------------- */

/* Saves the regular file at path (in the root) before it is replaced or
 * removed: into the bucket, with Puppet's two Info lines, or as a copy
 * next to it with the suffix.  data is its content when the caller has
 * read it already, else NULL.  Returns 0, or -1 with Puppet's "Could not
 * back up /x: why" in err.  Without a state directory (unit tests) there is
 * no bucket, and nothing to do. */
int file_backup(Out *o, const FileSpec *f, const char *path, const Buf *data, Buf *err)
{
    const char *logical = path;
    Buf own = BUF_INIT;
    int rc = 0;
    if (f->backup == BK_NONE || (f->backup == BK_BUCKET && !tx_vardir(o->t)[0]))
        return 0;
    if (!data) {
        if (file_read_path(path, &own) != 0) {
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
        if (file_tmp_write(dst.s, data->s ? data->s : "", data->len, mode, known ? (long)st.st_uid : -1,
                      known ? (long)st.st_gid : -1, 1, 1, &tmp) != 0 ||
            file_tmp_commit(&tmp) != 0) {
            buf_printf(err, "Could not back up %s: %s", logical, strerror(errno));
            rc = -1;
        }
        buf_free(&dst);
        file_tmp_free(&tmp);
    } else {
        char sum[65];
        Buf why = BUF_INIT;
        tx_log_plain(o->t, LL_INFO, "Computing checksum on file %s", logical);
        if (bucket_put(tx_vardir(o->t), logical, data->s ? data->s : "", data->len, sum, &why) != 0) {
            buf_printf(err, "Could not back up %s: %s", logical, buf_cstr(&why));
            rc = -1;
        } else {
            /* the sum of what Sensitive content replaces is not shown either */
            file_log(o, LL_INFO, NULL, "Filebucketed %s to %s with sum %s", logical, f->backup_name,
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
        file_remove_tree(dst.s);
        const char *leaf;
        int dfd = rootfs_parent(f->path, &leaf), rc = -1;
        if (dfd >= 0) {
            buf_clear(&dst);
            buf_printf(&dst, "%s%s", leaf, f->backup_name);
            rc = renameat(dfd, leaf, dfd, dst.s);
            file_close_keep(dfd);
        }
        if (rc != 0)
            buf_printf(err, "Could not back up %s: %s", f->path, strerror(errno));
        buf_free(&dst);
        return rc ? -1 : 0;
    }
    file_log(o, LL_INFO, NULL, "Recursively backing up to filebucket");
    Entries all = { 0 };
    Buf dir = BUF_INIT, logical = BUF_INIT;
    buf_adds(&dir, f->path);
    file_list_tree(-1, &dir, dir.len, 0, -1, 0, NULL, &all);
    int rc = 0;
    for (size_t i = 0; i < all.n && rc == 0; i++) {
        if (!S_ISREG(all.v[i].st.st_mode))
            continue;
        buf_clear(&logical);
        buf_printf(&logical, "%s/%s", strcmp(f->path, "/") ? f->path : "", all.v[i].rel);
        rc = file_backup(o, f, logical.s, NULL, err);
    }
    file_entries_free(&all);
    buf_free(&dir);
    buf_free(&logical);
    return rc;
}

/* What Puppet does with a backup when something that is not a regular
 * file is removed: directories are saved only when force lets them go;
 * links are replaced, not saved (their target is not being touched); other
 * kinds get Puppet's warning, said only when backup was asked for. */
int file_backup_existing(Out *o, const FileSpec *f, FType cur, const struct stat *st, Buf *err)
{
    if (f->backup == BK_NONE)
        return 0;
    if (cur == FT_FILE)
        return file_backup(o, f, f->path, NULL, err);
    if (cur == FT_DIRECTORY && f->force)
        return backup_tree(o, f, err);
    if ((cur == FT_DIRECTORY || cur == FT_OTHER) && f->backup_explicit)
        file_log(o, LL_WARNING, NULL, "Could not back up file of type %s", file_ftype_name(cur, st));
    return 0;
}

/* ---- validate_cmd --------------------------------------------------- */

/* Runs validate_cmd on the temporary file tmp, a path of the managed system
 * (validate_replacement in the command becomes it; under --root the
 * command runs chrooted there, where that path names the same file).  Returns 0 when it exits 0, else -1 with
 * Puppet's "Execution of 'cmd' returned 1: output" in msg. */
int file_run_validate(const FileSpec *f, const char *tmp, Buf *msg)
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
