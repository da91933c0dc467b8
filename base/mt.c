/*
 * mt.c - Ruby's Random: the MT19937 Mersenne Twister exactly as Ruby's
 * random.c seeds and runs it, so that functions Puppet implements with
 * Random (fqdn_rand, shuffle with a seed, ...) give the same numbers.
 * Pure arithmetic on the caller's Mt; no allocation.
 */
#include "base/mt.h"

void mt_init(Mt *m, uint32_t seed)
{
    m->s[0] = seed;
    for (int i = 1; i < MT_N; i++) m->s[i] = 1812433253u * (m->s[i - 1] ^ (m->s[i - 1] >> 30)) + (uint32_t)i;
    m->i = MT_N;
}

void mt_init_by_array(Mt *m, const uint32_t *key, int len)
{
    mt_init(m, 19650218u);
    int i = 1, j = 0;
    for (int k = MT_N > len ? MT_N : len; k; k--) {
        m->s[i] = (m->s[i] ^ ((m->s[i - 1] ^ (m->s[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= MT_N) m->s[0] = m->s[MT_N - 1], i = 1;
        if (j >= len) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        m->s[i] = (m->s[i] ^ ((m->s[i - 1] ^ (m->s[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) m->s[0] = m->s[MT_N - 1], i = 1;
    }
    m->s[0] = 0x80000000u;
}

uint32_t mt_next(Mt *m)
{
    if (m->i >= MT_N) {
        for (int k = 0; k < MT_N; k++) {
            uint32_t y = (m->s[k] & 0x80000000u) | (m->s[(k + 1) % MT_N] & 0x7fffffffu);
            m->s[k] = m->s[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        m->i = 0;
    }
    uint32_t y = m->s[m->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Ruby's limited_rand: a uniform integer in [0, limit], by rejection on
 * the bits of limit's mask, 32 bits at a time from the top. */
uint64_t mt_limited(Mt *m, uint64_t limit)
{
    if (!limit) return 0;
    uint64_t mask = limit, val;
    for (int sh = 1; sh < 64; sh *= 2) mask |= mask >> sh;
    if (limit > 0xffffffffu) {
    retry:
        val = 0;
        for (int i = 1; i >= 0; i--) {
            if ((mask >> (i * 32)) & 0xffffffffu) {
                val |= (uint64_t)mt_next(m) << (i * 32);
                val &= mask;
                if (limit < val) goto retry;
            }
        }
        return val;
    }
    do val = mt_next(m) & mask; while (limit < val);
    return val;
}

/* Random.new(seed) for the 128-bit seed in digest (big-endian): the
 * integer's 32-bit words, least significant first, without leading zero
 * words; a top word of exactly 1 is dropped (Ruby's leading-zero guard);
 * one word seeds init_genrand, more init_by_array. */
void mt_seed_bignum(Mt *m, const unsigned char digest[16])
{
    uint32_t key[4];
    for (int w = 0; w < 4; w++) {
        const unsigned char *p = digest + 12 - 4 * w;
        key[w] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
    int len = 4;
    while (len > 1 && !key[len - 1]) len--;
    if (len > 1 && key[len - 1] == 1) len--;
    if (len <= 1) mt_init(m, key[0]);
    else mt_init_by_array(m, key, len);
}
