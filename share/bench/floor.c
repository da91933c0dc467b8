/*
 * floor.c - the floors the apply benchmark (bench.sh) prints beside
 * mapply's times: what the kernel needs for the same work with nothing
 * else around it.
 *
 *   floor files DIR N   creates DIR/d/f0 .. f(N-1), each written with a
 *                       line of content like the benchmark's files, then
 *                       one syncfs: the least a first apply of N files can
 *                       cost with the data durable
 *   floor spawn DIR N   runs /bin/touch DIR/e0 .. e(N-1) with posix_spawn,
 *                       one after the other, each waited for: the least the
 *                       benchmark's N execs (the same touches) cost
 *
 * Prints the wall time in ms.  Built by bench.sh with the system's cc.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int files(const char *dir, long n)
{
    char p[4096], line[64];
    snprintf(p, sizeof p, "%s/d", dir);
    if (mkdir(p, 0755) != 0) {
        perror(p);
        return 1;
    }
    for (long i = 0; i < n; i++) {
        snprintf(p, sizeof p, "%s/d/f%ld", dir, i);
        int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
        int len = snprintf(line, sizeof line, "file %ld\n", i);
        if (fd < 0 || write(fd, line, (size_t)len) != len) {
            perror(p);
            return 1;
        }
        close(fd);
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || syncfs(fd) != 0) {
        perror(dir);
        return 1;
    }
    close(fd);
    return 0;
}

static int spawn(const char *dir, long n)
{
    char p[4096];
    char *argv[] = { "/bin/touch", p, NULL };
    for (long i = 0; i < n; i++) {
        pid_t pid;
        int st;
        snprintf(p, sizeof p, "%s/e%ld", dir, i);
        if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0 || waitpid(pid, &st, 0) != pid ||
            st != 0) {
            perror("posix_spawn /bin/touch");
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    double t = now_ms();
    int rc;
    if (argc == 4 && strcmp(argv[1], "files") == 0)
        rc = files(argv[2], atol(argv[3]));
    else if (argc == 4 && strcmp(argv[1], "spawn") == 0)
        rc = spawn(argv[2], atol(argv[3]));
    else {
        fprintf(stderr, "usage: floor files DIR N | floor spawn DIR N\n");
        return 2;
    }
    if (rc == 0)
        printf("%.0f\n", now_ms() - t);
    return rc;
}
