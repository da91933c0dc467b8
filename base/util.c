/* util.c - checked allocation; see util.h. */
#include "base/util.h"
#include "base/atomic.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <pwd.h>
#include <unistd.h>

const char *util_progname = "mcomp";

_Noreturn void util_oom(void)
{
    fprintf(stderr, "%s: error: cannot allocate memory\n", util_progname);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) util_oom();
    return p;
}

void *xcalloc(size_t n, size_t m)
{
    void *p = calloc(n ? n : 1, m ? m : 1);
    if (!p) util_oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) util_oom();
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void util_big_heap(size_t bytes)
{
    enum { HUGE_PAGE = 2u << 20 };
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_TRIM_THRESHOLD, (int)(bytes > (1u << 30) ? 1u << 30 : bytes));
    mallopt(M_MMAP_THRESHOLD, 32 << 20);    /* glibc's largest: big buffers stay in the heap */
    mallopt(M_TOP_PAD, (int)bytes);
    /* The kernel backs only whole aligned 2 MiB spans with a huge page, and
     * only spans with no small page in them yet.  malloc writes its first
     * chunk header at the start of the heap (before the madvise below can
     * run), so the break is first moved to one small page short of a 2 MiB
     * boundary: that page takes the header, and every span after it is
     * still untouched.  The skipped bytes are never touched and cost nothing. */
    uintptr_t brk0 = (uintptr_t)sbrk(0);
    if (brk0 != (uintptr_t)-1) {
        uintptr_t want = ((brk0 + 4096 + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1)) - 4096;
        if (want > brk0) (void)sbrk((intptr_t)(want - brk0));
    }
    uintptr_t start = (uintptr_t)sbrk(0);
    /* grows the heap by bytes: more than the top chunk that libraries'
     * constructors may have left before main could have room for */
    void *p = malloc(HUGE_PAGE);
    uintptr_t end = (uintptr_t)sbrk(0);
    if (p && start != (uintptr_t)-1 && end > start) util_huge_pages((void *)start, end - start);
    free(p);
}

void util_huge_pages(void *p, size_t n)
{
    enum { HUGE_PAGE = 2u << 20 };
    uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t b = ((uintptr_t)p + n) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
    if (b > a) madvise((void *)a, b - a, MADV_HUGEPAGE);
#endif
}

char *util_default_vardir(void)
{
    if (geteuid() == 0) return xstrndup("/var/lib/mapply", 15);
    const char *home = getenv("HOME");
    if (!home || !*home) home = "/tmp";
    char *d = xmalloc(strlen(home) + 16);
    sprintf(d, "%s/.mapply", home);
    return d;
}

char *util_default_confdir(void)
{
    if (geteuid() == 0) return xstrndup("/etc/mcomp", 10);
    const char *home = getenv("HOME");
    struct passwd *pw = home && *home ? NULL : getpwuid(geteuid());
    if (pw) home = pw->pw_dir;
    if (!home || !*home) home = "/";
    char *d = xmalloc(strlen(home) + 8);
    sprintf(d, "%s%s.mcomp", home, home[strlen(home) - 1] == '/' ? "" : "/");
    return d;
}

int util_write_all(int fd, const void *data, size_t len)
{
    for (size_t off = 0; off < len;) {
        ssize_t n = write(fd, (const char *)data + off, len - off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        off += (size_t)n;
    }
    return 0;
}

void util_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", util_progname);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* The long option NAME (up to '=' or the end) names: an exact match, else
 * the only one it abbreviates; NULL with *nmatch > 1 when ambiguous. */
static const struct option *long_match(const char *name, const struct option *lo, int *nmatch)
{
    size_t n = strcspn(name, "=");
    const struct option *hit = NULL;
    *nmatch = 0;
    for (; lo && lo->name; lo++) {
        if (strncmp(lo->name, name, n) != 0) continue;
        if (lo->name[n] == '\0') { *nmatch = 1; return lo; }
        if (!hit || hit->flag != lo->flag || hit->val != lo->val) ++*nmatch;  /* aliases count once */
        hit = lo;
    }
    return *nmatch == 1 ? hit : NULL;
}

void util_getopt_error(int ch, char **argv, const struct option *longopts)
{
    /* getopt_long has stepped past a long option it refused, so that one is
     * argv[optind - 1]; a refused short option is optopt. */
    const char *arg = optind > 0 ? argv[optind - 1] : NULL;
    int islong = arg && arg[0] == '-' && arg[1] == '-' && arg[2];
    if (islong && optopt != 0) {
        int n;
        const struct option *o = long_match(arg + 2, longopts, &n);
        islong = o && o->val == optopt && !o->flag;
    } else if (optopt != 0) {
        islong = 0;
    }
    if (islong) {
        int n;
        size_t len = strcspn(arg + 2, "=");
        const struct option *o = long_match(arg + 2, longopts, &n);
        if (!o && n > 1) {
            fprintf(stderr, "%s: ambiguous option '--%.*s' (", util_progname, (int)len, arg + 2);
            const char *sep = "";
            for (const struct option *l = longopts; l->name; l++)
                if (!strncmp(l->name, arg + 2, len)) fprintf(stderr, "%s--%s", sep, l->name), sep = ", ";
            fputs(")\n", stderr);
        } else if (!o) {
            util_usage_error("unrecognized option '--%.*s' (%s --help lists them)", (int)len, arg + 2, util_progname);
        } else if (ch == ':') {
            util_usage_error("option '--%s' requires an argument", o->name);
        } else {
            util_usage_error("option '--%s' takes no argument", o->name);
        }
    } else if (ch == ':') {
        util_usage_error("option '-%c' requires an argument", optopt);
    } else {
        util_usage_error("unrecognized option '-%c' (%s --help lists them)", optopt, util_progname);
    }
}

DIR *util_opendirat(int dfd, const char *rel, int flags)
{
    int fd = openat(dfd, rel, flags);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d && fd >= 0)
        close(fd);
    return d;
}

int util_mkdir_p(const char *dir, mode_t mode, int sync)
{
    if (!*dir) {
        errno = ENOENT;
        return -1;
    }
    char *p = xstrndup(dir, strlen(dir));
    struct stat st;
    int rc = 0;
    for (char *s = p + 1; rc == 0; s++) {
        if (*s != '/' && *s)
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, mode) == 0) {
            char *slash = sync ? strrchr(p, '/') : NULL;
            if (slash && slash != p) {
                *slash = '\0';
                atomic_sync_dir(AT_FDCWD, p);
                *slash = '/';
            }
        } else if (errno != EEXIST) {
            int e = errno;
            if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
                errno = e, rc = -1;
        }
        *s = c;
        if (!c)
            break;
    }
    if (rc == 0 && stat(p, &st) != 0)
        rc = -1;
    else if (rc == 0 && !S_ISDIR(st.st_mode))
        errno = ENOTDIR, rc = -1;
    free(p);
    return rc;
}
