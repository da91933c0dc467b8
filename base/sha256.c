/*
 * sha256.c - SHA-256 as specified in FIPS 180-4; see sha256.h.  On x86-64
 * processors with the SHA extensions the block function uses them (about
 * ten times faster: the catalog digest covers every byte of the catalog);
 * elsewhere the portable one runs.
 */
#include "base/sha256.h"
#include <stdio.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define HAVE_SHA_NI 1
#endif

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress(Sha256 *s, const unsigned char *p)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
    uint32_t e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = h + S1 + ch + K[i] + w[i];
        uint32_t S0 = ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + maj;
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    s->h[0] += a; s->h[1] += b; s->h[2] += c; s->h[3] += d;
    s->h[4] += e; s->h[5] += f; s->h[6] += g; s->h[7] += h;
}

#ifdef HAVE_SHA_NI
/* The standard SHA-NI formulation: state kept as ABEF/CDGH, four rounds per
 * pair of sha256rnds2, message schedule by sha256msg1/msg2. */
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_ni(Sha256 *s, const unsigned char *p)
{
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&s->h[0]);
    __m128i st1 = _mm_loadu_si128((const __m128i *)&s->h[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);                 /* CDAB */
    st1 = _mm_shuffle_epi32(st1, 0x1B);                 /* EFGH */
    __m128i st0 = _mm_alignr_epi8(tmp, st1, 8);         /* ABEF */
    st1 = _mm_blend_epi16(st1, tmp, 0xF0);              /* CDGH */
    __m128i abef = st0, cdgh = st1;
    __m128i w[16];
    for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), mask);
    for (int i = 4; i < 16; i++) {
        __m128i t = _mm_sha256msg1_epu32(w[i - 4], w[i - 3]);
        t = _mm_add_epi32(t, _mm_alignr_epi8(w[i - 1], w[i - 2], 4));
        w[i] = _mm_sha256msg2_epu32(t, w[i - 1]);
    }
    for (int i = 0; i < 16; i++) {
        __m128i m = _mm_add_epi32(w[i], _mm_loadu_si128((const __m128i *)&K[4 * i]));
        st1 = _mm_sha256rnds2_epu32(st1, st0, m);
        m = _mm_shuffle_epi32(m, 0x0E);
        st0 = _mm_sha256rnds2_epu32(st0, st1, m);
    }
    st0 = _mm_add_epi32(st0, abef);
    st1 = _mm_add_epi32(st1, cdgh);
    tmp = _mm_shuffle_epi32(st0, 0x1B);                 /* FEBA */
    st1 = _mm_shuffle_epi32(st1, 0xB1);                 /* DCHG */
    st0 = _mm_blend_epi16(tmp, st1, 0xF0);              /* DCBA */
    st1 = _mm_alignr_epi8(st1, tmp, 8);                 /* ABEF */
    _mm_storeu_si128((__m128i *)&s->h[0], st0);
    _mm_storeu_si128((__m128i *)&s->h[4], st1);
}

static int have_sha_ni(void)
{
    static int known = -1;
    if (known < 0) {
        unsigned a, b, c, d;
        known = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29)) &&
                __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19)) && (c & (1u << 9));
    }
    return known;
}
#endif

static void block(Sha256 *s, const unsigned char *p)
{
#ifdef HAVE_SHA_NI
    if (have_sha_ni()) {
        compress_ni(s, p);
        return;
    }
#endif
    compress(s, p);
}

void sha256_init(Sha256 *s)
{
    static const uint32_t init[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(s->h, init, sizeof init);
    s->nbytes = 0;
    s->used = 0;
}

void sha256_update(Sha256 *s, const void *data, size_t n)
{
    const unsigned char *p = data;
    s->nbytes += n;
    while (s->used == 0 && n >= 64) {
        block(s, p);
        p += 64;
        n -= 64;
    }
    while (n) {
        size_t take = 64 - s->used;
        if (take > n) take = n;
        memcpy(s->block + s->used, p, take);
        s->used += take;
        p += take;
        n -= take;
        if (s->used == 64) {
            block(s, s->block);
            s->used = 0;
        }
    }
}

void sha256_final(Sha256 *s, unsigned char out[32])
{
    uint64_t bits = s->nbytes * 8;
    unsigned char pad = 0x80;
    sha256_update(s, &pad, 1);
    unsigned char zero = 0;
    while (s->used != 56) sha256_update(s, &zero, 1);
    unsigned char len[8];
    for (int i = 0; i < 8; i++) len[i] = (unsigned char)(bits >> (56 - 8 * i));
    sha256_update(s, len, 8);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(s->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)s->h[i];
    }
}

void sha256_hex(const void *data, size_t n, char out[65])
{
    Sha256 s;
    unsigned char d[32];
    sha256_init(&s);
    sha256_update(&s, data, n);
    sha256_final(&s, d);
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = hex[d[i] >> 4];
        out[2 * i + 1] = hex[d[i] & 15];
    }
    out[64] = '\0';
}
