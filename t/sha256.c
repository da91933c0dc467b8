/* t/sha256.c - SHA-256 against the FIPS 180-4 test vectors, whole and fed
 * in odd-sized pieces (both the SHA-NI and the portable path, when the
 * machine has SHA-NI, give the same digests as these). */
#include "base/sha256.h"
#include "t/tap.h"
#include <stdlib.h>
#include <string.h>

static void hex(const unsigned char d[32], char out[65])
{
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void pieces(const char *data, size_t n, size_t step, char out[65])
{
    Sha256 s;
    unsigned char d[32];
    sha256_init(&s);
    for (size_t i = 0; i < n; i += step) sha256_update(&s, data + i, n - i < step ? n - i : step);
    sha256_final(&s, d);
    hex(d, out);
}

int main(void)
{
    plan(8);
    char out[65];
    sha256_hex("", 0, out);
    is_str(out, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "empty");
    sha256_hex("abc", 3, out);
    is_str(out, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256_hex(two, strlen(two), out);
    is_str(out, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "two blocks");
    const char *four = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    sha256_hex(four, strlen(four), out);
    is_str(out, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", "896 bits");
    size_t n = 1000000;
    char *a = malloc(n);
    memset(a, 'a', n);
    sha256_hex(a, n, out);
    is_str(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million a");
    pieces(a, n, 1, out);
    is_str(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million a, byte by byte");
    pieces(a, n, 63, out);
    is_str(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million a, 63 at a time");
    pieces(a, n, 4097, out);
    is_str(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million a, 4097 at a time");
    free(a);
    return done_testing();
}
