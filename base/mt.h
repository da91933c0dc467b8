/*
 * mt.h - Ruby's Random (MT19937 as Ruby's random.c runs it): seeding from
 * an integer, from a key array and from a 128-bit digest read as a Ruby
 * Bignum, the next 32-bit output, and Ruby's limited_rand.
 */
#ifndef BASE_MT_H
#define BASE_MT_H
#include <stdint.h>

enum { MT_N = 624, MT_M = 397 };
typedef struct Mt {
    uint32_t s[MT_N];       /* the state words */
    int i;                  /* the next word to temper; MT_N: regenerate first */
} Mt;

/* init_genrand(seed). */
void mt_init(Mt *m, uint32_t seed);
/* init_by_array(key, len). */
void mt_init_by_array(Mt *m, const uint32_t *key, int len);
/* genrand_int32: the next output. */
uint32_t mt_next(Mt *m);
/* Ruby's limited_rand: a uniform integer in [0, limit]. */
uint64_t mt_limited(Mt *m, uint64_t limit);
/* Random.new(seed) for the 128-bit seed in digest (big-endian). */
void mt_seed_bignum(Mt *m, const unsigned char digest[16]);
#endif
