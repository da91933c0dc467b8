/*
 * run.c - the command runner behind exec (see run.h).  One idea keeps it
 * safe: everything the child needs (argument vector, environment, the
 * resolved executable) is built before fork(), so the child only calls
 * async-signal-safe functions: setpgid, sigaction, dup2, chdir, execve,
 * write, _exit.  If execve or chdir fails, the child writes its errno to a
 * close-on-exec pipe, so the parent learns it for certain: an empty read
 * means execve succeeded.  The parent polls the output pipe with a short
 * tick and reaps the child with WNOHANG, so a background grandchild that
 * keeps the pipe open can neither hang the run nor hide the exit.
 */
#define _GNU_SOURCE
#include "types/run.h"
#include "base/rootfs.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* The child after fork: only async-signal-safe calls from here on. */
static _Noreturn void child(const RunCmd *c, int outw, int errw, int inr, const char *file,
                            char **argv, char **envp)
{
    static const int sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD,
                                SIGALRM, SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU };
    struct sigaction sa;
    sigset_t none;
    unsigned char tag;
    int e;

    setpgid(0, 0);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        sigaction(sigs[i], &sa, NULL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    /* Keep our pipe ends clear of 0..2 before redirecting onto them. */
    outw = fcntl(outw, F_DUPFD_CLOEXEC, 3);
    errw = fcntl(errw, F_DUPFD_CLOEXEC, 3);
    int devnull = inr >= 0 ? inr : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devnull >= 0)
        dup2(devnull, 0);
    dup2(outw, 1);
    dup2(outw, 2);
    if (c->set_umask)
        umask((mode_t)c->umask);
    if ((c->chroot_dir && (chroot(c->chroot_dir) != 0 || chdir("/") != 0)) ||
        (c->set_ids && (setgroups(c->ngroups, (const gid_t *)c->groups) != 0 ||
                        setgid((gid_t)c->gid) != 0 || setuid((uid_t)c->uid) != 0))) {
        e = errno;
        tag = 's';
    } else if (c->cwd && chdir(c->cwd) != 0) {
        e = errno;
        tag = 'c';
    } else {
        execve(file, argv, envp);
        e = errno;
        tag = 'e';
    }
    unsigned char msg[1 + sizeof e];
    msg[0] = tag;
    memcpy(msg + 1, &e, sizeof e);
    ssize_t w = write(errw, msg, sizeof msg);
    (void)w;
    _exit(127);
}

int run_command(const RunCmd *c, Buf *out, RunResult *res)
{
    StrVec env = {0}, argv = {0};
    Buf file = BUF_INIT;
    int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, inp[2] = { -1, -1 };
    int status = 0, rc = -1;
    pid_t pid;

    memset(res, 0, sizeof *res);
    res->outcome = RUN_ERROR;
    build_env(c, &env);
    if (build_argv(c, &env, &argv, &file) != 0) {
        res->err = ENOENT;
        goto done;
    }
    if (pipe2(outp, O_CLOEXEC) != 0 || pipe2(errp, O_CLOEXEC) != 0) {
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
    pid = fork();
    if (pid < 0) {
        res->err = errno;
        goto done;
    }
    if (pid == 0)
        child(c, outp[1], errp[1], inp[0], buf_cstr(&file), argv.v, env.v);
    setpgid(pid, pid);   /* both sides set it, so kill(-pid) works at once */
    close(outp[1]);
    close(errp[1]);
    outp[1] = errp[1] = -1;
    close_pair(inp);

    /* Empty read: execve succeeded (the pipe closed on exec). */
    unsigned char msg[1 + sizeof(int)];
    ssize_t n;
    do
        n = read(errp[0], msg, sizeof msg);
    while (n < 0 && errno == EINTR);
    if (n == (ssize_t)sizeof msg) {
        memcpy(&res->err, msg + 1, sizeof res->err);
        res->in_chdir = msg[0] == 'c';
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        goto done;
    }

    fcntl(outp[0], F_SETFL, fcntl(outp[0], F_GETFL) | O_NONBLOCK);
    double deadline = c->timeout > 0 ? now_seconds() + c->timeout : 0;
    int eof = 0, reaped = 0;
    for (;;) {
        int tick = eof ? 5 : 50;
        if (deadline) {
            double left = deadline - now_seconds();
            if (left <= 0) {
                kill(-pid, SIGKILL);
                kill(pid, SIGKILL);
                while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                    ;
                drain(outp[0], out);
                res->outcome = RUN_TIMEOUT;
                rc = 0;
                goto done;
            }
            if (left * 1000 < tick)
                tick = (int)(left * 1000) + 1;
        }
        struct pollfd pfd = { outp[0], POLLIN, 0 };
        if (poll(&pfd, eof ? 0 : 1, tick) > 0 && drain(outp[0], out))
            eof = 1;
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) {
            reaped = 1;
            drain(outp[0], out);   /* what it wrote before exiting */
            break;
        }
        if (w < 0 && errno != EINTR)
            break;
    }
    if (!reaped) {
        res->err = errno;
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
    close_pair(errp);
    close_pair(inp);
    sv_free(&env);
    sv_free(&argv);
    buf_free(&file);
    return rc;
}
