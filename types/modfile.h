/*
 * modfile.h - what the module types (file_line, ini_setting,
 * ini_subsetting, concat_file; types.h's type_find_module) share at apply
 * time: their parameters read as Ruby reads them (a value's to_s; the
 * checks are types/param.h tables), patterns compiled as Ruby's
 * Regexp.new, the failure lines Puppet prints when their Ruby provider
 * raises, and the one way they
 * write a file: the old content into the file bucket, then the new text
 * atomically through textfile.h (temporary file in the same directory,
 * fsync, rename, directory fsync), paths inside --root.  The service type
 * compiles its patterns and the file type words its locations with the
 * same helpers.
 */
#ifndef TYPES_MODFILE_H
#define TYPES_MODFILE_H
#include "types/txres.h"
#include "types/textfile.h"
#include "base/oniglib.h"   /* libonig, in its own namespace (see there) */

/* r's parameter name as Ruby's to_s shows it (a string itself, true,
 * 42, ...) appended to out; returns 0 when unset or undef (out untouched),
 * 1 otherwise. */
int modfile_str(const Resource *r, const char *name, Buf *out);

/* Compiles src as Ruby's Regexp.new would (Oniguruma, Ruby syntax, UTF-8);
 * NULL with the reason in err (when err is not NULL).  The caller frees it with onig_free. */
OnigRegex modfile_regex(const char *src, Buf *err);

/* Nonzero when re matches somewhere in s[0..len) (Ruby's String#match). */
int modfile_match(OnigRegex re, const char *s, size_t len);

/* " (file: F, line: L)" for r, as Puppet appends it to a wrapped error. */
void modfile_location(Buf *b, const Resource *r);

/* An exception from a provider's create/destroy that is not a
 * Puppet::Error (ENOENT, TypeError): Puppet's three lines "Could not set
 * 'SHOULD' on ensure: MSG (file: F, line: L)", the same with "Wrapped
 * exception:", and the failed change from IS (quoted, e.g. "'absent'"). */
void modfile_fail_wrapped(TxRes *t, const char *is, const char *should, const char *msg);

/* A Puppet::Error from create/destroy: "Error: MSG" then the failed
 * change of ensure from IS to SHOULD (both quoted). */
void modfile_fail_error(TxRes *t, const char *is, const char *should, const char *msg);

/* Writes data (len bytes) over f (loaded with textfile_load): when f
 * existed with other content, that content goes to the bucket first
 * (logged at debug level, as the file type logs its backups at info:
 * Puppet's own providers for these types keep no backup at all).
 * Returns 0, or -1 with the reason in err ("No such file or directory @
 * rb_sysopen - /x"). */
int modfile_write(TxRes *t, const TextFile *f, const char *data, size_t len, Buf *err);
#endif
