/*
 * textfile.h - one small text file under --root, read whole and written
 * back whole, for the providers that edit line-based system files (host's
 * /etc/hosts, cron's crontabs).  The one idea: a write never leaves a
 * half-written file behind.  The new text goes to a temporary file in the
 * same directory, which gets the final mode and owner before a byte is
 * written; it is fsynced, renamed over the old file and the directory is
 * fsynced.  Every path is resolved in the root by base/rootfs (the kernel
 * keeps "..", absolute and relative symlinks inside it); a symlink at the
 * path is followed inside the root too, so the file it names is replaced,
 * as Puppet's flat files follow it.  Where
 * rename cannot replace the file (a bind mount, as /etc/hosts is in most
 * containers: EBUSY), the text is written in place instead.
 */
#ifndef TYPES_TEXTFILE_H
#define TYPES_TEXTFILE_H
#include "base/buf.h"
#include <dirent.h>
#include <stdio.h>

typedef struct TextFile {
    char *path;       /* the managed path, a final symlink followed (inside
                         the root); malloc'd */
    char *shown;      /* the path as given, for messages; malloc'd */
    int exists;       /* the file was there when loaded */
    unsigned mode;    /* permission bits to write with: the old file's, else 0644 */
    long uid, gid;    /* owner to write with: the old file's, else -1 (the
                         writer's own, no chown) */
    Buf text;         /* the contents as loaded */
} TextFile;

/* Loads path (absolute, in the root of base/rootfs) into f, which the caller
 * releases with textfile_free even on failure.  A missing file loads as
 * empty with exists 0.  Returns 0, or -1 with the reason in err
 * ("Permission denied @ rb_sysopen - /etc/hosts"). */
int textfile_load(TextFile *f, const char *path, Buf *err);

/* Replaces the file with data (len bytes) atomically, with f->mode and,
 * when f->uid or f->gid is not -1, that owner; the caller may change those
 * fields after textfile_load (cron forces 0600 and the crontab's owner).
 * The directory must exist.  Returns 0, or -1 with the reason in err. */
int textfile_store(const TextFile *f, const char *data, size_t len, Buf *err);

void textfile_free(TextFile *f);

/* path (absolute) opened for reading in the root, a final symlink followed
 * inside it: a stdio stream or a directory stream; NULL with errno set.
 * For the system files providers only read (the root's /etc/passwd, a
 * spool directory, init scripts). */
FILE *textfile_fopen(const char *path);
/* Appends the content of path (absolute, in the root) to b: 0, or -1 with
 * errno set. */
int textfile_read(const char *path, Buf *b);
DIR *textfile_opendir(const char *path);

/* Puppet's ParsedFile header time: Ruby's Time#to_s of now, local time
 * ("2024-05-01 12:00:00 +0200"); appends it to b. */
void textfile_now(Buf *b);
#endif
