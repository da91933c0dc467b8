/*
 * version.c - version comparison and version ranges for mpm.  SPM compares
 * int(version) and int(release), which fails on "1.2"; here a version is a
 * list of numeric and alphabetic runs compared run by run.  A range is
 * Puppet's (SemanticPuppet's) syntax: alternatives joined by "||", each a
 * list of comparisons that must all hold.  Partial versions ("1", "1.2",
 * "1.x") stand for every version they start, so each comparison is turned
 * into one or two bounds on full versions before comparing.
 */
#include "pkg/version.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pkgver_cmp(const char *a, const char *b)
{
    for (;;) {
        while (*a && !isalnum((unsigned char)*a)) a++;
        while (*b && !isalnum((unsigned char)*b)) b++;
        if (!*a || !*b) return (*a != 0) - (*b != 0);
        int da = isdigit((unsigned char)*a), db = isdigit((unsigned char)*b);
        if (da != db) return da ? 1 : -1;
        const char *ea = a, *eb = b;
        if (da) {
            while (*a == '0' && isdigit((unsigned char)a[1])) a++;
            while (*b == '0' && isdigit((unsigned char)b[1])) b++;
            ea = a; eb = b;
            while (isdigit((unsigned char)*ea)) ea++;
            while (isdigit((unsigned char)*eb)) eb++;
            if (ea - a != eb - b) return ea - a < eb - b ? -1 : 1;
        } else {
            while (isalpha((unsigned char)*ea)) ea++;
            while (isalpha((unsigned char)*eb)) eb++;
        }
        size_t la = (size_t)(ea - a), lb = (size_t)(eb - b);
        int c = strncmp(a, b, la < lb ? la : lb);
        if (c) return c < 0 ? -1 : 1;
        if (la != lb) return la < lb ? -1 : 1;
        a = ea; b = eb;
    }
}

/* A version as written in a range: up to three numbers, how many were
 * given (a wildcard x, X or * ends the list) and the rest ("-rc1"). */
typedef struct PartVer { long n[3]; int given; char full[96]; } PartVer;

static int parse_part(const char *s, size_t len, PartVer *v)
{
    memset(v, 0, sizeof *v);
    if (len == 0 || len >= sizeof v->full) return -1;
    memcpy(v->full, s, len);
    v->full[len] = 0;
    const char *p = v->full;
    if (*p == 'v') p++;
    while (v->given < 3) {
        if (*p == 'x' || *p == 'X' || *p == '*') { p++; break; }
        if (!isdigit((unsigned char)*p)) return -1;
        v->n[v->given++] = strtol(p, (char **)&p, 10);
        if (*p != '.') break;
        p++;
    }
    while (*p == '.' && (p[1] == 'x' || p[1] == 'X' || p[1] == '*')) p += 2;
    if (*p && *p != '-' && *p != '+') return -1;
    return 0;
}

/* The full version with numbers n[0..given) and zeros after, with the
 * last given number raised by one when bump is set ("1.2" -> "1.3.0"). */
static void bound(const PartVer *v, int bump, char *out, size_t size)
{
    long n[3] = {0, 0, 0};
    for (int i = 0; i < v->given; i++) n[i] = v->n[i];
    if (bump && v->given > 0) n[v->given - 1]++;
    snprintf(out, size, "%ld.%ld.%ld", n[0], n[1], n[2]);
}

/* One comparison: op is one of > >= < <= = ~ ~> ^ or "" (an exact or a
 * partial version).  1 holds, 0 not, -1 malformed. */
static int compare_one(const char *op, const char *vs, size_t vlen, const char *version)
{
    PartVer v;
    if (parse_part(vs, vlen, &v) != 0) return -1;
    char lo[128], hi[128];
    const char *exact = v.full[0] == 'v' ? v.full + 1 : v.full;
    bound(&v, 0, lo, sizeof lo);
    bound(&v, 1, hi, sizeof hi);
    if (v.given == 3 && strchr(exact, '-')) snprintf(lo, sizeof lo, "%s", exact);
    if (v.given == 0) return strcmp(op, "<") == 0 || strcmp(op, ">") == 0 ? 0 : 1;   /* "*" */
    if (!strcmp(op, ">=")) return pkgver_cmp(version, lo) >= 0;
    if (!strcmp(op, ">")) return v.given == 3 ? pkgver_cmp(version, lo) > 0 : pkgver_cmp(version, hi) >= 0;
    if (!strcmp(op, "<")) return pkgver_cmp(version, lo) < 0;
    if (!strcmp(op, "<=")) return v.given == 3 ? pkgver_cmp(version, lo) <= 0 : pkgver_cmp(version, hi) < 0;
    if (!strcmp(op, "=") || !*op) {
        if (v.given == 3) return pkgver_cmp(version, exact) == 0;
        return pkgver_cmp(version, lo) >= 0 && pkgver_cmp(version, hi) < 0;
    }
    if (!strcmp(op, "~") || !strcmp(op, "~>")) {
        /* ~1.2.3 and ~1.2: >= that, < next minor; ~1: < next major */
        PartVer up = v;
        if (up.given == 3) up.given = 2;
        bound(&up, 1, hi, sizeof hi);
        return pkgver_cmp(version, lo) >= 0 && pkgver_cmp(version, hi) < 0;
    }
    if (!strcmp(op, "^")) {
        /* ^1.2.3: < 2.0.0; ^0.2.3: < 0.3.0 (the first non-zero number is kept) */
        PartVer up = v;
        up.given = v.n[0] != 0 || v.given == 1 ? 1 : (v.n[1] != 0 || v.given == 2 ? 2 : 3);
        bound(&up, 1, hi, sizeof hi);
        return pkgver_cmp(version, lo) >= 0 && pkgver_cmp(version, hi) < 0;
    }
    return -1;
}

/* alternative -> (comparison)+ | version '-' version */
static int satisfies_all(const char *s, const char *e, const char *version)
{
    char tok[3][128];
    int ntok = 0, result = 1, any = 0;
    /* the hyphen form "A - B" */
    const char *p = s;
    while (p < e && ntok < 3) {
        while (p < e && isspace((unsigned char)*p)) p++;
        if (p == e) break;
        const char *t = p;
        while (p < e && !isspace((unsigned char)*p)) p++;
        if ((size_t)(p - t) >= sizeof tok[0]) return -1;
        memcpy(tok[ntok], t, (size_t)(p - t));
        tok[ntok++][p - t] = 0;
    }
    while (p < e && isspace((unsigned char)*p)) p++;
    if (ntok == 3 && p == e && !strcmp(tok[1], "-")) {
        int a = compare_one(">=", tok[0], strlen(tok[0]), version);
        PartVer hv;
        if (a < 0 || parse_part(tok[2], strlen(tok[2]), &hv) != 0) return -1;
        int b = compare_one(hv.given == 3 ? "<=" : "<", tok[2], strlen(tok[2]), version);
        if (hv.given < 3) {   /* "1.0 - 2" includes every 2.x */
            char hi[64];
            bound(&hv, 1, hi, sizeof hi);
            b = pkgver_cmp(version, hi) < 0;
        }
        return b < 0 ? -1 : a && b;
    }
    for (p = s; p < e;) {
        while (p < e && isspace((unsigned char)*p)) p++;
        if (p == e) break;
        char op[3] = "";
        size_t k = 0;
        while (p < e && k < 2 && strchr("<>=~^", *p)) op[k++] = *p++;
        op[k] = 0;
        while (p < e && isspace((unsigned char)*p)) p++;
        const char *v = p;
        while (p < e && !isspace((unsigned char)*p)) p++;
        if (v == p) return -1;
        int r = compare_one(op, v, (size_t)(p - v), version);
        if (r < 0) return -1;
        result = result && r;
        any = 1;
    }
    return any ? result : -1;
}

int pkgver_satisfies(const char *range, const char *version)
{
    if (!range || !*range) return 1;
    int ok = 0;
    const char *s = range;
    for (;;) {
        const char *bar = strstr(s, "||");
        const char *e = bar ? bar : s + strlen(s);
        int r = satisfies_all(s, e, version);
        if (r < 0) return -1;
        ok = ok || r;
        if (!bar) break;
        s = bar + 2;
    }
    return ok;
}
