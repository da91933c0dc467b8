/*
 * oniglib.h - Oniguruma (libonig), loaded on first use into a link-map
 * namespace of its own (dlmopen).  Why: mcomp embeds Ruby, and libruby
 * carries Onigmo, which exports the same onig_* names; two libraries
 * that both interpose those names cannot share one namespace (each
 * would call into the other's copy).  In its own namespace libonig
 * binds to itself, libruby to itself.
 *
 * Include this instead of <oniguruma.h>: the onig_* calls, and
 * ONIG_ENCODING_UTF8 / ONIG_SYNTAX_RUBY, then go through the loaded
 * library.  The first use loads it; when it cannot be loaded the program
 * says so and exits 2.
 */
#ifndef BASE_ONIGLIB_H
#define BASE_ONIGLIB_H
#include <oniguruma.h>

typedef struct OnigLib {
    int (*initialize)(OnigEncoding encodings[], int n);
    int (*end)(void);
    int (*new_)(OnigRegex *reg, const OnigUChar *pattern, const OnigUChar *pattern_end, OnigOptionType option,
                OnigEncoding enc, OnigSyntaxType *syntax, OnigErrorInfo *einfo);
    void (*free)(OnigRegex reg);
    int (*search)(OnigRegex reg, const OnigUChar *str, const OnigUChar *end, const OnigUChar *start,
                  const OnigUChar *range, OnigRegion *region, OnigOptionType option);
    OnigRegion *(*region_new)(void);
    void (*region_free)(OnigRegion *region, int free_self);
    int (*error_code_to_str)(OnigUChar *s, int err_code, ...);
    OnigEncoding utf8;
    OnigSyntaxType *ruby;
} OnigLib;

/* The loaded library (loads it on first call). */
const OnigLib *oniglib(void);
/* The library loaded now, with nothing reported: for mcomp --nodes, whose
 * nodes then share it rather than each loading it (a second libc and its
 * relocations in a namespace of its own); a failure is left for oniglib()
 * to report where the library is used. */
void oniglib_preload(void);

#undef ONIG_ENCODING_UTF8
#define ONIG_ENCODING_UTF8 (oniglib()->utf8)
#undef ONIG_SYNTAX_RUBY
#define ONIG_SYNTAX_RUBY (oniglib()->ruby)
#define onig_initialize (oniglib()->initialize)
#define onig_end (oniglib()->end)
#define onig_new (oniglib()->new_)
#define onig_free (oniglib()->free)
#define onig_search (oniglib()->search)
#define onig_region_new (oniglib()->region_new)
#define onig_region_free (oniglib()->region_free)
#define onig_error_code_to_str (oniglib()->error_code_to_str)
#endif
