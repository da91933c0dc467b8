/*
 * sha256.h - SHA-256 (FIPS 180-4), for content checksums and the
 * content-derived catalog version.  Small and self-contained.
 */
#ifndef BASE_SHA256_H
#define BASE_SHA256_H
#include <stddef.h>
#include <stdint.h>

typedef struct Sha256 {
    uint32_t h[8];
    uint64_t nbytes;
    unsigned char block[64];
    size_t used;
} Sha256;

void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t n);
void sha256_final(Sha256 *s, unsigned char out[32]);
/* Hex digest of data (65 bytes including the NUL). */
void sha256_hex(const void *data, size_t n, char out[65]);
#endif
