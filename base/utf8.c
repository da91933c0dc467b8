/*
 * utf8.c - UTF-8 decoding as Ruby does it; see utf8.h.
 */
#include "base/utf8.h"

size_t utf8_decode(const char *str, size_t len, long *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[0];
    size_t n;
    long v;
    if (c < 0x80) { *cp = c; return 1; }
    if (c >= 0xc2 && c <= 0xdf) { n = 2; v = c & 0x1f; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; v = c & 0x0f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; v = c & 0x07; }
    else { *cp = -1; return 1; }
    if (n > len) { *cp = -1; return 1; }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) { *cp = -1; return 1; }
        v = (v << 6) | (s[i] & 0x3f);
    }
    *cp = v;
    return n;
}

size_t utf8_len(const char *s, size_t len)
{
    size_t n = 0;
    long cp;
    for (size_t i = 0; i < len; n++) i += utf8_decode(s + i, len - i, &cp);
    return n;
}

size_t utf8_prefix(const char *s, size_t len, size_t n)
{
    size_t i = 0;
    long cp;
    while (i < len && n--) i += utf8_decode(s + i, len - i, &cp);
    return i;
}

void utf8_encode(Buf *b, long cp)
{
    if (cp < 0x80) {
        buf_addc(b, (char)cp);
    } else if (cp < 0x800) {
        buf_addc(b, (char)(0xc0 | (cp >> 6)));
        buf_addc(b, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        buf_addc(b, (char)(0xe0 | (cp >> 12)));
        buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        buf_addc(b, (char)(0x80 | (cp & 0x3f)));
    } else {
        buf_addc(b, (char)(0xf0 | (cp >> 18)));
        buf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
        buf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
        buf_addc(b, (char)(0x80 | (cp & 0x3f)));
    }
}
