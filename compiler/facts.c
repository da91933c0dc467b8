/*
 * facts.c - the facts of this machine as Facter 4 names and shapes them
 * (the legacy, external and agent facts are factsext.c's).
 *
 * Facter spends half a second starting Ruby and running lscpu, ip, blkid
 * and lsb_release; everything those give on Linux is also in a few files
 * under /proc, /sys and /etc, so mcomp reads those (and calls uname,
 * getifaddrs, statvfs) and stays in the milliseconds.  Each structured fact
 * is built bottom-up with a small hash builder; the legacy facts are then
 * derived from the structured ones by one table, which also fills in a
 * --facts file that lacks them (a Puppet agent always has them).
 */
#include "compiler/facts.h"
#include "compiler/factsint.h"
#include "compiler/hiera.h"
#include "compiler/ruby/rbtype.h"
#include "catalog/json.h"
#include "base/sha1.h"
#include "base/sha256.h"
#include "base/util.h"
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <grp.h>
#include <ifaddrs.h>
#include <linux/if_packet.h>
#include <math.h>
#include <net/if.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define A (c->arena)

/* ---- a hash builder: keys in insertion order, the last put wins ---- */

void facts_hb_put(Compiler *c, FactsHB *h, const char *key, Value *v)
{
    if (!v) return;
    for (size_t i = 0; i < h->n; i++)
        if (!strcmp(h->k[i]->str.s, key)) { h->v[i] = v; return; }
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 8;
        h->k = xrealloc(h->k, h->cap * sizeof *h->k);
        h->v = xrealloc(h->v, h->cap * sizeof *h->v);
    }
    h->k[h->n] = val_cstr(A, key);
    h->v[h->n++] = v;
}

/* The hash (NULL when empty and !keep_empty); frees the builder. */
Value *facts_hb_done(Compiler *c, FactsHB *h, int keep_empty)
{
    Value *r = h->n || keep_empty ? val_hash(A, h->k, h->v, h->n) : NULL;
    free(h->k);
    free(h->v);
    memset(h, 0, sizeof *h);
    return r;
}

/* facts followed by the builder's entries (a later key wins); frees h. */
Value *facts_with_added(Compiler *c, Value *facts, FactsHB *h)
{
    if (!h->n) return facts_hb_done(c, h, 0), facts;
    size_t total = facts->hash.n + h->n;
    Value **keys = ARENA_NEWN(A, Value *, total), **vals = ARENA_NEWN(A, Value *, total);
    memcpy(keys, facts->hash.keys, facts->hash.n * sizeof *keys);
    memcpy(vals, facts->hash.vals, facts->hash.n * sizeof *vals);
    memcpy(keys + facts->hash.n, h->k, h->n * sizeof *keys);
    memcpy(vals + facts->hash.n, h->v, h->n * sizeof *vals);
    facts_hb_done(c, h, 0);
    return val_hash(A, keys, vals, total);
}

static Value *str_or_null(Compiler *c, const char *s) { return s && *s ? val_cstr(A, s) : NULL; }

/* ---- files under the root (MCOMP_FACTS_ROOT, tests only) ---- */

const char *facts_root(void)
{
    const char *r = getenv("MCOMP_FACTS_ROOT");
    return r && *r ? r : NULL;
}

static const char *rpath(Compiler *c, const char *path)
{
    const char *r = facts_root();
    return r ? arena_printf(A, "%s%s", r, path) : path;
}

/* A small file's text (in the arena, NUL-terminated), or NULL. */
char *facts_read_text(Compiler *c, const char *path, size_t *len)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    Buf b = BUF_INIT;
    char tmp[4096];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0 && b.len < (1 << 22)) buf_add(&b, tmp, n);
    fclose(f);
    char *s = arena_strndup(A, b.s ? b.s : "", b.len);
    if (len) *len = b.len;
    buf_free(&b);
    return s;
}

/* The same for a machine file (under the root when one is set). */
static char *slurp(Compiler *c, const char *path, size_t *len) { return facts_read_text(c, rpath(c, path), len); }

/* The file's first line, whitespace-trimmed, or NULL when absent or empty. */
static char *first_line(Compiler *c, const char *path)
{
    char *s = slurp(c, path, NULL);
    if (!s) return NULL;
    s[strcspn(s, "\n")] = '\0';
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
    return *s ? s : NULL;
}

/* KEY=value (shell-quoted) from an os-release style file. */
static char *kv_file(Compiler *c, const char *text, const char *key)
{
    if (!text) return NULL;
    size_t kl = strlen(key);
    for (const char *p = text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
        if (strncmp(p, key, kl) || p[kl] != '=') continue;
        const char *v = p + kl + 1;
        size_t n = strcspn(v, "\n");
        if (n && (*v == '"' || *v == '\'')) {
            char q = *v++;
            n--;
            if (n && v[n - 1] == q) n--;
        }
        return arena_strndup(A, v, n);
    }
    return NULL;
}

/* ---- Facter's number formats ---- */

/* UnitConverter.bytes_to_human_readable: "23.54 GiB", "4.00 KiB", "0 bytes". */
static const char *human_bytes(Compiler *c, uint64_t bytes)
{
    if (bytes < 1024) return arena_printf(A, "%llu bytes", (unsigned long long)bytes);
    static const char *prefix[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int exp = (int)floor(log2((double)bytes) / 10.0);
    double num = round(100.0 * ((double)bytes / pow(1024.0, exp))) / 100.0;
    if (fabs(num - 1024.0) < 2.220446049250313e-16) {
        exp++;
        num = 1.0;
    }
    if (exp < 1 || exp > 6) return arena_printf(A, "%llu bytes", (unsigned long long)bytes);
    return arena_printf(A, "%.2f %s", num, prefix[exp - 1]);
}

/* FilesystemHelper.compute_capacity */
static const char *capacity(Compiler *c, uint64_t used, uint64_t total)
{
    if (used == total) return "100%";
    if (used > 0) return arena_printf(A, "%.2f%%", (double)used / (double)total * 100.0);
    return "0%";
}

/* /proc/mounts: device path fstype options ... (octal escapes in paths) */
typedef struct Mount { char *dev, *path, *fs, *opts; } Mount;

static char *unescape_mount(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
            *w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
            r += 3;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    return s;
}

static Mount *read_mounts(Compiler *c, size_t *n)
{
    *n = 0;
    char *t = slurp(c, "/proc/mounts", NULL);
    if (!t) return NULL;
    size_t lines = 1;
    for (char *p = t; *p; p++) lines += *p == '\n';
    Mount *m = ARENA_NEWN(A, Mount, lines);
    char *save = NULL;
    for (char *line = strtok_r(t, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *f[4], *s2 = NULL;
        int k = 0;
        for (char *tok = strtok_r(line, " \t", &s2); tok && k < 4; tok = strtok_r(NULL, " \t", &s2)) f[k++] = tok;
        if (k < 4) continue;
        m[*n] = (Mount){unescape_mount(f[0]), unescape_mount(f[1]), f[2], f[3]};
        (*n)++;
    }
    return m;
}

/* ---- os, kernel ---- */

static const char *dpkg_arch(const char *machine)
{
    static const char *map[][2] = {
        {"x86_64", "amd64"}, {"aarch64", "arm64"}, {"i686", "i386"}, {"i586", "i386"}, {"i386", "i386"},
        {"armv7l", "armhf"}, {"armv6l", "armel"}, {"ppc64le", "ppc64el"}, {"s390x", "s390x"},
        {"riscv64", "riscv64"}, {"mips64", "mips64el"},
    };
    for (size_t i = 0; i < ARRAY_LEN(map); i++)
        if (!strcmp(machine, map[i][0])) return map[i][1];
    return machine;
}

static Value *release_hash(Compiler *c, const char *full, int ubuntu)
{
    if (!full) return NULL;
    FactsHB h = {0};
    facts_hb_put(c, &h, "full", val_cstr(A, full));
    if (ubuntu) {
        facts_hb_put(c, &h, "major", val_cstr(A, full));
    } else {
        size_t n = strcspn(full, ".");
        facts_hb_put(c, &h, "major", val_str(A, full, n));
        if (full[n] == '.') {
            /* Facter drops a leading zero: 10.04 -> minor "4" */
            const char *m = full + n + 1;
            size_t ml = strcspn(m, ".");
            if (ml >= 2 && m[0] == '0' && m[1] >= '1' && m[1] <= '9') m++, ml--;
            facts_hb_put(c, &h, "minor", val_str(A, m, ml));
        }
    }
    return facts_hb_done(c, &h, 0);
}

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (!strncasecmp(hay, needle, n)) return 1;
    return 0;
}

static int is_debian_like(const char *id)
{
    static const char *fam[] = {"debian", "ubuntu", "huaweios", "linuxmint", "devuan", "kde"};
    for (size_t i = 0; i < ARRAY_LEN(fam); i++)
        if (id && contains_nocase(id, fam[i])) return 1;
    return 0;
}

static const char *os_family(const char *id, const char *name)
{
    static const char *fams[][2] = {
        {"redhat", "RedHat"}, {"rhel", "RedHat"}, {"fedora", "RedHat"}, {"centos", "RedHat"},
        {"rocky", "RedHat"}, {"almalinux", "RedHat"}, {"ol", "RedHat"}, {"amzn", "RedHat"},
        {"sles", "Suse"}, {"sled", "Suse"}, {"suse", "Suse"}, {"gentoo", "Gentoo"},
        {"arch", "Archlinux"}, {"manjaro", "Archlinux"}, {"mageia", "Mandrake"},
    };
    if (is_debian_like(id)) return "Debian";
    for (size_t i = 0; id && i < ARRAY_LEN(fams); i++)
        if (!strcmp(id, fams[i][0])) return fams[i][1];
    return name;
}

static void gather_os(Compiler *c, FactsHB *top, const struct utsname *u, const Mount *m, size_t nm)
{
    char *osr = slurp(c, "/etc/os-release", NULL);
    if (!osr) osr = slurp(c, "/usr/lib/os-release", NULL);
    char *id = kv_file(c, osr, "ID");
    char *osname = kv_file(c, osr, "NAME");
    const char *name = u->sysname[0] ? u->sysname : "Linux";
    if (osname && *osname) name = arena_strndup(A, osname, strcspn(osname, " "));
    int ubuntu = id && !strcmp(id, "ubuntu");
    const char *full = NULL;
    if (id && !strcmp(id, "debian")) full = first_line(c, "/etc/debian_version");
    if (!full) full = kv_file(c, osr, "VERSION_ID");

    FactsHB os = {0};
    if (u->machine[0]) facts_hb_put(c, &os, "architecture", val_cstr(A, is_debian_like(id) ? dpkg_arch(u->machine) : u->machine));
    /* os.distro: Debian's from os-release and debian_version; Ubuntu's
     * release from os-release and the rest from lsb_release's
     * /etc/lsb-release (Facter 4.3's fact classes for each) */
    if (is_debian_like(id)) {
        FactsHB d = {0};
        char *lsb = ubuntu ? slurp(c, "/etc/lsb-release", NULL) : NULL;
        const char *code = ubuntu ? kv_file(c, lsb, "DISTRIB_CODENAME") : kv_file(c, osr, "VERSION_CODENAME");
        if (!code && !ubuntu) {
            /* from VERSION="12 (bookworm)" */
            char *ver = kv_file(c, osr, "VERSION"), *lp = ver ? strrchr(ver, '(') : NULL;
            if (lp && lp[strlen(lp) - 1] == ')') code = arena_strndup(A, lp + 1, strlen(lp) - 2);
        }
        const char *desc = ubuntu ? kv_file(c, lsb, "DISTRIB_DESCRIPTION") : kv_file(c, osr, "PRETTY_NAME");
        const char *did = ubuntu ? kv_file(c, lsb, "DISTRIB_ID") : NULL;
        if (!ubuntu && id && *id) {
            char *cap = arena_strdup(A, id);
            cap[0] = (char)toupper((unsigned char)cap[0]);
            did = cap;
        }
        facts_hb_put(c, &d, "codename", str_or_null(c, code));
        facts_hb_put(c, &d, "description", str_or_null(c, desc));
        facts_hb_put(c, &d, "id", str_or_null(c, did));
        facts_hb_put(c, &d, "release", release_hash(c, full, ubuntu));
        facts_hb_put(c, &os, "distro", facts_hb_done(c, &d, 0));
    }
    facts_hb_put(c, &os, "family", val_cstr(A, os_family(id, name)));
    if (u->machine[0]) facts_hb_put(c, &os, "hardware", val_cstr(A, u->machine));
    facts_hb_put(c, &os, "name", val_cstr(A, name));
    facts_hb_put(c, &os, "release", release_hash(c, full, ubuntu));
    /* selinux: enabled when selinuxfs is mounted and /etc/selinux/config is there */
    FactsHB se = {0};
    const char *sefs = NULL;
    for (size_t i = 0; i < nm; i++)
        if (!strcmp(m[i].fs, "selinuxfs")) { sefs = m[i].path; break; }
    char *conf = sefs ? slurp(c, "/etc/selinux/config", NULL) : NULL;
    facts_hb_put(c, &se, "enabled", val_bool(conf && *conf));
    if (conf && *conf) {
        char *mode = kv_file(c, conf, "SELINUX"), *type = kv_file(c, conf, "SELINUXTYPE");
        facts_hb_put(c, &se, "config_mode", str_or_null(c, mode));
        facts_hb_put(c, &se, "config_policy", str_or_null(c, type));
        char *enforce = first_line(c, arena_printf(A, "%s/enforce", sefs));
        int on = enforce && !strcmp(enforce, "1");
        facts_hb_put(c, &se, "current_mode", val_cstr(A, on ? "enforcing" : "permissive"));
        facts_hb_put(c, &se, "enforced", val_bool(on));
        facts_hb_put(c, &se, "policy_version", str_or_null(c, first_line(c, arena_printf(A, "%s/policyvers", sefs))));
    }
    facts_hb_put(c, &os, "selinux", facts_hb_done(c, &se, 1));
    facts_hb_put(c, top, "os", facts_hb_done(c, &os, 1));
}

static void gather_kernel(Compiler *c, FactsHB *top, const struct utsname *u)
{
    if (!u->release[0]) return;
    facts_hb_put(c, top, "kernel", val_cstr(A, u->sysname));
    facts_hb_put(c, top, "kernelrelease", val_cstr(A, u->release));
    size_t n = strcspn(u->release, "-");
    facts_hb_put(c, top, "kernelversion", val_str(A, u->release, n));
    const char *dot = strchr(u->release, '.');
    size_t m = dot ? (size_t)(dot - u->release) + 1 + strcspn(dot + 1, ".-") : n;
    facts_hb_put(c, top, "kernelmajversion", val_str(A, u->release, m));
}

int facts_name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The entries of dir (sorted, without . and ..), in the arena; n set. */
static char **dir_names(Compiler *c, const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(rpath(c, dir));
    if (!d) return NULL;
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (*n == cap) {
            size_t nc = cap ? cap * 2 : 16;
            char **nn = ARENA_NEWN(A, char *, nc);
            if (names) memcpy(nn, names, cap * sizeof *nn);
            names = nn;
            cap = nc;
        }
        names[(*n)++] = arena_strdup(A, e->d_name);
    }
    closedir(d);
    if (*n) qsort(names, *n, sizeof *names, facts_name_cmp);
    return names;
}

/* ---- networking ---- */

typedef struct Iface {
    const char *name;
    FactsHB b4, b6;                 /* bindings */
    Value *v4, *v6;            /* the bindings arrays */
    const char *mac;
    int has_mtu, mtu;
} Iface;

static Iface *iface_get(Compiler *c, Iface **list, size_t *n, const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (!strcmp((*list)[i].name, name)) return &(*list)[i];
    *list = xrealloc(*list, (*n + 1) * sizeof **list);
    Iface *f = &(*list)[(*n)++];
    memset(f, 0, sizeof *f);
    f->name = arena_strdup(A, name);
    return f;
}

static const char *scope6_of(const struct in6_addr *a)
{
    if (IN6_IS_ADDR_LINKLOCAL(a)) return "link";
    if (IN6_IS_ADDR_SITELOCAL(a)) return "site";
    if (IN6_IS_ADDR_LOOPBACK(a)) return "host";
    return "global";
}

/* Facter's find_valid_binding: the first that is not loopback, link-local
 * or unique-local, else the first. */
static int ignored_addr(int fam, const void *a)
{
    if (fam == AF_INET) {
        uint32_t x = ntohl(((const struct in_addr *)a)->s_addr);
        return (x >> 24) == 127 || (x >> 16) == 0xa9fe;
    }
    const struct in6_addr *b = a;
    return IN6_IS_ADDR_LOOPBACK(b) || IN6_IS_ADDR_LINKLOCAL(b) || (b->s6_addr[0] & 0xfe) == 0xfc;
}

static const char *ip6_flags_text(Compiler *c, const char *addrtext, const char *ifname, Value **flags)
{
    *flags = NULL;
    char *t = slurp(c, "/proc/net/if_inet6", NULL);
    if (!t) return NULL;
    struct in6_addr want;
    if (inet_pton(AF_INET6, addrtext, &want) != 1) return NULL;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        char hex[33], name[IF_NAMESIZE + 1];
        unsigned idx, plen, scope, fl;
        if (sscanf(line, "%32s %x %x %x %x %16s", hex, &idx, &plen, &scope, &fl, name) != 6) continue;
        if (strcmp(name, ifname)) continue;
        struct in6_addr a;
        for (int i = 0; i < 16; i++) {
            unsigned byte;
            sscanf(hex + 2 * i, "%2x", &byte);
            a.s6_addr[i] = (unsigned char)byte;
        }
        if (memcmp(&a, &want, sizeof a)) continue;
        static const char *names[] = {"temporary", "noad", "optimistic", "dadfailed", "homeaddress",
                                      "deprecated", "tentative", "permanent"};
        Value *items[8];
        size_t n = 0;
        for (int i = 0; i < 8; i++)
            if (fl & (1u << i)) items[n++] = val_cstr(A, names[i]);
        *flags = val_array(A, items, n);
        return "";
    }
    return NULL;
}

static Value *binding(Compiler *c, int fam, const void *addr, const void *mask, const char *ifname, const char **scope)
{
    char at[INET6_ADDRSTRLEN], mt[INET6_ADDRSTRLEN], nt[INET6_ADDRSTRLEN];
    unsigned char net[16];
    size_t len = fam == AF_INET ? 4 : 16;
    for (size_t i = 0; i < len; i++) net[i] = ((const unsigned char *)addr)[i] & (mask ? ((const unsigned char *)mask)[i] : 0xff);
    inet_ntop(fam, addr, at, sizeof at);
    if (mask) inet_ntop(fam, mask, mt, sizeof mt);
    inet_ntop(fam, net, nt, sizeof nt);
    FactsHB h = {0};
    facts_hb_put(c, &h, "address", val_cstr(A, at));
    if (mask) {
        facts_hb_put(c, &h, "netmask", val_cstr(A, mt));
        facts_hb_put(c, &h, "network", val_cstr(A, nt));
    }
    if (fam == AF_INET6) {
        *scope = scope6_of(addr);
        facts_hb_put(c, &h, "scope6", val_cstr(A, *scope));
        Value *flags;
        if (ip6_flags_text(c, at, ifname, &flags)) facts_hb_put(c, &h, "flags", flags);
    }
    return facts_hb_done(c, &h, 1);
}

/* The interface of the default route in /proc/net/route. */
static const char *primary_iface(Compiler *c)
{
    char *t = slurp(c, "/proc/net/route", NULL);
    if (!t) return NULL;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        char name[64];
        unsigned long dest, gw, flags;
        if (sscanf(line, "%63s %lx %lx %lx", name, &dest, &gw, &flags) == 4 && dest == 0 && (flags & 1))
            return arena_strdup(A, name);
    }
    return NULL;
}

static void hostname_facts(Compiler *c, FactsHB *net)
{
    char host[256] = "";
    const char *root = facts_root();
    if (root) {
        char *h = first_line(c, "/proc/sys/kernel/hostname");
        snprintf(host, sizeof host, "%s", h ? h : "");
    } else if (gethostname(host, sizeof host - 1) != 0) {
        host[0] = '\0';
    }
    if (!host[0]) return;
    char *dot = strchr(host, '.');
    const char *hostname = dot ? arena_strndup(A, host, (size_t)(dot - host)) : arena_strdup(A, host);
    const char *domain = dot ? arena_strdup(A, dot + 1) : NULL;
    if (!domain) {
        /* /etc/resolv.conf's domain, else its first search domain (Facter
         * first asks the resolver for a canonical name: mcomp does not,
         * so that gathering never waits for DNS) */
        char *rc = slurp(c, "/etc/resolv.conf", NULL);
        const char *found[2] = {NULL, NULL};
        for (char *line = rc ? strtok(rc, "\n") : NULL; line; line = strtok(NULL, "\n")) {
            int which = !strncmp(line, "domain", 6) ? 0 : !strncmp(line, "search", 6) ? 1 : -1;
            if (which < 0 || !isspace((unsigned char)line[6]) || found[which]) continue;
            char *v = line + 6;
            v += strspn(v, " \t");
            if (*v) found[which] = arena_strndup(A, v, strcspn(v, " \t\r"));
        }
        domain = found[0] ? found[0] : found[1];
    }
    facts_hb_put(c, net, "domain", str_or_null(c, domain));
    facts_hb_put(c, net, "fqdn", val_cstr(A, domain && *domain ? arena_printf(A, "%s.%s", hostname, domain) : hostname));
    facts_hb_put(c, net, "hostname", val_cstr(A, hostname));
}

/* The DHCP server that gave ifname its address: systemd-networkd's,
 * dhclient's or NetworkManager's lease files (Facter's Dhcp, without its
 * last resort, running dhcpcd). */
static const char *dhcp_server(Compiler *c, const char *ifname)
{
    char *idx = first_line(c, arena_printf(A, "/sys/class/net/%s/ifindex", ifname));
    char *t = idx ? slurp(c, arena_printf(A, "/run/systemd/netif/leases/%s", idx), NULL) : NULL;
    char *m = t ? strstr(t, "SERVER_ADDRESS=") : NULL;
    if (m) return arena_strndup(A, m + 15, strcspn(m + 15, "\n"));
    static const char *dirs[] = {"/var/lib/dhclient", "/var/lib/dhcp", "/var/lib/dhcp3", "/var/lib/NetworkManager", "/var/db"};
    for (size_t d = 0; d < ARRAY_LEN(dirs); d++) {
        size_t n;
        char **names = dir_names(c, dirs[d], &n);
        for (size_t i = 0; i < n; i++) {
            if (!strstr(names[i], "dhclient") || !strstr(names[i], ".lease")) continue;
            char *l = slurp(c, arena_printf(A, "%s/%s", dirs[d], names[i]), NULL);
            char *in = l ? strstr(l, "interface") : NULL;
            if (!in || !strstr(in, ifname)) continue;
            char *id = strstr(l, "dhcp-server-identifier ");
            unsigned a, b, cc, dd;
            if (id && sscanf(id + 23, "%u.%u.%u.%u", &a, &b, &cc, &dd) == 4)
                return arena_printf(A, "%u.%u.%u.%u", a, b, cc, dd);
        }
    }
    size_t n;
    char **names = dir_names(c, "/var/lib/NetworkManager", &n);
    for (size_t i = 0; i < n; i++) {
        char *in = strstr(names[i], "internal");
        if (!in || !strstr(in, arena_printf(A, "%s.lease", ifname))) continue;
        char *l = slurp(c, arena_printf(A, "/var/lib/NetworkManager/%s", names[i]), NULL);
        char *sa = l ? strstr(l, "SERVER_ADDRESS=") : NULL;
        if (sa) return arena_strndup(A, sa + 15, strcspn(sa + 15, "\n"));
        break;
    }
    return NULL;
}

static void gather_networking(Compiler *c, FactsHB *top)
{
    FactsHB net = {0};
    hostname_facts(c, &net);
    Iface *ifs = NULL;
    size_t nifs = 0;
    struct ifaddrs *ifa0 = NULL;
    if (!facts_root() && getifaddrs(&ifa0) == 0) {
        for (struct ifaddrs *ifa = ifa0; ifa; ifa = ifa->ifa_next) {
            if (!ifa->ifa_addr || !ifa->ifa_name) continue;
            int fam = ifa->ifa_addr->sa_family;
            if (fam != AF_INET && fam != AF_INET6 && fam != AF_PACKET) continue;
            Iface *f = iface_get(c, &ifs, &nifs, ifa->ifa_name);
            const char *scope = NULL;
            if (fam == AF_INET) {
                const void *m = ifa->ifa_netmask ? &((struct sockaddr_in *)ifa->ifa_netmask)->sin_addr : NULL;
                Value *b = binding(c, fam, &((struct sockaddr_in *)ifa->ifa_addr)->sin_addr, m, f->name, &scope);
                facts_hb_put(c, &f->b4, arena_printf(A, "%zu", f->b4.n), b);
            } else if (fam == AF_INET6) {
                const void *m = ifa->ifa_netmask ? &((struct sockaddr_in6 *)ifa->ifa_netmask)->sin6_addr : NULL;
                Value *b = binding(c, fam, &((struct sockaddr_in6 *)ifa->ifa_addr)->sin6_addr, m, f->name, &scope);
                facts_hb_put(c, &f->b6, arena_printf(A, "%zu", f->b6.n), b);
            } else {
                struct sockaddr_ll *ll = (struct sockaddr_ll *)ifa->ifa_addr;
                int nonzero = 0;
                for (int i = 0; i < ll->sll_halen; i++) nonzero |= ll->sll_addr[i];
                if (ll->sll_halen == 6 && nonzero)
                    f->mac = arena_printf(A, "%02x:%02x:%02x:%02x:%02x:%02x", ll->sll_addr[0], ll->sll_addr[1],
                                          ll->sll_addr[2], ll->sll_addr[3], ll->sll_addr[4], ll->sll_addr[5]);
            }
        }
        freeifaddrs(ifa0);
    }
    /* interfaces sorted by name, as Facter's hash prints */
    for (size_t i = 1; i < nifs; i++)
        for (size_t j = i; j > 0 && strcmp(ifs[j - 1].name, ifs[j].name) > 0; j--) {
            Iface t = ifs[j];
            ifs[j] = ifs[j - 1];
            ifs[j - 1] = t;
        }
    const char *primary = primary_iface(c);
    FactsHB all = {0};
    Value *primary_v = NULL;
    for (size_t i = 0; i < nifs; i++) {
        Iface *f = &ifs[i];
        char *mtu = first_line(c, arena_printf(A, "/sys/class/net/%s/mtu", f->name));
        FactsHB h = {0};
        for (int v6 = 0; v6 < 2; v6++) {
            FactsHB *bh = v6 ? &f->b6 : &f->b4;
            if (!bh->n) continue;
            Value *arr = val_array(A, bh->v, bh->n);
            facts_hb_put(c, &h, v6 ? "bindings6" : "bindings", arr);
            facts_hb_done(c, bh, 0);
            Value *pick = arr->arr.items[0];
            for (size_t k = 0; k < arr->arr.n; k++) {
                unsigned char raw[16];
                Value *ad = val_hash_gets(arr->arr.items[k], "address");
                if (inet_pton(v6 ? AF_INET6 : AF_INET, ad->str.s, raw) == 1 && !ignored_addr(v6 ? AF_INET6 : AF_INET, raw)) {
                    pick = arr->arr.items[k];
                    break;
                }
            }
            facts_hb_put(c, &h, v6 ? "ip6" : "ip", val_hash_gets(pick, "address"));
            facts_hb_put(c, &h, v6 ? "netmask6" : "netmask", val_hash_gets(pick, "netmask"));
            facts_hb_put(c, &h, v6 ? "network6" : "network", val_hash_gets(pick, "network"));
            if (v6) facts_hb_put(c, &h, "scope6", val_hash_gets(pick, "scope6"));
        }
        const char *dhcp = dhcp_server(c, f->name);
        if (dhcp) facts_hb_put(c, &h, "dhcp", val_cstr(A, dhcp));
        if (f->mac) facts_hb_put(c, &h, "mac", val_cstr(A, f->mac));
        if (mtu) facts_hb_put(c, &h, "mtu", val_int(A, strtol(mtu, NULL, 10)));
        Value *iv = facts_hb_done(c, &h, 1);
        facts_hb_put(c, &all, f->name, iv);
        if (primary && !strcmp(primary, f->name)) primary_v = iv;
    }
    free(ifs);
    if (!primary_v) {
        /* no default route: the first interface with a usable IPv4 address */
        for (size_t i = 0; i < all.n && !primary_v; i++) {
            Value *ip = val_hash_gets(all.v[i], "ip");
            struct in_addr a;
            if (ip && inet_pton(AF_INET, ip->str.s, &a) == 1 && !ignored_addr(AF_INET, &a)) {
                primary = all.k[i]->str.s;
                primary_v = all.v[i];
            }
        }
    }
    /* dhcp_servers: the primary interface's as "system", then each one's */
    if (all.n) {
        FactsHB ds = {0};
        Value *sys = primary_v ? val_hash_gets(primary_v, "dhcp") : NULL;
        facts_hb_put(c, &ds, "system", sys ? sys : VAL_UNDEF);
        for (size_t i = 0; i < all.n; i++) facts_hb_put(c, &ds, all.k[i]->str.s, val_hash_gets(all.v[i], "dhcp"));
        facts_hb_put(c, top, "dhcp_servers", facts_hb_done(c, &ds, 1));
    }
    Value *interfaces = facts_hb_done(c, &all, 0);
    if (interfaces) facts_hb_put(c, &net, "interfaces", interfaces);
    if (primary_v) {
        for (size_t i = 0; i < primary_v->hash.n; i++) {
            const char *k = primary_v->hash.keys[i]->str.s;
            if (strcmp(k, "bindings") && strcmp(k, "bindings6")) facts_hb_put(c, &net, k, primary_v->hash.vals[i]);
        }
        facts_hb_put(c, &net, "primary", val_cstr(A, primary));
    }
    Value *nv = facts_hb_done(c, &net, 0);
    if (nv) facts_hb_put(c, top, "networking", nv);
}

/* ---- memory, processors, disks, mountpoints, partitions ---- */

static int meminfo(const char *t, const char *key, uint64_t *out)
{
    const char *p = t ? strstr(t, key) : NULL;
    if (!p) return 0;
    *out = strtoull(p + strlen(key), NULL, 10) * 1024;
    return 1;
}

static Value *mem_hash(Compiler *c, uint64_t total, uint64_t avail)
{
    FactsHB h = {0};
    uint64_t used = total - avail;
    facts_hb_put(c, &h, "available", val_cstr(A, human_bytes(c, avail)));
    facts_hb_put(c, &h, "available_bytes", val_int(A, (int64_t)avail));
    facts_hb_put(c, &h, "capacity", val_cstr(A, arena_printf(A, "%.2f%%", (double)used / (double)total * 100.0)));
    facts_hb_put(c, &h, "total", val_cstr(A, human_bytes(c, total)));
    facts_hb_put(c, &h, "total_bytes", val_int(A, (int64_t)total));
    facts_hb_put(c, &h, "used", val_cstr(A, human_bytes(c, used)));
    facts_hb_put(c, &h, "used_bytes", val_int(A, (int64_t)used));
    return facts_hb_done(c, &h, 1);
}

static void gather_memory(Compiler *c, FactsHB *top)
{
    char *t = slurp(c, "/proc/meminfo", NULL);
    uint64_t total, avail, free_, buffers = 0, cached = 0;
    if (!meminfo(t, "MemTotal:", &total) || !total) return;
    if (!meminfo(t, "MemAvailable:", &avail)) {
        meminfo(t, "MemFree:", &free_);
        meminfo(t, "Buffers:", &buffers);
        meminfo(t, "\nCached:", &cached);
        avail = free_ + buffers + cached;
    }
    FactsHB m = {0};
    uint64_t st, sf;
    if (meminfo(t, "SwapTotal:", &st) && st && meminfo(t, "SwapFree:", &sf)) facts_hb_put(c, &m, "swap", mem_hash(c, st, sf));
    facts_hb_put(c, &m, "system", mem_hash(c, total, avail));
    facts_hb_put(c, top, "memory", facts_hb_done(c, &m, 1));
}

static void gather_processors(Compiler *c, FactsHB *top, const struct utsname *u)
{
    char *t = slurp(c, "/proc/cpuinfo", NULL);
    if (!t) return;
    long count = 0, cores = 0, siblings = 0;
    int64_t speed = 0;
    Value **models = NULL;
    size_t nmodels = 0;
    long phys[256];
    size_t nphys = 0;
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        char *colon = strchr(line, ':');
        if (!colon) continue;
        size_t kl = (size_t)(colon - line);
        while (kl && isspace((unsigned char)line[kl - 1])) kl--;
        char *v = colon + 1;
        v += strspn(v, " \t");
        size_t vl = strlen(v);
        while (vl && isspace((unsigned char)v[vl - 1])) v[--vl] = '\0';
#define KEY(s) (kl == sizeof(s) - 1 && !strncmp(line, s, kl))
        if (KEY("processor")) count++;
        else if (KEY("model name") || KEY("cpu")) {
            models = xrealloc(models, (nmodels + 1) * sizeof *models);
            models[nmodels++] = val_cstr(A, v);
        } else if (KEY("physical id")) {
            long id = strtol(v, NULL, 10);
            size_t i = 0;
            while (i < nphys && phys[i] != id) i++;
            if (i == nphys && nphys < ARRAY_LEN(phys)) phys[nphys++] = id;
        } else if (KEY("cpu MHz") || KEY("clock")) {
            speed = (int64_t)strtol(v, NULL, 10) * 1000000;
        } else if (KEY("cpu cores") && !cores) cores = strtol(v, NULL, 10);
        else if (KEY("siblings") && !siblings) siblings = strtol(v, NULL, 10);
#undef KEY
    }
    if (!nphys) {
        /* distinct physical_package_id of /sys/devices/system/cpu/cpuN */
        for (long i = 0; i < count && i < 4096; i++) {
            char *p = first_line(c, arena_printf(A, "/sys/devices/system/cpu/cpu%ld/topology/physical_package_id", i));
            if (!p) continue;
            long id = strtol(p, NULL, 10);
            size_t k = 0;
            while (k < nphys && phys[k] != id) k++;
            if (k == nphys && nphys < ARRAY_LEN(phys)) phys[nphys++] = id;
        }
    }
    FactsHB h = {0};
    if (cores) facts_hb_put(c, &h, "cores", val_int(A, cores));
    facts_hb_put(c, &h, "count", val_int(A, count));
    facts_hb_put(c, &h, "isa", val_cstr(A, !strcmp(u->sysname, "Linux") || !u->sysname[0] ? "unknown" : u->machine));
    facts_hb_put(c, &h, "models", val_array(A, models, nmodels));
    facts_hb_put(c, &h, "physicalcount", val_int(A, (int64_t)nphys));
    if (speed > 0) {
        /* UnitConverter.hertz_to_human_readable */
        static const char *pre[] = {"", "k", "M", "G", "T"};
        int power = (int)floor(log10((double)speed)), e = power - power % 3;
        double coef = power == 0 ? (double)speed : (double)speed / pow(10, e);
        facts_hb_put(c, &h, "speed", val_cstr(A, arena_printf(A, "%.2f %sHz", round(coef * 100) / 100, e / 3 <= 4 ? pre[e / 3] : "")));
    }
    if (cores && siblings) facts_hb_put(c, &h, "threads", val_int(A, siblings / cores));
    free(models);
    facts_hb_put(c, top, "processors", facts_hb_done(c, &h, 1));
}

static void gather_disks(Compiler *c, FactsHB *top)
{
    size_t n;
    char **names = dir_names(c, "/sys/block", &n);
    FactsHB disks = {0};
    for (size_t i = 0; i < n; i++) {
        if (access(rpath(c, arena_printf(A, "/sys/block/%s/device", names[i])), R_OK) != 0) continue;
        FactsHB h = {0};
        char *model = first_line(c, arena_printf(A, "/sys/block/%s/device/model", names[i]));
        char *size = first_line(c, arena_printf(A, "/sys/block/%s/size", names[i]));
        char *vendor = first_line(c, arena_printf(A, "/sys/block/%s/device/vendor", names[i]));
        char *rot = first_line(c, arena_printf(A, "/sys/block/%s/queue/rotational", names[i]));
        facts_hb_put(c, &h, "model", str_or_null(c, model));
        if (size) {
            uint64_t b = strtoull(size, NULL, 10) * 512;
            facts_hb_put(c, &h, "size", val_cstr(A, human_bytes(c, b)));
            facts_hb_put(c, &h, "size_bytes", val_int(A, (int64_t)b));
        }
        if (rot) facts_hb_put(c, &h, "type", val_cstr(A, !strcmp(rot, "0") ? "ssd" : "hdd"));
        facts_hb_put(c, &h, "vendor", str_or_null(c, vendor));
        facts_hb_put(c, &disks, names[i], facts_hb_done(c, &h, 1));
    }
    Value *d = facts_hb_done(c, &disks, 0);
    if (d) facts_hb_put(c, top, "disks", d);
}

static void gather_mountpoints(Compiler *c, FactsHB *top, Mount *m, size_t nm)
{
    FactsHB all = {0};
    char *cmdline = NULL;
    for (size_t i = 0; i < nm; i++) {
        int procsys = !strncmp(m[i].path, "/proc", 5) || !strncmp(m[i].path, "/sys", 4);
        if ((procsys && strcmp(m[i].fs, "tmpfs")) || !strcmp(m[i].fs, "autofs")) continue;
        const char *dev = m[i].dev;
        if (!strcmp(dev, "/dev/root")) {
            if (!cmdline) cmdline = slurp(c, "/proc/cmdline", NULL);
            char *r = cmdline ? strstr(cmdline, "root=") : NULL;
            if (r && !strchr(arena_strndup(A, r + 5, strcspn(r + 5, " \n")), '=')) dev = arena_strndup(A, r + 5, strcspn(r + 5, " \n"));
        }
        uint64_t size = 0, avail = 0, used = 0;
        struct statvfs sv;
        if (!facts_root() && statvfs(m[i].path, &sv) == 0) {
            size = (uint64_t)sv.f_blocks * sv.f_frsize;
            avail = (uint64_t)sv.f_bavail * sv.f_frsize;
            used = (uint64_t)(sv.f_blocks - sv.f_bfree) * sv.f_frsize;
        }
        FactsHB h = {0};
        facts_hb_put(c, &h, "available", val_cstr(A, human_bytes(c, avail)));
        facts_hb_put(c, &h, "available_bytes", val_int(A, (int64_t)avail));
        facts_hb_put(c, &h, "capacity", val_cstr(A, capacity(c, used, used + avail)));
        facts_hb_put(c, &h, "device", val_cstr(A, dev));
        facts_hb_put(c, &h, "filesystem", val_cstr(A, m[i].fs));
        Value **opts = NULL;
        size_t no = 0;
        for (char *o = m[i].opts; *o;) {
            size_t l = strcspn(o, ",");
            opts = xrealloc(opts, (no + 1) * sizeof *opts);
            opts[no++] = val_str(A, o, l);
            o += l + (o[l] == ',');
        }
        facts_hb_put(c, &h, "options", val_array(A, opts, no));
        free(opts);
        facts_hb_put(c, &h, "size", val_cstr(A, human_bytes(c, size)));
        facts_hb_put(c, &h, "size_bytes", val_int(A, (int64_t)size));
        facts_hb_put(c, &h, "used", val_cstr(A, human_bytes(c, used)));
        facts_hb_put(c, &h, "used_bytes", val_int(A, (int64_t)used));
        facts_hb_put(c, &all, m[i].path, facts_hb_done(c, &h, 1));
    }
    Value *v = facts_hb_done(c, &all, 0);
    if (v) facts_hb_put(c, top, "mountpoints", v);
}

/* partitions: /sys/block/DISK/PART with their size and mount point;
 * Facter adds blkid's uuid, label and filesystem, which need root tools. */
static void gather_partitions(Compiler *c, FactsHB *top, Mount *m, size_t nm)
{
    size_t n;
    char **disks = dir_names(c, "/sys/block", &n);
    FactsHB all = {0};
    for (size_t i = 0; i < n; i++) {
        if (!strncmp(disks[i], "loop", 4) || !strncmp(disks[i], "ram", 3)) continue;
        size_t np;
        char **parts = dir_names(c, arena_printf(A, "/sys/block/%s", disks[i]), &np);
        for (size_t j = 0; j < np; j++) {
            if (access(rpath(c, arena_printf(A, "/sys/block/%s/%s/partition", disks[i], parts[j])), F_OK) != 0) continue;
            FactsHB h = {0};
            const char *dev = arena_printf(A, "/dev/%s", parts[j]);
            for (size_t k = 0; k < nm; k++)
                if (!strcmp(m[k].dev, dev)) { facts_hb_put(c, &h, "mount", val_cstr(A, m[k].path)); break; }
            char *size = first_line(c, arena_printf(A, "/sys/block/%s/%s/size", disks[i], parts[j]));
            if (size) {
                uint64_t b = strtoull(size, NULL, 10) * 512;
                facts_hb_put(c, &h, "size", val_cstr(A, human_bytes(c, b)));
                facts_hb_put(c, &h, "size_bytes", val_int(A, (int64_t)b));
            }
            facts_hb_put(c, &all, dev, facts_hb_done(c, &h, 1));
        }
    }
    Value *v = facts_hb_done(c, &all, 0);
    if (v) facts_hb_put(c, top, "partitions", v);
}

/* ---- dmi, virtual ---- */

static void gather_dmi(Compiler *c, FactsHB *top, const char **product_name, const char **bios_vendor, const char **sys_vendor)
{
    static const char *chassis[] = {
        "Other", "Unknown", "Desktop", "Low Profile Desktop", "Pizza Box", "Mini Tower", "Tower", "Portable",
        "Laptop", "Notebook", "Hand Held", "Docking Station", "All in One", "Sub Notebook", "Space-Saving",
        "Lunch Box", "Main System Chassis", "Expansion Chassis", "SubChassis", "Bus Expansion Chassis",
        "Peripheral Chassis", "Storage Chassis", "Rack Mount Chassis", "Sealed-Case PC", "Multi-system",
        "CompactPCI", "AdvancedTCA", "Blade", "Blade Enclosure", "Tablet", "Convertible", "Detachable",
        "IoT Gateway", "Embedded PC", "Mini PC", "Stick PC",
    };
#define DMI(f) first_line(c, "/sys/class/dmi/id/" f)
    FactsHB bios = {0}, board = {0}, ch = {0}, prod = {0}, dmi = {0};
    facts_hb_put(c, &bios, "release_date", str_or_null(c, DMI("bios_date")));
    facts_hb_put(c, &bios, "vendor", str_or_null(c, *bios_vendor = DMI("bios_vendor")));
    facts_hb_put(c, &bios, "version", str_or_null(c, DMI("bios_version")));
    facts_hb_put(c, &board, "asset_tag", str_or_null(c, DMI("board_asset_tag")));
    facts_hb_put(c, &board, "manufacturer", str_or_null(c, DMI("board_vendor")));
    facts_hb_put(c, &board, "product", str_or_null(c, DMI("board_name")));
    facts_hb_put(c, &board, "serial_number", str_or_null(c, DMI("board_serial")));
    facts_hb_put(c, &ch, "asset_tag", str_or_null(c, DMI("chassis_asset_tag")));
    char *ct = DMI("chassis_type");
    if (ct) {
        long k = strtol(ct, NULL, 10);
        facts_hb_put(c, &ch, "type", val_cstr(A, k >= 1 && k <= (long)ARRAY_LEN(chassis) ? chassis[k - 1] : "Unknown"));
    }
    facts_hb_put(c, &prod, "name", str_or_null(c, *product_name = DMI("product_name")));
    facts_hb_put(c, &prod, "serial_number", str_or_null(c, DMI("product_serial")));
    facts_hb_put(c, &prod, "uuid", str_or_null(c, DMI("product_uuid")));
    facts_hb_put(c, &dmi, "bios", facts_hb_done(c, &bios, 0));
    facts_hb_put(c, &dmi, "board", facts_hb_done(c, &board, 0));
    facts_hb_put(c, &dmi, "chassis", facts_hb_done(c, &ch, 0));
    facts_hb_put(c, &dmi, "manufacturer", str_or_null(c, *sys_vendor = DMI("sys_vendor")));
    facts_hb_put(c, &dmi, "product", facts_hb_done(c, &prod, 0));
#undef DMI
    Value *v = facts_hb_done(c, &dmi, 0);
    if (v) facts_hb_put(c, top, "dmi", v);
}

/* Facter's VirtualDetector order: containers, virt-what's answers (here:
 * the CPUID hypervisor leaf and /proc/xen), DMI product names, else physical. */
static const char *detect_virtual(Compiler *c, const char *product, const char *bios_vendor, const char *sys_vendor)
{
    /* Facter's Containers resolver: /proc/1/cgroup and /proc/1/environ */
    char *cg = slurp(c, "/proc/1/cgroup", NULL);
    size_t envlen = 0;
    char *env = slurp(c, "/proc/1/environ", &envlen);
    if (cg && env) {
        for (size_t i = 0; i < envlen; i++)
            if (!env[i]) env[i] = '\n';
        char *d = strstr(cg, "docker/");
        if (d && d[7] && d[7] != '\n') return "docker";
        if (strstr(env, "container=lxc")) return "lxc";
        for (char *l = cg; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
            if (!strncmp(l, "/lxc/", 5)) return "lxc";
        if (strstr(env, "container=systemd-nspawn")) return "systemd_nspawn";
    }
    if (bios_vendor && strstr(bios_vendor, "Google")) return "gce";
    if (access(rpath(c, "/proc/xen"), F_OK) == 0) {
        char *caps = first_line(c, "/proc/xen/capabilities");
        return caps && strstr(caps, "control_d") ? "xen0" : "xenu";
    }
    char *cpu = slurp(c, "/proc/cpuinfo", NULL);
    const char *flags = cpu ? strstr(cpu, "\nflags") : NULL;
    int hv = flags && strstr(arena_strndup(A, flags, strcspn(flags + 1, "\n") + 1), " hypervisor");
    if (hv) {
        char sig[13] = "";
#if defined(__x86_64__) || defined(__i386__)
        if (!facts_root()) {
            unsigned a, b, cc, d;
            __cpuid(0x40000000, a, b, cc, d);
            memcpy(sig, &b, 4);
            memcpy(sig + 4, &cc, 4);
            memcpy(sig + 8, &d, 4);
            sig[12] = '\0';
        }
#endif
        if (!strcmp(sig, "KVMKVMKVM") || !strncmp(sig, "Linux KVM Hv", 12)) return "kvm";
        if (!strcmp(sig, "VMwareVMware")) return "vmware";
        if (!strcmp(sig, "XenVMMXenVMM")) return "xenhvm";
        if (!strncmp(sig, "Microsoft Hv", 12)) return "hyperv";
        if (!strcmp(sig, "TCGTCGTCGTCG")) return "kvm";
        if (!strncmp(sig, "bhyve bhyve", 11)) return "bhyve";
    }
    if (bios_vendor && strstr(bios_vendor, "Amazon EC2")) return "kvm";
    static const char *hv_names[][2] = {
        {"VMware", "vmware"}, {"VirtualBox", "virtualbox"}, {"Parallels", "parallels"}, {"KVM", "kvm"},
        {"Virtual Machine", "hyperv"}, {"RHEV Hypervisor", "rhev"}, {"oVirt Node", "ovirt"},
        {"HVM domU", "xenhvm"}, {"Bochs", "bochs"}, {"OpenBSD", "vmm"}, {"BHYVE", "bhyve"},
    };
    for (size_t i = 0; product && i < ARRAY_LEN(hv_names); i++)
        if (strstr(product, hv_names[i][0])) return hv_names[i][1];
    if (sys_vendor && strstr(sys_vendor, "QEMU")) return "kvm";
    if (hv) return "kvm";
    return "physical";
}

/* ---- ssh ---- */

static size_t b64_decode(const char *s, unsigned char *out)
{
    size_t n = 0;
    unsigned acc = 0;
    int bits = 0;
    for (; *s && *s != '='; s++) {
        const char *tab = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char *p = strchr(tab, *s);
        if (!p) continue;
        acc = (acc << 6) | (unsigned)(p - tab);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (unsigned char)(acc >> bits);
        }
    }
    return n;
}

static void gather_ssh(Compiler *c, FactsHB *top)
{
    static const char *dirs[] = {"/etc/ssh", "/usr/local/etc/ssh", "/etc", "/usr/local/etc", "/etc/opt/ssh"};
    static const char *files[] = {"ssh_host_rsa_key.pub", "ssh_host_dsa_key.pub", "ssh_host_ecdsa_key.pub",
                                  "ssh_host_ed25519_key.pub"};
    static const char *types[][3] = {{"ssh-rsa", "rsa", "1"}, {"ssh-dss", "dsa", "2"},
                                     {"ecdsa-sha2-nistp256", "ecdsa", "3"}, {"ssh-ed25519", "ed25519", "4"}};
    FactsHB ssh = {0};
    for (size_t d = 0; d < ARRAY_LEN(dirs); d++) {
        for (size_t f = 0; f < ARRAY_LEN(files); f++) {
            char *t = slurp(c, arena_printf(A, "%s/%s", dirs[d], files[f]), NULL);
            if (!t) continue;
            char *sp = NULL, *type = strtok_r(t, " \t\n", &sp), *key = strtok_r(NULL, " \t\n", &sp);
            if (!type || !key) continue;
            size_t ti = 0;
            while (ti < ARRAY_LEN(types) && strcmp(types[ti][0], type)) ti++;
            if (ti == ARRAY_LEN(types)) continue;
            unsigned char *raw = (unsigned char *)arena_alloc_bytes(A, strlen(key) + 1);
            size_t n = b64_decode(key, raw);
            unsigned char d1[20], d2[32];
            Sha1 s1;
            sha1_init(&s1);
            sha1_update(&s1, raw, n);
            sha1_final(&s1, d1);
            Sha256 s2;
            sha256_init(&s2);
            sha256_update(&s2, raw, n);
            sha256_final(&s2, d2);
            Buf h1 = BUF_INIT, h2 = BUF_INIT;
            buf_printf(&h1, "SSHFP %s 1 ", types[ti][2]);
            for (int i = 0; i < 20; i++) buf_printf(&h1, "%02x", d1[i]);
            buf_printf(&h2, "SSHFP %s 2 ", types[ti][2]);
            for (int i = 0; i < 32; i++) buf_printf(&h2, "%02x", d2[i]);
            FactsHB fp = {0}, k = {0};
            facts_hb_put(c, &fp, "sha1", val_str(A, h1.s, h1.len));
            facts_hb_put(c, &fp, "sha256", val_str(A, h2.s, h2.len));
            buf_free(&h1);
            buf_free(&h2);
            facts_hb_put(c, &k, "fingerprints", facts_hb_done(c, &fp, 1));
            facts_hb_put(c, &k, "key", val_cstr(A, key));
            facts_hb_put(c, &k, "type", val_cstr(A, type));
            facts_hb_put(c, &ssh, types[ti][1], facts_hb_done(c, &k, 1));
        }
    }
    Value *v = facts_hb_done(c, &ssh, 0);
    if (v) facts_hb_put(c, top, "ssh", v);
}

/* ---- the rest ---- */

static void gather_misc(Compiler *c, FactsHB *top)
{
    /* identity: the effective user and group */
    if (!facts_root()) {
        FactsHB id = {0};
        uid_t uid = geteuid();
        gid_t gid = getegid();
        struct group *gr = getgrgid(gid);
        facts_hb_put(c, &id, "gid", val_int(A, gid));
        if (gr) facts_hb_put(c, &id, "group", val_cstr(A, gr->gr_name));
        facts_hb_put(c, &id, "privileged", val_bool(uid == 0));
        facts_hb_put(c, &id, "uid", val_int(A, uid));
        struct passwd *pw = getpwuid(uid);
        if (pw) facts_hb_put(c, &id, "user", val_cstr(A, pw->pw_name));
        facts_hb_put(c, top, "identity", facts_hb_done(c, &id, 1));
        const char *path = getenv("PATH");
        if (path) facts_hb_put(c, top, "path", val_cstr(A, path));
        time_t now = time(NULL);
        struct tm tm;
        char tz[64];
        if (localtime_r(&now, &tm) && strftime(tz, sizeof tz, "%Z", &tm)) facts_hb_put(c, top, "timezone", val_cstr(A, tz));
    }
    char *fs = slurp(c, "/proc/filesystems", NULL);
    if (fs) {
        char *names[512];
        size_t n = 0;
        for (char *line = strtok(fs, "\n"); line && n < ARRAY_LEN(names); line = strtok(NULL, "\n")) {
            if (!strncmp(line, "nodev", 5)) continue;
            line += strspn(line, " \t");
            line[strcspn(line, " \t")] = '\0';
            if (*line && strcmp(line, "fuseblk")) names[n++] = line;
        }
        qsort(names, n, sizeof *names, facts_name_cmp);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < n; i++) buf_printf(&b, "%s%s", i ? "," : "", names[i]);
        facts_hb_put(c, top, "filesystems", val_str(A, b.s ? b.s : "", b.len));
        buf_free(&b);
    }
    char *fips = first_line(c, "/proc/sys/crypto/fips_enabled");
    facts_hb_put(c, top, "fips_enabled", val_bool(fips && !strcmp(fips, "1")));
    char *la = first_line(c, "/proc/loadavg");
    double l1, l5, l15;
    if (la && sscanf(la, "%lf %lf %lf", &l1, &l5, &l15) == 3) {
        FactsHB h = {0};
        facts_hb_put(c, &h, "15m", val_float(A, l15));
        facts_hb_put(c, &h, "1m", val_float(A, l1));
        facts_hb_put(c, &h, "5m", val_float(A, l5));
        facts_hb_put(c, top, "load_averages", facts_hb_done(c, &h, 1));
    }
    char *up = first_line(c, "/proc/uptime");
    if (up) {
        long s = strtol(up, NULL, 10), days = s / 86400, hours = s / 3600, minutes = (s / 60) % 60;
        FactsHB h = {0};
        facts_hb_put(c, &h, "days", val_int(A, days));
        facts_hb_put(c, &h, "hours", val_int(A, hours));
        facts_hb_put(c, &h, "seconds", val_int(A, s));
        facts_hb_put(c, &h, "uptime", val_cstr(A, days == 0   ? arena_printf(A, "%ld:%02ld hours", hours, minutes)
                                             : days == 1 ? "1 day"
                                                         : arena_printf(A, "%ld days", days)));
        facts_hb_put(c, top, "system_uptime", facts_hb_done(c, &h, 1));
    }
    /* the Facter of Puppet 7.23's agent packages */
    facts_hb_put(c, top, "facterversion", val_cstr(A, "4.3.0"));
}

Value *facts_gather(Compiler *c)
{
    struct utsname u;
    memset(&u, 0, sizeof u);
    if (facts_root()) {
        char *t;
        if ((t = first_line(c, "/proc/sys/kernel/ostype"))) snprintf(u.sysname, sizeof u.sysname, "%s", t);
        if ((t = first_line(c, "/proc/sys/kernel/osrelease"))) snprintf(u.release, sizeof u.release, "%s", t);
        if ((t = first_line(c, "/proc/sys/kernel/arch"))) snprintf(u.machine, sizeof u.machine, "%s", t);
    } else {
        uname(&u);
    }
    FactsHB top = {0};
    const char *product = NULL, *bios_vendor = NULL, *sys_vendor = NULL;
    gather_dmi(c, &top, &product, &bios_vendor, &sys_vendor);
    gather_disks(c, &top);
    gather_kernel(c, &top, &u);
    gather_memory(c, &top);
    size_t nm;
    Mount *m = read_mounts(c, &nm);
    gather_mountpoints(c, &top, m, nm);
    gather_partitions(c, &top, m, nm);
    gather_networking(c, &top);
    gather_os(c, &top, &u, m, nm);
    gather_processors(c, &top, &u);
    gather_ssh(c, &top);
    gather_misc(c, &top);
    const char *virt = detect_virtual(c, product, bios_vendor, sys_vendor);
    facts_hb_put(c, &top, "virtual", val_cstr(A, virt));
    static const char *physical[] = {"physical", "xen0", "vmware_server", "vmware_workstation", "openvzhn", "vserver_host"};
    int is_virtual = 1;
    for (size_t i = 0; i < ARRAY_LEN(physical); i++)
        if (!strcmp(virt, physical[i])) is_virtual = 0;
    facts_hb_put(c, &top, "is_virtual", val_bool(is_virtual));
    if (is_virtual && strcmp(virt, "gce") && strcmp(virt, "xenu") && strcmp(virt, "xenhvm")) {
        FactsHB hv = {0}, empty = {0};
        facts_hb_put(c, &hv, virt, facts_hb_done(c, &empty, 1));
        facts_hb_put(c, &top, "hypervisors", facts_hb_done(c, &hv, 1));
    }
    facts_hb_put(c, &top, "ruby", rby_facts_ruby(c));
    /* the Puppet whose language mcomp speaks: Facter reports puppetversion */
    facts_hb_put(c, &top, "puppetversion", val_cstr(A, "7.23.0"));
    return facts_hb_done(c, &top, 1);
}
