/*
 * run.c - the command runner behind exec, services, packages, users and
 * every check command (see run.h).  The idea that makes it cheap: the
 * child is started with clone(CLONE_VM | CLONE_VFORK) on a small stack of
 * its own, so nothing of mapply's memory is copied (on this 2-core VM,
 * fork + exec of /bin/true from a 12 MB process took 2.2-3.3 ms, from a
 * 200 MB one 21 ms; this takes 0.7-1.1 ms whatever the size, the same as
 * glibc's posix_spawn, which works the same way; a fanin of 10k execs went
 * from 48-58 s to 9.4-14 s).  posix_spawn itself was not enough: it has no
 * attribute for umask, chroot, setgroups/setgid/setuid, and setting the
 * umask in the parent around it would race with other threads; a small
 * helper re-executed for those would cost a second exec, and vfork() in C
 * shares the caller's stack frame.  One path
 * for every command keeps the semantics in one place: everything the child
 * needs (argument vector, environment, the resolved executable) is built
 * before the clone, the child makes only plain system calls (see
 * child_main) and reports a failed chroot, chdir or execve through the
 * memory it shares with the parent, which the kernel resumes only after
 * execve or _exit.  The parent then waits on a pidfd and the output pipe
 * together, so it wakes the moment the command exits (no polling tick),
 * and a background grandchild that keeps the pipe open can neither hang
 * the run nor hide the exit.
 */
#define _GNU_SOURCE
#include "types/run.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* A NULL-terminated vector of malloc'd strings. */
typedef struct StrVec { char **v; size_t n, cap; } StrVec;

static void sv_push(StrVec *sv, char *s)
{
    if (sv->n + 2 > sv->cap) {
        sv->cap = sv->cap ? sv->cap * 2 : 16;
        sv->v = xrealloc(sv->v, sv->cap * sizeof *sv->v);
    }
    sv->v[sv->n++] = s;
    sv->v[sv->n] = NULL;
}

static void sv_free(StrVec *sv)
{
    for (size_t i = 0; i < sv->n; i++)
        free(sv->v[i]);
    free(sv->v);
    sv->v = NULL;
    sv->n = sv->cap = 0;
}

/* Sets "K=V" in env, replacing an entry with the same K. */
static void env_set(StrVec *env, const char *kv)
{
    const char *eq = strchr(kv, '=');
    size_t klen = eq ? (size_t)(eq - kv) : strlen(kv);
    for (size_t i = 0; i < env->n; i++)
        if (strncmp(env->v[i], kv, klen) == 0 && env->v[i][klen] == '=') {
            free(env->v[i]);
            env->v[i] = xstrndup(kv, strlen(kv));
            return;
        }
    sv_push(env, xstrndup(kv, strlen(kv)));
}

static void build_env(const RunCmd *c, StrVec *env)
{
    for (char **e = environ; e && *e; e++)
        sv_push(env, xstrndup(*e, strlen(*e)));
    if (c->path) {
        Buf b = BUF_INIT;
        buf_adds(&b, "PATH=");
        for (size_t i = 0; c->path[i]; i++) {
            if (i)
                buf_addc(&b, ':');
            buf_adds(&b, c->path[i]);
        }
        env_set(env, buf_cstr(&b));
        buf_free(&b);
    }
    for (size_t i = 0; c->env && c->env[i]; i++)
        env_set(env, c->env[i]);
}

/* Ruby's process.c rule for Kernel.exec(string): metacharacters, an '='
 * before the first word ends (an assignment), or a reserved word / special
 * built-in as the first word send the string to /bin/sh. */
int run_needs_shell(const char *command)
{
    static const char *const sh_words[] = {
        "!", ".", ":", "break", "case", "continue", "do", "done", "elif", "else",
        "esac", "eval", "exec", "exit", "export", "fi", "for", "if", "in",
        "readonly", "return", "set", "shift", "then", "times", "trap", "unset",
        "until", "while",
    };
    const char *first = NULL, *p;
    size_t first_len = 0;
    for (p = command; *p; p++) {
        if (*p == ' ' || *p == '\t') {
            if (first && !first_len)
                first_len = (size_t)(p - first);
        } else if (!first) {
            first = p;
        }
        if (strchr("*?{}[]<>()~&|\\$;'`\"\n#", *p))
            return 1;
        if (!first_len) {
            if (*p == '=')
                return 1;
            if (*p == '/')
                first_len = 0x100;   /* a path: longer than any shell word */
        }
    }
    if (!first)
        return 0;
    if (!first_len)
        first_len = (size_t)(p - first);
    for (size_t i = 0; i < ARRAY_LEN(sh_words); i++)
        if (strlen(sh_words[i]) == first_len && strncmp(first, sh_words[i], first_len) == 0)
            return 1;
    return 0;
}

void run_extract_exe(const RunCmd *c, Buf *exe)
{
    if (!c->command) {
        if (c->argv && c->argv[0])
            buf_adds(exe, c->argv[0]);
        return;
    }
    if (c->shell) {
        buf_adds(exe, "/bin/sh");
        return;
    }
    const char *s = c->command;
    if (s[0] == '"' || s[0] == '\'') {
        const char *end = strchr(s + 1, s[0]);
        if (end && end > s + 1) {
            buf_add(exe, s + 1, (size_t)(end - s - 1));
            return;
        }
    }
    buf_add(exe, s, strcspn(s, " "));
}

/* Whether we may execute what st describes (access(X_OK)'s rule, for a
 * file opened in the root, which has no host path to ask access() about). */
static int may_exec(const struct stat *st)
{
    if (geteuid() == 0)
        return (st->st_mode & 0111) != 0;
    if (st->st_uid == geteuid())
        return (st->st_mode & S_IXUSR) != 0;
    int in_group = st->st_gid == getegid();
    gid_t g[256];
    int n = getgroups(256, g);
    for (int i = 0; i < n && !in_group; i++)
        in_group = g[i] == st->st_gid;
    return (st->st_mode & (in_group ? S_IXGRP : S_IXOTH)) != 0;
}

/* stat of p (absolute), in the root (base/rootfs) when root is set, so a
 * link or ".." in it is taken as the chrooted child will take it; and
 * whether it may be executed.  0, or -1 when it does not exist. */
static int stat_exe(const char *root, const char *p, struct stat *st, int *runnable)
{
    if (root[0]) {
        if (rootfs_stat(p, st) != 0)
            return -1;
        *runnable = may_exec(st);
        return 0;
    }
    if (stat(p, st) != 0)
        return -1;
    *runnable = access(p, X_OK) == 0;
    return 0;
}

/* A regular file we may execute (p inside root when root is set). */
static int is_exec_file(const char *root, const char *p)
{
    struct stat st;
    int runnable = 0;
    return stat_exe(root, p, &st, &runnable) == 0 && S_ISREG(st.st_mode) && runnable;
}

/* Finds name in the ':'-separated dirs (an empty entry is "."), for a
 * child that will chroot to root ("" for none): candidates are looked up
 * in the root (base/rootfs), and out gets the path as seen inside it.
 * Returns 1 if found. */
static int search_dirs_in(const char *root, const char *name, const char *dirs, Buf *out)
{
    while (dirs) {
        const char *colon = strchr(dirs, ':');
        size_t n = colon ? (size_t)(colon - dirs) : strlen(dirs);
        buf_clear(out);
        if (n)
            buf_add(out, dirs, n);
        else
            buf_addc(out, '.');
        buf_addc(out, '/');
        buf_adds(out, name);
        if (is_exec_file(root, buf_cstr(out)))
            return 1;
        dirs = colon ? colon + 1 : NULL;
    }
    return 0;
}

static const char *ftype_name(mode_t m)
{
    if (S_ISDIR(m)) return "directory";
    if (S_ISCHR(m)) return "characterSpecial";
    if (S_ISBLK(m)) return "blockSpecial";
    if (S_ISFIFO(m)) return "fifo";
    if (S_ISSOCK(m)) return "socket";
    if (S_ISLNK(m)) return "link";
    return "unknown";
}

int run_check_exe(const RunCmd *c, Buf *err)
{
    Buf exe = BUF_INIT, found = BUF_INIT;
    int rc = -1;
    run_extract_exe(c, &exe);
    const char *e = buf_cstr(&exe);
    const char *root = c->chroot_dir ? c->chroot_dir : "";
    const char *shown = c->sensitive ? "[redacted]" : e;
    if (e[0] == '/') {
        struct stat st;
        int runnable = 0, found_it = stat_exe(root, e, &st, &runnable) == 0;
        if (!found_it)
            buf_printf(err, "Could not find command '%s'", shown);
        else if (!S_ISREG(st.st_mode))
            buf_printf(err, "'%s' is a %s, not a file", shown, ftype_name(st.st_mode));
        else if (!runnable)
            buf_printf(err, "'%s' is not executable", shown);
        else
            rc = 0;
    } else {
        if (c->path && e[0]) {
            Buf dirs = BUF_INIT;
            for (size_t i = 0; c->path[i]; i++) {
                if (i)
                    buf_addc(&dirs, ':');
                buf_adds(&dirs, c->path[i]);
            }
            if (c->path[0] && search_dirs_in(root, e, buf_cstr(&dirs), &found))
                rc = 0;
            buf_free(&dirs);
        }
        if (rc != 0)
            buf_printf(err, "Could not find command '%s'", shown);
    }
    buf_free(&exe);
    buf_free(&found);
    return rc;
}

/* The argument vector to execute, and the file execve gets (argv[0]
 * resolved through the child's PATH). */
static int build_argv(const RunCmd *c, const StrVec *env, StrVec *argv, Buf *file)
{
    if (!c->command) {
        for (size_t i = 0; c->argv && c->argv[i]; i++)
            sv_push(argv, xstrndup(c->argv[i], strlen(c->argv[i])));
    } else if (c->shell || run_needs_shell(c->command)) {
        sv_push(argv, xstrndup("/bin/sh", 7));
        sv_push(argv, xstrndup("-c", 2));
        sv_push(argv, xstrndup(c->command, strlen(c->command)));
    } else {
        const char *p = c->command;
        while (*p) {
            while (*p == ' ' || *p == '\t')
                p++;
            size_t n = strcspn(p, " \t");
            if (n)
                sv_push(argv, xstrndup(p, n));
            p += n;
        }
    }
    if (argv->n == 0)
        return -1;
    const char *name = argv->v[0];
    if (strchr(name, '/')) {
        buf_adds(file, name);
        return 0;
    }
    const char *path = NULL;
    for (size_t i = 0; i < env->n; i++)
        if (strncmp(env->v[i], "PATH=", 5) == 0)
            path = env->v[i] + 5;
    if (!search_dirs_in(c->chroot_dir ? c->chroot_dir : "", name, path ? path : "/usr/bin:/bin", file))
        return -1;
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads what is available; returns 1 at end of file. */
static int drain(int fd, Buf *out)
{
    char chunk[8192];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0) {
            buf_add(out, chunk, (size_t)n);
            continue;
        }
        if (n == 0)
            return 1;
        if (errno == EINTR)
            continue;
        return 0;   /* EAGAIN (or an error: treat as nothing more for now) */
    }
}

static void close_pair(int p[2])
{
    if (p[0] >= 0) close(p[0]);
    if (p[1] >= 0) close(p[1]);
    p[0] = p[1] = -1;
}

/* What the child needs, built by the parent; the child writes back why it
 * could not start (it shares the parent's memory until execve). */
typedef struct Child {
    const RunCmd *c;
    int outw, inr;         /* the output pipe's write end; stdin's read end or -1 */
    const char *file;      /* the resolved executable */
    char **argv, **envp;
    volatile int err;      /* errno of the failed step, 0 when execve succeeded */
    volatile char stage;   /* 's' chroot or ids, 'c' chdir, 'e' execve */
} Child;

/* The signals a command always starts with at their default action
 * (Ruby's spawn does the same), whatever mapply did with them. */
static const int dfl_sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD,
                                SIGALRM, SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU };

/* The child, on its own small stack and in the parent's memory (the
 * parent thread is suspended until execve or _exit): plain system calls
 * only, no malloc, no locks.  Every signal is blocked on entry; a handler
 * the parent installed is reset before the mask is cleared, so it can
 * never run here.  setgroups/setgid/setuid go straight to the kernel:
 * glibc's wrappers would broadcast the change to the parent's threads. */
__attribute__((no_sanitize_address))
static int child_main(void *arg)
{
    Child *k = arg;
    const RunCmd *c = k->c;
    struct sigaction dfl, old;
    sigset_t none;
    int e = 0;
    char stage = 0;

    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) {
        int always = 0;
        for (size_t i = 0; i < ARRAY_LEN(dfl_sigs); i++)
            always |= dfl_sigs[i] == s;
        if (always || (sigaction(s, NULL, &old) == 0 && old.sa_handler != SIG_IGN &&
                       old.sa_handler != SIG_DFL))
            sigaction(s, &dfl, NULL);
    }
    setpgid(0, 0);

    /* Keep our pipe end clear of 0..2 before redirecting onto them. */
    int outw = fcntl(k->outw, F_DUPFD_CLOEXEC, 3);
    int in = k->inr >= 0 ? k->inr : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (in >= 0)
        dup2(in, 0);
    dup2(outw, 1);
    dup2(outw, 2);
    if (c->set_umask)
        umask((mode_t)c->umask);
    if ((c->chroot_dir && (chroot(c->chroot_dir) != 0 || chdir("/") != 0)) ||
        (c->set_ids && (syscall(SYS_setgroups, c->ngroups, (const gid_t *)c->groups) != 0 ||
                        syscall(SYS_setgid, (gid_t)c->gid) != 0 ||
                        syscall(SYS_setuid, (uid_t)c->uid) != 0))) {
        e = errno;
        stage = 's';
    } else if (c->cwd && chdir(c->cwd) != 0) {
        e = errno;
        stage = 'c';
    } else {
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(k->file, k->argv, k->envp);
        e = errno;
        stage = 'e';
    }
    k->err = e ? e : EINVAL;
    k->stage = stage;
    _exit(127);
}

enum { CHILD_STACK = 256 * 1024 };

/* Starts the child; its pid, or -1 with errno set (k->err is nonzero when
 * the child started but could not run the command, already reaped). */
static pid_t spawn(Child *k)
{
    sigset_t all, old;
    void *stack = mmap(NULL, CHILD_STACK, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED)
        return -1;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    k->err = 0;
    k->stage = 0;
    pid_t pid = clone(child_main, (char *)stack + CHILD_STACK, CLONE_VM | CLONE_VFORK | SIGCHLD, k);
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    munmap(stack, CHILD_STACK);
    if (pid < 0) {
        errno = e;
        return -1;
    }
    if (k->stage) {   /* it could not run the command and has exited */
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        errno = k->err;
        return -1;
    }
    return pid;
}

/* Waits for pid, reading its output from fd into out until it exits, or
 * kills its process group at deadline (0: none).  pidfd (or -1) wakes us
 * the moment it exits; without one, a short tick asks waitpid.  Returns
 * 1 when it exited or was signalled (*status), 2 on timeout, 0 when
 * it could not wait (errno set; a command still running is killed). */
static int wait_child(pid_t pid, int pidfd, int fd, double deadline, Buf *out, int *status)
{
    int eof = 0;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    for (;;) {
        int ms = -1;
        if (deadline) {
            double left = deadline - now_seconds();
            if (left <= 0) {
                kill(-pid, SIGKILL);
                kill(pid, SIGKILL);
                while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                    ;
                drain(fd, out);
                return 2;
            }
            ms = (int)(left * 1000) + 1;
        }
        if (pidfd < 0 && (ms < 0 || ms > (eof ? 5 : 50)))
            ms = eof ? 5 : 50;
        struct pollfd pfd[2];
        nfds_t n = 0;
        if (!eof)
            pfd[n++] = (struct pollfd){ fd, POLLIN, 0 };
        if (pidfd >= 0)
            pfd[n++] = (struct pollfd){ pidfd, POLLIN, 0 };
        int r = poll(pfd, n, ms);
        if (r < 0 && errno != EINTR) {
            int e = errno;   /* cannot wait for it: stop it rather than leave it behind */
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                ;
            errno = e;
            return 0;
        }
        if (r > 0 && !eof && pfd[0].revents && drain(fd, out))
            eof = 1;
        int exited = pidfd < 0 || (r > 0 && pfd[n - 1].revents);
        if (!exited)
            continue;
        /* a readable pidfd means it has exited: this wait does not block */
        pid_t w;
        while ((w = waitpid(pid, status, pidfd >= 0 ? 0 : WNOHANG)) < 0 && errno == EINTR)
            ;
        if (w == pid) {
            drain(fd, out);   /* what it wrote before exiting */
            return 1;
        }
        if (w < 0)
            return 0;
    }
}

static void (*wait_leave)(void *), (*wait_enter)(void *);
static void *wait_ctx;

void run_set_wait_hooks(void (*leave)(void *), void (*enter)(void *), void *ctx)
{
    wait_leave = leave;
    wait_enter = enter;
    wait_ctx = ctx;
}

int run_command(const RunCmd *c, Buf *out, RunResult *res)
{
    StrVec env = {0}, argv = {0};
    Buf file = BUF_INIT;
    int outp[2] = { -1, -1 }, inp[2] = { -1, -1 };
    int status = 0, rc = -1;
    pid_t pid;

    memset(res, 0, sizeof *res);
    res->outcome = RUN_ERROR;
    build_env(c, &env);
    if (build_argv(c, &env, &argv, &file) != 0) {
        res->err = ENOENT;
        goto done;
    }
    if (pipe2(outp, O_CLOEXEC) != 0) {
        res->err = errno;
        goto done;
    }
    if (c->input) {
        /* the whole input goes into the pipe before the child starts */
        size_t len = strlen(c->input);
        if (len >= 65536) {
            res->err = E2BIG;
            goto done;
        }
        if (pipe2(inp, O_CLOEXEC) != 0) {
            res->err = errno;
            goto done;
        }
        fcntl(inp[1], F_SETFL, O_NONBLOCK);
        ssize_t w = write(inp[1], c->input, len);
        close(inp[1]);
        inp[1] = -1;
        if (w != (ssize_t)len) {
            res->err = w < 0 ? errno : EPIPE;
            goto done;
        }
    }
    Child k = { .c = c, .outw = outp[1], .inr = inp[0], .file = buf_cstr(&file),
                .argv = argv.v, .envp = env.v };
    pid = spawn(&k);
    if (pid < 0) {
        res->err = errno;
        res->in_chdir = k.stage == 'c';
        goto done;
    }
    close(outp[1]);
    outp[1] = -1;
    close_pair(inp);

    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);   /* Linux 5.3 */
    double deadline = c->timeout > 0 ? now_seconds() + c->timeout : 0;
    if (wait_leave)
        wait_leave(wait_ctx);
    int how = wait_child(pid, pidfd, outp[0], deadline, out, &status);
    int wait_errno = errno;
    if (wait_enter)
        wait_enter(wait_ctx);
    errno = wait_errno;
    if (pidfd >= 0)
        close(pidfd);
    if (how == 0) {
        res->err = errno;
        goto done;
    }
    if (how == 2) {
        res->outcome = RUN_TIMEOUT;
        rc = 0;
        goto done;
    }
    if (WIFEXITED(status)) {
        res->outcome = RUN_EXITED;
        res->status = WEXITSTATUS(status);
    } else {
        res->outcome = RUN_SIGNALED;
        res->status = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    rc = 0;
done:
    close_pair(outp);
    close_pair(inp);
    sv_free(&env);
    sv_free(&argv);
    buf_free(&file);
    return rc;
}
