/*
 * util.h - the smallest helpers every stage uses: checked allocation and the
 * program name used in fatal messages.  Out of memory is never recovered from:
 * the program prints "<prog>: error: cannot allocate memory" and exits 2.
 */
#ifndef BASE_UTIL_H
#define BASE_UTIL_H
#include <dirent.h>
#include <stddef.h>
#include <sys/types.h>

extern const char *util_progname;   /* set by main(); "mcomp" or "mapply" */

void *xmalloc(size_t n);            /* never NULL; caller frees */
void *xcalloc(size_t n, size_t m);  /* never NULL; caller frees */
void *xrealloc(void *p, size_t n);  /* never NULL; caller frees */
char *xstrndup(const char *s, size_t n); /* NUL-terminated copy; caller frees */
_Noreturn void util_oom(void);

/* Writes all of data to fd, short writes and EINTR retried.  0, or -1
 * with errno set. */
int util_write_all(int fd, const void *data, size_t len);
/* mkdir -p of the host directory dir: each missing directory made with
 * mode (and, when sync, fsynced into its parent, so it survives a power
 * cut); an existing one that refuses mkdir (EACCES, EROFS) is fine.  0
 * once dir is a directory, or -1 with errno (ENOTDIR: something else is
 * there). */
int util_mkdir_p(const char *dir, mode_t mode, int sync);

/* The directory rel below dfd ("." for dfd itself) opened with
 * openat(dfd, rel, flags) as a DIR stream of its own (closedir closes it);
 * NULL, nothing left open, when either step fails. */
DIR *util_opendirat(int dfd, const char *rel, int flags);

/* The state directory mapply, mres and mbucket share when --vardir is not
 * given: /var/lib/mapply as root, else ~/.mapply.  Caller frees. */
char *util_default_vardir(void);
/* The configuration directory of mcomp, mapply and mpm (Puppet's confdir
 * and codedir in one): /etc/mcomp as root, else ~/.mcomp (HOME, or the
 * passwd entry's home).  Malloc'd. */
char *util_default_confdir(void);

/* Prepares malloc for a big, short-lived run: one heap for every thread,
 * no trimming, and the first `bytes` of heap growth in one step, offered to
 * the kernel as transparent huge pages (glibc's malloc.hugetlb=1, done from
 * inside).  Call once, first thing in main.  Faults, one per 4 KiB page,
 * were a third of a 10k-resource compile on a virtual machine. */
void util_big_heap(size_t bytes);
/* Offers the whole 2 MiB-aligned spans inside [p, p + n) to the kernel as
 * transparent huge pages; for memory not touched yet (a span that already
 * has a small page stays small).  No effect where the kernel has none. */
void util_huge_pages(void *p, size_t n);

/* The command-line convention every tool shares: a usage error is one line
 * on stderr, "PROG: REASON", and the tool exits 2 (mapply: 1, Puppet's
 * "could not run", since 2 means "changes" under --detailed-exitcodes).
 * util_usage_error prints that line.  util_getopt_error explains what
 * getopt_long (with opterr = 0 and an optstring starting with ':', after a
 * '+' if any) returned as '?' or ':': an unrecognized or ambiguous option, a
 * missing argument, an argument given to an option that takes none. */
struct option;
void util_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void util_getopt_error(int ch, char **argv, const struct option *longopts);

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#endif
