/*
 * run.h - run one external command the way Puppet's exec providers do, for
 * exec (types/exec.c) and later for the generic onlyif/unless/check_cmd of
 * every type.  A command is a string or an argument vector.  The posix
 * provider follows Ruby's Kernel.exec, which Puppet uses: a string with no
 * shell metacharacter and no shell keyword is split on blanks and executed
 * directly (found through PATH); anything else goes to /bin/sh -c.  The
 * shell provider always uses /bin/sh -c.  The child gets its own process
 * group (so a timeout kills everything it started), stdin from /dev/null,
 * and stdout and stderr on one pipe, captured into a Buf.
 */
#ifndef TYPES_RUN_H
#define TYPES_RUN_H
#include "base/buf.h"
#include <stddef.h>

typedef struct RunCmd {
    const char *command;      /* the command line, or NULL when argv is used */
    const char *const *argv;  /* explicit argument vector (exec's command => [..]),
                                 NULL-terminated; used when command is NULL */
    int shell;                /* 1: always /bin/sh -c command (provider shell) */
    const char *const *path;  /* directories for PATH, NULL-terminated; NULL: keep
                                 the inherited PATH */
    const char *const *env;   /* extra "K=V" settings, NULL-terminated, applied after
                                 path (so a PATH here wins, as in Puppet); or NULL */
    const char *cwd;          /* working directory, or NULL */
    double timeout;           /* seconds; <= 0 means none */
    int set_umask;            /* 1: the child runs with umask below */
    unsigned umask;           /* the child's umask, when set_umask */
    const char *chroot_dir;   /* the child chroots here first (mapply --root), or NULL;
                                 PATH lookups then happen inside it */
    int set_ids;              /* 1: the child drops to uid/gid/groups below */
    unsigned uid, gid;        /* exec's user and group, resolved by the caller */
    const unsigned *groups;   /* supplementary groups (ngroups of them) */
    size_t ngroups;
    int sensitive;            /* 1: the command is Sensitive; run_check_exe's
                                 messages say [redacted] instead of its name */
    const char *input;        /* written to the child's stdin (under 64 KiB: it must
                                 fit the pipe), or NULL for /dev/null */
} RunCmd;

typedef enum RunOutcome {
    RUN_EXITED,    /* status holds the exit status */
    RUN_SIGNALED,  /* status holds the signal number */
    RUN_TIMEOUT,   /* killed (the whole process group) after timeout seconds */
    RUN_ERROR      /* could not start it: err holds errno (clone, pipe, chroot,
                      setuid/setgid, chdir, execve) */
} RunOutcome;

typedef struct RunResult {
    RunOutcome outcome;
    int status;    /* exit status or signal number, see outcome */
    int err;       /* errno for RUN_ERROR */
    int in_chdir;  /* RUN_ERROR: 1 when chdir(cwd) failed, 0 when execve did */
} RunResult;

/* Runs c, appending its combined stdout and stderr to out, and waits for it
 * (no zombie is left, every descriptor it opens is closed or O_CLOEXEC).
 * Returns 0 when the command ran (exited, was signalled or timed out) and
 * -1 on RUN_ERROR; res says which in either case.  Safe to call with
 * SIGPIPE ignored or not. */
int run_command(const RunCmd *c, Buf *out, RunResult *res);

/* While run_command waits for a command it has started (not while it
 * builds or starts it), it calls leave(ctx) first and enter(ctx) after:
 * the parallel transaction (apply/tx.c) lets go of its lock there, so
 * only that wait runs concurrently.  NULL hooks (the default): nothing.
 * Set them before starting the threads that run commands, and clear
 * them after joining those threads. */
void run_set_wait_hooks(void (*leave)(void *), void (*enter)(void *), void *ctx);

/* The executable Puppet checks before running: the first element of argv,
 * or of a command string its leading "quoted" or 'quoted' word, else the
 * text before the first space.  Appends it to exe. */
void run_extract_exe(const RunCmd *c, Buf *exe);

/* Puppet's checkexe: an absolute executable must exist, be a file and be
 * executable; a bare name must be found in path.  Returns 0, or -1 with
 * Puppet's message in err ("Could not find command 'x'"). */
int run_check_exe(const RunCmd *c, Buf *err);

/* 1 when command (a string) would go through /bin/sh under Ruby's rule:
 * it has one of *?{}[]<>()~&|\$;'`"\n# or an '=' in its first word, or the
 * first word is a shell reserved word or special built-in. */
int run_needs_shell(const char *command);
#endif
