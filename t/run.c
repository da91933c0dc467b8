/*
 * t/run.c - the command runner (types/run.c) on its own: what a command
 * starts with (environment, umask, cwd, ids, chroot, stdin, signal
 * dispositions and mask), what the caller learns (output, exit status,
 * signal, timeout, a command that could not start), and what it leaves
 * behind (no descriptor, no zombie, no process of the timed-out group, the
 * caller's ids, umask and signal mask as they were).  The ids and chroot
 * cases need root and are skipped without it.
 */
#define _GNU_SOURCE
#include "t/tap.h"
#include "types/run.h"
#include "base/rootfs.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char tmpdir[PATH_MAX];

static int open_fds(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.')
            n++;
    if (d)
        closedir(d);
    return n;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs c; its output in out (cleared first); run_command's return. */
static int run(const RunCmd *c, Buf *out, RunResult *res)
{
    buf_clear(out);
    return run_command(c, out, res);
}

static int exited(int rc, const RunResult *res, int status)
{
    return rc == 0 && res->outcome == RUN_EXITED && res->status == status;
}

/* 1 when pid is gone or a zombie (reparented to an init that has not
 * reaped it yet). */
static int dead(pid_t pid)
{
    char p[64], st[512];
    snprintf(p, sizeof p, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(p, "r");
    if (!f)
        return 1;
    size_t n = fread(st, 1, sizeof st - 1, f);
    fclose(f);
    st[n] = '\0';
    const char *close_paren = strrchr(st, ')');
    return close_paren && close_paren[1] == ' ' && (close_paren[2] == 'Z' || close_paren[2] == 'X');
}

static void handler(int sig)
{
    (void)sig;
}

static void test_basics(Buf *out)
{
    RunResult res;
    RunCmd c = { .command = "/bin/sh -c 'echo out; echo err >&2; exit 3'" };
    ok(exited(run(&c, out, &res), &res, 3), "exit status reported");
    is_str(buf_cstr(out), "out\nerr\n", "stdout and stderr captured on one pipe, in order");

    RunCmd k = { .argv = (const char *const[]){ "/bin/sh", "-c", "kill -KILL $$", NULL } };
    ok(run(&k, out, &res) == 0 && res.outcome == RUN_SIGNALED && res.status == SIGKILL,
       "a signal is reported as the signal");

    RunCmd direct = { .command = "echo a  b\tc" };
    ok(exited(run(&direct, out, &res), &res, 0), "a command with no shell syntax runs directly");
    is_str(buf_cstr(out), "a b c\n", "split on blanks and found through the inherited PATH");

    RunCmd viash = { .command = "echo $((6 * 7)) | cat" };
    ok(exited(run(&viash, out, &res), &res, 0), "shell syntax goes through /bin/sh -c");
    is_str(buf_cstr(out), "42\n", "and the shell ran it");

    RunCmd shell = { .command = "exec echo via-sh", .shell = 1 };
    ok(exited(run(&shell, out, &res), &res, 0), "provider shell: always /bin/sh -c");
    is_str(buf_cstr(out), "via-sh\n", "and the shell ran it");

    RunCmd nf = { .command = "no-such-command-for-run-t" };
    ok(run(&nf, out, &res) == -1 && res.outcome == RUN_ERROR && res.err == ENOENT,
       "a bare command not on PATH: not started, ENOENT");
    Buf err = BUF_INIT;
    const char *const path[] = { "/usr/bin", "/bin", NULL };
    RunCmd nfp = { .command = "no-such-command-for-run-t x", .path = path };
    ok(run_check_exe(&nfp, &err) == -1, "run_check_exe refuses it");
    is_str(buf_cstr(&err), "Could not find command 'no-such-command-for-run-t'", "in Puppet's words");
    buf_free(&err);

    RunCmd nfsh = { .command = "no-such-command-for-run-t; exit $?", .shell = 1 };
    ok(exited(run(&nfsh, out, &res), &res, 127), "through the shell: exit 127");
    ok(strstr(buf_cstr(out), "no-such-command-for-run-t: not found") != NULL,
       "with the shell's message as the output");

    char noexec[PATH_MAX + 16];
    snprintf(noexec, sizeof noexec, "%s/noexec", tmpdir);
    int fd = open(noexec, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t w = write(fd, "#!/bin/sh\n", 10);
        (void)w;
        close(fd);
    }
    RunCmd ne = { .argv = (const char *const[]){ noexec, NULL } };
    ok(run(&ne, out, &res) == -1 && res.outcome == RUN_ERROR && res.err == EACCES && !res.in_chdir,
       "execve's errno comes back (EACCES)");
}

static void test_stdin(Buf *out)
{
    RunResult res;
    RunCmd cat = { .command = "/bin/cat" };
    ok(exited(run(&cat, out, &res), &res, 0) && out->len == 0, "stdin is empty: cat ends at once");
    RunCmd rd = { .command = "read x; echo \"read=$?\"", .shell = 1 };
    ok(exited(run(&rd, out, &res), &res, 0), "read from stdin");
    is_str(buf_cstr(out), "read=1\n", "sees end of file");
    RunCmd wr = { .command = "echo x >&0 2>/dev/null; echo \"write=$?\"", .shell = 1 };
    run(&wr, out, &res);
    ok(strcmp(buf_cstr(out), "write=0\n") != 0, "stdin cannot be written to");
    RunCmd in = { .command = "/bin/cat", .input = "line 1\nline 2\n" };
    ok(exited(run(&in, out, &res), &res, 0), "input given");
    is_str(buf_cstr(out), "line 1\nline 2\n", "arrives on stdin");
}

static void test_env(Buf *out)
{
    RunResult res;
    setenv("RUN_T_INHERITED", "from mapply", 1);
    const char *const path[] = { "/nonexistent", "/bin", "/usr/bin", NULL };
    const char *const env[] = { "RUN_T_SET=a b", "RUN_T_INHERITED=replaced", NULL };
    RunCmd e = { .command = "echo \"$PATH|$RUN_T_SET|$RUN_T_INHERITED|$RUN_T_KEPT\"", .path = path, .env = env };
    setenv("RUN_T_KEPT", "kept", 1);
    ok(exited(run(&e, out, &res), &res, 0), "environment: ran");
    is_str(buf_cstr(out), "/nonexistent:/bin:/usr/bin|a b|replaced|kept\n",
           "path becomes PATH, env is added and replaces, the rest is inherited");
    const char *const envpath[] = { "PATH=/usr/bin:/bin", NULL };
    RunCmd p = { .command = "echo $PATH", .path = path, .env = envpath };
    run(&p, out, &res);
    is_str(buf_cstr(out), "/usr/bin:/bin\n", "a PATH in env wins over path");
    const char *const badpath[] = { "/nonexistent", NULL };
    RunCmd np = { .command = "true", .path = badpath };
    ok(run(&np, out, &res) == -1 && res.err == ENOENT, "a bare name is looked up in path only");
    unsetenv("RUN_T_INHERITED");
    unsetenv("RUN_T_KEPT");
}

static void test_umask_cwd(Buf *out)
{
    RunResult res;
    mode_t old = umask(022);
    RunCmd u = { .command = "umask", .shell = 1, .set_umask = 1, .umask = 027 };
    ok(exited(run(&u, out, &res), &res, 0), "umask: ran");
    is_str(buf_cstr(out), "0027\n", "umask given: the command runs with it");
    RunCmd inh = { .command = "umask", .shell = 1 };
    run(&inh, out, &res);
    is_str(buf_cstr(out), "0022\n", "no umask given: the caller's");
    ok(umask(022) == 022, "the caller's umask is unchanged");
    umask(old);

    char want[PATH_MAX + 2];
    if (!realpath(tmpdir, want))
        snprintf(want, sizeof want, "%s", tmpdir);
    strcat(want, "\n");
    RunCmd d = { .command = "/bin/pwd", .cwd = tmpdir };
    ok(exited(run(&d, out, &res), &res, 0), "cwd: ran");
    is_str(buf_cstr(out), want, "cwd given: the command runs there");
    char here[PATH_MAX];
    ok(getcwd(here, sizeof here) && strcmp(here, tmpdir) != 0, "the caller's cwd is unchanged");
    RunCmd nd = { .command = "/bin/true", .cwd = "/nonexistent/run-t" };
    ok(run(&nd, out, &res) == -1 && res.in_chdir && res.err == ENOENT, "a missing cwd: chdir's errno, marked as chdir");
}

static void test_timeout(Buf *out)
{
    RunResult res;
    char pidfile[PATH_MAX + 16], cmd[PATH_MAX + 128];
    snprintf(pidfile, sizeof pidfile, "%s/bg.pid", tmpdir);
    snprintf(cmd, sizeof cmd, "sleep 30 & echo $! > %s; echo started; wait", pidfile);
    RunCmd t = { .command = cmd, .shell = 1, .timeout = 0.5 };
    double t0 = now();
    ok(run(&t, out, &res) == 0 && res.outcome == RUN_TIMEOUT, "timeout: reported as a timeout");
    double took = now() - t0;
    ok(took >= 0.45 && took < 5, "after the timeout (%.2f s)", took);
    is_str(buf_cstr(out), "started\n", "what it wrote before is kept");
    FILE *f = fopen(pidfile, "r");
    int bg = 0;
    if (f) {
        if (fscanf(f, "%d", &bg) != 1)
            bg = 0;
        fclose(f);
    }
    for (int i = 0; i < 100 && bg > 0 && !dead(bg); i++)
        usleep(10000);
    ok(bg > 0 && dead(bg), "the background process of its group is killed too");

    /* a grandchild holding the output pipe does not hold up the exit */
    RunCmd hold = { .command = "sleep 2 & echo done", .shell = 1 };
    t0 = now();
    ok(exited(run(&hold, out, &res), &res, 0), "a background process keeps the pipe open: still done");
    ok(now() - t0 < 1.5, "as soon as the command exits (%.2f s)", now() - t0);
    is_str(buf_cstr(out), "done\n", "with its output");

    RunCmd quick = { .command = "/bin/true", .timeout = 10 };
    t0 = now();
    ok(exited(run(&quick, out, &res), &res, 0) && now() - t0 < 1, "a timeout does not delay a quick command");
}

static void test_signals(Buf *out)
{
    RunResult res;
    struct sigaction sa, old_pipe, old_xcpu, old_xfsz;
    sigset_t block, before, after;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);
    sigaction(SIGXFSZ, &sa, &old_xfsz);
    sa.sa_handler = handler;
    sigaction(SIGXCPU, &sa, &old_xcpu);
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &before);

    RunCmd p = { .command = "kill -PIPE $$", .shell = 1 };
    ok(run(&p, out, &res) == 0 && res.outcome == RUN_SIGNALED && res.status == SIGPIPE,
       "SIGPIPE ignored here: the command has it at its default");
    RunCmd x = { .command = "kill -XCPU $$", .shell = 1 };
    ok(run(&x, out, &res) == 0 && res.outcome == RUN_SIGNALED && res.status == SIGXCPU,
       "a signal handled here: default in the command");
    RunCmd z = { .command = "kill -XFSZ $$; echo alive", .shell = 1 };
    run(&z, out, &res);
    is_str(buf_cstr(out), "alive\n", "a signal ignored here (not one of those reset) stays ignored, as across exec");
    RunCmd m = { .command = "grep '^SigBlk' /proc/self/status" };
    ok(exited(run(&m, out, &res), &res, 0), "signal mask: read");
    is_str(buf_cstr(out), "SigBlk:\t0000000000000000\n", "the command starts with no signal blocked");
    RunCmd t = { .command = "kill -TERM $$", .shell = 1 };
    ok(run(&t, out, &res) == 0 && res.outcome == RUN_SIGNALED && res.status == SIGTERM,
       "SIGTERM blocked here: the command dies of it");

    sigprocmask(SIG_SETMASK, &before, &after);
    sigaddset(&before, SIGINT);
    sigaddset(&before, SIGTERM);
    ok(sigismember(&after, SIGINT) && sigismember(&after, SIGTERM) && !sigismember(&after, SIGHUP),
       "the caller's signal mask is as it was");
    struct sigaction now_xcpu;
    sigaction(SIGXCPU, NULL, &now_xcpu);
    ok(now_xcpu.sa_handler == handler, "and its handlers too");
    sigaction(SIGPIPE, &old_pipe, NULL);
    sigaction(SIGXFSZ, &old_xfsz, NULL);
    sigaction(SIGXCPU, &old_xcpu, NULL);
}

/* A thread that reports its own uid when asked: credentials are per
 * thread in Linux, and a setuid in the child must reach none of ours. */
static int ask[2], answer[2];
static void *uid_thread(void *arg)
{
    (void)arg;
    char c;
    if (read(ask[0], &c, 1) == 1) {
        long uid = syscall(SYS_geteuid);
        ssize_t w = write(answer[1], &uid, sizeof uid);
        (void)w;
    }
    return NULL;
}

static void test_ids(Buf *out)
{
    RunResult res;
    if (geteuid() != 0) {
        for (int i = 0; i < 4; i++)
            ok(1, "# SKIP user and group need root");
        return;
    }
    pthread_t th;
    if (pipe(ask) != 0 || pipe(answer) != 0 || pthread_create(&th, NULL, uid_thread, NULL) != 0) {
        ok(0, "thread for the ids test");
        return;
    }
    const unsigned groups[] = { 65534, 4 };
    RunCmd c = { .command = "echo $(id -u) $(id -g) $(id -G)", .shell = 1,
                 .set_ids = 1, .uid = 65534, .gid = 65534, .groups = groups, .ngroups = 2 };
    ok(exited(run(&c, out, &res), &res, 0), "user and group: ran");
    is_str(buf_cstr(out), "65534 65534 65534 4\n", "uid, gid and supplementary groups set");
    char q = 'q';
    long uid = -1;
    ssize_t w = write(ask[1], &q, 1);
    (void)w;
    if (read(answer[0], &uid, sizeof uid) != (ssize_t)sizeof uid)
        uid = -1;
    pthread_join(th, NULL);
    ok(geteuid() == 0 && uid == 0, "the caller and its other threads are still root");
    close(ask[0]); close(ask[1]); close(answer[0]); close(answer[1]);

    char dir[PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%s/notmine", tmpdir);
    mkdir(dir, 0700);
    RunCmd d = { .command = "/bin/true", .cwd = dir, .set_ids = 1, .uid = 65534, .gid = 65534,
                 .groups = groups, .ngroups = 1 };
    ok(run(&d, out, &res) == -1 && res.in_chdir && res.err == EACCES,
       "cwd is entered as the user: EACCES on a directory it may not enter");
}

/* Copies src into root at the same path (with its parents). */
static int copy_in(const char *root, const char *src)
{
    static char dst[PATH_MAX * 3], cmd[PATH_MAX * 12];
    snprintf(dst, sizeof dst, "%s%s", root, src);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\" && cp -L '%s' '%s'", dst, src, dst);
    return system(cmd);
}

static void test_chroot(Buf *out)
{
    RunResult res;
    if (geteuid() != 0) {
        for (int i = 0; i < 5; i++)
            ok(1, "# SKIP chroot needs root");
        return;
    }
    char root[PATH_MAX + 16], line[PATH_MAX + 64], lib[PATH_MAX];
    snprintf(root, sizeof root, "%s/root", tmpdir);
    int bad = copy_in(root, "/bin/sh");
    FILE *l = popen("ldd /bin/sh", "r");
    while (l && fgets(line, sizeof line, l)) {
        char *slash = strchr(line, '/');
        if (!slash || sscanf(slash, "%4095s", lib) != 1)
            continue;
        bad |= copy_in(root, lib);
    }
    if (l)
        pclose(l);
    char work[PATH_MAX + 32];
    snprintf(work, sizeof work, "%s/work", root);
    mkdir(work, 01777);
    chmod(work, 01777);
    Buf err = BUF_INIT;
    if (bad || rootfs_init(root, &err) != 0) {
        ok(0, "a root to chroot into: %s", buf_cstr(&err));
        buf_free(&err);
        return;
    }
    const unsigned groups[] = { 4343 };
    RunCmd c = { .command = "echo $PWD; echo x > f", .shell = 1, .chroot_dir = root, .cwd = "/work",
                 .set_umask = 1, .umask = 077, .set_ids = 1, .uid = 4242, .gid = 4343,
                 .groups = groups, .ngroups = 1 };
    ok(exited(run(&c, out, &res), &res, 0), "chroot: ran");
    is_str(buf_cstr(out), "/work\n", "inside the root, in cwd as seen inside it");
    char f[PATH_MAX + 64];
    snprintf(f, sizeof f, "%s/f", work);
    struct stat st;
    ok(stat(f, &st) == 0 && st.st_uid == 4242 && st.st_gid == 4343 && (st.st_mode & 0777) == 0600,
       "as the user and group, with the umask");
    RunCmd nf = { .command = "/usr/bin/env true", .chroot_dir = root };
    ok(run_check_exe(&nf, &err) == -1 && strcmp(buf_cstr(&err), "Could not find command '/usr/bin/env'") == 0,
       "a command is looked up inside the root");
    RunCmd sh = { .command = "sh -c 'echo $0'", .chroot_dir = root, .path = (const char *const[]){ "/bin", NULL } };
    ok(exited(run(&sh, out, &res), &res, 0) && strcmp(buf_cstr(out), "sh\n") == 0,
       "a bare name is found through PATH inside the root");
    rootfs_fini();
    rootfs_init(NULL, &err);
    buf_free(&err);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/run.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    chmod(tmpdir, 0755);
    Buf rerr = BUF_INIT;
    if (rootfs_init(NULL, &rerr) != 0) {
        printf("Bail out! %s\n", buf_cstr(&rerr));
        return 1;
    }
    int fds = open_fds();
    Buf out = BUF_INIT;
    test_basics(&out);
    test_stdin(&out);
    test_env(&out);
    test_umask_cwd(&out);
    test_timeout(&out);
    test_signals(&out);
    test_ids(&out);
    ok(open_fds() == fds, "no descriptor left open");
    test_chroot(&out);
    ok(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "no child left unreaped");
    buf_free(&out);
    buf_free(&rerr);
    rootfs_fini();
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    done_testing();
    return tap_failed != 0;
}
