/*
 * rootfs.c - base/rootfs keeps every path inside the root: "..", absolute
 * and relative symlinks, links to outside files; and a sentinel directory
 * beside the root is never reached.  Runs in a temporary directory.
 */
#define _GNU_SOURCE
#include "base/rootfs.h"
#include "t/tap.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char top[64];
static char rootdir[96], outside[96];

/* Runs cmd with every %T in it replaced by the test's directory. */
static void sh(const char *cmd_in)
{
    char cmd[512];
    size_t n = 0;
    for (const char *p = cmd_in; *p && n < sizeof cmd - 80; p++) {
        if (p[0] == '%' && p[1] == 'T') {
            n += (size_t)snprintf(cmd + n, sizeof cmd - n, "%s", top);
            p++;
        } else {
            cmd[n++] = *p;
        }
    }
    cmd[n] = '\0';
    if (system(cmd) != 0) {
        printf("Bail out! %s\n", cmd);
        exit(1);
    }
}

/* The content of path in the root ("" when it cannot be opened). */
static const char *read_in_root(const char *path)
{
    static char got[128];
    got[0] = '\0';
    int fd = rootfs_open(path, O_RDONLY, 0);
    if (fd < 0)
        return got;
    ssize_t n = read(fd, got, sizeof got - 1);
    got[n > 0 ? n : 0] = '\0';
    close(fd);
    return got;
}

int main(void)
{
    strcpy(top, "/tmp/rootfs-test.XXXXXX");
    if (!mkdtemp(top)) {
        printf("Bail out! mkdtemp\n");
        return 1;
    }
    snprintf(rootdir, sizeof rootdir, "%s/root", top);
    snprintf(outside, sizeof outside, "%s/outside", top);
    sh("mkdir -p %T/root/etc %T/outside && echo secret > %T/outside/f && echo inside > %T/root/etc/f");
    sh("ln -s / %T/root/abs && ln -s ../../outside %T/root/etc/rel && ln -s /etc/f %T/root/flink");
    sh("ln -s ../outside/f %T/root/outlink");

    Buf err = BUF_INIT;
    ok(rootfs_init(rootdir, &err) == 0, "the root opens: %s", buf_cstr(&err));
    is_str(rootfs_prefix(), rootdir, "the prefix is the root");

    is_str(read_in_root("/etc/f"), "inside\n", "a plain path");
    is_str(read_in_root("/../../outside/f"), "", "'..' stops at the root");
    is_str(read_in_root("/../etc/f"), "inside\n", "'..' above the root is the root");
    is_str(read_in_root("/abs/etc/f"), "inside\n", "an absolute symlink to / is the root");
    is_str(read_in_root("/etc/rel/f"), "", "a relative symlink climbing out stays in");
    is_str(read_in_root("/flink"), "inside\n", "a final absolute symlink is followed inside");
    is_str(read_in_root("/outlink"), "", "a final relative symlink out is not followed out");

    /* writes: create through the parent fd, never outside */
    const char *leaf;
    int dfd = rootfs_parent("/abs/../../outside/new", &leaf);
    ok(dfd < 0 && errno == ENOENT, "the parent of /abs/../../outside/new is not the outside dir");
    if (dfd >= 0)
        close(dfd);
    char probe[160];
    snprintf(probe, sizeof probe, "%s/new", outside);
    ok(access(probe, F_OK) != 0, "nothing made outside");
    dfd = rootfs_parent("/etc/rel/new", &leaf);
    ok(dfd < 0, "a symlinked directory pointing out gives no parent");
    if (dfd >= 0)
        close(dfd);
    dfd = rootfs_parent("/etc/new/", &leaf);
    ok(dfd >= 0 && !strcmp(leaf, "new"), "trailing slashes are not part of the leaf");
    if (dfd >= 0) {
        int fd = openat(dfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
        ok(fd >= 0, "a file made in the parent");
        if (fd >= 0)
            close(fd);
        close(dfd);
    }
    snprintf(probe, sizeof probe, "%s/etc/new", rootdir);
    ok(access(probe, F_OK) == 0, "it is inside the root");
    ok(rootfs_parent("/etc/..", &leaf) < 0 && errno == EINVAL, "a last component '..' is refused");

    /* mkdirs through an absolute symlink: made inside */
    ok(rootfs_mkdirs("/abs/made/deep", 0755) == 0, "mkdir -p through /abs");
    snprintf(probe, sizeof probe, "%s/made/deep", rootdir);
    struct stat st;
    ok(stat(probe, &st) == 0 && S_ISDIR(st.st_mode), "made inside the root");
    ok(rootfs_mkdirs("/etc/rel/x", 0755) != 0, "mkdir -p through a link out fails");
    snprintf(probe, sizeof probe, "%s/x", outside);
    ok(access(probe, F_OK) != 0, "nothing made outside");

    ok(rootfs_lstat("/abs", &st) == 0 && S_ISLNK(st.st_mode), "lstat sees the link");
    ok(rootfs_stat("/abs", &st) == 0 && S_ISDIR(st.st_mode), "stat follows it inside");

    /* beneath: a module's files directory is never left */
    int files = open(rootdir, O_PATH | O_DIRECTORY);
    int fd = rootfs_open_beneath(files, "etc/f", O_RDONLY, 0);
    ok(fd >= 0, "a file beneath opens");
    if (fd >= 0)
        close(fd);
    ok(rootfs_open_beneath(files, "../outside/f", O_RDONLY, 0) < 0 && errno == EXDEV, "'..' out of it fails (EXDEV)");
    ok(rootfs_open_beneath(files, "abs/etc/f", O_RDONLY, 0) < 0 && errno == EXDEV, "an absolute link fails (EXDEV)");
    close(files);

    rootfs_fini();
    ok(rootfs_init(NULL, &err) == 0 && rootfs_prefix()[0] == '\0', "no root is /");
    snprintf(probe, sizeof probe, "%s/f", outside);
    fd = rootfs_open(probe, O_RDONLY, 0);
    ok(fd >= 0, "without a root, host paths open");
    if (fd >= 0)
        close(fd);
    rootfs_fini();
    buf_free(&err);

    /* the lexical form, as Ruby's File.expand_path */
    static const char *const canon[][2] = {
        { "/../outside/x/", "/outside/x" }, { "/a/./b//c/..", "/a/b" }, { "/..", "/" }, { "/", "/" },
        { "//x", "/x" }, { "/a/../../b", "/b" }, { "/a/..b/.c", "/a/..b/.c" },
    };
    for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++) {
        char *c = rootfs_canon(canon[i][0]);
        is_str(c, canon[i][1], "rootfs_canon(%s)", canon[i][0]);
        free(c);
    }

    snprintf(probe, sizeof probe, "rm -rf %s", top);
    if (system(probe) != 0)
        printf("# could not remove %s\n", top);
    done_testing();
    return tap_failed != 0;
}
