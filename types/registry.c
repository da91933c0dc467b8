/*
 * registry.c - the resource type registry: every type the installed Puppet
 * 7.23 knows out of the box, with its attributes, key attributes and the
 * metaparameters shared by all types.
 *
 * The one idea: the tables are static, sorted by name, and searched by
 * bisection, so a lookup is a handful of string compares and never
 * allocates; the compiler asks for every attribute of every resource.
 *
 * The type tables below were generated once from the installed Puppet
 * (Debian's puppet 7.23.0) by a throw-away Ruby script that is not kept:
 *
 *     require "puppet"; Puppet.initialize_settings; Puppet::Type.loadall
 *     Puppet::Type.eachtype { |t| ... t.key_attributes, t.validproperties,
 *                                 t.parameters, t.title_patterns ... }
 *
 * and then commented by hand.  This install has exactly twelve of the types
 * below plus the internal whit and component, which are left out; host,
 * cron, mount, ssh_authorized_key, sshkey, augeas and the like moved to
 * separate modules in Puppet 6 and are not installed.  We add two
 * of those, cron and host: their tables follow the current
 * puppetlabs-cron_core and puppetlabs-host_core types.  pkgrepo is this
 * product's own (Salt's pkgrepo state as a type).  To refresh the tables,
 * regenerate them the same way and keep every table sorted (t/types.c checks).
 * Only file has a non-trivial title_patterns; it is noted at its table.
 *
 * A second, separate table holds the module types: the resource types that
 * Forge modules define in Ruby and mapply applies natively (file_line,
 * concat_file, ini_setting, ...).  Their TypeDef names the module, and
 * type_find() never returns them: Puppet knows such a type at compile time
 * only when the module is on the module path, so mcomp must keep finding
 * it in the module's lib/puppet/type/NAME.rb (compiler/loader.c), while
 * mapply and mres, which take catalogs already compiled, look them up with
 * type_find_applied().
 */
#include "types/types.h"

#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* cron (puppetlabs-cron_core): key attribute name. */
static const TypeParam cron_params[] = {
    { "command",     TP_PROPERTY },
    { "ensure",      TP_PROPERTY },
    { "environment", TP_PROPERTY },
    { "hour",        TP_PROPERTY },
    { "minute",      TP_PROPERTY },
    { "month",       TP_PROPERTY },
    { "monthday",    TP_PROPERTY },
    { "name",        TP_PARAM | TP_NAMEVAR },
    { "provider",    TP_PARAM },
    { "special",     TP_PROPERTY },
    { "target",      TP_PROPERTY },
    { "user",        TP_PROPERTY },
    { "weekday",     TP_PROPERTY },
};

/* exec: key attribute command.  onlyif, unless and creates are exec's own
 * parameters here and also metaparameters of ours on every type. */
static const TypeParam exec_params[] = {
    { "command",     TP_PARAM | TP_NAMEVAR },
    { "creates",     TP_PARAM },
    { "cwd",         TP_PARAM },
    { "environment", TP_PARAM },
    { "group",       TP_PARAM },
    { "logoutput",   TP_PARAM },
    { "onlyif",      TP_PARAM },
    { "path",        TP_PARAM },
    { "provider",    TP_PARAM },
    { "refresh",     TP_PARAM },
    { "refreshonly", TP_PARAM },
    { "returns",     TP_PROPERTY },
    { "timeout",     TP_PARAM },
    { "tries",       TP_PARAM },
    { "try_sleep",   TP_PARAM },
    { "umask",       TP_PARAM },
    { "unless",      TP_PARAM },
    { "user",        TP_PARAM },
};

/* file: key attribute path.  title_patterns is one non-trivial pattern
 * (multi-line mode): ^(/|.+:/|.*[^/]) then any run of slashes then \Z, the
 * group giving path (a slash-star cannot be written inside this comment).
 * So trailing slashes are stripped from the title ("/tmp/x//" sets path
 * "/tmp/x") but a root stays whole ("/", "C:/").  ctime, mtime and type are
 * read-only properties: the names are valid, setting one fails in Puppet. */
static const TypeParam file_params[] = {
    { "backup",                  TP_PARAM },
    { "checksum",                TP_PARAM },
    { "checksum_value",          TP_PROPERTY },
    { "content",                 TP_PROPERTY },
    { "ctime",                   TP_PROPERTY },
    { "ensure",                  TP_PROPERTY },
    { "force",                   TP_PARAM },
    { "group",                   TP_PROPERTY },
    { "ignore",                  TP_PARAM },
    { "links",                   TP_PARAM },
    { "max_files",               TP_PARAM },
    { "mode",                    TP_PROPERTY },
    { "mtime",                   TP_PROPERTY },
    { "owner",                   TP_PROPERTY },
    { "path",                    TP_PARAM | TP_NAMEVAR },
    { "provider",                TP_PARAM },
    { "purge",                   TP_PARAM },
    { "recurse",                 TP_PARAM },
    { "recurselimit",            TP_PARAM },
    { "replace",                 TP_PARAM },
    { "selinux_ignore_defaults", TP_PARAM },
    { "selrange",                TP_PROPERTY },
    { "selrole",                 TP_PROPERTY },
    { "seltype",                 TP_PROPERTY },
    { "seluser",                 TP_PROPERTY },
    { "show_diff",               TP_PARAM },
    { "source",                  TP_PARAM },
    { "source_permissions",      TP_PARAM },
    { "sourceselect",            TP_PARAM },
    { "staging_location",        TP_PARAM },
    { "target",                  TP_PROPERTY },
    { "type",                    TP_PROPERTY },
    { "validate_cmd",            TP_PARAM },
    { "validate_replacement",    TP_PARAM },
};

/* filebucket: key attribute name. */
static const TypeParam filebucket_params[] = {
    { "name",   TP_PARAM | TP_NAMEVAR },
    { "path",   TP_PARAM },
    { "port",   TP_PARAM },
    { "server", TP_PARAM },
};

/* group: key attribute name. */
static const TypeParam group_params[] = {
    { "allowdupe",            TP_PARAM },
    { "attribute_membership", TP_PARAM },
    { "attributes",           TP_PROPERTY },
    { "auth_membership",      TP_PARAM },
    { "ensure",               TP_PROPERTY },
    { "forcelocal",           TP_PARAM },
    { "gid",                  TP_PROPERTY },
    { "ia_load_module",       TP_PARAM },
    { "members",              TP_PROPERTY },
    { "name",                 TP_PARAM | TP_NAMEVAR },
    { "provider",             TP_PARAM },
    { "system",               TP_PARAM },
};

/* host (puppetlabs-host_core): key attribute name. */
static const TypeParam host_params[] = {
    { "comment",      TP_PROPERTY },
    { "ensure",       TP_PROPERTY },
    { "host_aliases", TP_PROPERTY },
    { "ip",           TP_PROPERTY },
    { "name",         TP_PARAM | TP_NAMEVAR },
    { "provider",     TP_PARAM },
    { "target",       TP_PROPERTY },
};

/* notify: key attribute name. */
static const TypeParam notify_params[] = {
    { "message",  TP_PROPERTY },
    { "name",     TP_PARAM | TP_NAMEVAR },
    { "withpath", TP_PARAM },
};

/* package: three key attributes, name, provider and command (so two
 * packages may share a name under different providers); the title fills
 * only name, which is the namevar used for titles and uniqueness here. */
static const TypeParam package_params[] = {
    { "adminfile",            TP_PARAM },
    { "allow_virtual",        TP_PARAM },
    { "allowcdrom",           TP_PARAM },
    { "category",             TP_PARAM },
    { "command",              TP_PARAM | TP_NAMEVAR },
    { "configfiles",          TP_PARAM },
    { "description",          TP_PARAM },
    { "enable_only",          TP_PARAM },
    { "ensure",               TP_PROPERTY },
    { "flavor",               TP_PROPERTY },
    { "fromrepo",             TP_PARAM },   /* ours (Salt): the Pkgrepo it comes from */
    { "install_only",         TP_PARAM },
    { "install_options",      TP_PARAM },
    { "instance",             TP_PARAM },
    { "mark",                 TP_PROPERTY },
    { "name",                 TP_PARAM | TP_NAMEVAR },
    { "package_settings",     TP_PROPERTY },
    { "platform",             TP_PARAM },
    { "provider",             TP_PARAM | TP_NAMEVAR },
    { "reinstall_on_refresh", TP_PARAM },
    { "responsefile",         TP_PARAM },
    { "root",                 TP_PARAM },
    { "source",               TP_PARAM },
    { "status",               TP_PARAM },
    { "uninstall_options",    TP_PARAM },
    { "vendor",               TP_PARAM },
};

/* resources: key attribute name (implicit: no parameter is marked isnamevar,
 * Puppet falls back to name). */
static const TypeParam resources_params[] = {
    { "name",               TP_PARAM | TP_NAMEVAR },
    { "purge",              TP_PARAM },
    { "unless_system_user", TP_PARAM },
    { "unless_uid",         TP_PARAM },
};

/* schedule: key attribute name. */
static const TypeParam schedule_params[] = {
    { "name",        TP_PARAM | TP_NAMEVAR },
    { "period",      TP_PARAM },
    { "periodmatch", TP_PARAM },
    { "range",       TP_PARAM },
    { "repeat",      TP_PARAM },
    { "weekday",     TP_PARAM },
};

/* service: key attribute name. */
static const TypeParam service_params[] = {
    { "binary",        TP_PARAM },
    { "control",       TP_PARAM },
    { "enable",        TP_PROPERTY },
    { "ensure",        TP_PROPERTY },
    { "flags",         TP_PROPERTY },
    { "hasrestart",    TP_PARAM },
    { "hasstatus",     TP_PARAM },
    { "logonaccount",  TP_PROPERTY },
    { "logonpassword", TP_PARAM },
    { "manifest",      TP_PARAM },
    { "name",          TP_PARAM | TP_NAMEVAR },
    { "path",          TP_PARAM },
    { "pattern",       TP_PARAM },
    { "provider",      TP_PARAM },
    { "restart",       TP_PARAM },
    { "start",         TP_PARAM },
    { "status",        TP_PARAM },
    { "stop",          TP_PARAM },
    { "timeout",       TP_PARAM },
};

/* stage: key attribute name (implicit, as for resources). */
static const TypeParam stage_params[] = {
    { "name", TP_PARAM | TP_NAMEVAR },
};

/* tidy: key attribute path.  Unlike file, its title is taken whole
 * (title_patterns is the trivial /(.*)/m). */
static const TypeParam tidy_params[] = {
    { "age",       TP_PARAM },
    { "backup",    TP_PARAM },
    { "matches",   TP_PARAM },
    { "max_files", TP_PARAM },
    { "path",      TP_PARAM | TP_NAMEVAR },
    { "recurse",   TP_PARAM },
    { "rmdirs",    TP_PARAM },
    { "size",      TP_PARAM },
    { "type",      TP_PARAM },
};

/* user: key attribute name. */
static const TypeParam user_params[] = {
    { "allowdupe",            TP_PARAM },
    { "attribute_membership", TP_PARAM },
    { "attributes",           TP_PROPERTY },
    { "auth_membership",      TP_PARAM },
    { "auths",                TP_PROPERTY },
    { "comment",              TP_PROPERTY },
    { "ensure",               TP_PROPERTY },
    { "expiry",               TP_PROPERTY },
    { "forcelocal",           TP_PARAM },
    { "gid",                  TP_PROPERTY },
    { "groups",               TP_PROPERTY },
    { "home",                 TP_PROPERTY },
    { "ia_load_module",       TP_PARAM },
    { "iterations",           TP_PROPERTY },
    { "key_membership",       TP_PARAM },
    { "keys",                 TP_PROPERTY },
    { "loginclass",           TP_PROPERTY },
    { "managehome",           TP_PARAM },
    { "membership",           TP_PARAM },
    { "name",                 TP_PARAM | TP_NAMEVAR },
    { "password",             TP_PROPERTY },
    { "password_max_age",     TP_PROPERTY },
    { "password_min_age",     TP_PROPERTY },
    { "password_warn_days",   TP_PROPERTY },
    { "profile_membership",   TP_PARAM },
    { "profiles",             TP_PROPERTY },
    { "project",              TP_PROPERTY },
    { "provider",             TP_PARAM },
    { "purge_ssh_keys",       TP_PARAM },
    { "role_membership",      TP_PARAM },
    { "roles",                TP_PROPERTY },
    { "salt",                 TP_PROPERTY },
    { "shell",                TP_PROPERTY },
    { "system",               TP_PARAM },
    { "uid",                  TP_PROPERTY },
};

/* pkgrepo (ours): an apt source, Salt's pkgrepo.managed keys. */
static const TypeParam pkgrepo_params[] = {
    { "architectures", TP_PROPERTY },
    { "comps",         TP_PROPERTY },
    { "dist",          TP_PROPERTY },
    { "ensure",        TP_PROPERTY },
    { "file",          TP_PARAM },
    { "name",          TP_PARAM | TP_NAMEVAR },
    { "provider",      TP_PARAM },
    { "trusted",       TP_PROPERTY },
    { "type",          TP_PROPERTY },
    { "uri",           TP_PROPERTY },
};

/* Sorted by name (strcmp); type_find() bisects it. */
static const TypeDef types[] = {
    { "cron",       "name",    cron_params,        COUNT(cron_params), NULL },
    { "exec",       "command", exec_params,        COUNT(exec_params), NULL },
    { "file",       "path",    file_params,        COUNT(file_params), NULL },
    { "filebucket", "name",    filebucket_params,  COUNT(filebucket_params), NULL },
    { "group",      "name",    group_params,       COUNT(group_params), NULL },
    { "host",       "name",    host_params,        COUNT(host_params), NULL },
    { "notify",     "name",    notify_params,      COUNT(notify_params), NULL },
    { "package",    "name",    package_params,     COUNT(package_params), NULL },
    { "pkgrepo",    "name",    pkgrepo_params,     COUNT(pkgrepo_params), NULL },
    { "resources",  "name",    resources_params,   COUNT(resources_params), NULL },
    { "schedule",   "name",    schedule_params,    COUNT(schedule_params), NULL },
    { "service",    "name",    service_params,     COUNT(service_params), NULL },
    { "stage",      "name",    stage_params,       COUNT(stage_params), NULL },
    { "tidy",       "path",    tidy_params,        COUNT(tidy_params), NULL },
    { "user",       "name",    user_params,        COUNT(user_params), NULL },
};

/* ---- module types (see type_find_module in types.h) ----
 * Attribute names read off the Ruby types of the module versions Debian 12
 * packages (stdlib 8.5.0, concat 7.3.1, inifile 5.4.0). */

/* anchor (stdlib): only a name. */
static const TypeParam anchor_params[] = {
    { "name", TP_PARAM | TP_NAMEVAR },
};

/* concat_file (concat): key attribute path.  Its own tag parameter names
 * the fragments it collects. */
static const TypeParam concat_file_params[] = {
    { "backup",                  TP_PARAM },
    { "ensure",                  TP_PROPERTY },
    { "ensure_newline",          TP_PARAM },
    { "force",                   TP_PARAM },
    { "format",                  TP_PARAM },
    { "group",                   TP_PARAM },
    { "mode",                    TP_PARAM },
    { "order",                   TP_PARAM },
    { "owner",                   TP_PARAM },
    { "path",                    TP_PARAM | TP_NAMEVAR },
    { "replace",                 TP_PARAM },
    { "selinux_ignore_defaults", TP_PARAM },
    { "selrange",                TP_PARAM },
    { "selrole",                 TP_PARAM },
    { "seltype",                 TP_PARAM },
    { "seluser",                 TP_PARAM },
    { "show_diff",               TP_PARAM },
    { "tag",                     TP_PARAM },
    { "validate_cmd",            TP_PARAM },
};

/* concat_fragment (concat): key attribute name. */
static const TypeParam concat_fragment_params[] = {
    { "content", TP_PARAM },
    { "name",    TP_PARAM | TP_NAMEVAR },
    { "order",   TP_PARAM },
    { "source",  TP_PARAM },
    { "tag",     TP_PARAM },
    { "target",  TP_PARAM },
};

/* file_line (stdlib): key attribute name; line is its one property. */
static const TypeParam file_line_params[] = {
    { "after",                                  TP_PARAM },
    { "append_on_no_match",                     TP_PARAM },
    { "encoding",                               TP_PARAM },
    { "ensure",                                 TP_PROPERTY },
    { "line",                                   TP_PROPERTY },
    { "match",                                  TP_PARAM },
    { "match_for_absence",                      TP_PARAM },
    { "multiple",                               TP_PARAM },
    { "name",                                   TP_PARAM | TP_NAMEVAR },
    { "path",                                   TP_PARAM },
    { "provider",                               TP_PARAM },
    { "replace",                                TP_PARAM },
    { "replace_all_matches_not_matching_line",  TP_PARAM },
};

/* ini_setting (inifile): key attribute name. */
static const TypeParam ini_setting_params[] = {
    { "ensure",                     TP_PROPERTY },
    { "force_new_section_creation", TP_PARAM },
    { "indent_char",                TP_PARAM },
    { "indent_width",               TP_PARAM },
    { "key_val_separator",          TP_PARAM },
    { "name",                       TP_PARAM | TP_NAMEVAR },
    { "path",                       TP_PARAM },
    { "provider",                   TP_PARAM },
    { "refreshonly",                TP_PARAM },
    { "section",                    TP_PARAM },
    { "section_prefix",             TP_PARAM },
    { "section_suffix",             TP_PARAM },
    { "setting",                    TP_PARAM },
    { "show_diff",                  TP_PARAM },
    { "value",                      TP_PROPERTY },
};

/* ini_subsetting (inifile): key attribute name. */
static const TypeParam ini_subsetting_params[] = {
    { "delete_if_empty",              TP_PARAM },
    { "ensure",                       TP_PROPERTY },
    { "insert_type",                  TP_PARAM },
    { "insert_value",                 TP_PARAM },
    { "key_val_separator",            TP_PARAM },
    { "name",                         TP_PARAM | TP_NAMEVAR },
    { "path",                         TP_PARAM },
    { "provider",                     TP_PARAM },
    { "quote_char",                   TP_PARAM },
    { "section",                      TP_PARAM },
    { "setting",                      TP_PARAM },
    { "show_diff",                    TP_PARAM },
    { "subsetting",                   TP_PARAM },
    { "subsetting_key_val_separator", TP_PARAM },
    { "subsetting_separator",         TP_PARAM },
    { "use_exact_match",              TP_PARAM },
    { "value",                        TP_PROPERTY },
};

/* Sorted by name (strcmp), a table of its own so that type_find() (the
 * compiler's) never sees them. */
static const TypeDef module_types[] = {
    { "anchor",          "name", anchor_params,          COUNT(anchor_params),          "stdlib" },
    { "concat_file",     "path", concat_file_params,     COUNT(concat_file_params),     "concat" },
    { "concat_fragment", "name", concat_fragment_params, COUNT(concat_fragment_params), "concat" },
    { "file_line",       "name", file_line_params,       COUNT(file_line_params),       "stdlib" },
    { "ini_setting",     "name", ini_setting_params,     COUNT(ini_setting_params),     "inifile" },
    { "ini_subsetting",  "name", ini_subsetting_params,  COUNT(ini_subsetting_params),  "inifile" },
};

/* Metaparameters, sorted (strcmp).  Puppet 7.23's Puppet::Type.metaparams is
 * exactly: alias audit before loglevel noop notify require schedule stage
 * subscribe tag (consume and export went away with Puppet 7).  The rest are
 * this product's Salt-style requisites and checks, docs/salt.md §1. */
static const char *const metaparams[] = {
    "alias",          /* Puppet */
    "audit",          /* Puppet */
    "before",         /* Puppet, relationship */
    "check_cmd",      /* ours */
    "creates",        /* ours (also an exec parameter) */
    "loglevel",       /* Puppet */
    "noop",           /* Puppet */
    "notify",         /* Puppet, relationship */
    "onchanges",      /* ours */
    "onchanges_any",  /* ours */
    "onchanges_in",   /* ours */
    "onfail",         /* ours */
    "onfail_all",     /* ours */
    "onfail_in",      /* ours */
    "onlyif",         /* ours (also an exec parameter) */
    "order",          /* ours */
    "parallel",       /* ours: false keeps the resource alone under mapply -j */
    "prereq",         /* ours */
    "prereq_in",      /* ours */
    "require",        /* Puppet, relationship */
    "require_in",     /* ours: = before */
    "schedule",       /* Puppet */
    "stage",          /* Puppet */
    "subscribe",      /* Puppet, relationship */
    "tag",            /* Puppet */
    "unless",         /* ours (also an exec parameter) */
    "use",            /* ours */
    "use_in",         /* ours */
    "watch_in",       /* ours: = notify */
};

/* Compare key[0..len) with the NUL-terminated entry as strcmp would, folding
 * ASCII upper case in key to lower case when fold is set (entries are lower
 * case already). */
static int key_cmp(const char *key, size_t len, const char *entry, int fold)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned char k = (unsigned char)key[i], e = (unsigned char)entry[i];
        if (fold && k >= 'A' && k <= 'Z')
            k = (unsigned char)(k - 'A' + 'a');
        if (e == '\0' || k != e)
            return e == '\0' ? 1 : (k < e ? -1 : 1);
    }
    return entry[len] == '\0' ? 0 : -1;
}

/* Index of the entry equal to key[0..len) in the sorted array base of n
 * records of size stride whose first member is the name pointer (TypeDef,
 * TypeParam, or a bare const char *); -1 if none. */
static long bisect(const void *base, size_t n, size_t stride, const char *key, size_t len, int fold)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *entry;
        int c;
        memcpy(&entry, (const char *)base + mid * stride, sizeof entry);
        c = key_cmp(key, len, entry, fold);
        if (c == 0)
            return (long)mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

const TypeDef *type_find(const char *name, size_t len)
{
    long i = bisect(types, COUNT(types), sizeof types[0], name, len, 1);
    return i < 0 ? NULL : &types[i];
}

const TypeDef *type_find_module(const char *name, size_t len)
{
    long i = bisect(module_types, COUNT(module_types), sizeof module_types[0], name, len, 1);
    return i < 0 ? NULL : &module_types[i];
}

const TypeDef *type_find_applied(const char *name, size_t len)
{
    const TypeDef *t = type_find(name, len);
    return t ? t : type_find_module(name, len);
}

const TypeParam *type_param(const TypeDef *t, const char *name, size_t len)
{
    long i;
    if (!t)
        return NULL;
    i = bisect(t->params, t->nparams, sizeof t->params[0], name, len, 0);
    return i < 0 ? NULL : &t->params[i];
}

int type_is_metaparam(const char *name, size_t len)
{
    return bisect(metaparams, COUNT(metaparams), sizeof metaparams[0], name, len, 0) >= 0;
}

/* Puppet's four: before/require order, notify/subscribe also refresh. */
int type_is_relationship_metaparam(const char *name, size_t len)
{
    switch (len) {
    case 6: return memcmp(name, "before", 6) == 0 || memcmp(name, "notify", 6) == 0;
    case 7: return memcmp(name, "require", 7) == 0;
    case 9: return memcmp(name, "subscribe", 9) == 0;
    default: return 0;
    }
}

size_t type_count(void)
{
    return COUNT(types);
}

const TypeDef *type_at(size_t i)
{
    return i < COUNT(types) ? &types[i] : NULL;
}
