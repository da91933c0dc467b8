/*
 * random.c - the functions whose result is a node's own random choice:
 * fqdn_rand, fqdn_rand_string, fqdn_rotate, fqdn_uuid, seeded_rand and
 * seeded_rand_string.  They reproduce Ruby bit for bit: the MD5 seed
 * Puppet makes from the node's fqdn and the seeds, and Ruby's Random
 * (a Mersenne Twister, base/mt.c), so a node gets Puppet's numbers.
 * Results live in cc->arena.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/regex.h"
#include "base/util.h"
#include "base/utf8.h"
#include "catalog/rubyval.h"
#include "base/md5.h"
#include "base/mt.h"
#include "base/sha1.h"
#include "base/sha256.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A (cc->arena)

/* ---- fqdn_rand: Ruby's Random.new(MD5 seed).rand(max) ---- */

static void md5(const char *data, size_t len, unsigned char out[16])
{
    Md5 m;
    md5_init(&m);
    md5_update(&m, data, len);
    md5_final(&m, out);
}

/* Array#join(':') of one element: arrays recursively, nil as "". */
static void join_elem(CallCtx *cc, Buf *b, const Value *v, int *first)
{
    if (v->kind == V_ARRAY) {
        for (size_t i = 0; i < v->arr.n; i++) join_elem(cc, b, v->arr.items[i], first);
        return;
    }
    if (!*first) buf_addc(b, ':');
    *first = 0;
    buf_adds(b, v3_to_s(cc, v));
}

/* fqdn_rand(max [, seed [, downcase]]) - core Puppet: Random.new(MD5 of
 * "<fqdn>:<max>:<seed>" as an integer).rand(max), so a node always gets
 * the same number. */
Value *f_fqdn_rand(CallCtx *cc)
{
    v3_args(cc);
    size_t n = cc->nargs;
    int64_t max = v3_to_i(cc, cc->args[0]);
    Value *net = val_hash_gets(ev_facts(cc), "networking");
    Value *fqdn = net && net->kind == V_HASH ? val_hash_gets(net, "fqdn") : NULL;
    if (!fqdn) fqdn = VAL_UNDEF;
    if (n > 2 && val_truthy(cc->args[2])) {
        if (fqdn->kind != V_STR) v3_no_method(cc, "downcase", fqdn);
        char *low = arena_strndup(A, fqdn->str.s, fqdn->str.len);
        for (char *p = low; *p; p++) *p = (char)tolower((unsigned char)*p);
        fqdn = val_str(A, low, fqdn->str.len);
    }
    Value *parts[3] = {fqdn, val_int(A, max), n > 1 ? cc->args[1] : VAL_UNDEF};
    Buf b = BUF_INIT;
    int first = 1;
    for (int i = 0; i < 3; i++) join_elem(cc, &b, parts[i], &first);
    unsigned char digest[16];
    md5(b.s ? b.s : "", b.len, digest);
    buf_free(&b);
    if (max <= 0) ev_fail(cc, "invalid argument - %lld", (long long)max);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, digest);
    return val_int(A, (int64_t)mt_limited(m, (uint64_t)max - 1));
}

/* ---- fqdn_rotate, base64, uriescape ---- */

/* fqdn_rotate(array | string [, seed...]) - rotated left by
 * Random.new(MD5 of "<fqdn>:<seeds>").rand(size), the same for a node. */
Value *f_fqdn_rotate(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "fqdn_rotate(): Wrong number of arguments given (0 for 1)");
    Value *v = cc->args[0];
    if (v->kind != V_ARRAY && v->kind != V_STR) ev_fail(cc, "fqdn_rotate(): Requires either array or string to work with");
    /* the elements: an array's, or a string's characters */
    size_t n;
    Value **items;
    if (v->kind == V_ARRAY) {
        n = v->arr.n, items = v->arr.items;
    } else {
        n = utf8_len(v->str.s, v->str.len);
        items = ARENA_NEWN(A, Value *, n ? n : 1);
        for (size_t i = 0, off = 0; i < n; i++) {
            size_t l = utf8_prefix(v->str.s + off, v->str.len - off, 1);
            items[i] = val_str(A, v->str.s + off, l);
            off += l;
        }
    }
    if (n <= 1) return v;
    Value *fqdn = ev_var(cc, "::fqdn");
    Value *seed = val_array(A, cc->args + 1, cc->nargs - 1);
    Value *parts[2] = {fqdn ? fqdn : VAL_UNDEF, seed};
    Buf b = BUF_INIT;
    int first = 1;
    for (int i = 0; i < 2; i++) {
        if (parts[i]->kind == V_ARRAY && !parts[i]->arr.n) {     /* [x, []].join(':') is "x:" */
            if (!first) buf_addc(&b, ':');
            first = 0;
            continue;
        }
        join_elem(cc, &b, parts[i], &first);
    }
    unsigned char digest[16];
    md5(b.s ? b.s : "", b.len, digest);
    buf_free(&b);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, digest);
    size_t off = (size_t)mt_limited(m, (uint64_t)n - 1);
    Value **out = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) out[i] = items[(i + off) % n];
    if (v->kind == V_ARRAY) return val_array(A, out, n);
    Buf s = BUF_INIT;
    for (size_t i = 0; i < n; i++) buf_add(&s, out[i]->str.s, out[i]->str.len);
    Value *r = val_str(A, buf_cstr(&s), s.len);
    buf_free(&s);
    return r;
}

/* ---- seeded_rand, seeded_rand_string, fqdn_rand_string ---- */

/* Random.new(n) for the big-endian integer in bytes[0..len) (a multiple
 * of 4), as mt_seed_bignum does for 16 bytes. */
static void mt_seed_bytes(Mt *m, const unsigned char *bytes, size_t len)
{
    uint32_t key[16];
    int words = (int)(len / 4);
    for (int w = 0; w < words; w++) {
        const unsigned char *p = bytes + len - 4 - 4 * (size_t)w;
        key[w] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
    int n = words;
    while (n > 1 && !key[n - 1]) n--;
    if (n > 1 && key[n - 1] == 1) n--;
    if (n <= 1) mt_init(m, key[0]);
    else mt_init_by_array(m, key, n);
}

/* seeded_rand(max, seed) - Random.new(MD5 of seed).rand(max). */
Value *f_seeded_rand(CallCtx *cc)
{
    v3_args(cc);
    Value *max = cc->args[0], *seed = cc->args[1];
    int is_int = max->kind == V_INT || (max->kind == V_STR && v3_matches("^-?(?:(?:[1-9]\\d*)|0)$", max->str.s, max->str.len));
    if (!is_int || v3_to_i(cc, max) <= 0) ev_fail(cc, "seeded_rand(): first argument must be a positive integer");
    if (seed->kind != V_STR) ev_fail(cc, "seeded_rand(): second argument must be a string");
    unsigned char d[16];
    md5(seed->str.s, seed->str.len, d);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bignum(m, d);
    return val_int(A, (int64_t)mt_limited(m, (uint64_t)v3_to_i(cc, max) - 1));
}

/* seeded_rand_string(length, seed [, charset]) - Random.new(SHA-256 of
 * seed) picking length characters of charset. */
Value *f_seeded_rand_string(CallCtx *cc)
{
    static const char sig[] = "Integer[1] length, String seed, String[2] charset?";
    fn_check_param(cc, "seeded_rand_string", "length", "Integer[1]", sig, 0);
    fn_check_param(cc, "seeded_rand_string", "seed", "String", sig, 1);
    fn_check_param(cc, "seeded_rand_string", "charset", "String[2]", sig, 2);
    const char *cs = cc->nargs > 2 ? cc->args[2]->str.s : "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t n;
    Value **chars = v3_utf8_chars(cc, cs, strlen(cs), &n);
    unsigned char d[32];
    Sha256 h;
    sha256_init(&h);
    sha256_update(&h, cc->args[1]->str.s, cc->args[1]->str.len);
    sha256_final(&h, d);
    Mt *m = ARENA_NEW(A, Mt);
    mt_seed_bytes(m, d, 32);
    Buf b = BUF_INIT;
    for (int64_t i = 0; i < cc->args[0]->i; i++) {
        const Value *ch = chars[mt_limited(m, (uint64_t)n - 1)];
        buf_add(&b, ch->str.s, ch->str.len);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* fqdn_rand_string(length [, charset [, seed...]]) - each character
 * charset[fqdn_rand(charset.size, "<seeds>:<position>")]. */
Value *f_fqdn_rand_string(CallCtx *cc)
{
    v3_args(cc);
    Value *len = cc->args[0], *cs = cc->nargs > 1 ? cc->args[1] : VAL_UNDEF;
    int is_int = len->kind == V_INT || (len->kind == V_STR && v3_matches("^-?(?:(?:[1-9]\\d*)|0)$", len->str.s, len->str.len));
    if (!is_int || v3_to_i(cc, len) <= 0) ev_fail(cc, "fqdn_rand_string(): first argument must be a positive integer");
    if (cs->kind != V_UNDEF && cs->kind != V_STR) ev_fail(cc, "fqdn_rand_string(): second argument must be undef or a string");
    const char *set = cs->kind == V_STR && cs->str.len ? cs->str.s : "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    size_t n;
    Value **chars = v3_utf8_chars(cc, set, strlen(set), &n);
    Buf b = BUF_INIT;
    for (int64_t i = 1; i <= v3_to_i(cc, len); i++) {
        Buf seed = BUF_INIT;
        for (size_t k = 2; k < cc->nargs; k++) buf_adds(&seed, v3_to_s(cc, cc->args[k])), buf_addc(&seed, ':');
        buf_printf(&seed, "%lld", (long long)i);
        Value *args[2] = {val_int(A, (int64_t)n), val_str(A, buf_cstr(&seed), seed.len)};
        buf_free(&seed);
        CallCtx sub = *cc;
        sub.args = args, sub.nargs = 2;
        const Value *ch = chars[f_fqdn_rand(&sub)->i];
        buf_add(&b, ch->str.s, ch->str.len);
    }
    Value *r = val_str(A, buf_cstr(&b), b.len);
    buf_free(&b);
    return r;
}

/* ---- fqdn_uuid ---- */

/* fqdn_uuid(name) - the RFC 4122 version 5 UUID of name in the DNS
 * namespace. */
Value *f_fqdn_uuid(CallCtx *cc)
{
    v3_args(cc);
    if (!cc->nargs) ev_fail(cc, "fqdn_uuid: No arguments given");
    if (cc->nargs != 1) ev_fail(cc, "fqdn_uuid: Too many arguments given (%zu)", cc->nargs);
    Value *v = cc->args[0];
    if (v->kind != V_STR)
        ev_fail(cc, "no implicit conversion of %s into String", v->kind == V_BOOL ? (v->b ? "true" : "false") : rv_class(A, v, RV_FN3));
    static const unsigned char dns_ns[16] = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                             0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
    Sha1 h;
    unsigned char d[20];
    sha1_init(&h);
    sha1_update(&h, dns_ns, sizeof dns_ns);
    sha1_update(&h, v->str.s, v->str.len);
    sha1_final(&h, d);
    d[6] = (unsigned char)((d[6] & 0x0f) | 0x50);
    d[8] = (unsigned char)((d[8] & 0x3f) | 0x80);
    char out[37], *o = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) *o++ = '-';
        o += snprintf(o, 3, "%02x", d[i]);
    }
    return val_str(A, out, 36);
}

