/*
 * oniglib.c - libonig in a namespace of its own (see oniglib.h).
 */
#define _GNU_SOURCE
#include "base/oniglib.h"
#include "base/util.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef ONIGLIB_SONAME
#define ONIGLIB_SONAME "libonig.so.5"
#endif

static OnigLib lib;
static int loaded;
static void *preloaded;          /* oniglib_preload's handle */

static void *sym(void *h, const char *name)
{
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "%s: error: %s: %s\n", util_progname, ONIGLIB_SONAME, dlerror());
        exit(2);
    }
    return p;
}

const OnigLib *oniglib(void)
{
    if (loaded) return &lib;
    void *h = preloaded ? preloaded : dlmopen(LM_ID_NEWLM, ONIGLIB_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "%s: error: cannot load %s: %s\n", util_progname, ONIGLIB_SONAME, dlerror());
        exit(2);
    }
    *(void **)&lib.initialize = sym(h, "onig_initialize");
    *(void **)&lib.end = sym(h, "onig_end");
    *(void **)&lib.new_ = sym(h, "onig_new");
    *(void **)&lib.free = sym(h, "onig_free");
    *(void **)&lib.search = sym(h, "onig_search");
    *(void **)&lib.region_new = sym(h, "onig_region_new");
    *(void **)&lib.region_free = sym(h, "onig_region_free");
    *(void **)&lib.error_code_to_str = sym(h, "onig_error_code_to_str");
    lib.utf8 = sym(h, "OnigEncodingUTF8");
    lib.ruby = sym(h, "OnigSyntaxRuby");
    loaded = 1;
    return &lib;
}

void oniglib_preload(void)
{
    if (loaded || preloaded) return;
    preloaded = dlmopen(LM_ID_NEWLM, ONIGLIB_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!preloaded) (void)dlerror();    /* (oniglib() then fails with the reason, where it is used) */
}
