/*
 * regex.c - Puppet's regular expressions, compiled by Oniguruma in its Ruby
 * syntax over UTF-8; see regex.h.  A compile uses a handful of distinct
 * patterns many times over, so every pattern is compiled once and kept in a
 * map keyed by its source text until rx_cleanup().  A pattern that fails to
 * compile is cached too, with its message, so the message pointer handed out
 * stays valid as long as the cache.
 */
#include "compiler/regex.h"
#include "base/map.h"
#include "base/util.h"
#include "base/oniglib.h"
#include <stdlib.h>
#include <string.h>

struct Regex {
    OnigRegex onig;         /* NULL when the pattern did not compile */
    OnigRegion *region;     /* reused by every search (owned) */
    char *err;              /* the compile error (owned), when onig is NULL */
};

static Map cache;           /* source text (malloc'd copy) -> Regex * */
static int onig_ready;      /* onig_initialize() done since the last rx_cleanup() */

Regex *rx_get(const char *src, const char **err)
{
    size_t len = strlen(src);
    if (!onig_ready) {
        OnigEncoding encs[1] = {ONIG_ENCODING_UTF8};
        onig_initialize(encs, 1);
        onig_ready = 1;
    }
    Regex *re = map_get(&cache, src, len);
    if (!re) {
        re = xcalloc(1, sizeof *re);
        OnigErrorInfo einfo;
        const OnigUChar *p = (const OnigUChar *)src;
        int r = onig_new(&re->onig, p, p + len, ONIG_OPTION_NONE, ONIG_ENCODING_UTF8,
                         ONIG_SYNTAX_RUBY, &einfo);
        if (r != ONIG_NORMAL) {
            OnigUChar msg[ONIG_MAX_ERROR_MESSAGE_LEN];
            onig_error_code_to_str(msg, r, &einfo);
            re->onig = NULL;
            re->err = xstrndup((const char *)msg, strlen((const char *)msg));
        } else {
            re->region = onig_region_new();
        }
        map_put(&cache, xstrndup(src, len), len, re);
    }
    if (!re->onig) {
        if (err) *err = re->err;
        return NULL;
    }
    return re;
}

int rx_search(Regex *re, const char *s, size_t len, size_t start, int *caps, int *ncap)
{
    if (start > len) return 0;
    const OnigUChar *p = (const OnigUChar *)s;
    int r = onig_search(re->onig, p, p + len, p + start, p + len, re->region, ONIG_OPTION_NONE);
    if (r < 0) return 0;
    int room = *ncap, n = re->region->num_regs;
    for (int i = 0; i < n && i < room; i++) {
        caps[2 * i] = re->region->beg[i];
        caps[2 * i + 1] = re->region->end[i];
    }
    *ncap = n;
    return 1;
}

void rx_cleanup(void)
{
    for (size_t i = 0; i < cache.count; i++) {
        Regex *re = cache.entries[i].value;
        if (re->onig) onig_free(re->onig);
        if (re->region) onig_region_free(re->region, 1);
        free(re->err);
        free(re);
        free((char *)cache.entries[i].key);
    }
    map_free(&cache);
    if (onig_ready) onig_end();
    onig_ready = 0;
}
