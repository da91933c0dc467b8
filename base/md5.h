/*
 * md5.h - MD5 (RFC 1321), only where a format demands it: file checksums
 * of type md5 (Puppet's {md5} sums) and dpkg's md5sums.  Never for trust.
 */
#ifndef BASE_MD5_H
#define BASE_MD5_H
#include <stddef.h>
#include <stdint.h>

typedef struct Md5 {
    uint32_t h[4];
    uint64_t nbytes;
    unsigned char block[64];
    size_t used;
} Md5;

void md5_init(Md5 *m);
void md5_update(Md5 *m, const void *data, size_t n);
void md5_final(Md5 *m, unsigned char out[16]);
#endif
