/*
 * fuzz_common.c - the scratch directory and input file of the fuzz
 * targets (see fuzz_common.h).  Nothing here is a tool's code: the
 * directory only gives each input a real path, as a user's file has.
 */
#include "fuzz/fuzz_common.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

static void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "fuzz: cannot remove %s\n", dir);
}

const char *fuzz_path(const char *name)
{
    static char path[512];
    if (!*dir) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/mfuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir)) {
            perror(dir);
            abort();
        }
        atexit(remove_dir);
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

void fuzz_write(const char *path, const uint8_t *data, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        perror(path);
        abort();
    }
    while (size) {
        ssize_t n = write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            perror(path);
            abort();
        }
        data += n, size -= (size_t)n;
    }
    close(fd);
}
