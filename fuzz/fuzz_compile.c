/*
 * fuzz_compile.c - libFuzzer target for the manifest compiler: each input
 * is one manifest (site.pp), compiled by mcomp's own main() as
 *
 *     mcomp --facts FACTS --certname node1.example.com -o /dev/null site.pp
 *
 * so the lexer, parser, evaluator, catalog validation, the compile-time
 * cycle check and the JSON writer all see it.  Manifest errors are
 * findings of nothing: only a crash, a sanitizer report, a leak, a timeout
 * or too much memory is.  The fuzz build has no Ruby (rby_stub.c), and no
 * command is run for generate() (execv below refuses).
 */
#include "base/diag.h"
#include "fuzz/fuzz_common.h"
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int fuzz_mcomp_main(int argc, char **argv);   /* compiler/mcomp.c's main, renamed */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int execv(const char *path, char *const argv[]);

/* generate() forks and runs its command: a fuzzer must not run what it
 * makes up, so the child fails as for a command that cannot be run. */
int execv(const char *path, char *const argv[])
{
    errno = EACCES;
    return -1;
}

static char manifest[512], facts[512];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    strcpy(manifest, fuzz_path("site.pp"));
    strcpy(facts, fuzz_path("facts.json"));
    static const char facts_json[] =
        "{\"os\": {\"family\": \"Debian\", \"name\": \"Debian\", \"release\": {\"full\": \"12.5\", \"major\": \"12\"}},"
        " \"networking\": {\"fqdn\": \"node1.example.com\", \"hostname\": \"node1\", \"domain\": \"example.com\"},"
        " \"fqdn\": \"node1.example.com\", \"hostname\": \"node1\", \"kernel\": \"Linux\", \"osfamily\": \"Debian\"}";
    fuzz_write(facts, (const uint8_t *)facts_json, sizeof facts_json - 1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write(manifest, data, size);
    char *args[] = {"mcomp", "--facts", facts, "--certname", "node1.example.com", "-o", "/dev/null", manifest, NULL};
    diag_errors = 0;
    diag_max_errors = INT_MAX;       /* the 20-error stop exits; the compile ends on its own */
    optind = 0;                      /* getopt starts over */
    fuzz_mcomp_main((int)(sizeof args / sizeof *args) - 1, args);
    return 0;
}
