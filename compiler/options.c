/*
 * options.c - the compile options mcomp and mapply share, and how they
 * lead to one environment, as `puppet apply` finds its own.
 *
 * The one idea: everything a compile reads besides the manifest comes
 * from a directory environment, laid out as Puppet 7 lays it out
 * (ENVDIR/environment.conf, hiera.yaml, data/, modules/, manifests/).
 * Which directory: the argument itself when it looks like one; else, for
 * a manifest (or manifest directory) inside ENVDIR/manifests/, that
 * ENVDIR (a control repository's checkout); else ENVIRONMENTPATH/NAME,
 * NAME being --environment (default production), when it exists.  With
 * none, the compile runs as Puppet's built-in production environment:
 * modules from the base module path, no environment.conf.  Our own
 * configuration directory mirrors Puppet's: CONFDIR (/etc/mcomp as root,
 * ~/.mcomp otherwise) holds the global hiera.yaml, CONFDIR/code the
 * environments/ and the base modules/.
 */
#include "compiler/options.h"
#include "compiler/ruby/rb.h"
#include "base/util.h"
#include <errno.h>
#include <glob.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    O_MODULEPATH = 1000, O_BASEMODULEPATH, O_ENVIRONMENTPATH, O_ENVIRONMENT, O_CONFDIR, O_FACTS,
    O_EXTERNAL_FACTS, O_CERTNAME, O_STRICT, O_HIERA_CONFIG, O_DATADIR, O_NO_CACHE, O_STORECONFIGS,
    O_PUPPETDB, O_PDB_CACERT, O_PDB_CERT, O_PDB_KEY,
};

const struct option copt_longopts[] = {
    {"modulepath", required_argument, NULL, O_MODULEPATH},
    {"basemodulepath", required_argument, NULL, O_BASEMODULEPATH},
    {"environmentpath", required_argument, NULL, O_ENVIRONMENTPATH},
    {"environment", required_argument, NULL, O_ENVIRONMENT},
    {"confdir", required_argument, NULL, O_CONFDIR},
    {"facts", required_argument, NULL, O_FACTS},
    {"external-facts", required_argument, NULL, O_EXTERNAL_FACTS},
    {"certname", required_argument, NULL, O_CERTNAME},
    {"strict-variables", no_argument, NULL, O_STRICT},
    {"hiera-config", required_argument, NULL, O_HIERA_CONFIG},
    {"datadir", required_argument, NULL, O_DATADIR},
    {"no-cache", no_argument, NULL, O_NO_CACHE},
    {"storeconfigs", optional_argument, NULL, O_STORECONFIGS},
    {"puppetdb", optional_argument, NULL, O_PUPPETDB},
    {"puppetdb-cacert", required_argument, NULL, O_PDB_CACERT},
    {"puppetdb-cert", required_argument, NULL, O_PDB_CERT},
    {"puppetdb-key", required_argument, NULL, O_PDB_KEY},
    {"execute", required_argument, NULL, 'e'},
    {NULL, 0, NULL, 0},
};

void copt_usage(FILE *out)
{
    fputs("  -e, --execute CODE      compile CODE instead of a manifest file\n"
          "  --environment NAME      the environment (default: production): the directory\n"
          "                          ENVIRONMENTPATH/NAME when it exists (it must, when there\n"
          "                          is no MANIFEST or CODE)\n"
          "  --environmentpath DIR[:DIR]  where environments are (default CONFDIR/code/environments)\n"
          "  --basemodulepath DIR[:DIR]   modules every environment sees after its own\n"
          "                          (default CONFDIR/code/modules)\n"
          "  --confdir DIR           the configuration directory (default /etc/mcomp as root,\n"
          "                          else ~/.mcomp): CONFDIR/hiera.yaml is Hiera's global layer\n"
          "  --modulepath DIR[:DIR]  where to find modules, instead of the environment's\n"
          "                          (include ntp -> DIR/ntp/manifests/init.pp)\n"
          "                          the catalog records the module path (\"modulepath\", absolute),\n"
          "                          and mapply finds puppet:///modules sources there\n"
          "  --facts FILE            facts as JSON (the output of facter --json; at most 64 MiB);\n"
          "                          default: gather this machine's facts as Facter 4 does\n"
          "  --external-facts DIR[:DIR]  facts.d directories to read too (.txt, .json, .yaml,\n"
          "                          executables), after Facter's default ones\n"
          "  --certname NAME         the node name (default: the fqdn fact)\n"
          "  --strict-variables      an unknown variable is an error, not a warning\n"
          "  --hiera-config FILE     the environment's hiera.yaml (version 5); default:\n"
          "                          ENVDIR/hiera.yaml, or the one beside MANIFEST\n"
          "  --datadir DIR           the environment's data directory, instead of the one\n"
          "                          hiera.yaml names (with no hiera.yaml: DIR/common.yaml)\n"
          "  --no-cache              do not read or write the cache of compiled Ruby (ERB\n"
          "                          templates) in $XDG_CACHE_HOME/mcomp or ~/.cache/mcomp\n"
          "  --storeconfigs[=FILE]   exported resources (@@) go to the store FILE (an SQLite\n"
          "                          file; default VARDIR/storeconfigs.db, VARDIR being\n"
          "                          /var/lib/mapply as root, else ~/.mapply), and collectors\n"
          "                          (Type <<| query |>>) realise other nodes' exports from it\n"
          "  --puppetdb[=URL[,URL]]  PuppetDB is the store: after a successful compile the node's\n"
          "                          facts and catalog are sent to it, collectors query it, and\n"
          "                          puppetdb_query() asks it; without URL, server_urls of\n"
          "                          CONFDIR/puppetdb.conf ([main]; also server_url_timeout)\n"
          "  --puppetdb-cacert FILE  the CA certificate (PEM) to verify an https PuppetDB with\n"
          "  --puppetdb-cert FILE    the client certificate (PEM) to show PuppetDB\n"
          "  --puppetdb-key FILE     its private key (PEM)\n",
          out);
}

static char *keep(CompileCli *cli, char *s);

/* VARDIR/storeconfigs.db: mapply's state directory (/var/lib/mapply as
 * root, else ~/.mapply) */
static const char *default_store(CompileCli *cli)
{
    char *dir = util_default_vardir();
    size_t n = strlen(dir) + sizeof "/storeconfigs.db";
    char *s = xmalloc(n);
    snprintf(s, n, "%s/storeconfigs.db", dir);
    free(dir);
    return keep(cli, s);
}

int copt_handle(CompileCli *cli, int ch, const char *arg)
{
    CompileOptions *o = &cli->opt;
    const char *name = NULL;
    switch (ch) {
    case O_MODULEPATH: cli->modulepath = arg; return 1;     /* also mapply's for a catalog */
    case O_BASEMODULEPATH: cli->basemodulepath = arg; name = "--basemodulepath"; break;
    case O_ENVIRONMENTPATH: cli->environmentpath = arg; name = "--environmentpath"; break;
    case O_ENVIRONMENT: o->environment = arg; cli->environment_given = 1; name = "--environment"; break;
    case O_CONFDIR: cli->confdir = arg; return 1;      /* also mapply's, with a catalog: puppetdb.conf */
    case O_FACTS: o->facts_file = arg; name = "--facts"; break;
    case O_EXTERNAL_FACTS: o->external_facts = arg; name = "--external-facts"; break;
    case O_CERTNAME: o->certname = arg; name = "--certname"; break;
    case O_STRICT: o->strict_variables = 1; name = "--strict-variables"; break;
    case O_HIERA_CONFIG: o->hiera_config = arg; name = "--hiera-config"; break;
    case O_DATADIR: o->datadir = arg; name = "--datadir"; break;
    case O_NO_CACHE: rby_cache_disable(); name = "--no-cache"; break;
    case O_STORECONFIGS: o->storeconfigs = arg ? arg : default_store(cli); name = "--storeconfigs"; break;
    case 'e': cli->code = arg; name = "-e"; break;
    /* mapply also sends a catalog run's report to PuppetDB: not compile-only */
    case O_PUPPETDB: cli->puppetdb_given = 1; cli->pdb.server_urls = arg; return 1;
    case O_PDB_CACERT: cli->pdb.cacert = arg; return 1;
    case O_PDB_CERT: cli->pdb.cert = arg; return 1;
    case O_PDB_KEY: cli->pdb.key = arg; return 1;
    default: return 0;
    }
    cli->compile_only_given = 1;
    cli->compile_only_name = name;
    return 1;
}

struct option *copt_merge(const struct option *own)
{
    size_t n = 0, m = 0;
    while (own[n].name) n++;
    while (copt_longopts[m].name) m++;
    struct option *all = xcalloc(n + m + 1, sizeof *all);
    memcpy(all, own, n * sizeof *all);
    memcpy(all + n, copt_longopts, (m + 1) * sizeof *all);
    return all;
}

/* ---- paths ---- */

static char *keep(CompileCli *cli, char *s)
{
    cli->owned = xrealloc(cli->owned, (cli->nowned + 1) * sizeof *cli->owned);
    cli->owned[cli->nowned++] = s;
    return s;
}

static char *joinf(CompileCli *cli, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = xmalloc(la + lb + 2);
    memcpy(s, a, la);
    size_t n = la;
    if (n && s[n - 1] != '/') s[n++] = '/';
    memcpy(s + n, b, lb + 1);
    return keep(cli, s);
}

/* path made absolute against base (the working directory when NULL),
 * "." and trailing slashes dropped: what Ruby's File.expand_path gives for
 * the paths users write. */
static char *absolute(CompileCli *cli, const char *path, const char *base)
{
    char cwd[4096];
    if (path[0] != '/' && !base) base = getcwd(cwd, sizeof cwd) ? cwd : ".";
    Buf b = BUF_INIT;
    if (path[0] != '/') buf_adds(&b, base);
    const char *p = path;
    while (*p) {
        while (*p == '/') p++;
        size_t n = strcspn(p, "/");
        if (n == 0) break;
        if (n == 1 && p[0] == '.') {
            /* nothing */
        } else if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (b.len && b.s[b.len - 1] != '/') b.len--;
            if (b.len) b.len--;
        } else {
            if (!b.len || b.s[b.len - 1] != '/') buf_addc(&b, '/');
            buf_add(&b, p, n);
        }
        p += n;
    }
    if (!b.len) buf_addc(&b, '/');
    char *s = xstrndup(buf_cstr(&b), b.len);
    buf_free(&b);
    return keep(cli, s);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int copt_is_envdir(const char *path)
{
    if (!is_dir(path)) return 0;
    const char *files[] = {"environment.conf", "hiera.yaml"}, *dirs[] = {"manifests", "modules"};
    char buf[4096];
    for (int i = 0; i < 2; i++) {
        snprintf(buf, sizeof buf, "%s/%s", path, files[i]);
        if (is_file(buf)) return 1;
        snprintf(buf, sizeof buf, "%s/%s", path, dirs[i]);
        if (is_dir(buf)) return 1;
    }
    return 0;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s && s[1] ? s + 1 : p;
}

static char *dir_name(CompileCli *cli, const char *abs)
{
    const char *s = strrchr(abs, '/');
    return keep(cli, s && s != abs ? xstrndup(abs, (size_t)(s - abs)) : xstrndup("/", 1));
}

/* Puppet::Node::Environment.valid_name?: /\A[a-z0-9_]+\z/ */
static int valid_env_name(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

/* A path list, each entry absolute against the working directory. */
static char *abs_list(CompileCli *cli, const char *list)
{
    Buf b = BUF_INIT;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ":");
        if (n) {
            char *e = xstrndup(p, n);
            if (b.len) buf_addc(&b, ':');
            buf_adds(&b, absolute(cli, e, NULL));
            free(e);
        }
        p += n;
        if (*p) p++;
    }
    char *s = xstrndup(buf_cstr(&b), b.len);
    buf_free(&b);
    return keep(cli, s);
}

/* ---- environment.conf ---- */

typedef struct EnvConf {
    const char *path;
    char *modulepath, *manifest, *config_version;   /* raw values, or NULL (owned by the cli) */
} EnvConf;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n')) s[--n] = '\0';
    if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0]) {
        s[n - 1] = '\0';
        s++;
    }
    return s;
}

/* Puppet's ini reading of ENVDIR/environment.conf: "name = value" lines,
 * '#' comments; a [main] section is the file itself, other sections and
 * unknown settings are ignored with Puppet's warnings.  A missing file is
 * an empty one.  0, or 2 after an error message. */
static int read_env_conf(CompileCli *cli, const char *envdir, EnvConf *ec)
{
    memset(ec, 0, sizeof *ec);
    ec->path = joinf(cli, envdir, "environment.conf");
    FILE *f = fopen(ec->path, "r");
    if (!f) {
        if (errno == ENOENT || errno == ENOTDIR) return 0;
        fprintf(stderr, "%s: error: cannot read %s: %s\n", util_progname, ec->path, strerror(errno));
        return 2;
    }
    static const char *const valid[] = {"modulepath", "manifest", "config_version", "environment_timeout",
                                        "environment_data_provider", "static_catalogs", "rich_data"};
    Buf unknown = BUF_INIT, sections = BUF_INIT;
    char line[8192];
    int in_main = 1;
    while (fgets(line, sizeof line, f)) {
        char *s = trim(line);
        if (!*s || *s == '#') continue;
        if (*s == '[') {
            char *e = strchr(s, ']');
            if (e) *e = '\0';
            in_main = !strcmp(s + 1, "main");
            if (!in_main) {
                if (sections.len) buf_addc(&sections, ',');
                buf_adds(&sections, s + 1);
            }
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) continue;
        *eq = '\0';
        char *k = trim(s), *v = trim(eq + 1);
        if (!in_main) continue;
        char **slot = !strcmp(k, "modulepath") ? &ec->modulepath : !strcmp(k, "manifest") ? &ec->manifest
                    : !strcmp(k, "config_version") ? &ec->config_version : NULL;
        if (slot) {
            *slot = keep(cli, xstrndup(v, strlen(v)));
            continue;
        }
        size_t i = 0;
        while (i < ARRAY_LEN(valid) && strcmp(valid[i], k)) i++;
        if (i == ARRAY_LEN(valid)) {
            if (unknown.len) buf_adds(&unknown, ", ");
            buf_adds(&unknown, k);
        }
    }
    fclose(f);
    if (sections.len)
        fprintf(stderr, "%s: warning: Invalid sections in environment.conf at '%s'. Environment conf may not have "
                        "sections. The following sections are being ignored: '%s'\n", util_progname, ec->path, buf_cstr(&sections));
    if (unknown.len)
        fprintf(stderr, "%s: warning: Invalid settings in environment.conf at '%s'. The following unknown setting(s) "
                        "are being ignored: %s\n", util_progname, ec->path, buf_cstr(&unknown));
    buf_free(&unknown);
    buf_free(&sections);
    return 0;
}

typedef struct Vars { const char *names[5], *values[5]; } Vars;

/* $name and ${name} of Puppet's settings in an environment.conf value;
 * NULL after an error message for an unknown one. */
static char *interpolate(CompileCli *cli, const EnvConf *ec, const char *key, const char *s, const Vars *vars)
{
    Buf b = BUF_INIT;
    while (*s) {
        if (*s != '$') {
            buf_addc(&b, *s++);
            continue;
        }
        int braced = s[1] == '{';
        const char *p = s + 1 + braced;
        size_t n = 0;
        while ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') || p[n] == '_') n++;
        size_t i = 0;
        while (i < ARRAY_LEN(vars->names) && (strlen(vars->names[i]) != n || strncmp(vars->names[i], p, n))) i++;
        if (i == ARRAY_LEN(vars->names) || (braced && p[n] != '}')) {
            fprintf(stderr, "%s: error: %s: %s: Could not find value for $%.*s (known: $basemodulepath, $environment, "
                            "$environmentpath, $confdir, $codedir)\n", util_progname, ec->path, key, (int)n, p);
            buf_free(&b);
            return NULL;
        }
        buf_adds(&b, vars->values[i]);
        s = p + n + braced;
    }
    char *r = xstrndup(buf_cstr(&b), b.len);
    buf_free(&b);
    return keep(cli, r);
}

/* The environment's modulepath setting as Puppet expands it: each entry
 * made absolute against ENVDIR (not one that starts with '$'), wildcards
 * expanded as Dir.glob does, then the settings interpolated. */
static char *expand_modulepath(CompileCli *cli, const EnvConf *ec, const char *envdir, const Vars *vars)
{
    Buf b = BUF_INIT;
    char *r = NULL;
    for (const char *p = ec->modulepath; *p;) {
        size_t n = strcspn(p, ":");
        char *e = xstrndup(p, n);
        p += n;
        if (*p) p++;
        if (!n) { free(e); continue; }
        if (e[0] == '$') {
            const char *v = interpolate(cli, ec, "modulepath", e, vars);
            free(e);
            if (!v) goto out;
            if (*v) { if (b.len) buf_addc(&b, ':'); buf_adds(&b, v); }
            continue;
        }
        const char *a = absolute(cli, e, envdir);
        free(e);
        if (strpbrk(a, "*?[{")) {
            glob_t g;
            if (glob(a, GLOB_BRACE, NULL, &g) == 0)
                for (size_t i = 0; i < g.gl_pathc; i++) { if (b.len) buf_addc(&b, ':'); buf_adds(&b, g.gl_pathv[i]); }
            globfree(&g);
        } else {
            const char *v = strchr(a, '$') ? interpolate(cli, ec, "modulepath", a, vars) : a;
            if (!v) goto out;
            if (b.len) buf_addc(&b, ':');
            buf_adds(&b, v);
        }
    }
    r = keep(cli, xstrndup(buf_cstr(&b), b.len));
out:
    buf_free(&b);
    return r;
}

/* ---- the environment ---- */

/* ENVIRONMENTPATH/NAME: the first entry of the path holding a directory
 * of that name, or NULL. */
static char *find_env(CompileCli *cli, const char *envpath, const char *name)
{
    for (const char *p = envpath; *p;) {
        size_t n = strcspn(p, ":");
        char *d = xstrndup(p, n);
        char *e = joinf(cli, d, name);
        free(d);
        if (n && is_dir(e)) return e;
        p += n;
        if (*p) p++;
    }
    return NULL;
}

/* The environment a manifest (file or directory) at abs sits in: ENVDIR
 * for ENVDIR/manifests/FILE or ENVDIR/manifests itself, when ENVDIR is
 * laid out as an environment. */
static char *enclosing_env(CompileCli *cli, const char *abs, int is_directory)
{
    const char *m = is_directory ? abs : dir_name(cli, abs);
    if (strcmp(base_name(m), "manifests")) return NULL;
    char *env = dir_name(cli, m);
    return copt_is_envdir(env) ? env : NULL;
}

static int read_stdin(CompileCli *cli)
{
    Buf b = BUF_INIT;
    char tmp[65536];
    ssize_t got;
    while ((got = read(0, tmp, sizeof tmp)) != 0) {
        if (got < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "%s: error: cannot read standard input: %s\n", util_progname, strerror(errno));
            buf_free(&b);
            return 2;
        }
        buf_add(&b, tmp, (size_t)got);
    }
    cli->opt.code_len = b.len;
    cli->opt.code = keep(cli, xstrndup(buf_cstr(&b), b.len));
    cli->opt.code_name = "<stdin>";
    buf_free(&b);
    return 0;
}

/* ---- PuppetDB ---- */

int copt_puppetdb(CompileCli *cli, const StorePdbConfig **out)
{
    *out = NULL;
    if (!cli->puppetdb_given) return 0;
    const char *confdir = cli->confdir ? cli->confdir : keep(cli, util_default_confdir());
    const char *path = joinf(cli, confdir, "puppetdb.conf");
    FILE *f = fopen(path, "r");
    if (!f && errno != ENOENT && errno != ENOTDIR) {
        fprintf(stderr, "%s: error: cannot read %s: %s\n", util_progname, path, strerror(errno));
        return 2;
    }
    if (f) {
        /* Puppet's ini: [main] holds the settings; '#' and ';' comments */
        char line[8192];
        int in_main = 1;
        while (fgets(line, sizeof line, f)) {
            char *s = trim(line);
            if (!*s || *s == '#' || *s == ';') continue;
            if (*s == '[') {
                char *e = strchr(s, ']');
                if (e) *e = '\0';
                in_main = !strcmp(s + 1, "main");
                continue;
            }
            char *eq = strchr(s, '=');
            if (!eq || !in_main) continue;
            *eq = '\0';
            char *k = trim(s), *v = trim(eq + 1);
            if (!strcmp(k, "server_urls") && !cli->pdb.server_urls) cli->pdb.server_urls = keep(cli, xstrndup(v, strlen(v)));
            else if (!strcmp(k, "server_url_timeout")) cli->pdb.timeout = strtol(v, NULL, 10);
        }
        fclose(f);
    }
    if (!cli->pdb.server_urls || !*cli->pdb.server_urls) {
        fprintf(stderr, "%s: error: --puppetdb: no URL given and no server_urls in %s\n", util_progname, path);
        return 2;
    }
    *out = &cli->pdb;
    return 0;
}

int copt_resolve(CompileCli *cli, const char *target)
{
    CompileOptions *o = &cli->opt;
    if (copt_puppetdb(cli, &o->puppetdb)) return 2;
    /* CONFDIR and what Puppet puts under it */
    const char *confdir = cli->confdir ? cli->confdir : keep(cli, util_default_confdir());
    confdir = absolute(cli, confdir, NULL);
    const char *codedir = joinf(cli, confdir, "code");
    const char *envpath = cli->environmentpath ? abs_list(cli, cli->environmentpath) : joinf(cli, codedir, "environments");
    const char *base = cli->basemodulepath ? abs_list(cli, cli->basemodulepath) : joinf(cli, codedir, "modules");
    o->global_hiera_config = joinf(cli, confdir, "hiera.yaml");
    if (!o->environment) o->environment = "production";
    if (!valid_env_name(o->environment)) {
        fprintf(stderr, "%s: error: invalid environment name '%s' (lowercase letters, digits and _)\n", util_progname,
                o->environment);
        return 2;
    }

    /* what to compile, and the environment it names or sits in */
    const char *manifest = NULL;
    char *envdir = NULL;
    if (cli->code) {
        if (target) {
            fprintf(stderr, "%s: error: -e CODE and %s: give one of them\n", util_progname, target);
            return 2;
        }
        o->code = cli->code;
        o->code_len = strlen(cli->code);
        o->code_name = "-e";
    } else if (target && !strcmp(target, "-")) {
        if (read_stdin(cli)) return 2;
    } else if (target && copt_is_envdir(target)) {
        envdir = absolute(cli, target, NULL);
    } else if (target) {
        manifest = target;
        if (!cli->environment_given && !cli->environmentpath)
            envdir = enclosing_env(cli, absolute(cli, manifest, NULL), is_dir(manifest));
    }
    if (envdir && !cli->environment_given) {
        /* a directory named as it stands: its name, when that is a valid one */
        const char *bn = base_name(envdir);
        o->environment = valid_env_name(bn) ? keep(cli, xstrndup(bn, strlen(bn))) : "production";
    }
    if (!envdir) {
        envdir = find_env(cli, envpath, o->environment);
        /* (a manifest or -e in an environment that has no directory compiles
         * as Puppet's built-in one, under that name: Puppet refuses it) */
        if (!envdir && !target && !cli->code) {
            fprintf(stderr, "%s: error: Could not find a directory environment named '%s' anywhere in the path: %s. "
                            "Does the directory exist?\n", util_progname, o->environment, envpath);
            return 2;
        }
    }
    if (envdir) cli->envdir = xstrndup(envdir, strlen(envdir));

    /* the environment's settings, as environment.conf gives them */
    if (!envdir) {
        /* Puppet's built-in production environment: the base modules, no manifest of its own */
        o->modulepath = cli->modulepath ? cli->modulepath : base;
        o->manifest = manifest;
        return 0;
    }
    EnvConf ec;
    if (read_env_conf(cli, envdir, &ec)) return 2;
    Vars vars = {{"basemodulepath", "environment", "environmentpath", "confdir", "codedir"},
                 {base, o->environment, envpath, confdir, codedir}};
    if (cli->modulepath) {
        o->modulepath = cli->modulepath;
    } else if (ec.modulepath) {
        if (!(o->modulepath = expand_modulepath(cli, &ec, envdir, &vars))) return 2;
    } else {
        char *mp = xmalloc(strlen(envdir) + strlen(base) + 16);
        sprintf(mp, "%s/modules%s%s", envdir, *base ? ":" : "", base);
        o->modulepath = keep(cli, mp);
    }
    int target_manifest = manifest != NULL;
    if (!manifest && !o->code) {
        if (ec.manifest) {
            const char *m = ec.manifest[0] == '$' ? interpolate(cli, &ec, "manifest", ec.manifest, &vars)
                                                  : absolute(cli, ec.manifest, envdir);
            if (!m) return 2;
            manifest = m;
        } else {
            manifest = joinf(cli, envdir, "manifests");
        }
    }
    o->manifest = manifest;
    if (manifest && !target_manifest && access(manifest, F_OK) != 0) {
        /* an environment without its manifest compiles an empty main, as Puppet's */
        o->manifest = NULL;
        o->code = "";
        o->code_len = 0;
        o->code_name = manifest;
    }
    const char *hc = joinf(cli, envdir, "hiera.yaml");
    if (!o->hiera_config && is_file(hc)) o->hiera_config = hc;
    if (ec.config_version && *ec.config_version) {
        const char *cv = ec.config_version[0] == '$' ? interpolate(cli, &ec, "config_version", ec.config_version, &vars)
                                                     : absolute(cli, ec.config_version, envdir);
        if (!cv) return 2;
        o->config_version = cv;
    }
    return 0;
}

void copt_free(CompileCli *cli)
{
    for (size_t i = 0; i < cli->nowned; i++) free(cli->owned[i]);
    free(cli->owned);
    free(cli->envdir);
    cli->owned = NULL;
    cli->nowned = 0;
    cli->envdir = NULL;
}

/* ---- the compile ---- */

typedef struct CompileJob { const CompileOptions *opt; Arena *arena; Catalog *cat; int rc; } CompileJob;

static void *compile_thread(void *p)
{
    CompileJob *j = p;
    j->rc = cmp_compile(j->opt, j->arena, j->cat);
    return NULL;
}

int copt_compile(const CompileOptions *opt, Arena *arena, Catalog *cat)
{
    CompileJob job = {opt, arena, cat, 2};
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
        pthread_create(&th, &attr, compile_thread, &job) == 0) {
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
        return job.rc;
    }
    return cmp_compile(opt, arena, cat);
}
