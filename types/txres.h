/*
 * txres.h - the transaction, as providers see it: the calls through which
 * every provider in types/ reports (changes, would-be changes, failures,
 * plain lines) and asks about the run (noop, root, vardir, show_diff).
 * Declared here, in types/, so providers depend on nothing in apply/; the
 * transaction (apply/tx.c) implements them, and t/providers.c stubs them.
 * Every line a resource logs goes through here, so paths
 * ("/Stage[main]/Main/File[/x]/ensure"), the loglevel metaparameter, noop
 * and event bookkeeping stay in one place.  Lines are "<Level>: <source>:
 * <message>"; Notice/Info/Debug go to stdout, Warning/Error to stderr,
 * each flushed as it is written.
 */
#ifndef TYPES_TXRES_H
#define TYPES_TXRES_H
#include "types/provider.h"
#include <stdarg.h>

const Resource *tx_resource(TxRes *t);
int tx_noop(TxRes *t);              /* global --noop or noop => true (and not noop => false) */
const char *tx_root(TxRes *t);      /* "" or the --root directory (no trailing slash) */
int tx_is_refreshing(TxRes *t);     /* inside Provider.refresh */
const Catalog *tx_catalog(TxRes *t);/* the whole catalog (file purge asks which files are managed) */
const char *tx_vardir(TxRes *t);    /* the state directory (--vardir); the file bucket is <vardir>/bucket */
const char *tx_modulepath(TxRes *t);/* --modulepath: directories separated by ':', or "" */
int tx_show_diff(TxRes *t);         /* --show_diff was given */

/* Batching: the other resources of t's type that the walk is about to apply
 * right after t (every dependency done and none failed; no noop, schedule,
 * requisite, check or tag filter in their way), in the order it will apply
 * them; at most max are stored in out, and their number is returned.  A
 * provider may do their work together with t's (one apt call for several
 * packages) and remember the outcome: each peer is still applied, and
 * reports its own changes, in its own turn. */
size_t tx_ready_peers(TxRes *t, const Resource **out, size_t max);

/* A property changed: "<path>/<prop>: <message>" at the resource's loglevel
 * (notice by default), and a success event named event ("content_changed",
 * "file_created", "executed_command", "message_changed", ...). */
void tx_change(TxRes *t, const char *prop, const char *event, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The values of the change t recorded last, for the run's report, when its
 * line does not show them ("removed"): prev and desired as Puppet prints
 * them ("'file'", "'absent'").  Call right after tx_change. */
void tx_change_values(TxRes *t, const char *prev, const char *desired);
/* Noop: "<path>/<prop>: current_value <is>, should be <should> (noop)" and a
 * noop event.  is and should are given as Puppet prints them: "'absent'",
 * "['0']", "'{sha256}...'". */
void tx_would(TxRes *t, const char *prop, const char *event, const char *is, const char *should);
/* A property failed: "Error: <path>/<prop>: change from <from> to <to>
 * failed: <message>" and a failure event; the resource is failed. */
void tx_failed(TxRes *t, const char *prop, const char *from, const char *to, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Any other line about the resource: "<Level>: <path>[/<prop>]: message". */
void tx_log(TxRes *t, LogLevel lvl, const char *prop, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A line with no source: "<Level>: message" (a notify's message, an exec's
 * bare error line). */
void tx_log_plain(TxRes *t, LogLevel lvl, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Puppet's invalidate_refreshes (a service started by its ensure): drops
 * the refresh events queued for t, so no restart follows the start, and
 * logs "Info: <path>: Unscheduling refresh on <Type[title]>". */
void tx_unschedule_refresh(TxRes *t);
/* Generated resources (file recursion's children, Puppet's eval_generate):
 * until called again with NULL, t's lines (tx_change, tx_would, tx_failed,
 * tx_log) carry the source of ref ("File[/d/x]") as a sibling of t in t's
 * container ("/Stage[main]/Main/File[/d/x]") instead of t's own; events,
 * failures and counts still go to t. */
void tx_child(TxRes *t, const char *ref);
/* A resource that generated another (concat_file's File), in noop, after
 * the generated one reported a would-be change: Puppet's whit that
 * completes the generating resource gets that noop event and says
 * "Notice: <name>: Would have triggered 'refresh' from 1 event" (name: the
 * generating resource's title); its own noop event then goes on to t's
 * dependents and container with t's (not recorded as t's event). */
void tx_generated_noop(TxRes *t, const char *name);
/* A resource whose recursion generated resources (a File's children,
 * Puppet's eval_generate), after each of them was synced in t's turn: ref
 * ("File[/d/x]") its events were t's [first, end), and it failed or not.  Once t has
 * generated one, t's events and theirs go on as Puppet's whit that
 * completes t passes them: the whit (its source t's title) takes the events
 * of t and of each generated resource that did not fail; if one failed it
 * is skipped ("Unscheduling all events on <title>" when it had events) and
 * t's dependents are skipped for each failed one ("Dependency <ref> has
 * failures: true"); otherwise all noop ones
 * are announced ("Would have triggered 'refresh' from N events") and sent
 * on as one noop event, and real ones as one event. */
void tx_generated(TxRes *t, const char *ref, int first, int end, int failed);
/* A resource t's recursion generated (ref "File[/d/x/y]") that is not
 * synced because a generated resource it depends on (failed_ref
 * "File[/d/x]", a directory above it, reported failed by tx_generated)
 * failed: Puppet's lines for a skipped resource at ref's path,
 * "Dependency <failed_ref> has failures: true" (once in the run for each
 * failed resource) and "Skipping because of failed dependencies". */
void tx_generated_skip(TxRes *t, const char *ref, const char *failed_ref);
/* How many events t has recorded so far (changes, noop, failures). */
int tx_events(TxRes *t);
/* Group commit (see types/file/disk.c): a change finished later, together
 * with others.  tx_batching: 1 when t's change may be deferred (a real
 * run, not a test run or noop; a File resource without check_cmd).
 * tx_defer: t's change is prepared but not yet in place; t's lines from
 * here on are held, and the transaction calls flush before any resource
 * that could observe the change (anything but a plain File, a dependent
 * of a deferred resource) and at the end of the run.  flush finishes every
 * deferred change; for one that failed it calls tx_defer_failed(t) and
 * then reports the failure with the usual calls (tx_log_plain, tx_failed):
 * those lines take the place of t's held ones, and t's events from
 * tx_defer on are replaced by the failure.  The held lines are printed in
 * the order they were said, so a run whose flush succeeds logs as if
 * nothing had been deferred. */
typedef void (*TxFlushFn)(void);
int tx_batching(TxRes *t);
void tx_defer(TxRes *t, TxFlushFn flush);
void tx_defer_failed(TxRes *t);
/* A dependent of deferred changes may be evaluated before their flush
 * (joined to the batch: a File or an anchor nothing can stop, after
 * dependencies that have not failed so far).  tx_joined: 1 when t is so;
 * its provider may then change nothing but by a deferred write, or must
 * first call tx_settle, which flushes the batch and returns -1 when a
 * dependency failed at that flush (t is then skipped: return at once, 0).
 * At the flush, in walk order, the provider asks tx_defer_cancelled(t)
 * before putting each deferred change in place: 1 when a dependency of t
 * failed (t is now skipped as -j 1 would have skipped it, its lines and
 * events replaced): its change must be dropped, not reported. */
int tx_joined(TxRes *t);
int tx_settle(TxRes *t);
int tx_defer_cancelled(TxRes *t);
#endif
