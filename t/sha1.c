/* t/sha1.c - SHA-1 against the FIPS 180 examples and a million 'a's,
 * whole and fed in odd-sized pieces. */
#include "base/sha1.h"
#include "t/tap.h"
#include <stdio.h>
#include <string.h>

static void digest(const char *data, size_t n, size_t step, char out[41])
{
    Sha1 s;
    unsigned char d[20];
    sha1_init(&s);
    for (size_t i = 0; i < n; i += step) sha1_update(&s, data + i, n - i < step ? n - i : step);
    sha1_final(&s, d);
    for (int i = 0; i < 20; i++) snprintf(out + 2 * i, 3, "%02x", d[i]);
}

int main(void)
{
    static const char *const suite[][2] = {
        {"", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
        {"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
        {"The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"},
    };
    plan(9);
    char out[41];
    for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
        digest(suite[i][0], strlen(suite[i][0]), 1 << 20, out);
        is_str(out, suite[i][1], "SHA1(\"%s\")", suite[i][0]);
        digest(suite[i][0], strlen(suite[i][0]), 7, out);
        is_str(out, suite[i][1], "SHA1(\"%s\"), 7 bytes at a time", suite[i][0]);
    }
    static char million[1000000];
    memset(million, 'a', sizeof million);
    digest(million, sizeof million, 4093, out);
    is_str(out, "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "SHA1 of a million 'a's");
    return done_testing();
}
