/*
 * file.c - the file type at apply time: ensure (file, present, directory,
 * link, absent), content, target and mode; owner and group are accepted and
 * wait for issue 4.  Puppet's harness rule shapes apply(): when ensure is
 * out of sync, only ensure is synced (a created file gets its content and
 * mode in the same step, so one event); otherwise each other property is
 * compared and synced in Puppet's order: content, target, mode.
 *
 * Every replacement is atomic: content goes to a temporary file in the same
 * directory (mkostemp: O_EXCL, mode 0600), whose final mode is set with
 * fchmod before a byte is written; it is fsynced, renamed over the path and
 * the directory is fsynced.  Links are made the same way (symlink to a
 * temporary name, rename).  rename() replaces a symlink at the path rather
 * than following it, which is what Puppet does (its `links => manage`
 * default lstat()s the path and removes a link before writing a file).
 * Paths on disk are tx_root(t) + the path; messages show the path.
 */
#define _GNU_SOURCE
#include "apply/tx.h"
#include "base/sha256.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern const Provider provider_file;

/* What is at the path now (lstat), with Puppet's ftype names. */
typedef enum FType { FT_ABSENT, FT_FILE, FT_DIRECTORY, FT_LINK, FT_OTHER } FType;

typedef enum Ensure { EN_NONE, EN_ABSENT, EN_PRESENT, EN_FILE, EN_DIRECTORY, EN_LINK } Ensure;

static const char *const ensure_names[] = { "", "absent", "present", "file", "directory", "link" };

/* A file resource's parameters, parsed (file_parse). */
typedef struct FileSpec {
    const Resource *r;
    char *path;            /* namevar, trailing slashes removed (malloc) */
    Buf real;              /* tx_root + path: where it is on disk */
    Ensure ensure;         /* EN_FILE when only content is given */
    const char *content;   /* or NULL */
    size_t content_len;
    int sensitive;         /* content is Sensitive */
    const char *mode;      /* as given: "0644", "644" or symbolic "u=rw,go=r", or NULL */
    const char *target;    /* link target, or NULL */
    int force;             /* remove directories when replacing them */
    int replace;           /* default true: false leaves an existing file alone */
} FileSpec;

static Value *param(const Resource *r, const char *name)
{
    Value *v = res_get((Resource *)r, name);
    if (v && v->kind == V_SENSITIVE)
        v = v->sensitive;
    return v && v->kind != V_UNDEF ? v : NULL;
}

/* " (file: F, line: N)" as Puppet appends to resource errors. */
static void add_location(Buf *b, const Resource *r)
{
    if (r->file && r->line)
        buf_printf(b, " (file: %s, line: %d)", r->file, r->line);
    else if (r->file)
        buf_printf(b, " (file: %s)", r->file);
    else if (r->line)
        buf_printf(b, " (line: %d)", r->line);
}

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
    buf_free(&f->real);
    memset(f, 0, sizeof *f);
}

/* Parses r into f; -1 with Puppet's message ("Parameter mode failed on
 * File[/x]: ...") in err. */
static int file_parse(const Resource *r, const char *root, FileSpec *f, Buf *err)
{
    Value *v;
    memset(f, 0, sizeof *f);
    f->r = r;
    f->replace = 1;

    v = param(r, "path");
    const char *path = v && v->kind == V_STR ? v->str.s : r->title;
    if (path[0] != '/') {
        buf_printf(err, "Parameter path failed on %s: File paths must be fully qualified, not '%s'", r->ref, path);
        return -1;
    }
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    f->path = xstrndup(path, n);
    buf_printf(&f->real, "%s%s", root ? root : "", f->path);

    if ((v = res_get((Resource *)r, "content")) && v->kind != V_UNDEF) {
        int sens = v->kind == V_SENSITIVE;
        for (size_t i = 0; i < r->nsensitive; i++)
            if (!strcmp(r->sensitive[i], "content"))
                sens = 1;
        if (v->kind == V_SENSITIVE)
            v = v->sensitive;
        if (v->kind != V_STR) {
            buf_printf(err, "Parameter content failed on %s: Content must be a String, got %s", r->ref,
                       val_type_name(v));
            return -1;
        }
        f->content = v->str.s;
        f->content_len = v->str.len;
        f->sensitive = sens;
    }
    if ((v = param(r, "target")) && v->kind == V_STR && strcmp(v->str.s, "notlink") != 0)
        f->target = v->str.s;
    if ((v = param(r, "ensure"))) {
        const char *s = v->kind == V_BOOL ? (v->b ? "true" : "false") : v->kind == V_STR ? v->str.s : "";
        if (!strcmp(s, "absent") || !strcmp(s, "false")) f->ensure = EN_ABSENT;
        else if (!strcmp(s, "present")) f->ensure = EN_PRESENT;
        else if (!strcmp(s, "file")) f->ensure = EN_FILE;
        else if (!strcmp(s, "directory")) f->ensure = EN_DIRECTORY;
        else if (!strcmp(s, "link")) f->ensure = EN_LINK;
        else if (s[0]) {
            /* Any other value is a link target (deprecated Puppet form). */
            f->ensure = EN_LINK;
            f->target = s;
        }
    } else if (f->content) {
        f->ensure = EN_FILE;
    }
    if ((v = param(r, "mode"))) {
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
    const char *flags[2] = { "force", "replace" };
    int *dest[2] = { &f->force, &f->replace };
    for (int i = 0; i < 2; i++)
        if ((v = param(r, flags[i])) && parse_yesno(v, dest[i]) != 0) {
            Buf s = BUF_INIT;
            val_to_s(&s, v);
            buf_printf(err, "Parameter %s failed on %s: Invalid value \"%s\". Valid values are true, false, yes, no.",
                       flags[i], r->ref, buf_cstr(&s));
            buf_free(&s);
            return -1;
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

/* "{sha256}<hex>" of the file at path; -1 if it cannot be read. */
static int file_checksum(const char *path, char out[74])
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return -1;
    Sha256 s;
    unsigned char buf[65536], d[32];
    ssize_t n;
    sha256_init(&s);
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            close(fd);
            return -1;
        }
        sha256_update(&s, buf, (size_t)n);
    }
    close(fd);
    sha256_final(&s, d);
    static const char hexd[] = "0123456789abcdef";
    strcpy(out, "{sha256}");
    for (int i = 0; i < 32; i++) {
        out[8 + 2 * i] = hexd[d[i] >> 4];
        out[9 + 2 * i] = hexd[d[i] & 15];
    }
    out[72] = '\0';
    return 0;
}

/* 1 when the file at path holds exactly want, 0 when it differs, -1 (errno)
 * when it cannot be read.  The idempotent run's check: a size comparison,
 * then the bytes, no digest unless something must be reported. */
static int has_content(const char *path, const char *want, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return -1;
    }
    if ((size_t)st.st_size != len) {
        close(fd);
        return 0;
    }
    char buf[65536];
    size_t off = 0;
    int same = 1;
    while (same && off < len) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if ((size_t)n > len - off || memcmp(buf, want + off, (size_t)n) != 0)
            same = 0;
        off += (size_t)n;
    }
    close(fd);
    return same && off == len;
}

static void content_checksum(const FileSpec *f, char out[74])
{
    char hex[65];
    sha256_hex(f->content, f->content_len, hex);
    snprintf(out, 74, "{sha256}%s", hex);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st; (void)ftw;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

/* rm -rf without following links. */
static int remove_tree(const char *path)
{
    return nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* fsync the directory holding path, so a rename is durable. */
static void sync_parent(const char *path)
{
    char *dir = xstrndup(path, strlen(path));
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* Writes data to path atomically with the given mode (see the file
 * comment); keeps the owner of a file being replaced when we can.  Returns
 * 0, or -1 with errno set. */
static int atomic_write(const char *path, const char *data, size_t len, unsigned mode, const struct stat *old)
{
    Buf tmpl = BUF_INIT;
    const char *slash = strrchr(path, '/');
    buf_add(&tmpl, path, (size_t)(slash - path) + 1);
    buf_printf(&tmpl, ".%s.mapply.XXXXXX", slash + 1);
    int fd = mkostemp(tmpl.s, O_CLOEXEC);
    int e = 0;
    if (fd < 0) {
        e = errno;
        goto out;
    }
    if (fchmod(fd, mode) != 0)
        goto fail;
    if (old && (old->st_uid != geteuid() || old->st_gid != getegid()))
        if (fchown(fd, old->st_uid, old->st_gid) != 0 && errno != EPERM)
            goto fail;
    for (size_t off = 0; off < len; ) {
        ssize_t n = write(fd, data + off, len - off);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        off += (size_t)n;
    }
    if (fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmpl.s, path) != 0)
        goto fail;
    sync_parent(path);
    goto out;
fail:
    e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmpl.s);
out:
    buf_free(&tmpl);
    errno = e;
    return e ? -1 : 0;
}

/* Points path at target atomically (symlink to a temporary name, rename). */
static int atomic_symlink(const char *target, const char *path)
{
    Buf tmp = BUF_INIT;
    int e = 0;
    for (unsigned i = 0;; i++) {
        buf_clear(&tmp);
        const char *slash = strrchr(path, '/');
        buf_add(&tmp, path, (size_t)(slash - path) + 1);
        buf_printf(&tmp, ".%s.mapply.%ld.%u", slash + 1, (long)getpid(), i);
        if (symlink(target, tmp.s) == 0)
            break;
        if (errno != EEXIST || i > 100) {
            e = errno;
            goto out;
        }
    }
    if (rename(tmp.s, path) != 0) {
        e = errno;
        unlink(tmp.s);
        goto out;
    }
    sync_parent(path);
out:
    buf_free(&tmp);
    errno = e;
    return e ? -1 : 0;
}

/* The failure of an ensure sync, as Puppet logs an errno from Ruby: the
 * exception line, the same with its wrapped exception, then the event. */
static void fail_errno(TxRes *t, const FileSpec *f, const char *is, int err, const char *where, const char *what)
{
    Buf msg = BUF_INIT;
    const char *should = ensure_names[f->ensure];
    buf_printf(&msg, "Could not set '%s' on ensure: %s @ %s - %s", should, strerror(err), where, what);
    add_location(&msg, f->r);
    tx_log_plain(t, LOG_ERR, "%s", buf_cstr(&msg));
    tx_log_plain(t, LOG_ERR, "%s\nWrapped exception:\n%s @ %s - %s", buf_cstr(&msg), strerror(err), where, what);
    char to[64];
    snprintf(to, sizeof to, "'%s'", should);
    tx_failed(t, "ensure", is, to, "%s", buf_cstr(&msg));
    buf_free(&msg);
}

/* A failure with a plain Puppet::Error message: one bare line, the event. */
static void fail_plain(TxRes *t, const FileSpec *f, const char *is, const char *msg)
{
    char from[64], to[64];
    snprintf(from, sizeof from, "'%s'", is);
    snprintf(to, sizeof to, "'%s'", ensure_names[f->ensure]);
    tx_log_plain(t, LOG_ERR, "%s", msg);
    tx_failed(t, "ensure", from, to, "%s", msg);
}

static int parent_exists(const char *real, char **parent_out)
{
    char *dir = xstrndup(real, strlen(real));
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    struct stat st;
    int ok = stat(dir, &st) == 0;
    if (parent_out)
        *parent_out = dir;
    else
        free(dir);
    return ok;
}

/* Puppet's remove_existing before replacing a different kind of file:
 * directories only with force (else a notice, and 0 = not removed), links
 * and plain files are left for rename() to replace.  -1 on failure (errno). */
static int remove_existing(TxRes *t, const FileSpec *f, FType cur, int *removed)
{
    *removed = 0;
    if (cur != FT_DIRECTORY)
        return 0;
    if (!f->force) {
        tx_log(t, LOG_NOTICE, NULL, "Not removing directory; use 'force' to override");
        return 0;
    }
    if (remove_tree(f->real.s) != 0)
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

/* Brings ensure in sync; the only change when ensure was out of sync. */
static int sync_ensure(TxRes *t, const FileSpec *f, FType cur, const struct stat *st)
{
    const char *real = f->real.s;
    const char *curname = ftype_name(cur, st);
    char is[64];
    int removed;
    snprintf(is, sizeof is, "'%s'", curname);

    switch (f->ensure) {
    case EN_NONE:
        return 0;
    case EN_ABSENT:
        if (cur == FT_DIRECTORY) {
            if (remove_existing(t, f, cur, &removed) != 0) {
                fail_errno(t, f, is, errno, "dir_s_rmdir", f->path);
                return -1;
            }
        } else if (unlink(real) != 0) {
            fail_errno(t, f, is, errno, "apply2files", f->path);
            return -1;
        }
        /* Puppet says "removed" even when it kept a directory for lack of force. */
        tx_change(t, "ensure", "file_removed", "removed");
        return 0;
    case EN_PRESENT:
    case EN_FILE: {
        if (cur == FT_OTHER && (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))) {
            Buf m = BUF_INIT;
            buf_printf(&m, "Could not remove files of type %s", curname);
            fail_plain(t, f, curname, buf_cstr(&m));
            buf_free(&m);
            return -1;
        }
        if (remove_existing(t, f, cur, &removed) != 0) {
            fail_errno(t, f, is, errno, "dir_s_rmdir", f->path);
            return -1;
        }
        if (cur == FT_DIRECTORY && !removed) {
            /* write() tries again, then the open fails on the directory */
            remove_existing(t, f, cur, &removed);
            fail_errno(t, f, is, EISDIR, "rb_sysopen", f->path);
            return -1;
        }
        const char *data = f->content ? f->content : "";
        size_t len = f->content ? f->content_len : 0;
        if (atomic_write(real, data, len, new_mode(f, 0), NULL) != 0) {
            fail_errno(t, f, is, errno, "rb_sysopen", f->path);
            return -1;
        }
        if (f->content && f->sensitive) {
            tx_change(t, "ensure", "file_created", "changed [redacted] to [redacted]");
        } else if (f->content) {
            char sum[74];
            content_checksum(f, sum);
            tx_change(t, "ensure", "file_created", "defined content as '%s'", sum);
        } else if (cur == FT_ABSENT) {
            tx_change(t, "ensure", "file_created", "created");
        } else {
            tx_change(t, "ensure", "file_created", "ensure changed '%s' to '%s'", curname, ensure_names[f->ensure]);
        }
        return 0;
    }
    case EN_DIRECTORY: {
        char *parent = NULL;
        if (cur == FT_ABSENT && !parent_exists(real, &parent)) {
            Buf m = BUF_INIT;
            size_t rootlen = f->real.len - strlen(f->path);
            buf_printf(&m, "Cannot create %s; parent directory %s does not exist", f->path, parent + rootlen);
            fail_plain(t, f, curname, buf_cstr(&m));
            buf_free(&m);
            free(parent);
            return -1;
        }
        free(parent);
        if (cur != FT_ABSENT && unlink(real) != 0) {
            fail_errno(t, f, is, errno, "apply2files", f->path);
            return -1;
        }
        unsigned mode = new_mode(f, 1);
        if (mkdir(real, mode) != 0) {
            fail_errno(t, f, is, errno, "dir_s_mkdir", f->path);
            return -1;
        }
        if (f->mode)
            chmod(real, mode);   /* past the umask, as Puppet's withumask(0) */
        if (cur == FT_ABSENT)
            tx_change(t, "ensure", "directory_created", "created");
        else
            tx_change(t, "ensure", "directory_created", "ensure changed '%s' to 'directory'", curname);
        return 0;
    }
    case EN_LINK: {
        if (!f->target) {
            fail_plain(t, f, curname, "Cannot create a symlink without a target");
            return -1;
        }
        if (remove_existing(t, f, cur, &removed) != 0) {
            fail_errno(t, f, is, errno, "dir_s_rmdir", f->path);
            return -1;
        }
        if (cur == FT_DIRECTORY && !removed) {
            remove_existing(t, f, cur, &removed);
            fail_plain(t, f, curname, "Could not remove existing file");
            return -1;
        }
        char *parent = NULL;
        if (!parent_exists(real, &parent)) {
            size_t rootlen = f->real.len - strlen(f->path);
            fail_errno(t, f, is, ENOENT, "dir_chdir", parent + rootlen);
            free(parent);
            return -1;
        }
        free(parent);
        if (atomic_symlink(f->target, real) != 0) {
            fail_errno(t, f, is, errno, "rb_file_s_symlink", f->path);
            return -1;
        }
        if (cur == FT_ABSENT)
            tx_change(t, "ensure", "link_created", "created");
        else
            tx_change(t, "ensure", "link_created", "ensure changed '%s' to 'link'", curname);
        return 0;
    }
    }
    return 0;
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

/* file: see the file comment for the order of things. */
static int file_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    FileSpec f;
    Buf err = BUF_INIT;
    struct stat st;
    int rc = 0;

    if (file_parse(r, tx_root(t), &f, &err) != 0) {
        tx_log(t, LOG_ERR, NULL, "%s", buf_cstr(&err));
        rc = -1;
        goto out;
    }
    const char *real = buf_cstr(&f.real);
    FType cur = FT_ABSENT;
    memset(&st, 0, sizeof st);
    if (lstat(real, &st) == 0)
        cur = ftype_of(&st);
    else if (errno != ENOENT && errno != ENOTDIR)
        tx_log(t, LOG_WARNING, NULL, "Could not stat; %s", strerror(errno));

    if (!ensure_insync(&f, cur)) {
        if (tx_noop(t)) {
            char is[64], should[64];
            snprintf(is, sizeof is, "'%s'", ftype_name(cur, &st));
            snprintf(should, sizeof should, "'%s'", ensure_names[f.ensure]);
            int red = f.sensitive && (f.ensure == EN_FILE || f.ensure == EN_PRESENT);
            tx_would(t, "ensure", f.ensure == EN_ABSENT ? "file_removed" : f.ensure == EN_DIRECTORY ?
                     "directory_created" : f.ensure == EN_LINK ? "link_created" : "file_created",
                     red ? "[redacted]" : is, red ? "[redacted]" : should);
        } else {
            rc = sync_ensure(t, &f, cur, &st);
        }
        goto out;
    }
    if (cur == FT_ABSENT)
        goto out;   /* nothing there, none wanted: no other property applies */

    /* content: a regular file only (Puppet reads nothing through a link) */
    int same = f.content && cur == FT_FILE && f.replace ? has_content(real, f.content, f.content_len) : 1;
    if (same < 0) {
        tx_log(t, LOG_ERR, NULL, "Could not evaluate: %s @ rb_sysopen - %s", strerror(errno), f.path);
        rc = -1;
        goto out;
    }
    if (!same) {
        char is[74], should[74];
        content_checksum(&f, should);
        if (file_checksum(real, is) != 0) {
            tx_log(t, LOG_ERR, NULL, "Could not evaluate: %s @ rb_sysopen - %s", strerror(errno), f.path);
            rc = -1;
            goto out;
        }
        if (strcmp(is, should) != 0) {
            Buf a = BUF_INIT, b = BUF_INIT;
            buf_printf(&a, "'%s'", is);
            buf_printf(&b, "'%s'", should);
            if (tx_noop(t)) {
                tx_would(t, "content", "content_changed", f.sensitive ? "[redacted]" : a.s,
                         f.sensitive ? "[redacted]" : b.s);
            } else {
                unsigned keep = st.st_mode & 07777;
                if (f.mode) {
                    long m = symbolic_mode(f.mode, keep, 0);
                    if (m >= 0)
                        keep = (unsigned)m;
                }
                if (atomic_write(real, f.content, f.content_len, keep, &st) != 0) {
                    int e = errno;
                    Buf m = BUF_INIT;
                    buf_printf(&m, "Could not set 'content' on content: %s @ rb_sysopen - %s", strerror(e), f.path);
                    add_location(&m, r);
                    tx_log_plain(t, LOG_ERR, "%s", m.s);
                    tx_failed(t, "content", a.s, b.s, "%s", m.s);
                    buf_free(&m);
                    rc = -1;
                } else if (f.sensitive) {
                    tx_change(t, "content", "content_changed", "changed [redacted] to [redacted]");
                } else {
                    tx_change(t, "content", "content_changed", "content changed %s to %s", a.s, b.s);
                }
            }
            buf_free(&a);
            buf_free(&b);
        }
    }

    /* target: only for links that should be links */
    if (f.ensure == EN_LINK && cur == FT_LINK && f.target) {
        char buf[4096];
        ssize_t n = readlink(real, buf, sizeof buf - 1);
        buf[n < 0 ? 0 : n] = '\0';
        if (strcmp(buf, f.target) != 0) {
            Buf a = BUF_INIT, b = BUF_INIT;
            buf_printf(&a, "'%s'", buf);
            buf_printf(&b, "'%s'", f.target);
            if (tx_noop(t)) {
                tx_would(t, "target", "target_changed", a.s, b.s);
            } else if (atomic_symlink(f.target, real) != 0) {
                int e = errno;
                tx_log_plain(t, LOG_ERR, "%s @ rb_file_s_symlink - %s", strerror(e), f.path);
                tx_failed(t, "target", a.s, b.s, "%s @ rb_file_s_symlink - %s", strerror(e), f.path);
                rc = -1;
            } else {
                tx_change(t, "target", "target_changed", "target changed %s to %s", a.s, b.s);
            }
            buf_free(&a);
            buf_free(&b);
        }
    }

    /* mode: not on links (Puppet: "Not managing symlink mode") */
    if (f.mode && cur != FT_LINK) {
        unsigned now = st.st_mode & 07777;
        long want = symbolic_mode(f.mode, now, cur == FT_DIRECTORY);
        if (want < 0) {
            tx_log(t, LOG_ERR, "mode", "Could not evaluate mode %s", f.mode);
            rc = -1;
            goto out;
        }
        if (cur == FT_DIRECTORY && is_numeric_mode(f.mode))
            want = (long)dirmask((unsigned)want);
        if ((unsigned)want != now) {
            char a[16], b[64];
            snprintf(a, sizeof a, "'%04o'", now);
            if (is_numeric_mode(f.mode))
                snprintf(b, sizeof b, "'%04lo'", want);
            else
                snprintf(b, sizeof b, "'%s'", f.mode);
            if (tx_noop(t)) {
                tx_would(t, "mode", "mode_changed", a, b);
            } else if (chmod(real, (mode_t)want) != 0) {
                int e = errno;
                tx_log_plain(t, LOG_ERR, "failed to set mode %04o on %s: %s", now, f.path, strerror(e));
                tx_failed(t, "mode", a, b, "failed to set mode %04o on %s: %s", now, f.path, strerror(e));
                rc = -1;
            } else if (is_numeric_mode(f.mode)) {
                tx_change(t, "mode", "mode_changed", "mode changed %s to %s", a, b);
            } else {
                tx_change(t, "mode", "mode_changed", "mode changed %s to '%04lo' (%s)", a, want, f.mode);
            }
        }
    }
out:
    buf_free(&err);
    file_free(&f);
    return rc;
}

/* Spec 7.2.  File: every ancestor directory, nearest first, up to "/".
 * Contract with the transaction: it keeps only the FIRST of these ancestor
 * candidates that is managed in the catalog (Puppet's "nearest managed
 * ancestor"), then every later candidate (the link target) on its own
 * merit.  Then File target, User owner and Group group unless numeric. */
static void file_autorequire(const Resource *r, AutoreqFn add, void *ctx)
{
    Value *v = param(r, "path");
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
    if ((v = param(r, "target")) && v->kind == V_STR && strcmp(v->str.s, "notlink") != 0)
        add(ctx, "File", v->str.s);
    else if ((v = param(r, "ensure")) && v->kind == V_STR && v->str.s[0] == '/')
        add(ctx, "File", v->str.s);   /* ensure => '/path' is a link target */
    const char *ids[2][2] = { { "owner", "User" }, { "group", "Group" } };
    for (int i = 0; i < 2; i++)
        if ((v = param(r, ids[i][0])) && v->kind == V_STR && v->str.s[0] &&
            strspn(v->str.s, "0123456789") != v->str.len)
            add(ctx, ids[i][1], v->str.s);
}

const Provider provider_file = {
    .type = "file",
    .validate = file_validate,
    .apply = file_apply,
    .refresh = NULL,        /* file ignores events (spec 4.1) */
    .autorequire = file_autorequire,
};
