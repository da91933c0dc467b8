/*
 * mpm.c - the module packager's command line: SPM's command set (build,
 * install, remove, info, files, list, repo, create_repo, ...) for Puppet
 * modules, its options, and the commands that only read (info, files,
 * list, verify).  The packager lives in pkg/, a folder of its own, because
 * it is a fourth tool beside the compiler and the applier, sharing only
 * base/ (arena, buffers, SHA-256, the root-confined path layer) and the
 * JSON reader of catalog/.  The one idea: every command is a function of
 * the options parsed here, in one arena of the run (pkg/mpmint.h); the
 * changes themselves are pkg/change.c's (one directory swapped in per
 * root), what to install pkg/resolve.c's.
 */
#include "pkg/spmfile.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pkg/mpmint.h"

MpmOptions mpm_opt;
Arena mpm_arena;   /* everything of one run */

int mpm_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

int mpm_fail_buf(Buf *err)
{
    int rc = mpm_fail("%s", buf_cstr(err));
    buf_free(err);
    return rc;
}

/* A path of the managed system: absolute as given, or relative to the cwd
 * without --root (to "/" with it). */
const char *mpm_system_path(const char *p)
{
    if (p[0] == '/') return p;
    if (mpm_opt.root) return arena_printf(&A, "/%s", p);
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return p;
    return arena_printf(&A, "%s/%s", cwd, p);
}

static int cmd_verify(const char *name)
{
    if (!name) return mpm_fail("A package must be specified");
    int rc = mpm_open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1 || !pkgdb_info(mpm_db, &A, name)) return mpm_fail("package %s not installed", name);
    size_t n;
    PkgFileRow *files = pkgdb_files(mpm_db, &A, name, &n);
    int changed = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        const char *p = files[i].path;
        if (rootfs_lstat(p, &st) != 0 || (files[i].is_dir && !S_ISDIR(st.st_mode))) {
            printf("missing: %s%s\n", rootfs_prefix(), p);
            changed = 1;
        } else if (!files[i].is_dir) {
            char sum[65];
            mpm_sys_sum(p, sum);
            if (strcmp(sum, files[i].sum)) {
                printf("modified: %s%s\n", rootfs_prefix(), p);
                changed = 1;
            }
        }
    }
    return changed;
}

/* ---- information ---- */

static const char *or_none(const char *s) { return s && *s ? s : "None"; }

static void print_info(const char *name, const char *version, const char *release, const char *installed,
                       const char *os, const char *os_family, const char *deps, const char *os_deps,
                       const char *osf_deps, const char *summary, const char *description)
{
    printf("Name: %s\nVersion: %s\nRelease: %s\nInstall Date: %s\nSupported OSes: %s\n"
           "Supported OS families: %s\nDependencies: %s\nOS Dependencies: %s\n"
           "OS Family Dependencies: %s\nSummary: %s\nDescription:\n%s\n",
           or_none(name), or_none(version), or_none(release), installed ? installed : "Not installed", or_none(os),
           or_none(os_family), or_none(deps), or_none(os_deps), or_none(osf_deps), or_none(summary),
           or_none(description));
}

static int cmd_info(const char *name)
{
    if (!name) return mpm_fail("A package must be specified");
    int rc = mpm_open_db(PKGDB_READ);
    if (rc < 0) return 1;
    PkgRow *r = rc == 0 ? pkgdb_info(mpm_db, &A, name) : NULL;
    if (!r) return mpm_fail("package %s not installed", name);
    print_info(r->name, r->version, r->release, r->installed, r->os, r->os_family, r->dependencies,
               r->os_dependencies, r->os_family_dependencies, r->summary, r->description);
    return 0;
}

static int cmd_files(const char *name)
{
    if (!name) return mpm_fail("A package name must be specified");
    int rc = mpm_open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1 || !pkgdb_info(mpm_db, &A, name)) return mpm_fail("package %s not installed", name);
    size_t n;
    PkgFileRow *files = pkgdb_files(mpm_db, &A, name, &n);
    for (size_t i = 0; i < n; i++) {
        if (mpm_opt.verbose) printf("%s%s,%s\n", rootfs_prefix(), files[i].path, files[i].sum);
        else printf("%s%s\n", rootfs_prefix(), files[i].path);
    }
    return 0;
}

static int cmd_list_packages(void)
{
    int rc = mpm_open_db(PKGDB_READ);
    if (rc < 0) return 1;
    if (rc == 1) return 0;
    size_t n;
    const char **names = pkgdb_list(mpm_db, &A, &n);
    for (size_t i = 0; i < n; i++) puts(names[i]);
    return 0;
}

static int cmd_local(char **args, int nargs)
{
    if (!nargs) return mpm_fail("Invalid local command ''");
    const char *c = args[0];
    if (!strcmp(c, "install")) return mpm_cmd_install(args + 1, nargs - 1, 1);
    if (strcmp(c, "info") && strcmp(c, "files")) return mpm_fail("Invalid local command '%s'", c);
    if (nargs < 2) return mpm_fail("A package filename must be specified");
    struct stat st;
    if (stat(args[1], &st) != 0) return mpm_fail("Package file %s not found", args[1]);
    if (S_ISDIR(st.st_mode)) return mpm_fail("Cannot read package %s: %s", args[1], strerror(EISDIR));
    SpmPackage p;
    Buf err = BUF_INIT;
    if (spm_read(&A, args[1], NULL, 0, &p, &err) != 0) return mpm_fail_buf(&err);
    const Formula *f = p.f;
    if (!strcmp(c, "info")) {
        print_info(f->name, f->version, f->release, NULL, f->os, f->os_family, f->dependencies,
                   f->os_dependencies, f->os_family_dependencies, f->summary, f->description);
    } else {
        for (size_t i = 0; i < p.n; i++)
            printf("%s%s%s\n", f->name, *p.m[i].rel ? "/" : "", p.m[i].rel);
    }
    return 0;
}

static void usage(FILE *out)
{
    fputs("usage: mpm [options] COMMAND [ARGS]\n"
          "Module packages: build them, serve them from repositories, install them with\n"
          "their dependencies, remove them keeping files a person edited.\n"
          "\n"
          "Commands:\n"
          "  build DIR                  pack the module DIR into NAME-VERSION-RELEASE.spm\n"
          "                             (metadata from DIR/FORMULA, else DIR/metadata.json)\n"
          "  install NAME|FILE.spm ...  install from the repositories (or files), with\n"
          "                             their dependencies; atomic, as upgrades and removes\n"
          "  local install FILE.spm ... install package files\n"
          "  local info FILE.spm        a package file's FORMULA information\n"
          "  local files FILE.spm       a package file's members\n"
          "  remove NAME ...            uninstall; files edited since are kept and listed\n"
          "  verify NAME                list the package's modified and missing files\n"
          "  info NAME                  an installed package's information\n"
          "  files NAME                 its installed paths (-v: PATH,SHA256)\n"
          "  list packages | list files NAME | list repos\n"
          "  repo list | repo search [TEXT] | repo update [REPO] | repo create DIR\n"
          "  update_repo [REPO]         fetch the repositories' SPM-METADATA\n"
          "  create_repo DIR            write DIR/SPM-METADATA for the packages in DIR\n"
          "\n"
          "Options:\n"
          "  -y, --assume-yes           do not ask before installing or removing\n"
          "  -f, --force                install over existing files and installed packages\n"
          "  -v, --verbose              files -v: with sums; remove: say what stays\n"
          "  --modulepath DIR[:DIR]     install into the first DIR\n"
          "                             (default CONFDIR/code/modules, mcomp's base\n"
          "                             module path)\n"
          "  --vardir DIR               state directory: DIR/mpm/packages.db and\n"
          "                             DIR/mpm/cache\n"
          "                             (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  --confdir DIR              DIR/mpm.conf (spm_uid, spm_gid: who owns installed\n"
          "                             files), repositories: DIR/mpm.repos and\n"
          "                             DIR/mpm.repos.d/*.repo (file://, http://, https://,\n"
          "                             ftp://) (default /etc/mcomp as root, else\n"
          "                             ~/.mcomp: mcomp's CONFDIR)\n"
          "  --sharedir DIR             files tagged c d g l r (default /usr/share/mpm)\n"
          "  --root DIR                 manage the system under DIR: module directory,\n"
          "                             database, configuration and cache inside it\n"
          "  --build-dir DIR            where build writes packages (default: .)\n"
          "  --repo-dups ignore|archive|delete\n"
          "                             create_repo: what to do with older packages\n"
          "  -h, --help                 this text\n"
          "  -V, --version              the version\n"
          "\n"
          "Exit status: 0 ok, 1 an error (verify: a file changed or missing), 2 a usage\n"
          "error (one line on stderr: mpm: REASON).\n",
          out);
}

static int run(char **args, int nargs)
{
    if (!nargs) { util_usage_error("no COMMAND given (usage: mpm [options] COMMAND [ARGS])"); return 2; }
    const char *c = args[0];
    char **rest = args + 1;
    int nrest = nargs - 1;
    const char *a1 = nrest > 0 ? rest[0] : NULL, *a2 = nrest > 1 ? rest[1] : NULL;
    if (!strcmp(c, "build")) {
        if (!a1) return mpm_fail("A path to a formula must be specified");
        int rc = 0;
        for (int i = 0; i < nrest && !rc; i++) {
            const char *out;
            Buf err = BUF_INIT;
            if (spm_build(&A, rest[i], mpm_opt.build_dir, &out, &err) != 0) rc = mpm_fail_buf(&err);
            else printf("Built package %s\n", out);
        }
        return rc;
    }
    if (!strcmp(c, "install")) return mpm_cmd_install(rest, nrest, 0);
    if (!strcmp(c, "local")) return cmd_local(rest, nrest);
    if (!strcmp(c, "remove")) return mpm_cmd_remove(rest, nrest);
    if (!strcmp(c, "verify")) return cmd_verify(a1);
    if (!strcmp(c, "info")) return cmd_info(a1);
    if (!strcmp(c, "files")) return cmd_files(a1);
    if (!strcmp(c, "list")) {
        if (!a1) return mpm_fail("Invalid list command ''");
        if (!strcmp(a1, "packages")) return cmd_list_packages();
        if (!strcmp(a1, "files")) return cmd_files(a2);
        if (!strcmp(a1, "repos")) return mpm_cmd_repo("list", NULL);
        return mpm_fail("Invalid list command '%s'", a1);
    }
    if (!strcmp(c, "repo")) {
        if (!a1) return mpm_fail("Invalid repo command ''");
        return mpm_cmd_repo(a1, a2);
    }
    if (!strcmp(c, "update_repo")) return mpm_cmd_repo("update", a1);
    if (!strcmp(c, "create_repo")) return mpm_cmd_repo("create", a1);
    return mpm_fail("Invalid command '%s'", c);
}

int main(int argc, char **argv)
{
    util_progname = "mpm";
    arena_init(&A);
    enum { O_MODULEPATH = 256, O_VARDIR, O_CONFDIR, O_SHAREDIR, O_ROOT, O_BUILD_DIR, O_DUPS };
    static const struct option longopts[] = {
        {"assume-yes", no_argument, NULL, 'y'},
        {"force", no_argument, NULL, 'f'},
        {"verbose", no_argument, NULL, 'v'},
        {"modulepath", required_argument, NULL, O_MODULEPATH},
        {"vardir", required_argument, NULL, O_VARDIR},
        {"confdir", required_argument, NULL, O_CONFDIR},
        {"sharedir", required_argument, NULL, O_SHAREDIR},
        {"root", required_argument, NULL, O_ROOT},
        {"build-dir", required_argument, NULL, O_BUILD_DIR},
        {"repo-dups", required_argument, NULL, O_DUPS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    /* the defaults mcomp uses: CONFDIR/code/modules is its base module path */
    char *default_confdir = util_default_confdir();
    const char *modulepath = arena_printf(&A, "%s/code/modules", default_confdir);
    mpm_opt.build_dir = ".";
    mpm_opt.dups = "ignore";
    mpm_opt.confdir = arena_strdup(&A, default_confdir);
    free(default_confdir);
    mpm_opt.sharedir = "/usr/share/mpm";
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":yfvhV", longopts, NULL)) != -1) {
        switch (ch) {
        case 'y': mpm_opt.yes = 1; break;
        case 'f': mpm_opt.force = 1; break;
        case 'v': mpm_opt.verbose = 1; break;
        case O_MODULEPATH: modulepath = optarg; break;
        case O_VARDIR: mpm_opt.vardir = optarg; break;
        case O_CONFDIR: mpm_opt.confdir = optarg; break;
        case O_SHAREDIR: mpm_opt.sharedir = optarg; break;
        case O_ROOT: mpm_opt.root = optarg; break;
        case O_BUILD_DIR: mpm_opt.build_dir = optarg; break;
        case O_DUPS: mpm_opt.dups = optarg; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mpm 0.1"); return 0;
        default: util_getopt_error(ch, argv, longopts); return 2;
        }
    }
    Buf err = BUF_INIT;
    if (rootfs_init(mpm_opt.root, &err) != 0) return mpm_fail_buf(&err);
    const char *colon = strchr(modulepath, ':');
    const char *first = colon ? arena_strndup(&A, modulepath, (size_t)(colon - modulepath)) : modulepath;
    if (!*first) return mpm_fail("--modulepath: the first entry is empty");
    char *home_vardir = NULL;
    if (!mpm_opt.vardir) mpm_opt.vardir = home_vardir = util_default_vardir();
    mpm_opt.modulepath = modulepath;
    mpm_opt.moddir = mpm_system_path(first);
    mpm_opt.vardir = mpm_system_path(mpm_opt.vardir);
    mpm_opt.confdir = mpm_system_path(mpm_opt.confdir);
    mpm_opt.sharedir = mpm_system_path(mpm_opt.sharedir);
    mpm_opt.dbpath = arena_printf(&A, "%s/mpm/packages.db", mpm_opt.vardir);
    mpm_opt.cachedir = arena_printf(&A, "%s/mpm/cache", mpm_opt.vardir);
    int rc = run(argv + optind, argc - optind);
    pkgdb_close(mpm_db);
    free(home_vardir);
    rootfs_fini();
    arena_free(&A);
    if (fflush(stdout) != 0 && !rc) rc = mpm_fail("mpm: cannot write the output");
    return rc;
}
