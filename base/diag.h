/*
 * diag.h - source files and diagnostics.  A SrcFile holds a manifest's bytes
 * and a table of line starts, so any byte offset turns into "file:line:col"
 * in O(log lines).  Errors print as
 *     site.pp:12:5: error: message
 *         notify { 'x': requir => 1 }
 *                       ^~~~~~
 * and are counted; the caller decides when too many means stop.
 */
#ifndef BASE_DIAG_H
#define BASE_DIAG_H
#include "base/buf.h"
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct SrcFile {
    const char *name;        /* path as the user gave it (for messages) */
    const char *abspath;     /* absolute path (for the catalog's "file") */
    const char *text;        /* contents, NUL-terminated; owned by the loader */
    size_t len;
    uint32_t *line_starts;   /* byte offset of each line; owned */
    size_t nlines;
    size_t maplen;           /* text is a read-only mapping of the file this long, or 0: malloc'd */
} SrcFile;

typedef struct SrcLoc {
    const SrcFile *file;     /* NULL: no location */
    uint32_t off, len;       /* byte range in file->text */
} SrcLoc;

/* Reads path into a new SrcFile (malloc'd; free with diag_file_free).
 * Returns NULL and sets errno on I/O failure. */
SrcFile *diag_file_read(const char *path);
/* Wraps text (copied) as a SrcFile named name. */
SrcFile *diag_file_from_string(const char *name, const char *text, size_t len);
void diag_file_free(SrcFile *f);
/* Once f is parsed, its text is read only for diagnostics: a big file's
 * pages leave the process's memory (the text is mapped from the file, and
 * the few pages a message shows come back from it); others stay. */
void diag_file_parsed(const SrcFile *f);
/* 1-based line and column of offset off; the column counts characters
 * (UTF-8 sequences; an invalid byte is one), as Puppet's do. */
void diag_linecol(const SrcFile *f, uint32_t off, int *line, int *col);
int diag_line(const SrcFile *f, uint32_t off);

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

extern int diag_errors;      /* errors reported so far */
extern int diag_max_errors;  /* after this many, diag_error exits(1) */
extern int diag_quiet_source; /* nonzero: no source line and caret */

/* While diag_sink is set, reports go to it (the message formatted, no
 * location prefix, no source line) instead of stderr, and errors are not
 * counted: for a caller that re-tells them in its own terms (EPP templates
 * parsed as generated Puppet source). */
typedef void (*DiagSink)(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg);
extern DiagSink diag_sink;
extern void *diag_sink_ctx;

/* Appends s[0..n) to b with what a terminal would act on rather than show
 * (C0 controls but tab and newline, DEL, C1 controls, bytes that are not
 * UTF-8) written as \xNN per byte.  Every message and source line shown
 * goes through it, so a binary file cannot drive the terminal. */
void diag_escape(Buf *b, const char *s, size_t n);

/* fprintf for a message that echoes input (titles, paths, values): the
 * formatted text goes out escaped as diag_escape escapes it. */
void diag_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_vfprintf(FILE *f, const char *fmt, va_list ap);

void diag_report(DiagLevel lvl, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_vreport(DiagLevel lvl, SrcLoc loc, const char *fmt, va_list ap);
/* diag_vreport without the source line and caret: the one-line warnings
 * and errors Puppet gives at a call or in a data file. */
void diag_vreport_brief(DiagLevel lvl, SrcLoc loc, const char *fmt, va_list ap);
#define diag_error(loc, ...) diag_report(DIAG_ERROR, (loc), __VA_ARGS__)
#define diag_warning(loc, ...) diag_report(DIAG_WARNING, (loc), __VA_ARGS__)
#endif
