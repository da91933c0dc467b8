/*
 * fuzz_common.h - what both libFuzzer targets share: a private scratch
 * directory, and writing one input there as the file the tool reads.  The
 * targets run the tools' own main() (compiled renamed, see GNUmakefile),
 * so an input goes through exactly the code a user's file does.
 */
#ifndef FUZZ_FUZZ_COMMON_H
#define FUZZ_FUZZ_COMMON_H
#include <stddef.h>
#include <stdint.h>

/* Makes the scratch directory (once; removed at exit) and returns the
 * path of name inside it; the string is static. */
const char *fuzz_path(const char *name);
/* Writes data to path, replacing what was there; aborts on I/O errors
 * (they are the machine's, not a finding). */
void fuzz_write(const char *path, const uint8_t *data, size_t size);
#endif
