/* t/rubyval.c - rv_float_to_s (catalog/rubyval.c) against Ruby 3.1's
 * Float#to_s (each expectation is what `ruby -e 'puts F.to_s'` printed):
 * the run report's nanosecond durations (written without printf, from
 * their whole nanoseconds) and floats that need the digit search, and a
 * sweep of k / 1e9 that must read back. */
#include "catalog/rubyval.h"
#include "t/tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *to_s(Buf *b, double f)
{
    buf_clear(b);
    rv_float_to_s(b, f);
    return buf_cstr(b);
}

int main(void)
{
    static const struct { double f; const char *want; } cases[] = {
        {0.000114831, "0.000114831"}, {9.6633e-05, "9.6633e-05"}, {2.658e-05, "2.658e-05"},
        {1.0e-09, "1.0e-09"}, {0.000999999999, "0.000999999999"}, {123456.789, "123456.789"},
        {1.5, "1.5"}, {100.0, "100.0"}, {0.001, "0.001"}, {1.0e-04, "0.0001"},
        {0.1 + 0.2, "0.30000000000000004"}, {1.0 / 3, "0.3333333333333333"},
        {999999.999999999, "999999.999999999"}, {2.5e-06, "2.5e-06"}, {12.000000001, "12.000000001"},
    };
    Buf b = BUF_INIT;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        is_str(to_s(&b, cases[i].f), cases[i].want, "Float#to_s of %s", cases[i].want);
    /* every k / 1e9 (a duration in whole nanoseconds) reads back as the
     * same double */
    int bad = 0;
    char probe[64];
    for (long k = 1; k < 3000000; k += 7) {
        double f = (double)k / 1e9;
        snprintf(probe, sizeof probe, "%s", to_s(&b, f));
        if (strtod(probe, NULL) != f || strlen(probe) > 24) bad++;
    }
    ok(bad == 0, "every k / 1e9 reads back as itself (%d did not)", bad);
    buf_free(&b);
    done_testing();
    return 0;
}
