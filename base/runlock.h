/*
 * runlock.h - one run at a time per system: the lock mapply, mres and
 * mbucket take before they change anything.  The lock is an flock on a file
 * named by the root directory's device and inode (--root DIR, or "/") in a
 * private lock directory (runlock.c says which), so every run of every tool
 * on that root meets it whatever its state directory; a second lock on
 * VARDIR/mapply.lock keeps two runs from sharing a state directory.
 */
#ifndef BASE_RUNLOCK_H
#define BASE_RUNLOCK_H

/* Takes the run lock of the system under root ("" or NULL: "/").  When
 * another process holds it: with wait 0, prints Puppet's refusal adapted
 * to the root,
 *     Error: Run of mapply already in progress on root /srv/img; skipping (pid 42 holds the lock)
 * and returns -1; with wait 1, prints a Notice line saying so and blocks
 * until it is free.  Returns the locked descriptor (close-on-exec, so no
 * command the run starts keeps it); the caller owns it and releases the
 * lock by closing it or exiting.  -1 (after an Error line) also when the
 * root cannot be opened. */
int runlock_root(const char *root, int wait);

/* The same for a state directory: an flock on vardir/mapply.lock (made
 * when missing; vardir must exist), which then holds the holder's pid.
 * Refusal: "Error: Run of mapply already in progress with state directory
 * V; skipping (pid 42 holds V/mapply.lock)". */
int runlock_vardir(const char *vardir, int wait);
#endif
