/*
 * rbfs.c - the Ruby layer's questions about the module path, answered
 * from what mcomp --nodes read once before the nodes forked
 * (compiler/modtree.c).  The Ruby type loader asks, for every type a
 * compile uses, which of the modules' lib/ directories has
 * puppet/type/NAME.rb and which providers lie in puppet/provider/NAME/:
 * a stat or a directory read per module.  These callbacks give the same
 * answers without a system call when the module path was recorded, and
 * ask the file system when it was not (a single compile).
 *
 * Callbacks defined here: MComp.file?(path) (File.file?),
 * MComp.glob_rb(dir) (Dir.glob of the *.rb in dir, unsorted, or nil: glob it),
 * MComp.first_file(dirs, rel) (the first File.join(dir, rel) that is a
 * file), MComp.provider_names(dirs, name) (the providers' names of
 * puppet/provider/NAME/ in dirs, or nil: look them up in Ruby).
 */
#include "compiler/ruby/rbapi.h"
#include "compiler/modtree.h"
#include <ruby/encoding.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* MComp.file?(path) -> File.file?(path) */
static VALUE cb_file_p(VALUE self, VALUE path)
{
    (void)self;
    const char *p = StringValueCStr(path);
    return mtree_is_file(p) ? Qtrue : Qfalse;
}

/* MComp.glob_rb(dir) -> the paths Dir.glob finds for the *.rb in dir (in no
 * order), or nil when dir was not recorded */
static VALUE cb_glob_rb(VALUE self, VALUE dir)
{
    (void)self;
    const char *d = StringValueCStr(dir);
    if (strpbrk(d, "*?[]{}\\")) return Qnil;       /* a pattern: Dir.glob's to read */
    size_t n;
    const char *const *names = mtree_list(d, &n);
    if (!names) return Qnil;
    VALUE out = rb_ary_new();
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if (names[i][0] == '.' || len < 3 || strcmp(names[i] + len - 3, ".rb")) continue;
        VALUE s = rb_str_new_cstr(d);
        rb_str_cat_cstr(s, "/");
        rb_str_cat_cstr(s, names[i]);
        rb_ary_push(out, s);
    }
    return out;
}

/* File.join(dir, rel) for a rel that starts with no '/' */
static VALUE join(VALUE dir, const char *rel)
{
    VALUE s = rb_str_dup(StringValue(dir));
    long n = RSTRING_LEN(s);
    if (!n || RSTRING_PTR(s)[n - 1] != '/') rb_str_cat_cstr(s, "/");
    rb_str_cat_cstr(s, rel);
    return s;
}

/* MComp.first_file(dirs, rel) -> the first File.join(dir, rel) of dirs
 * that is a file (File.file?), or nil */
/* mtree_first_indexed for a Ruby array of dirs: -2 when it cannot say */
static long first_indexed(VALUE dirs, const char *rel)
{
    long n = RARRAY_LEN(dirs);
    if (n <= 0 || n > 100000) return -2;
    VALUE tp, tl;
    const char **ptrs = ALLOCV_N(const char *, tp, (size_t)n);
    size_t *lens = ALLOCV_N(size_t, tl, (size_t)n);
    long hit = -2;
    long i = 0;
    for (; i < n; i++) {
        VALUE d = RARRAY_AREF(dirs, i);
        if (!RB_TYPE_P(d, T_STRING)) break;
        ptrs[i] = RSTRING_PTR(d);
        lens[i] = (size_t)RSTRING_LEN(d);
    }
    if (i == n) hit = mtree_first_indexed(ptrs, lens, (size_t)n, rel);
    ALLOCV_END(tl);
    ALLOCV_END(tp);
    return hit;
}

static VALUE cb_first_file(VALUE self, VALUE dirs, VALUE rel)
{
    (void)self;
    Check_Type(dirs, T_ARRAY);
    const char *r = StringValueCStr(rel);
    while (*r == '/') r++;
    size_t rl = strlen(r);
    long hit = first_indexed(dirs, r);             /* (mcomp --nodes: one look-up) */
    if (hit >= 0) return join(RARRAY_AREF(dirs, hit), r);
    if (hit == -1) return Qnil;
    char buf[4096];
    for (long i = 0; i < RARRAY_LEN(dirs); i++) {
        VALUE dir = RARRAY_AREF(dirs, i);
        if (!RB_TYPE_P(dir, T_STRING) || (size_t)RSTRING_LEN(dir) + rl + 2 > sizeof buf ||
            memchr(RSTRING_PTR(dir), 0, (size_t)RSTRING_LEN(dir))) {
            VALUE path = join(dir, r);              /* (the general way) */
            if (mtree_is_file(StringValueCStr(path))) return path;
            continue;
        }
        /* the path in a buffer: a Ruby string only for the one found */
        size_t n = (size_t)RSTRING_LEN(dir);
        memcpy(buf, RSTRING_PTR(dir), n);
        if (!n || buf[n - 1] != '/') buf[n++] = '/';
        memcpy(buf + n, r, rl + 1);
        if (mtree_is_file(buf)) return join(dir, r);
    }
    return Qnil;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* MComp.provider_names(dirs, name) -> the names (symbols) of the *.rb
 * files in each dir's puppet/provider/NAME/, each dir's sorted, the first
 * of a name kept; nil when one of those directories was not recorded */
static VALUE cb_provider_names(VALUE self, VALUE dirs, VALUE name)
{
    (void)self;
    Check_Type(dirs, T_ARRAY);
    const char *nm = StringValueCStr(name);
    if (strchr(nm, '/') || strpbrk(nm, "*?[]{}\\")) return Qnil;
    VALUE out = rb_ary_new(), seen = rb_hash_new();
    for (long i = 0; i < RARRAY_LEN(dirs); i++) {
        VALUE pdir = join(RARRAY_AREF(dirs, i), "puppet/provider/");
        rb_str_cat_cstr(pdir, nm);
        const char *d = StringValueCStr(pdir);
        if (strpbrk(d, "*?[]{}\\")) return Qnil;
        size_t n;
        const char *const *names = mtree_list(d, &n);
        if (!names) return Qnil;
        const char **rbs = n ? malloc(n * sizeof *rbs) : NULL;
        size_t k = 0;
        for (size_t j = 0; j < n; j++) {
            size_t len = strlen(names[j]);
            if (names[j][0] != '.' && len > 3 && !strcmp(names[j] + len - 3, ".rb")) rbs[k++] = names[j];
        }
        if (k) qsort(rbs, k, sizeof *rbs, cmp_str);
        for (size_t j = 0; j < k; j++) {
            VALUE sym = ID2SYM(rb_intern3(rbs[j], (long)strlen(rbs[j]) - 3, rb_utf8_encoding()));
            if (RTEST(rb_hash_lookup2(seen, sym, Qfalse))) continue;
            rb_hash_aset(seen, sym, Qtrue);
            rb_ary_push(out, sym);
        }
        free(rbs);
    }
    return out;
}

void rby_fs_init(void)
{
    rby_define("first_file", cb_first_file, 2);
    rby_define("provider_names", cb_provider_names, 2);
    rby_define("file?", cb_file_p, 1);
    rby_define("glob_rb", cb_glob_rb, 1);
}
