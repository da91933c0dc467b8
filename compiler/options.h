/*
 * options.h - the compile options mcomp and mapply share, and the
 * environment they lead to.  One table of long options, one handler and
 * one help text serve both tools; after the command line is read,
 * copt_resolve() turns what was given (a manifest, a directory, '-', -e
 * CODE, --environment and friends) into the CompileOptions of one compile,
 * the way `puppet apply` finds its environment: a directory environment
 * (environment.conf, hiera.yaml, data/, modules/, manifests/) under
 * --environmentpath, or the one the argument names or sits in.
 */
#ifndef COMPILER_OPTIONS_H
#define COMPILER_OPTIONS_H
#include "compiler/compiler.h"
#include "store/store.h"
#include <getopt.h>
#include <stdio.h>

/* What the shared options gathered; start zeroed.  Strings point into argv,
 * or into memory the structure owns (copt_free releases it). */
typedef struct CompileCli {
    CompileOptions opt;              /* what cmp_compile() gets, filled by copt_resolve */
    const char *confdir;             /* --confdir, or NULL: /etc/mcomp as root, ~/.mcomp */
    const char *environmentpath;     /* --environmentpath, or NULL: CONFDIR/code/environments */
    const char *basemodulepath;      /* --basemodulepath, or NULL: CONFDIR/code/modules */
    const char *modulepath;          /* --modulepath as given (wins over the environment's) */
    const char *code;                /* -e CODE, or NULL */
    int environment_given;           /* --environment was given */
    int compile_only_given;          /* an option that only a compile uses was given (its name below) */
    const char *compile_only_name;
    char *envdir;                    /* the environment directory used, or NULL (malloc'd) */
    int puppetdb_given;              /* --puppetdb[=URL] */
    StorePdbConfig pdb;              /* its settings (copt_puppetdb completes them) */
    char **owned;                    /* strings made while resolving (malloc'd) */
    size_t nowned;
} CompileCli;

/* The short options the shared table adds ("e:"), and the long options,
 * ending in a zeroed entry; their values are 1000 and up. */
#define COPT_SHORTOPTS "e:"
extern const struct option copt_longopts[];

/* Handles option ch (from getopt_long over an array that includes
 * copt_longopts) with argument arg: 1 when it was one of the shared
 * options, 0 when the tool must handle it itself. */
int copt_handle(CompileCli *cli, int ch, const char *arg);

/* own's entries followed by copt_longopts', in one malloc'd array (the
 * caller frees it; the strings stay the tables'). */
struct option *copt_merge(const struct option *own);

/* The help lines of the shared options (two-space indent, as both tools'). */
void copt_usage(FILE *out);

/* Resolves what to compile.  target is the command's argument: a manifest
 * file, a manifest directory, an environment directory, "-" (stdin), or
 * NULL (with -e, or --environment/--environmentpath: that environment's
 * manifest).  Fills cli->opt.  Returns 0, or 2 after printing one line
 * (PROGNAME: error: ...) on stderr: a missing environment, an unreadable
 * stdin, a bad environment.conf. */
int copt_resolve(CompileCli *cli, const char *target);

/* Whether path is a directory laid out as a Puppet environment: it holds
 * environment.conf, hiera.yaml, manifests/ or modules/. */
int copt_is_envdir(const char *path);

/* cmp_compile() on a thread with a 1 GiB stack (address space only: pages are
 * touched as used), as evaluation recurses on the syntax tree; falls back
 * to the calling thread when no such thread can be made. */
int copt_compile(const CompileOptions *opt, Arena *arena, Catalog *cat);

/* With --puppetdb: completes cli->pdb from CONFDIR/puppetdb.conf (its
 * [main] server_urls, when --puppetdb gave no URL, and server_url_timeout)
 * and returns it in *out; without: *out is NULL.  0, or 2 after an error
 * line (no URL anywhere, an unreadable file).  copt_resolve calls it. */
int copt_puppetdb(CompileCli *cli, const StorePdbConfig **out);

void copt_free(CompileCli *cli);
#endif
