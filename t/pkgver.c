/* t/pkgver.c - mpm's version comparison and metadata.json version ranges
 * (pkg/version.c): numeric runs compare as numbers, and the range forms
 * Puppet modules use (">= 4.13.1 < 10.0.0", "1.x", "~1.2", "^1.2.3",
 * "A - B", "a || b") accept exactly the versions they should. */
#include "pkg/version.h"
#include "t/tap.h"

int main(void)
{
    ok(pkgver_cmp("1.10.0", "1.9.0") > 0, "1.10.0 > 1.9.0 (numbers, not text)");
    ok(pkgver_cmp("201506", "201505") > 0, "201506 > 201505");
    ok(pkgver_cmp("1.0", "1.0.0") < 0, "1.0 < 1.0.0");
    ok(pkgver_cmp("1.02", "1.2") == 0, "1.02 == 1.2");
    ok(pkgver_cmp("1.9", "1.9rc1") < 0 || pkgver_cmp("1.9.1", "1.9rc1") > 0, "a number beats a word");
    ok(pkgver_cmp("2", "10") < 0, "2 < 10");
    struct { const char *range, *v; int want; } c[] = {
        {">= 4.13.1 < 10.0.0", "4.13.1", 1}, {">= 4.13.1 < 10.0.0", "9.9.9", 1},
        {">= 4.13.1 < 10.0.0", "10.0.0", 0}, {">= 4.13.1 < 10.0.0", "4.13.0", 0},
        {">=4.13.1 <10.0.0", "5.0.0", 1}, {"1.x", "1.99.0", 1}, {"1.x", "2.0.0", 0},
        {"1.2.x", "1.2.7", 1}, {"1.2.x", "1.3.0", 0}, {"1.2.3", "1.2.3", 1}, {"1.2.3", "1.2.4", 0},
        {"~1.2", "1.2.9", 1}, {"~1.2", "1.3.0", 0}, {"~1.2.3", "1.2.2", 0}, {"^1.2.3", "1.9.0", 1},
        {"^1.2.3", "2.0.0", 0}, {"^0.2.3", "0.3.0", 0}, {"1.0.0 - 2.0.0", "2.0.0", 1},
        {"1.0.0 - 2.0.0", "2.0.1", 0}, {"1.0.0 - 2", "2.5.0", 1}, {"< 2.0.0 || >= 3.0.0", "3.1.0", 1},
        {"< 2.0.0 || >= 3.0.0", "2.5.0", 0}, {"> 1.2", "1.2.9", 0}, {"> 1.2", "1.3.0", 1},
        {"<= 1.2", "1.2.9", 1}, {"*", "0.0.1", 1}, {"", "3", 1}, {"= 1.0.0", "1.0.0", 1},
        {">= banana", "1.0.0", -1}, {">=", "1.0.0", -1},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++)
        ok(pkgver_satisfies(c[i].range, c[i].v) == c[i].want, "'%s' %s %s", c[i].v,
           c[i].want < 0 ? "malformed:" : c[i].want ? "in" : "not in", c[i].range);
    done_testing();
    return tap_failed != 0;
}
