/*
 * tap.h - the smallest Test Anything Protocol producer for C unit tests, so
 * prove can run them: plan(n) or done_testing(), ok(cond, fmt, ...) and
 * is_str(got, want, fmt, ...).  Header-only; each test is a single .c file
 * that includes it once.  The exit status is nonzero if any test failed.
 */
#ifndef T_TAP_H
#define T_TAP_H
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_run;     /* tests run so far */
static int tap_failed;  /* of which failed */
static int tap_planned; /* plan(n) given, so done_testing() prints no plan */

static void plan(int n) __attribute__((unused));
static void plan(int n)
{
    tap_planned = n;
    printf("1..%d\n", n);
}

/* Print "ok N - name" or "not ok N - name"; returns cond so callers can add
 * diagnostics on failure. */
static int tap_vok(int cond, const char *fmt, va_list ap)
{
    tap_run++;
    if (!cond)
        tap_failed++;
    printf("%sok %d - ", cond ? "" : "not ", tap_run);
    vprintf(fmt, ap);
    putchar('\n');
    return cond;
}

static int ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3), unused));
static int ok(int cond, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = tap_vok(cond, fmt, ap);
    va_end(ap);
    return r;
}

/* Passes if both strings are NULL or both are equal; prints both on failure. */
static int is_str(const char *got, const char *want, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), unused));
static int is_str(const char *got, const char *want, const char *fmt, ...)
{
    va_list ap;
    int r, same = (got == NULL || want == NULL) ? got == want : strcmp(got, want) == 0;
    va_start(ap, fmt);
    r = tap_vok(same, fmt, ap);
    va_end(ap);
    if (!same)
        printf("#   got:  %s%s%s\n#   want: %s%s%s\n",
               got ? "'" : "", got ? got : "NULL", got ? "'" : "",
               want ? "'" : "", want ? want : "NULL", want ? "'" : "");
    return r;
}

/* Ends the run: prints the plan if plan() was not called; returns the exit
 * status for main (0 when every test passed and the plan was kept). */
static int done_testing(void) __attribute__((unused));
static int done_testing(void)
{
    if (!tap_planned)
        printf("1..%d\n", tap_run);
    else if (tap_planned != tap_run)
        printf("# planned %d tests but ran %d\n", tap_planned, tap_run);
    if (tap_failed)
        printf("# failed %d of %d tests\n", tap_failed, tap_run);
    return tap_failed || (tap_planned && tap_planned != tap_run) ? 1 : 0;
}

#endif
