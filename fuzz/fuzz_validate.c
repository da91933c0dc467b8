/*
 * fuzz_validate.c - libFuzzer target for mapply --validate: each input is
 * one catalog file, checked by mapply's own main() as
 *
 *     mapply --validate --vardir SCRATCH catalog.json
 *
 * which reads the JSON, builds the catalog and its graph, runs every
 * provider's validation and the cycle check, and changes nothing.  An
 * invalid catalog is no finding: only a crash, a sanitizer report, a leak,
 * a timeout or too much memory is.
 */
#include "fuzz/fuzz_common.h"
#include <getopt.h>
#include <stdint.h>
#include <string.h>

int fuzz_mapply_main(int argc, char **argv);  /* apply/mapply.c's main, renamed */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char catalog[512], vardir[512];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    strcpy(catalog, fuzz_path("catalog.json"));
    strcpy(vardir, fuzz_path("vardir"));
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write(catalog, data, size);
    char *args[] = {"mapply", "--validate", "--vardir", vardir, catalog, NULL};
    optind = 0;
    fuzz_mapply_main((int)(sizeof args / sizeof *args) - 1, args);
    return 0;
}
