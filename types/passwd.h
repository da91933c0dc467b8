/*
 * passwd.h - the account database of the system under a root, read from
 * its files and changed through its tools.  The user and group types
 * (types/user.c, types/group.c) must see the accounts of the managed system,
 * which under mapply --root is a directory tree, not this machine: so
 * nothing here asks NSS (getpwnam would answer for the host, and for LDAP
 * or sssd accounts too).  pw_load parses <root>/etc/passwd, group, shadow
 * and gshadow as they are; pw_run runs one of the shadow tools (useradd,
 * usermod, userdel, groupadd, groupmod, groupdel, chpasswd, chage) with
 * --root <root>, which makes the tool chroot into the tree first.
 *
 * Why --root and not --prefix (shadow 4.13 has both for most tools): with
 * --prefix the tool edits <prefix>/etc/passwd but still reads the host's
 * /etc/skel (a new home got the host's .bashrc), checks the shell on the
 * host, and chpasswd, chage and gpasswd have no --prefix at all.  With
 * --root the tool chroots before it reads anything, so login.defs,
 * default/useradd, skel, the shell check and the home directory are all
 * the tree's.  A bare tree with only etc/passwd, shadow, group and gshadow
 * works: glibc 2.34+ has the files NSS module built in, a missing
 * login.defs means the tools' defaults, and the only noise is usermod's
 * and userdel's "opendir /proc" (their logged-in check), which is seen
 * only in the message of a command that failed anyway.
 */
#ifndef TYPES_PASSWD_H
#define TYPES_PASSWD_H
#include "base/buf.h"
#include <stddef.h>

typedef struct TxRes TxRes;

/* One line of passwd.  Strings point into the entry's own copy of the line. */
typedef struct PwUser {
    const char *name;
    unsigned long uid, gid;
    const char *gecos;      /* the comment */
    const char *home;
    const char *shell;
    char *line_;            /* owns the strings above */
} PwUser;

/* One line of group. */
typedef struct PwGroup {
    const char *name;
    unsigned long gid;
    const char **members;   /* in file order; malloc'd */
    size_t nmembers;
    char *line_;
} PwGroup;

/* One line of shadow.  A number field that is empty reads as -1, as the
 * C library's getspnam (and so Puppet) gives it. */
typedef struct PwShadow {
    const char *name;
    const char *hash;       /* the password field: a hash, '!' or '*' ... */
    long lastchg, min, max, warn, inactive, expire;
    char *line_;
    size_t size_;           /* bytes in line_, wiped on free */
} PwShadow;

/* One line of gshadow. */
typedef struct PwGshadow {
    const char *name;
    const char **admins, **members;   /* malloc'd */
    size_t nadmins, nmembers;
    char *line_;
    size_t size_;
} PwGshadow;

typedef struct PwDb {
    PwUser *users;       size_t nusers;
    PwGroup *groups;     size_t ngroups;
    PwShadow *shadows;   size_t nshadows;
    PwGshadow *gshadows; size_t ngshadows;
} PwDb;

#define PWDB_INIT {0}

/* Which files pw_load reads. */
enum { PW_PASSWD = 1, PW_GROUP = 2, PW_SHADOW = 4, PW_GSHADOW = 8, PW_ALL = 15 };

/* Reads the files named in what from the root's /etc (base/rootfs)
 * into db (which the caller frees with pw_free, also on failure).  A file
 * that does not exist, or (shadow, gshadow) that we may not read, counts as
 * empty; NIS "+" and "-" lines and lines with too few fields or a
 * non-numeric id are skipped, as the C library skips them.  Returns 0, or
 * -1 with the reason in err ("cannot read /etc/passwd: I/O error");
 * root is unused (kept for the callers). */
int pw_load(PwDb *db, const char *root, unsigned what, Buf *err);
/* Frees everything in db (and wipes the shadow lines first: they hold
 * password hashes); db is empty afterwards. */
void pw_free(PwDb *db);

/* The first entry with that name or id, or NULL.  Pointers stay valid
 * until pw_free. */
const PwUser *pw_user(const PwDb *db, const char *name);
const PwGroup *pw_group(const PwDb *db, const char *name);
const PwGroup *pw_group_by_gid(const PwDb *db, unsigned long gid);
const PwShadow *pw_shadow(const PwDb *db, const char *name);
const PwGshadow *pw_gshadow(const PwDb *db, const char *name);
/* 1 if user is listed as a member of g. */
int pw_is_member(const PwGroup *g, const char *user);

/* 1 if s is a whole non-negative decimal number that fits an id (at most
 * 4294967295); the value goes to *out when out is not NULL. */
int pw_parse_id(const char *s, unsigned long *out);

/* One shadow tool run against a root. */
typedef struct PwCmd {
    const char *tool;          /* "useradd", "chpasswd", ...: found in /usr/sbin,
                                  /usr/bin, /sbin or /bin of this machine */
    const char *const *args;   /* its arguments after --root, NULL-terminated */
    const char *input;         /* written to its stdin (chpasswd), or NULL:
                                  stdin is /dev/null */
    int redact;                /* 1: the command line is logged and reported as
                                  '[redacted]' (Puppet does so whenever the
                                  resource has a sensitive value) */
    Buf *output;               /* if not NULL, gets the command's combined output */
} PwCmd;

/* Runs c for the resource of t, with --root <tx_root(t)> (made absolute)
 * unless the root is "" or "/", logging "Executing: '<command>'" at debug
 * level as Puppet does.  Returns 0 when it exits 0; otherwise -1 with
 * Puppet's ExecutionFailure text in msg: "Execution of '<command>' returned
 * <status>: <output, stripped>" (or why it could not start). */
int pw_run(TxRes *t, const PwCmd *c, Buf *msg);
#endif
