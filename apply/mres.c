/*
 * mres.c - `mres TYPE [TITLE] [ATTR=VALUE ...]`, this product's `puppet
 * resource`: shows the current state of one resource, or of every
 * instance of a type, as manifest code (or JSON), and with attributes
 * given, changes the resource to match them first.
 *
 * The one idea: a change is a one-resource catalog run through the same
 * validation, graph and transaction as mapply, so mres logs, refuses bad
 * values and writes files exactly as a catalog run would.  Showing state
 * is the providers' retrieve and instances hooks (types/provider.h).
 * Packages add two low-level queries: --verify NAME and --files NAME.
 */
#include "apply/apply.h"
#include "catalog/json.h"
#include "types/pkgtool.h"
#include "types/types.h"
#include "base/rootfs.h"
#include "base/runlock.h"
#include "base/diag.h"
#include "base/util.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: mres [options] TYPE [TITLE] [ATTR=VALUE ...]\n"
          "Show resources of this machine as manifest code, or change one (like puppet resource).\n"
          "\n"
          "  mres TYPE               every instance of TYPE (types that can list them)\n"
          "  mres TYPE TITLE         one resource's current state\n"
          "  mres TYPE TITLE A=V...  change it to match, then show it\n"
          "  mres --verify NAME      files of installed package NAME that changed\n"
          "  mres --files NAME       files of installed package NAME\n"
          "\n"
          "  --json                  print JSON instead of manifest code\n"
          "  --noop                  with A=V: say what would change, change nothing\n"
          "  --root DIR              look at (and change) the system under DIR\n"
          "  --vardir DIR            state directory for file backups\n"
          "                          (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  -v, --verbose           also print Info lines\n"
          "  -d, --debug             also print Debug lines\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "A change takes the run lock of the root (DIR, or /) as mapply does: while another\n"
          "run holds it, mres changes nothing and exits 1.\n"
          "\n"
          "Exit status: 0 ok, 1 an error or a failed change, 2 a usage error (one line on\n"
          "stderr: mres: REASON).\n",
          out);
}

/* ---- printing ---- */

/* A Puppet single-quoted string: \ and ' escaped. */
static void print_quoted(FILE *out, const char *s)
{
    fputc('\'', out);
    for (; *s; s++) {
        if (*s == '\'' || *s == '\\') fputc('\\', out);
        fputc(*s, out);
    }
    fputc('\'', out);
}

static void print_value(FILE *out, const Value *v)
{
    switch (v->kind) {
    case V_STR: print_quoted(out, v->str.s); break;
    case V_INT: fprintf(out, "%lld", (long long)v->i); break;
    case V_BOOL: fputs(v->b ? "true" : "false", out); break;
    /* the real value, wrapped: the listing applies back unchanged */
    case V_SENSITIVE: fputs("Sensitive(", out); print_value(out, v->sensitive); fputc(')', out); break;
    case V_ARRAY:
        fputc('[', out);
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) fputs(", ", out);
            print_value(out, v->arr.items[i]);
        }
        fputc(']', out);
        break;
    default: {
        Buf b = BUF_INIT;
        val_to_s(&b, v);
        print_quoted(out, buf_cstr(&b));
        buf_free(&b);
    }
    }
}

/* "type { 'title':\n  attr => value,\n}" with the arrows lined up, as
 * puppet resource prints. */
static void print_manifest(FILE *out, const Resource *r)
{
    size_t w = 0;
    for (size_t i = 0; i < r->nparams; i++)
        if (strlen(r->params[i].name) > w) w = strlen(r->params[i].name);
    char *type = xstrndup(r->type, strlen(r->type));
    for (char *p = type; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    fprintf(out, "%s { ", type);
    print_quoted(out, r->title);
    fputs(":\n", out);
    for (size_t i = 0; i < r->nparams; i++) {
        fprintf(out, "  %-*s => ", (int)w, r->params[i].name);
        print_value(out, r->params[i].value);
        fputs(",\n", out);
    }
    fputs("}\n", out);
    free(type);
}

static void json_value(FILE *out, const Value *v)
{
    switch (v->kind) {
    case V_STR: cat_json_fput(out, v->str.s); break;
    case V_INT: fprintf(out, "%lld", (long long)v->i); break;
    case V_BOOL: fputs(v->b ? "true" : "false", out); break;
    case V_ARRAY:
        fputc('[', out);
        for (size_t i = 0; i < v->arr.n; i++) {
            if (i) fputs(", ", out);
            json_value(out, v->arr.items[i]);
        }
        fputc(']', out);
        break;
    default: {
        Buf b = BUF_INIT;
        val_to_s(&b, v);
        cat_json_fput(out, buf_cstr(&b));
        buf_free(&b);
    }
    }
}

static void print_json(FILE *out, const Resource *r, int first)
{
    fputs(first ? "  {" : ",\n  {", out);
    fputs("\"type\": ", out);
    cat_json_fput(out, r->type);
    fputs(", \"title\": ", out);
    cat_json_fput(out, r->title);
    fputs(", \"parameters\": {", out);
    /* a Sensitive value (the password) is left out of the JSON listing:
     * no placeholder that could be applied, and no secret in data */
    int n = 0;
    for (size_t i = 0; i < r->nparams; i++) {
        if (r->params[i].value && r->params[i].value->kind == V_SENSITIVE) continue;
        if (n++) fputs(", ", out);
        cat_json_fput(out, r->params[i].name);
        fputs(": ", out);
        json_value(out, r->params[i].value);
    }
    fputs("}}", out);
}

/* ---- showing ---- */

typedef struct Show {
    const Provider *p;
    const char *type;        /* capitalised */
    const char *root;
    int json, count, errors;
    Arena *arena;
} Show;

/* Retrieves and prints one instance. */
static void show_one(void *ctx, const char *title)
{
    Show *s = ctx;
    Catalog cat;
    cat_init(&cat, s->arena);
    Resource *r = cat_add(&cat, s->type, title);
    Buf err = BUF_INIT;
    if (s->p->retrieve(&cat, r, s->root, &err) != 0) {
        diag_fprintf(stderr, "Error: Could not retrieve %s: %s\n", r->ref, buf_cstr(&err));
        s->errors++;
    } else if (s->json) {
        print_json(stdout, r, s->count++ == 0);
    } else {
        print_manifest(stdout, r);
    }
    buf_free(&err);
    cat_free(&cat);
}

/* ---- changing ---- */

/* Applies TYPE[title] with the given attributes as a one-resource catalog.
 * Returns 0, or 1 when it could not run or the change failed. */
static int change(const char *type, const char *title, char **attrs, int nattrs, ApplyOptions *opt, Arena *arena)
{
    const TypeDef *td = type_find_applied(type, strlen(type));
    Catalog cat;
    cat_init(&cat, arena);
    Resource *r = cat_add(&cat, cat_capitalize_type(arena, td->name), title);
    int rc = 1;
    for (int i = 0; i < nattrs; i++) {
        char *eq = strchr(attrs[i], '=');
        size_t n = (size_t)(eq - attrs[i]);
        if (!type_param(td, attrs[i], n) && !type_is_metaparam(attrs[i], n)) {
            diag_fprintf(stderr, "Error: no parameter named '%.*s' on %s\n", (int)n, attrs[i], r->ref);
            goto out;
        }
        cat_res_set(&cat, r, arena_strndup(arena, attrs[i], n), val_cstr(arena, eq + 1));
    }
    const Provider *p = provider_find(type);
    Buf err = BUF_INIT;
    if (p->validate && p->validate(r, &err) != 0) {
        if (strncmp(buf_cstr(&err), "Parameter ", 10) == 0) diag_fprintf(stderr, "Error: %s\n", buf_cstr(&err));
        else diag_fprintf(stderr, "Error: Validation of %s failed: %s\n", r->ref, buf_cstr(&err));
        buf_free(&err);
        goto out;
    }
    buf_free(&err);
    Graph g;
    if (graph_build(&g, &cat) != 0) goto out;
    TxSummary sum;
    if (tx_run(&g, opt, arena, &sum) == 0) rc = sum.failed ? 1 : 0;
    graph_free(&g);
out:
    cat_free(&cat);
    return rc;
}

/* ---- packages ---- */

static int package_query(const char *root, const char *name, int verify)
{
    Buf out = BUF_INIT, err = BUF_INIT;
    int rc = verify ? pkg_verify(root, name, &out, &err) : pkg_file_list(root, name, &out, &err);
    if (rc != 0) diag_fprintf(stderr, "Error: %s\n", buf_cstr(&err));
    else fputs(buf_cstr(&out), stdout);
    int changed = out.len > 0;
    buf_free(&out);
    buf_free(&err);
    return rc != 0 ? 1 : verify && changed ? 1 : 0;
}

int main(int argc, char **argv)
{
    util_progname = "mres";
    setvbuf(stdout, NULL, _IOLBF, 0);
    ApplyOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.log_level = LL_NOTICE;
    int json = 0;
    const char *verify = NULL, *files = NULL;
    enum { O_JSON = 256, O_NOOP, O_ROOT, O_VARDIR, O_VERIFY, O_FILES };
    static const struct option longopts[] = {
        {"json", no_argument, NULL, O_JSON},
        {"noop", no_argument, NULL, O_NOOP},
        {"root", required_argument, NULL, O_ROOT},
        {"vardir", required_argument, NULL, O_VARDIR},
        {"verify", required_argument, NULL, O_VERIFY},
        {"files", required_argument, NULL, O_FILES},
        {"verbose", no_argument, NULL, 'v'},
        {"debug", no_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":vdhV", longopts, NULL)) != -1) {
        switch (ch) {
        case O_JSON: json = 1; break;
        case O_NOOP: opt.noop = 1; break;
        case O_ROOT: opt.root = optarg; break;
        case O_VARDIR: opt.vardir = optarg; break;
        case O_VERIFY: verify = optarg; break;
        case O_FILES: files = optarg; break;
        case 'v': if (opt.log_level > LL_INFO) opt.log_level = LL_INFO; break;
        case 'd': opt.log_level = LL_DEBUG; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mres 0.1"); return 0;
        default: util_getopt_error(ch, argv, longopts); return 2;
        }
    }
    const char *root = opt.root ? opt.root : "";
    Buf rerr = BUF_INIT;
    if (rootfs_init(root, &rerr) != 0) {       /* every path under --root is resolved in it */
        diag_fprintf(stderr, "Error: %s\n", buf_cstr(&rerr));
        buf_free(&rerr);
        return 1;
    }
    if (verify || files) {
        if (verify && files) {
            util_usage_error("--verify and --files cannot be given together");
            return 2;
        }
        if (optind != argc) {
            util_usage_error("--%s takes no other argument, but got '%s'", verify ? "verify" : "files", argv[optind]);
            return 2;
        }
        return package_query(root, verify ? verify : files, verify != NULL);
    }
    if (optind >= argc) {
        util_usage_error("no TYPE given (usage: mres [options] TYPE [TITLE] [ATTR=VALUE ...])");
        return 2;
    }
    const char *type = argv[optind];
    const TypeDef *td = type_find_applied(type, strlen(type));
    const Provider *p = provider_find(type);
    if (!td || !p) {
        diag_fprintf(stderr, "Error: %s '%s'\n", td ? "mres cannot manage resources of type" : "Unknown resource type", type);
        return 1;
    }
    int first_attr = optind + 2;
    for (int i = optind + 1; i < argc; i++)
        if (i >= first_attr && !strchr(argv[i], '=')) {
            util_usage_error("expected ATTR=VALUE, not '%s'", argv[i]);
            return 2;
        }
    /* a change holds the root's run lock, as a mapply run does */
    int lock = argc - optind > 2 && !opt.noop ? runlock_root(opt.root, 0) : -2;
    if (lock == -1)
        return 1;
    char *home_vardir = NULL;
    if (!opt.vardir) opt.vardir = home_vardir = util_default_vardir();
    Arena arena;
    arena_init(&arena);
    Show s = {p, cat_capitalize_type(&arena, td->name), root, json, 0, 0, &arena};
    int rc = 0;
    if (argc - optind > 2 && (rc = change(type, argv[optind + 1], argv + first_attr, argc - first_attr, &opt, &arena)))
        goto out;
    /* a type whose state cannot be read back from a title alone (file_line,
     * ini_setting: the file is a parameter) is changed, not shown */
    if (!p->retrieve && argc - optind > 2)
        goto out;
    if (!p->retrieve || (argc - optind == 1 && !p->instances)) {
        diag_fprintf(stderr, "Error: mres cannot %s %s resources\n", p->retrieve ? "list" : "show", s.type);
        rc = 1;
        goto out;
    }
    if (json) fputs("[\n", stdout);
    if (argc - optind == 1) {
        Buf err = BUF_INIT;
        if (p->instances(root, show_one, &s, &err) != 0) {
            diag_fprintf(stderr, "Error: Could not list %s resources: %s\n", s.type, buf_cstr(&err));
            s.errors++;
        }
        buf_free(&err);
    } else {
        show_one(&s, argv[optind + 1]);
    }
    if (json) fputs(s.count ? "\n]\n" : "]\n", stdout);
    rc = s.errors ? 1 : 0;
out:
    if (lock >= 0)
        close(lock);
    arena_free(&arena);
    free(home_vardir);
    rootfs_fini();
    return rc;
}
