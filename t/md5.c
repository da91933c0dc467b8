/* t/md5.c - MD5 against the RFC 1321 test suite, whole and fed in
 * odd-sized pieces. */
#include "base/md5.h"
#include "t/tap.h"
#include <stdio.h>
#include <string.h>

static void digest(const char *data, size_t step, char out[33])
{
    Md5 m;
    unsigned char d[16];
    size_t n = strlen(data);
    md5_init(&m);
    for (size_t i = 0; i < n; i += step) md5_update(&m, data + i, n - i < step ? n - i : step);
    md5_final(&m, d);
    for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", d[i]);
}

int main(void)
{
    static const char *const suite[][2] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"a", "0cc175b9c0f1b6a831c399e269772661"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"},
    };
    plan(14);
    char out[33];
    for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
        digest(suite[i][0], 1 << 20, out);
        is_str(out, suite[i][1], "MD5(\"%s\")", suite[i][0]);
        digest(suite[i][0], 7, out);
        is_str(out, suite[i][1], "MD5(\"%s\"), 7 bytes at a time", suite[i][0]);
    }
    return done_testing();
}
