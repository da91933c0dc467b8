/*
 * sha1.h - SHA-1 (FIPS 180-4), for the name-based UUIDs stdlib's
 * fqdn_uuid() makes (RFC 4122 version 5).  Not for anything that needs a
 * collision-resistant digest.
 */
#ifndef BASE_SHA1_H
#define BASE_SHA1_H
#include <stddef.h>
#include <stdint.h>

typedef struct Sha1 {
    uint32_t h[5];
    uint64_t nbytes;
    unsigned char block[64];
    size_t used;
} Sha1;

void sha1_init(Sha1 *s);
void sha1_update(Sha1 *s, const void *data, size_t n);
/* The 20-byte digest; s must be initialised again before reuse. */
void sha1_final(Sha1 *s, unsigned char out[20]);
#endif
