/* diag.c - line tables and "file:line:col: error:" messages; see diag.h. */
#define _GNU_SOURCE /* memmem */
#include "base/diag.h"
#include "base/util.h"
#include "base/utf8.h"
#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int diag_errors;
int diag_max_errors = 20;
int diag_quiet_source;
DiagSink diag_sink;
void *diag_sink_ctx;

static void index_lines(SrcFile *f)
{
    size_t n = 1;
    for (size_t i = 0; i < f->len; i++)
        if (f->text[i] == '\n') n++;
    f->line_starts = xmalloc(n * sizeof *f->line_starts);
    f->nlines = 0;
    f->line_starts[f->nlines++] = 0;
    for (size_t i = 0; i < f->len; i++)
        if (f->text[i] == '\n') f->line_starts[f->nlines++] = (uint32_t)(i + 1);
}

/* path made absolute the way Ruby's File.expand_path does it (and so
 * Puppet, for a resource's file): joined to the working directory, "." and
 * ".." folded lexically, symlinks left alone.  The directory is asked for
 * once: a compile reads hundreds of module files. */
static char *absolute(const char *path)
{
    static char cwd[4096];
    if (path[0] != '/' && !cwd[0] && !getcwd(cwd, sizeof cwd)) return xstrndup(path, strlen(path));
    size_t cap = strlen(cwd) + strlen(path) + 2, n = 0;
    char *out = xmalloc(cap + 1);
    const char *parts[2] = { path[0] == '/' ? "" : cwd, path };
    for (int k = 0; k < 2; k++)
        for (const char *p = parts[k]; *p;) {
            while (*p == '/') p++;
            size_t len = strcspn(p, "/");
            if (len == 0) break;
            if (len == 1 && p[0] == '.') {
                /* nothing */
            } else if (len == 2 && p[0] == '.' && p[1] == '.') {
                while (n > 0 && out[n - 1] != '/') n--;
                if (n > 0) n--;
            } else {
                out[n++] = '/';
                memcpy(out + n, p, len);
                n += len;
            }
            p += len;
        }
    if (n == 0) out[n++] = '/';
    out[n] = '\0';
    return out;
}

SrcFile *diag_file_from_string(const char *name, const char *text, size_t len)
{
    SrcFile *f = xcalloc(1, sizeof *f);
    f->name = xstrndup(name, strlen(name));
    f->abspath = absolute(name);
    char *t = xmalloc(len + 1);
    memcpy(t, text, len);
    t[len] = '\0';
    f->text = t;
    f->len = len;
    index_lines(f);
    return f;
}

/* A big manifest (a million resources is 70 MB) is mapped rather than
 * read, so that diag_file_parsed can give its pages back.  The mapping is
 * followed by a page of zeros (an anonymous reservation the file is mapped
 * over), so the text is NUL-terminated even when its size is a multiple
 * of the page size.  NULL when the file is small or cannot be mapped. */
enum { MAP_MIN = 4u << 20 };

static SrcFile *map_text(const char *path, int fd, size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t len = (size + 1 + page - 1) & ~(page - 1);
    char *m = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    if (mmap(m, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        munmap(m, len);
        return NULL;
    }
    SrcFile *f = xcalloc(1, sizeof *f);
    f->name = xstrndup(path, strlen(path));
    f->abspath = absolute(path);
    f->text = m;
    f->len = size;
    f->maplen = len;
    index_lines(f);
    return f;
}

void diag_file_parsed(const SrcFile *f)
{
    if (f && f->maplen) madvise((void *)f->text, f->maplen, MADV_DONTNEED);
}

SrcFile *diag_file_read(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    /* a regular file is read in one call of its size (a compile reads
     * hundreds of module files, and every system call counts) */
    struct stat st;
    int regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular && st.st_size >= MAP_MIN && (uint64_t)st.st_size < UINT32_MAX) {
        SrcFile *f = map_text(path, fd, (size_t)st.st_size);
        if (f) {
            close(fd);
            return f;
        }
    }
    size_t cap = regular ? (size_t)st.st_size + 1 : 65536, len = 0;
    char *data = xmalloc(cap + 1);
    for (;;) {
        if (len == cap) data = xrealloc(data, (cap *= 2) + 1);
        ssize_t n = read(fd, data + len, cap - len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            free(data);
            errno = e;
            return NULL;
        }
        len += (size_t)n;
        if (n == 0 || (regular && len == (size_t)st.st_size)) break;
    }
    close(fd);
    SrcFile *f = xcalloc(1, sizeof *f);
    f->name = xstrndup(path, strlen(path));
    f->abspath = absolute(path);
    data[len] = '\0';
    f->text = data;
    f->len = len;
    index_lines(f);
    return f;
}

void diag_file_free(SrcFile *f)
{
    if (!f) return;
    free((char *)f->name);
    free((char *)f->abspath);
    if (f->maplen) munmap((void *)f->text, f->maplen);
    else free((char *)f->text);
    free(f->line_starts);
    free(f);
}

static size_t line_index(const SrcFile *f, uint32_t off)
{
    size_t lo = 0, hi = f->nlines;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (f->line_starts[mid] <= off) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* Columns count characters, as Puppet's do (a Ruby string's chars): an
 * "é" before the place is one column, not two. */
void diag_linecol(const SrcFile *f, uint32_t off, int *line, int *col)
{
    size_t li = line_index(f, off);
    *line = (int)li + 1;
    size_t s = f->line_starts[li];
    *col = (int)utf8_len(f->text + s, off > s ? off - s : 0) + 1;
}

int diag_line(const SrcFile *f, uint32_t off) { return (int)line_index(f, off) + 1; }

/* A character a terminal would act on rather than show: C0 controls but
 * tab and newline, DEL, C1 controls (U+0080..U+009F), an invalid byte. */
static int is_unshowable(long cp)
{
    return cp < 0 || (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7f && cp <= 0x9f);
}

/* The cells a shown character takes: East Asian wide ones two, combining
 * marks none, every other one. */
static int cells(long cp)
{
    if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f)) return 0;
    if ((cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf && cp != 0x303f) ||
        (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
        (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1f64f) ||
        (cp >= 0x1f900 && cp <= 0x1f9ff) || (cp >= 0x20000 && cp <= 0x3fffd))
        return 2;
    return 1;
}

/* A byte shown as itself whatever surrounds it (printable ASCII, tab, newline). */
static int plain_byte(unsigned char c) { return (c >= 0x20 && c < 0x7f) || c == '\t' || c == '\n'; }

void diag_escape(Buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t run = i;
        while (run < n && plain_byte((unsigned char)s[run])) run++;
        if (run > i) {          /* plain ASCII: copied as one piece */
            buf_add(b, s + i, run - i);
            i = run;
            continue;
        }
        long cp;
        size_t k = utf8_decode(s + i, n - i, &cp);
        if (is_unshowable(cp))
            for (size_t j = 0; j < k; j++) buf_printf(b, "\\x%02X", (unsigned char)s[i + j]);
        else
            buf_add(b, s + i, k);
        i += k;
    }
}

void diag_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    char small[1024];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    char *msg = small;
    if ((size_t)n >= sizeof small) {
        msg = xmalloc((size_t)n + 1);
        vsnprintf(msg, (size_t)n + 1, fmt, ap2);
    }
    va_end(ap2);
    size_t plain = 0;
    while (plain < (size_t)n && plain_byte((unsigned char)msg[plain])) plain++;
    if (plain == (size_t)n) {   /* nothing to escape: written as it is */
        if (n) fwrite(msg, 1, (size_t)n, f);
    } else {
        Buf out = BUF_INIT;
        diag_escape(&out, msg, (size_t)n);
        if (out.len) fwrite(out.s, 1, out.len, f);
        buf_free(&out);
    }
    if (msg != small) free(msg);
}

void diag_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vfprintf(f, fmt, ap);
    va_end(ap);
}

/* The source line of loc under the message, escaped as messages are, with
 * a caret under the place and tildes under the rest of the token; a
 * line that makes a Sensitive value is not shown (the secret is often
 * written right there), and a very long one is shown as a window. */
static void show_source(const SrcLoc loc)
{
    const SrcFile *f = loc.file;
    size_t li = line_index(f, loc.off);
    size_t s = f->line_starts[li], e = s;
    while (e < f->len && f->text[e] != '\n') e++;
    if (memmem(f->text + s, e - s, "Sensitive", 9)) return;
    if (e - s > 160) {
        if (loc.off > s + 60) s = loc.off - 60;
        if (e > s + 160) e = s + 160;
        while (s < loc.off && ((unsigned char)f->text[s] & 0xc0) == 0x80) s++;   /* not in a character */
    }
    size_t end = loc.off + (loc.len ? loc.len : 1);
    if (end > e) end = e;
    Buf line = BUF_INIT, mark = BUF_INIT;
    int placed = 0;
    for (size_t i = s; i < e;) {
        long cp;
        size_t k = utf8_decode(f->text + i, e - i, &cp);
        size_t before = line.len;
        if (cp == '\r' && i + 1 == e) break;           /* a CRLF line's end */
        diag_escape(&line, f->text + i, k);
        int w = is_unshowable(cp) ? (int)(line.len - before) : cp == '\t' ? -1 : cells(cp);
        if (i < loc.off) {
            if (w < 0) buf_addc(&mark, '\t');
            else for (int j = 0; j < w; j++) buf_addc(&mark, ' ');
        } else if (!placed || i < end) {
            for (int j = 0; j < (w < 0 ? 1 : w); j++) buf_addc(&mark, placed++ ? '~' : '^');
        }
        i += k;
    }
    if (!placed) buf_addc(&mark, '^');                  /* at the end of the line */
    fprintf(stderr, "  %s\n  %s\n", buf_cstr(&line), buf_cstr(&mark));
    buf_free(&line);
    buf_free(&mark);
}

void diag_vreport_brief(DiagLevel lvl, SrcLoc loc, const char *fmt, va_list ap)
{
    int q = diag_quiet_source;
    diag_quiet_source = 1;
    diag_vreport(lvl, loc, fmt, ap);
    diag_quiet_source = q;
}

void diag_vreport(DiagLevel lvl, SrcLoc loc, const char *fmt, va_list ap)
{
    static const char *names[] = {"error", "warning", "note"};
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    char *msg = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
    vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
    if (diag_sink) {
        diag_sink(diag_sink_ctx, lvl, loc, msg);
        free(msg);
        return;
    }
    Buf out = BUF_INIT;
    if (loc.file) {
        int line, col;
        diag_linecol(loc.file, loc.off, &line, &col);
        diag_escape(&out, loc.file->name, strlen(loc.file->name));
        buf_printf(&out, ":%d:%d: %s: ", line, col, names[lvl]);
    } else {
        buf_printf(&out, "%s: %s: ", util_progname, names[lvl]);
    }
    diag_escape(&out, msg, (size_t)(n < 0 ? 0 : n));
    free(msg);
    buf_addc(&out, '\n');
    fwrite(out.s, 1, out.len, stderr);
    buf_free(&out);
    if (loc.file && !diag_quiet_source && loc.off <= loc.file->len) show_source(loc);
    if (lvl == DIAG_ERROR && ++diag_errors >= diag_max_errors) {
        fprintf(stderr, "%s: too many errors, stopping\n", util_progname);
        exit(1);
    }
}

void diag_report(DiagLevel lvl, SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(lvl, loc, fmt, ap);
    va_end(ap);
}
