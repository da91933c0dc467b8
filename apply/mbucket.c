/*
 * mbucket.c - `mbucket list|get|restore`, this product's `puppet
 * filebucket` for the local bucket that mapply fills (types/bucket.h):
 * every file content mapply replaced or removed can be listed, printed and
 * put back.  The bucket does the work; this file is the command line.
 */
#include "types/bucket.h"
#include "base/rootfs.h"
#include "base/runlock.h"
#include "base/diag.h"
#include "base/util.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: mbucket [options] list [PATH]\n"
          "       mbucket [options] get SUM\n"
          "       mbucket [options] restore PATH SUM\n"
          "The file bucket: the content of every file mapply replaced or removed.\n"
          "\n"
          "  list [PATH]             one line per backup, oldest first:\n"
          "                          SUM YYYY-MM-DD HH:MM:SS PATH (only PATH's, if given)\n"
          "  get SUM                 print the content stored under SUM\n"
          "  restore PATH SUM        put that content back at PATH (atomically; what PATH\n"
          "                          holds now is backed up first); it takes the run lock\n"
          "                          of the root as mapply does, and exits 1 while another\n"
          "                          run holds it\n"
          "\n"
          "  --vardir DIR            mapply's state directory; the bucket is DIR/bucket\n"
          "                          (default /var/lib/mapply as root, else ~/.mapply)\n"
          "  --root DIR              restore PATH under DIR (as mapply --root)\n"
          "  -h, --help              this text\n"
          "  -V, --version           the version\n"
          "\n"
          "Exit status: 0 ok, 1 an error, 2 a usage error (one line on stderr:\n"
          "mbucket: REASON).\n",
          out);
}

typedef struct Entry { char sum[65]; time_t mtime; char *path; } Entry;
typedef struct List { Entry *v; size_t n, cap; const char *only; } List;

static int collect(void *ctx, const char *sum, time_t mtime, const char *path)
{
    List *l = ctx;
    if (l->only && strcmp(l->only, path) != 0)
        return 0;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
    Entry *e = &l->v[l->n++];
    memcpy(e->sum, sum, 65);
    e->mtime = mtime;
    e->path = xstrndup(path, strlen(path));
    return 0;
}

/* Oldest first (so the newest is last, next to the prompt); ties by path,
 * then sum, so the order is stable. */
static int by_date(const void *a, const void *b)
{
    const Entry *x = a, *y = b;
    if (x->mtime != y->mtime)
        return x->mtime < y->mtime ? -1 : 1;
    int c = strcmp(x->path, y->path);
    return c ? c : strcmp(x->sum, y->sum);
}

static int cmd_list(const char *vardir, const char *only)
{
    List l = { .only = only };
    Buf err = BUF_INIT;
    int rc = 0;
    if (bucket_list(vardir, collect, &l, &err) != 0) {
        diag_fprintf(stderr, "mbucket: %s\n", buf_cstr(&err));
        rc = 1;
    }
    if (l.n)
        qsort(l.v, l.n, sizeof *l.v, by_date);
    for (size_t i = 0; i < l.n; i++) {
        char date[64];
        struct tm tm;
        strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", localtime_r(&l.v[i].mtime, &tm));
        if (!rc)
            printf("%s %s %s\n", l.v[i].sum, date, l.v[i].path);
        free(l.v[i].path);
    }
    free(l.v);
    buf_free(&err);
    if (!rc && only && !l.n) {
        diag_fprintf(stderr, "mbucket: no backup of %s\n", only);
        rc = 1;
    }
    return rc;
}

static int cmd_get(const char *vardir, const char *sum)
{
    Buf out = BUF_INIT, err = BUF_INIT;
    int rc = 0;
    if (bucket_get(vardir, sum, &out, &err) != 0) {
        diag_fprintf(stderr, "mbucket: %s\n", buf_cstr(&err));
        rc = 1;
    } else if (out.len && fwrite(out.s, 1, out.len, stdout) != out.len) {
        rc = 1;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "mbucket: cannot write the content to stdout\n");
        rc = 1;
    }
    buf_free(&out);
    buf_free(&err);
    return rc;
}

static int cmd_restore(const char *vardir, const char *root, const char *path, const char *sum)
{
    Buf err = BUF_INIT;
    char prev[65];
    int saved = 0, rc = 0;
    if (bucket_restore(vardir, root, path, sum, &saved, prev, &err) != 0) {
        const char *why = buf_cstr(&err);
        if (!strncmp(why, "no backup with sum", 18) || !strncmp(why, "not a sha256 sum", 16))
            diag_fprintf(stderr, "mbucket: %s\n", why);
        else
            diag_fprintf(stderr, "mbucket: cannot restore %s: %s\n", path, why);
        rc = 1;
    } else {
        if (saved)
            printf("Backed up the current %s with sum %s\n", path, prev);
        printf("Restored %s from %s\n", path, sum);
    }
    buf_free(&err);
    return rc;
}

int main(int argc, char **argv)
{
    util_progname = "mbucket";
    const char *vardir = NULL, *root = "";
    enum { O_VARDIR = 256, O_ROOT };
    static const struct option longopts[] = {
        {"vardir", required_argument, NULL, O_VARDIR},
        {"root", required_argument, NULL, O_ROOT},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "+:hV", longopts, NULL)) != -1) {
        switch (ch) {
        case O_VARDIR: vardir = optarg; break;
        case O_ROOT: root = optarg; break;
        case 'h': usage(stdout); return 0;
        case 'V': puts("mbucket 0.1"); return 0;
        default: util_getopt_error(ch, argv, longopts); return 2;
        }
    }
    /* the command and its arguments, checked before anything is opened */
    int nargs = argc - optind;
    const char *cmd = nargs ? argv[optind] : "";
    static const struct { const char *name; int min, max; const char *args; } cmds[] = {
        {"list", 1, 2, "list [PATH]"}, {"get", 2, 2, "get SUM"},
        {"restore", 3, 3, "restore PATH SUM"}, {"help", 1, 1, "help"},
    };
    size_t ci = 0;
    while (ci < ARRAY_LEN(cmds) && strcmp(cmd, cmds[ci].name)) ci++;
    if (!nargs) {
        util_usage_error("no command given (usage: mbucket [options] list|get|restore ...)");
        return 2;
    }
    if (ci == ARRAY_LEN(cmds)) {
        util_usage_error("unknown command '%s' (list, get, restore)", cmd);
        return 2;
    }
    if (nargs < cmds[ci].min || nargs > cmds[ci].max) {
        util_usage_error("%s (usage: mbucket [options] %s)",
                         nargs < cmds[ci].min ? "missing argument" : "too many arguments", cmds[ci].args);
        return 2;
    }
    /* the same default as mapply's, so the two meet without options */
    char *home_vardir = NULL;
    if (!vardir) vardir = home_vardir = util_default_vardir();
    /* --root DIR/ and DIR mean the same */
    char *root_copy = xstrndup(root, strlen(root));
    for (size_t n = strlen(root_copy); n > 0 && root_copy[n - 1] == '/'; n--)
        root_copy[n - 1] = '\0';
    Buf rerr = BUF_INIT;
    if (rootfs_init(root_copy, &rerr) != 0) {  /* restore resolves PATH in the root */
        diag_fprintf(stderr, "Error: %s\n", buf_cstr(&rerr));
        buf_free(&rerr);
        free(root_copy);
        free(home_vardir);
        return 1;
    }
    int rc = 1;
    if (!strcmp(cmd, "list") && nargs <= 2)
        rc = cmd_list(vardir, nargs == 2 ? argv[optind + 1] : NULL);
    else if (!strcmp(cmd, "get") && nargs == 2)
        rc = cmd_get(vardir, argv[optind + 1]);
    else if (!strcmp(cmd, "restore") && nargs == 3) {
        int lock = runlock_root(root_copy, 0);  /* a change, as a mapply run makes */
        if (lock >= 0) {
            rc = cmd_restore(vardir, root_copy, argv[optind + 1], argv[optind + 2]);
            close(lock);
        }
    }
    else if (!strcmp(cmd, "help") && nargs == 1)
        usage(stdout), rc = 0;
    free(root_copy);
    free(home_vardir);
    rootfs_fini();
    return rc;
}
