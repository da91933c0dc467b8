/*
 * diff.c - unified diffs; see diff.h.  The texts are cut into lines (a
 * line keeps its '\n'), the common head and tail are set aside, and Myers'
 * O(ND) algorithm finds a shortest edit script for the middle; the script
 * is then cut into hunks with three lines of context, deletions before
 * insertions within a change, as GNU diff -u prints them.
 */
#include "base/diff.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

typedef struct Line { const char *s; size_t n; } Line;   /* n counts the '\n', when there is one */

static size_t split_lines(const char *s, size_t len, Line **out)
{
    size_t n = 0, cap = 16;
    Line *v = xmalloc(cap * sizeof *v);
    for (const char *p = s, *end = s + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t k = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        if (n == cap)
            v = xrealloc(v, (cap *= 2) * sizeof *v);
        v[n].s = p;
        v[n++].n = k;
        p += k;
    }
    *out = v;
    return n;
}

static int line_eq(const Line *a, const Line *b) { return a->n == b->n && !memcmp(a->s, b->s, a->n); }

enum { OP_EQ, OP_DEL, OP_INS };
enum { DIFF_MAX_D = 2000 };   /* beyond this many edits: old out, new in */

/* Myers' O(ND) shortest edit script between a and b, as OP_* codes in
 * *ops (malloc'd; *nops of them).  Each step's furthest-reaching points
 * are kept (d*d ints) for the way back; past DIFF_MAX_D edits the script
 * is plainly "delete all, insert all". */
static void edit_script(const Line *a, long na, const Line *b, long nb, unsigned char **ops, size_t *nops)
{
    long pre = 0, suf = 0;
    while (pre < na && pre < nb && line_eq(&a[pre], &b[pre]))
        pre++;
    while (suf < na - pre && suf < nb - pre && line_eq(&a[na - 1 - suf], &b[nb - 1 - suf]))
        suf++;
    const Line *A = a + pre, *B = b + pre;
    long N = na - pre - suf, M = nb - pre - suf;
    unsigned char *mid = xmalloc((size_t)(N + M) + 1);
    size_t nmid = 0;
    long **trace = xcalloc((size_t)DIFF_MAX_D + 2, sizeof *trace);
    long D = -1;
    for (long d = 0; d <= N + M && d <= DIFF_MAX_D; d++) {
        long *v = xmalloc((size_t)(2 * d + 1) * sizeof *v);   /* v[k + d] for k in -d..d */
        long *prev = d ? trace[d - 1] : NULL;
        trace[d] = v;
        int done = 0;
        for (long k = -d; k <= d; k += 2) {
            long x;
            if (d == 0)
                x = 0;
            else if (k == -d || (k != d && prev[k - 1 + d - 1] < prev[k + 1 + d - 1]))
                x = prev[k + 1 + d - 1];         /* down: an insertion */
            else
                x = prev[k - 1 + d - 1] + 1;     /* right: a deletion */
            long y = x - k;
            while (x < N && y < M && line_eq(&A[x], &B[y]))
                x++, y++;
            v[k + d] = x;
            if (x >= N && y >= M)
                done = 1;
        }
        if (done) {
            D = d;
            break;
        }
    }
    if (D < 0) {
        for (long i = 0; i < N; i++)
            mid[nmid++] = OP_DEL;
        for (long i = 0; i < M; i++)
            mid[nmid++] = OP_INS;
    } else {
        long x = N, y = M;
        for (long d = D; d > 0; d--) {
            long *prev = trace[d - 1], k = x - y;
            long pk = (k == -d || (k != d && prev[k - 1 + d - 1] < prev[k + 1 + d - 1])) ? k + 1 : k - 1;
            long px = prev[pk + d - 1], py = px - pk;
            while (x > px && y > py) {   /* the snake of step d, backwards */
                mid[nmid++] = OP_EQ;
                x--, y--;
            }
            if (pk == k + 1) {
                mid[nmid++] = OP_INS;
                y--;
            } else {
                mid[nmid++] = OP_DEL;
                x--;
            }
        }
        while (x > 0 && y > 0) {
            mid[nmid++] = OP_EQ;
            x--, y--;
        }
        for (size_t i = 0; i < nmid / 2; i++) {   /* it was built backwards */
            unsigned char c = mid[i];
            mid[i] = mid[nmid - 1 - i];
            mid[nmid - 1 - i] = c;
        }
    }
    for (long d = 0; d <= DIFF_MAX_D && trace[d]; d++)
        free(trace[d]);
    free(trace);
    size_t total = (size_t)(pre + suf) + nmid;
    unsigned char *all = xmalloc(total + 1);
    memset(all, OP_EQ, (size_t)pre);
    memcpy(all + pre, mid, nmid);
    memset(all + pre + nmid, OP_EQ, (size_t)suf);
    free(mid);
    *ops = all;
    *nops = total;
}

static void diff_line(Buf *out, char tag, const Line *l)
{
    buf_addc(out, tag);
    buf_add(out, l->s, l->n);
    if (!l->n || l->s[l->n - 1] != '\n')
        buf_adds(out, "\n\\ No newline at end of file\n");
}

/* "@@ -a,n +b,m @@" as GNU diff -u writes it: a count of 1 is left out,
 * an empty range starts at the line before it. */
static void hunk_range(Buf *out, char sign, size_t first, size_t count)
{
    if (count == 1)
        buf_printf(out, " %c%zu", sign, first + 1);
    else
        buf_printf(out, " %c%zu,%zu", sign, count ? first + 1 : first, count);
}

/* The body of `diff -u` (three lines of context) between a and b. */
static void unified(Buf *out, const Line *a, size_t na, const Line *b, size_t nb)
{
    unsigned char *ops;
    size_t nops;
    edit_script(a, (long)na, b, (long)nb, &ops, &nops);
    size_t *pa = xmalloc((nops + 1) * sizeof *pa), *pb = xmalloc((nops + 1) * sizeof *pb);
    pa[0] = pb[0] = 0;
    for (size_t i = 0; i < nops; i++) {
        pa[i + 1] = pa[i] + (ops[i] != OP_INS);
        pb[i + 1] = pb[i] + (ops[i] != OP_DEL);
    }
    enum { CONTEXT = 3 };
    for (size_t i = 0; i < nops;) {
        if (ops[i] == OP_EQ) {
            i++;
            continue;
        }
        size_t start = i > CONTEXT ? i - CONTEXT : 0, last = i, j = i;
        while (j < nops) {
            if (ops[j] != OP_EQ)
                last = j;
            else if (j - last > 2 * CONTEXT)
                break;
            j++;
        }
        size_t end = last + 1 + CONTEXT < nops ? last + 1 + CONTEXT : nops;
        buf_adds(out, "@@");
        hunk_range(out, '-', pa[start], pa[end] - pa[start]);
        hunk_range(out, '+', pb[start], pb[end] - pb[start]);
        buf_adds(out, " @@\n");
        for (size_t k = start; k < end;) {
            if (ops[k] == OP_EQ) {
                diff_line(out, ' ', &a[pa[k]]);
                k++;
                continue;
            }
            size_t run = k;   /* a change: its deletions, then its insertions */
            while (run < end && ops[run] != OP_EQ)
                run++;
            for (size_t m = k; m < run; m++)
                if (ops[m] == OP_DEL)
                    diff_line(out, '-', &a[pa[m]]);
            for (size_t m = k; m < run; m++)
                if (ops[m] == OP_INS)
                    diff_line(out, '+', &b[pb[m]]);
            k = run;
        }
        i = end;
    }
    free(ops);
    free(pa);
    free(pb);
}

void diff_unified(Buf *out, const char *a, size_t alen, const char *b, size_t blen)
{
    Line *la, *lb;
    size_t na = split_lines(a, alen, &la), nb = split_lines(b, blen, &lb);
    unified(out, la, na, lb, nb);
    free(la);
    free(lb);
}
