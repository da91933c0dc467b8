/*
 * rbfacts.c - modules' custom facts (lib/facter/NAME.rb).
 *
 * When mcomp gathers facts itself, a Puppet agent would first have synced
 * the modules' lib/facter files and let Facter run them; mcomp runs them
 * through the Facter layer of share/ruby/lazy/facter.rb and adds the values to
 * the facts it gathered.  With --facts FILE nothing runs: the file is what
 * the node reported.
 */
#include "compiler/ruby/rbapi.h"
#include <ruby/version.h>
#include "compiler/ruby/rbtype.h"
#include "compiler/resource.h"
#include "base/arena.h"
#include <fcntl.h>
#include <glob.h>
#include <unistd.h>
#include <string.h>

#define A (c->arena)

/* Whether any of dirs holds a facter/NAME.rb (so Ruby is needed at all). */
static int any_fact_file(Compiler *c, const char **dirs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        glob_t g;
        int rc = glob(arena_printf(A, "%s/facter/*.rb", dirs[i]), 0, NULL, &g);
        size_t found = rc == 0 ? g.gl_pathc : 0;
        globfree(&g);
        if (found) return 1;
    }
    return 0;
}

Value *rby_facts_custom(Compiler *c, Value *facts)
{
    size_t n = 0;
    const char **dirs = load_module_libdirs(c, &n);
    if (!n || !any_fact_file(c, dirs, n)) return facts;
    Value **vs = ARENA_NEWN(A, Value *, n);
    for (size_t i = 0; i < n; i++) vs[i] = val_cstr(A, dirs[i]);
    Value *args[2] = {val_array(A, vs, n), facts}, *out = NULL;
    VALUE exc = Qnil;
    rby_start(c, NULL);
    VALUE mod = rby_layer_module(c, NULL, "Facts");
    /* facts may change the working directory (a Dir.chdir without a block,
     * as oci's ssh_host_key_certs_list does): relative paths of the compile
     * (the manifest, --modulepath) must still mean what they meant */
    int cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    /* the Ruby layer rescues each fact's errors; anything else is a warning
     * too, as no compile has started yet */
    int failed = rby_call(c, NULL, NULL, mod, "resolve", args, 2, &out, &exc);
    if (cwd >= 0) {
        if (fchdir(cwd) != 0) cmp_warn(c, NULL, "custom facts: cannot return to the working directory");
        close(cwd);
    }
    if (failed && !strncmp(rby_exc_message(c, exc), CMP_NUL_MSG, strlen(CMP_NUL_MSG)))
        cmp_fail(c, NULL, "%s", rby_exc_message(c, exc));
    if (failed) {
        cmp_warn(c, NULL, "custom facts: %s", rby_exc_message(c, exc));
        return facts;
    }
    if (!out || out->kind != V_HASH || !out->hash.n) return facts;
    size_t total = facts->hash.n + out->hash.n;
    Value **keys = ARENA_NEWN(A, Value *, total), **vals = ARENA_NEWN(A, Value *, total);
    memcpy(keys, facts->hash.keys, facts->hash.n * sizeof *keys);
    memcpy(vals, facts->hash.vals, facts->hash.n * sizeof *vals);
    memcpy(keys + facts->hash.n, out->hash.keys, out->hash.n * sizeof *keys);
    memcpy(vals + facts->hash.n, out->hash.vals, out->hash.n * sizeof *vals);
    return val_hash(A, keys, vals, total);
}

#ifndef MCOMP_RUBY_SITEDIR
#define MCOMP_RUBY_SITEDIR ""
#endif

Value *rby_facts_ruby(Compiler *c)
{
    Value *k[3] = {val_cstr(A, "platform"), val_cstr(A, "version"), val_cstr(A, "sitedir")};
    Value *v[3] = {val_cstr(A, ruby_platform), val_cstr(A, ruby_version), val_cstr(A, MCOMP_RUBY_SITEDIR)};
    return val_hash(A, k, v, *MCOMP_RUBY_SITEDIR ? 3 : 2);
}
