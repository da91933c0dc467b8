/*
 * host.c - the host type at apply time (puppetlabs-host_core), with its
 * parsed provider: one line of a hosts file per resource,
 * "ip<TAB>name[<TAB>alias alias...][<TAB># comment]".
 *
 * The idea, taken from host_core's ParsedFile provider: a hosts file is a
 * list of lines, and only lines that match the record pattern
 *
 *     ^([0-9a-fA-F:]\S+)\s+([^#\s+]\S*)\s*(.*?)?(?:\s*#\s*(.*))?$
 *
 * (ip, name, aliases, comment; comments and blank lines first) are hosts.
 * A resource owns the first record carrying its name.  Applying is one
 * read-modify-write of the target per resource: that record is replaced,
 * removed or appended, and every other line is copied byte for byte.
 * Puppet regenerates every record line when it writes; keeping the lines
 * we do not manage as they were is this product's choice (it is what a
 * user editing /etc/hosts by hand expects).  Puppet's three "# HEADER:"
 * lines are dropped on reading and written anew at the top, as Puppet
 * does.  Resources sharing a target simply apply in turn.
 *
 * Log lines follow Puppet 7 with host_core exactly, including its quirk
 * that host_aliases (an OrderedList property) shows the current value
 * unquoted: "host_aliases changed a to 'a b'".
 */
#include "types/txres.h"
#include "types/textfile.h"
#include "types/param.h"
#include "base/util.h"
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const Provider provider_host;

#define DEFAULT_TARGET "/etc/hosts"

/* A span of the file's text (not NUL-terminated). */
typedef struct Span { const char *s; size_t n; } Span;

/* One record line, as spans of the line. */
typedef struct HostRec {
    Span ip, name;
    Span aliases;    /* the text between name and comment; empty: none */
    Span comment;    /* after "#" and blanks; empty: none (Puppet's '') */
} HostRec;

/* A host resource's parameters, checked (host_parse). */
typedef struct Host {
    char *name;
    int absent;             /* ensure => absent */
    char *ip;               /* NULL: unmanaged */
    int manage_aliases;
    StrList alias_list;     /* should, as given */
    Buf aliases;            /* should, joined by single spaces */
    char *comment;          /* NULL: unmanaged */
    char *target;
} Host;

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
/* Splits a record line (no newline) per the pattern in the file comment.
 * Returns 1 for a record, 0 for any other line.  Differs from host_core in
 * two points, both lines host_core itself writes but cannot read back (so
 * it would append them again on every run): a one-letter name is a record
 * (its [^#\s+]\S+ needs two characters), and so is an ip starting with
 * A-F (its [0-9a-f:] is lowercase only, but valid_v6? takes "FE80::1"). */
static int parse_record(const char *s, size_t n, HostRec *rec)
{
    memset(rec, 0, sizeof *rec);
    if (!n || s[0] == '#')
        return 0;
    size_t i = 0;
    if (!((s[0] >= '0' && s[0] <= '9') || ((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'f') || s[0] == ':'))
        return 0;
    while (i < n && !is_space(s[i]))
        i++;
    if (i < 2)
        return 0;
    rec->ip = (Span){ s, i };
    size_t j = i;
    while (j < n && is_space(s[j]))
        j++;
    if (j == i || j == n || s[j] == '#' || s[j] == '+')
        return 0;
    size_t k = j;
    while (k < n && !is_space(s[k]))
        k++;
    rec->name = (Span){ s + j, k - j };
    while (k < n && is_space(s[k]))
        k++;
    /* aliases: up to the first '#'; the comment: after it and its blanks */
    const char *hash = memchr(s + k, '#', n - k);
    size_t end = hash ? (size_t)(hash - s) : n;
    size_t e = end;
    while (e > k && is_space(s[e - 1]))
        e--;
    rec->aliases = (Span){ s + k, e - k };
    if (hash) {
        size_t c = end + 1;
        while (c < n && is_space(s[c]))
            c++;
        rec->comment = (Span){ s + c, n - c };
    }
    return 1;
}

/* The aliases of a record, each separated by one space (Puppet's
 * gsub(/\s+/, ' ') and split). */
static void norm_aliases(Buf *b, Span a)
{
    size_t i = 0;
    while (i < a.n) {
        while (i < a.n && is_space(a.s[i]))
            i++;
        size_t st = i;
        while (i < a.n && !is_space(a.s[i]))
            i++;
        if (i > st) {
            if (b->len)
                buf_addc(b, ' ');
            buf_add(b, a.s + st, i - st);
        }
    }
    buf_cstr(b);
}

/* The next line of text at *pos: its span without the newline.  Returns
 * 0 at the end. */
static int next_line(const Buf *text, size_t *pos, Span *line)
{
    if (*pos >= text->len)
        return 0;
    const char *s = text->s + *pos;
    const char *nl = memchr(s, '\n', text->len - *pos);
    size_t n = nl ? (size_t)(nl - s) : text->len - *pos;
    *line = (Span){ s, n };
    *pos += n + (nl ? 1 : 0);
    return 1;
}

/* Puppet's own header lines, dropped on reading (its filetype removes
 * every "# HEADER..." line). */
static int is_header(Span l) { return l.n >= 8 && !memcmp(l.s, "# HEADER", 8); }

static int span_is(Span a, const char *s) { return s && a.n == strlen(s) && (!a.n || !memcmp(a.s, s, a.n)); }

/* The first record named name in text; 1 when found. */
static int find_record(const Buf *text, const char *name, HostRec *out)
{
    size_t pos = 0;
    Span l;
    while (next_line(text, &pos, &l))
        if (!is_header(l) && parse_record(l.s, l.n, out) && span_is(out->name, name))
            return 1;
    return 0;
}

/* ---- validation ---- */

/* host_core's name check: each dot-separated part is \w+ or
 * \w[\w-]+\w (Ruby's split drops trailing empty parts). */
static int valid_hostname(const char *s)
{
    size_t n = strlen(s);
    while (n && s[n - 1] == '.')
        n--;
    if (!n)
        return 0;
    size_t i = 0;
    while (i <= n) {
        size_t st = i;
        while (i < n && s[i] != '.')
            i++;
        size_t len = i - st;
        if (!len)
            return 0;
        int words = 1;
        for (size_t k = st; k < i; k++)
            if (!is_word(s[k]))
                words = 0;
        if (!words) {
            if (len < 3 || !is_word(s[st]) || !is_word(s[i - 1]))
                return 0;
            for (size_t k = st + 1; k + 1 < i; k++)
                if (!is_word(s[k]) && s[k] != '-')
                    return 0;
        }
        i++;
    }
    return 1;
}

/* host_core's valid_v4?: four dot-separated groups of 1-3 digits, each
 * at most 255 (leading zeros allowed). */
static int valid_v4(const char *s)
{
    for (int g = 0; g < 4; g++) {
        int digits = 0, val = 0;
        while (*s >= '0' && *s <= '9') {
            val = val * 10 + (*s++ - '0');
            if (++digits > 3)
                return 0;
        }
        if (!digits || val > 255)
            return 0;
        if (g < 3 && *s++ != '.')
            return 0;
    }
    return *s == '\0';
}

/* host_core's valid_v6? regex accepts the RFC 4291 text forms (with an
 * embedded IPv4 tail), an optional "%zone", and blanks around: exactly
 * what inet_pton takes once those are set aside. */
static int valid_v6(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strcspn(s, "%");
    if (!s[n]) {
        while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
    } else if (!s[n + 1]) {
        return 0;   /* "%" needs a zone after it */
    }
    if (n == 0 || n >= 64)
        return 0;
    char buf[64];
    unsigned char addr[16];
    memcpy(buf, s, n);
    buf[n] = '\0';
    return inet_pton(AF_INET6, buf, addr) == 1;
}

static int valid_ip(const char *s) { return valid_v4(s) || valid_v6(s); }
static int no_blank(const char *s) { return !strpbrk(s, " \t\n\r\f\v"); }

static const ParamWord host_ensures[] = { { "present", 0 }, { "absent", 1 }, { NULL, 0 } };
static const ParamWord host_providers[] = { { "parsed", 0 }, { NULL, 0 } };

/* host_core's parameters, in the order they are checked. */
static const ParamSpec host_params[] = {
    { "name", PK_NAMEVAR, offsetof(Host, name), .flags = PF_STRING_ONLY,
      .checks = { { param_no_newline, "Hostname cannot include newline" }, { valid_hostname, "Invalid host name" } } },
    { "ensure", PK_WORD, offsetof(Host, absent), .words = host_ensures, .flags = PF_PROPERTY },
    { "provider", PK_WORD, .words = host_providers, .flags = PF_DISCARD, .bad = "Invalid %t provider '%v'" },
    { "ip", PK_STRING, offsetof(Host, ip), .flags = PF_STRING_ONLY | PF_PROPERTY, .bad = "Invalid IP address %i",
      .checks = { { param_no_newline, "Invalid IP address %i" }, { valid_ip, "Invalid IP address %i" } } },
    { "host_aliases", PK_LIST, offsetof(Host, alias_list), PARAM_GIVEN(Host, manage_aliases),
      .checks = { { no_blank, "Host aliases cannot include whitespace" },
                  { param_not_empty, "Host aliases cannot be an empty string. Use an empty array to delete all host_aliases " } } },
    { "comment", PK_STRING, offsetof(Host, comment), .flags = PF_STRING_ONLY | PF_PROPERTY, .bad = "Invalid value %i",
      .checks = { { param_no_newline, "Comment cannot include newline" } } },
    /* ours: Puppet takes any string, but a relative target has no meaning
     * under --root */
    { "target", PK_STRING, offsetof(Host, target), .dflt = DEFAULT_TARGET, .flags = PF_STRING_ONLY,
      .bad = "File paths must be fully qualified, not '%v'",
      .checks = { { param_absolute, "File paths must be fully qualified, not '%v'" },
                  { param_no_newline, "File paths must be fully qualified, not '%v'" } } },
};

static void host_free(Host *h)
{
    param_free(host_params, PARAM_COUNT(host_params), h);
    buf_free(&h->aliases);
    memset(h, 0, sizeof *h);
}

/* Reads and checks r's parameters into h (freed by the caller with
 * host_free, even on failure).  Returns 0, or -1 with Puppet's message in
 * err. */
static int host_parse(const Resource *r, Host *h, Buf *err)
{
    memset(h, 0, sizeof *h);
    if (param_parse(host_params, PARAM_COUNT(host_params), r, h, err) != 0)
        return -1;
    for (size_t i = 0; i < h->alias_list.n; i++)
        buf_printf(&h->aliases, "%s%s", i ? " " : "", h->alias_list.v[i]);
    buf_cstr(&h->aliases);
    return 0;
}

static int host_validate(const Resource *r, Buf *err)
{
    Host h;
    int rc = host_parse(r, &h, err);
    host_free(&h);
    return rc;
}

/* ---- applying ---- */

/* Appends a record line (no newline), as host_core's to_line writes it. */
static void record_line(Buf *b, const char *ip, const char *name, const char *aliases, size_t alen,
                        const char *comment, size_t clen)
{
    buf_printf(b, "%s\t%s", ip, name);
    /* host_core writes a lone tab for host_aliases => []; we write none */
    if (alen) {
        buf_addc(b, '\t');
        buf_add(b, aliases, alen);
    }
    if (clen) {
        buf_adds(b, "\t# ");
        buf_add(b, comment, clen);
    }
}

/* The new text of the file: Puppet's header, then every line but our old
 * record (replaced by repl when it is not NULL), then repl if the record
 * was not there.  old_line points into text, or is NULL. */
static void rebuild(Buf *out, const Buf *text, const char *old_line, const char *repl)
{
    buf_adds(out, "# HEADER: This file was autogenerated at ");
    textfile_now(out);
    buf_adds(out, "\n# HEADER: by puppet.  While it can still be managed manually, it\n"
                  "# HEADER: is definitely not recommended.\n");
    size_t pos = 0;
    Span l;
    while (next_line(text, &pos, &l)) {
        if (is_header(l))
            continue;
        if (l.s == old_line) {
            if (repl) {
                buf_adds(out, repl);
                buf_addc(out, '\n');
            }
            continue;
        }
        buf_add(out, l.s, l.n);
        buf_addc(out, '\n');
    }
    if (!old_line && repl) {
        buf_adds(out, repl);
        buf_addc(out, '\n');
    }
}

/* Writes the rebuilt text; on failure logs Puppet's "Could not evaluate"
 * line.  Returns 0 or -1. */
static int save(TxRes *t, TextFile *f, const char *old_line, const char *repl)
{
    Buf out = BUF_INIT, err = BUF_INIT;
    rebuild(&out, &f->text, old_line, repl);
    int rc = textfile_store(f, out.s, out.len, &err);
    if (rc != 0)
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
    buf_free(&out);
    buf_free(&err);
    return rc;
}

/* One out-of-sync property: its name and Puppet's is/should display. */
typedef struct Diff {
    const char *prop;
    Buf is, should;
    int was_absent;     /* "defined 'x' as ..." instead of "x changed ..." */
} Diff;

/* ensure, then ip, host_aliases, comment (the type's property order);
 * when ensure changes only it is synced (Puppet's harness rule). */
static int host_apply(TxRes *t)
{
    const Resource *r = tx_resource(t);
    Host h;
    Buf err = BUF_INIT;
    TextFile f;
    int rc = -1;
    memset(&f, 0, sizeof f);
    if (host_parse(r, &h, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "%s", buf_cstr(&err));
        goto out;
    }
    if (textfile_load(&f, h.target, &err) != 0) {
        tx_log(t, LL_ERR, NULL, "Could not evaluate: %s", buf_cstr(&err));
        goto out;
    }
    HostRec rec;
    int found = find_record(&f.text, h.name, &rec);

    if (h.absent || !found) {
        if (h.absent == !found) {
            rc = 0;
            goto out;
        }
        const char *ev = h.absent ? "host_removed" : "host_created";
        if (tx_noop(t)) {
            tx_would(t, "ensure", ev, h.absent ? "'present'" : "'absent'", h.absent ? "'absent'" : "'present'");
            rc = 0;
            goto out;
        }
        if (h.absent) {
            if (save(t, &f, rec.ip.s, NULL) != 0)
                goto out;
            tx_change(t, "ensure", ev, "removed");
        } else {
            if (!h.ip) {
                tx_log(t, LL_ERR, NULL, "Could not evaluate: ip is a required attribute for hosts");
                goto out;
            }
            Buf line = BUF_INIT;
            record_line(&line, h.ip, h.name, h.aliases.s ? h.aliases.s : "", h.aliases.len,
                        h.comment ? h.comment : "", h.comment ? strlen(h.comment) : 0);
            int w = save(t, &f, NULL, buf_cstr(&line));
            buf_free(&line);
            if (w != 0)
                goto out;
            tx_change(t, "ensure", ev, "created");
        }
        rc = 0;
        goto out;
    }

    /* present and found: compare the properties */
    Diff d[3];
    int nd = 0;
    memset(d, 0, sizeof d);
    Buf cur_aliases = BUF_INIT;
    norm_aliases(&cur_aliases, rec.aliases);
    if (h.ip && !span_is(rec.ip, h.ip)) {
        d[nd].prop = "ip";
        val_puppet_quote(&d[nd].is, rec.ip.s, rec.ip.n, 0);
        val_puppet_quote(&d[nd].should, h.ip, strlen(h.ip), 0);
        nd++;
    }
    if (h.manage_aliases && strcmp(buf_cstr(&cur_aliases), buf_cstr(&h.aliases)) != 0) {
        d[nd].prop = "host_aliases";
        if (cur_aliases.len) {
            buf_adds(&d[nd].is, cur_aliases.s);     /* List#is_to_s: joined, unquoted */
        } else {
            buf_adds(&d[nd].is, "'absent'");
            d[nd].was_absent = 1;
        }
        val_puppet_quote(&d[nd].should, buf_cstr(&h.aliases), h.aliases.len, 0);
        nd++;
    }
    if (h.comment && !span_is(rec.comment, h.comment)) {
        d[nd].prop = "comment";
        val_puppet_quote(&d[nd].is, rec.comment.s, rec.comment.n, 0);
        val_puppet_quote(&d[nd].should, h.comment, strlen(h.comment), 0);
        nd++;
    }
    rc = 0;
    if (nd && !tx_noop(t)) {
        Buf line = BUF_INIT, ipb = BUF_INIT, nameb = BUF_INIT;
        buf_add(&ipb, rec.ip.s, rec.ip.n);
        buf_add(&nameb, rec.name.s, rec.name.n);
        const char *al = h.manage_aliases ? buf_cstr(&h.aliases) : buf_cstr(&cur_aliases);
        record_line(&line, h.ip ? h.ip : buf_cstr(&ipb), buf_cstr(&nameb), al, strlen(al),
                    h.comment ? h.comment : rec.comment.s, h.comment ? strlen(h.comment) : rec.comment.n);
        rc = save(t, &f, rec.ip.s, buf_cstr(&line));
        buf_free(&line);
        buf_free(&ipb);
        buf_free(&nameb);
    }
    for (int i = 0; i < nd; i++) {
        char ev[64];
        snprintf(ev, sizeof ev, "%s_changed", d[i].prop);
        if (tx_noop(t))
            tx_would(t, d[i].prop, ev, buf_cstr(&d[i].is), buf_cstr(&d[i].should));
        else if (rc == 0 && d[i].was_absent)
            tx_change(t, d[i].prop, ev, "defined '%s' as %s", d[i].prop, buf_cstr(&d[i].should));
        else if (rc == 0)
            tx_change(t, d[i].prop, ev, "%s changed %s to %s", d[i].prop, buf_cstr(&d[i].is), buf_cstr(&d[i].should));
        buf_free(&d[i].is);
        buf_free(&d[i].should);
    }
    buf_free(&cur_aliases);
out:
    host_free(&h);
    textfile_free(&f);
    buf_free(&err);
    return rc;
}

/* ---- mres ---- */

static Value *span_val(Arena *a, Span s) { return val_str(a, s.s, s.n); }

static int host_retrieve(Catalog *c, Resource *r, const char *root, Buf *err)
{
    TextFile f;
    int rc = -1;
    if (textfile_load(&f, DEFAULT_TARGET, err) != 0)
        goto out;
    HostRec rec;
    if (!find_record(&f.text, r->title, &rec)) {
        cat_res_set(c, r, "ensure", val_cstr(c->arena, "absent"));
        rc = 0;
        goto out;
    }
    cat_res_set(c, r, "ensure", val_cstr(c->arena, "present"));
    if (rec.comment.n)
        cat_res_set(c, r, "comment", span_val(c->arena, rec.comment));
    Buf al = BUF_INIT;
    norm_aliases(&al, rec.aliases);
    if (al.len) {
        ValVec vv = VV_ARENA(c->arena);
        size_t i = 0;
        while (i < al.len) {
            size_t n = strcspn(al.s + i, " ");
            val_vec_push(&vv, val_str(c->arena, al.s + i, n));
            i += n + 1;
        }
        cat_res_set(c, r, "host_aliases", val_vec_to_array(c->arena, &vv));
        val_vec_free(&vv);
    }
    buf_free(&al);
    cat_res_set(c, r, "ip", span_val(c->arena, rec.ip));
    cat_res_set(c, r, "target", val_cstr(c->arena, DEFAULT_TARGET));
    rc = 0;
out:
    textfile_free(&f);
    return rc;
}

/* Every record's name in file order, each once. */
static int host_instances(const char *root, void (*fn)(void *ctx, const char *title), void *ctx, Buf *err)
{
    TextFile f;
    if (textfile_load(&f, DEFAULT_TARGET, err) != 0) {
        textfile_free(&f);
        return -1;
    }
    Buf seen = BUF_INIT;     /* "\nname\n" markers of names already listed */
    Buf key = BUF_INIT;
    buf_addc(&seen, '\n');
    size_t pos = 0;
    Span l;
    HostRec rec;
    while (next_line(&f.text, &pos, &l)) {
        if (is_header(l) || !parse_record(l.s, l.n, &rec))
            continue;
        buf_clear(&key);
        buf_addc(&key, '\n');
        buf_add(&key, rec.name.s, rec.name.n);
        buf_addc(&key, '\n');
        if (strstr(seen.s, key.s))
            continue;
        buf_add(&seen, key.s + 1, key.len - 1);
        key.s[key.len - 1] = '\0';
        fn(ctx, key.s + 1);
    }
    buf_free(&seen);
    buf_free(&key);
    textfile_free(&f);
    return 0;
}

const Provider provider_host = {
    .type = "host",
    .validate = host_validate,
    .apply = host_apply,
    .refresh = NULL,          /* host ignores events (docs/apply.md §4.1) */
    .autorequire = NULL,      /* none (docs/apply.md §7.2) */
    .retrieve = host_retrieve,
    .instances = host_instances,
};
