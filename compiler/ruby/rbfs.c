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
 * MComp.glob_rb(dir) (Dir.glob of the *.rb in dir, unsorted, or nil: glob it).
 */
#include "compiler/ruby/rbapi.h"
#include "compiler/modtree.h"
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

void rby_fs_init(void)
{
    rby_define("file?", cb_file_p, 1);
    rby_define("glob_rb", cb_glob_rb, 1);
}
