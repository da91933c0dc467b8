/*
 * modtree.c - compiler/modtree.c, the record of the module path mcomp
 * --nodes reads once: for every path in and around a module path entry
 * (files, directories, dangling and directory links, a file used as a
 * directory, a lib/ tree and a module directory's other subdirectories),
 * mtree_kind answers what stat says or MT_UNKNOWN, never something else;
 * mtree_list gives a listed directory's names, NULL for one it did not
 * list; nothing is known before mtree_add_entry.  Everything happens in a
 * temporary directory.
 */
#include "t/tap.h"
#include "compiler/modtree.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static void mk(const char *rel)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    if (mkdir(p, 0755) != 0) perror(p), exit(2);
}

static void put(const char *rel)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    FILE *f = fopen(p, "w");
    if (!f) perror(p), exit(2);
    fputs("x\n", f);
    fclose(f);
}

static void link_to(const char *target, const char *rel)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    if (symlink(target, p) != 0) perror(p), exit(2);
}

static int stat_kind(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0) return MT_NONE;
    return S_ISREG(st.st_mode) ? MT_FILE : S_ISDIR(st.st_mode) ? MT_DIR : MT_OTHER;
}

/* rel (under root) answered as stat answers, or unknown; want_known: it must be answered */
static void check(const char *rel, int want_known)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    int k = mtree_kind(p), s = stat_kind(p);
    if (want_known) ok(k == s, "%s: %d as stat says (%d)", rel, k, s);
    else ok(k == MT_UNKNOWN || k == s, "%s: %d, unknown or as stat says (%d)", rel, k, s);
}

static int has(const char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return 1;
    return 0;
}

int main(void)
{
    snprintf(root, sizeof root, "%s/modtree-t-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(root)) perror(root), exit(2);
    mk("mods");
    mk("mods/web");
    put("mods/web/metadata.json");
    mk("mods/web/manifests");
    put("mods/web/manifests/init.pp");
    mk("mods/web/lib");
    mk("mods/web/lib/puppet");
    mk("mods/web/lib/puppet/type");
    put("mods/web/lib/puppet/type/vhost.rb");
    mk("mods/web/lib/puppet/provider");
    mk("mods/web/lib/puppet/provider/vhost");
    put("mods/web/lib/puppet/provider/vhost/apache.rb");
    put("mods/web/lib/puppet/provider/vhost/.hidden.rb");
    link_to("nowhere", "mods/web/lib/puppet/type/dangling.rb");
    link_to("../../../manifests", "mods/web/lib/puppet/linked");
    put("mods/web/lib/puppet/plain");
    mk("mods/Bad");                 /* not a module name: not listed */
    put("mods/Bad/file");
    mk("elsewhere");
    put("elsewhere/x.rb");

    char entry[512], p[512];
    snprintf(entry, sizeof entry, "%s/mods", root);
    snprintf(p, sizeof p, "%s/mods/web/lib/puppet/type/vhost.rb", root);
    ok(mtree_kind(p) == MT_UNKNOWN, "nothing is known before mtree_add_entry");
    size_t n = 0;
    ok(mtree_list(entry, &n) == NULL, "... nor listed");

    char spelled[600];
    snprintf(spelled, sizeof spelled, "%s/", entry);
    mtree_add_entry(spelled);      /* (a trailing slash is the same entry) */

    static const char *const known[] = {
        "mods", "mods/web", "mods/web/metadata.json", "mods/web/nothing.json", "mods/web/lib",
        "mods/web/lib/puppet", "mods/web/lib/puppet/type", "mods/web/lib/puppet/type/vhost.rb",
        "mods/web/lib/puppet/type/other.rb", "mods/web/lib/puppet/type/dangling.rb",
        "mods/web/lib/puppet/provider/vhost/apache.rb", "mods/web/lib/puppet/provider/none/x.rb",
        "mods/web/lib/puppet/linked", "mods/web/lib/puppet/linked/init.pp", "mods/web/lib/puppet/plain",
        "mods/web/lib/puppet/plain/under.rb", "mods/web/lib/nope/deeper/still.rb", "mods/missing",
        "mods/missing/lib/puppet/type/x.rb", "mods/Bad",
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) check(known[i], 1);
    static const char *const maybe[] = {
        "mods/web/manifests/init.pp", "mods/web/manifests/other.pp", "mods/Bad/file", "mods/Bad/none",
        "elsewhere/x.rb", "elsewhere/y.rb", "mods/web/lib/../lib/puppet/type/vhost.rb",
        "mods/web//lib/puppet/type/vhost.rb", "mods/web/./lib", "mods/web/lib/puppet/type/",
    };
    for (size_t i = 0; i < sizeof maybe / sizeof *maybe; i++) check(maybe[i], 0);
    snprintf(p, sizeof p, "%s/mods/web/lib/../lib/puppet/type/vhost.rb", root);
    ok(mtree_kind(p) == MT_UNKNOWN, "a path with .. is left to stat");
    snprintf(p, sizeof p, "%s/mods/web/manifests/other.pp", root);
    ok(mtree_kind(p) == MT_UNKNOWN, "a module's manifests/ is not listed: left to stat");
    ok(mtree_is_file(p) == 0, "... and mtree_is_file asks stat");
    snprintf(p, sizeof p, "%s/mods/web/manifests/init.pp", root);
    ok(mtree_is_file(p) == 1, "... which finds a file there");

    const char *const *names = mtree_list(entry, &n);
    ok(names && n == 2 && has(names, n, "web") && has(names, n, "Bad"), "the entry's names");
    snprintf(p, sizeof p, "%s/mods/web/lib/puppet/provider/vhost", root);
    names = mtree_list(p, &n);
    ok(names && n == 2 && has(names, n, "apache.rb") && has(names, n, ".hidden.rb"),
       "a lib/ directory's names, hidden ones too (as readdir gives them)");
    snprintf(p, sizeof p, "%s/mods/web/lib/puppet/provider/none", root);
    names = mtree_list(p, &n);
    ok(names && n == 0, "a directory that is not there: no names");
    snprintf(p, sizeof p, "%s/mods/web/manifests", root);
    ok(mtree_list(p, &n) == NULL, "a directory not listed: NULL");
    snprintf(p, sizeof p, "%s/mods/Bad", root);
    ok(mtree_list(p, &n) == NULL, "a directory that is no module: NULL");

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0) return 2;
    done_testing();
}
