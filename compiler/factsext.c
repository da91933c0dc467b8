/*
 * factsext.c - the facts that are not read from the machine itself: the
 * legacy facts (osfamily, ipaddress, memorysize, ...) derived from the
 * structured ones by one alias table, the external facts of facts.d
 * directories (key=value .txt files, .json, .yaml and executables), what a
 * Puppet agent adds (clientcert, clientversion, clientnoop), and the
 * facts printed as `facter --json` prints them.  Each step returns a new
 * hash built with facts.c's hash builder (factsint.h): the facts given,
 * followed by what it adds.
 */
#include "compiler/facts.h"
#include "compiler/factsint.h"
#include "compiler/hiera.h"
#include "catalog/json.h"
#include "catalog/rubyval.h"
#include "base/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define A (c->arena)

/* ---- legacy facts ---- */

/* The value at a dotted path ("os.release.full"), or NULL. */
static Value *dig(Value *h, const char *path)
{
    char part[128];
    while (h && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof part || h->kind != V_HASH) return NULL;
        memcpy(part, path, n);
        part[n] = '\0';
        h = val_hash_gets(h, part);
        path += n + (path[n] == '.');
    }
    return h && h->kind != V_UNDEF ? h : NULL;
}

static void legacy_put(Compiler *c, FactsHB *h, Value *facts, const char *name, Value *v)
{
    if (v && !val_hash_gets(facts, name)) facts_hb_put(c, h, name, v);
}

Value *facts_add_legacy(Compiler *c, Value *facts)
{
    /* legacy name <- structured path, as Facter's fact classes alias them */
    static const char *alias[][2] = {
        {"architecture", "os.architecture"}, {"augeasversion", "augeas.version"},
        {"bios_release_date", "dmi.bios.release_date"}, {"bios_vendor", "dmi.bios.vendor"},
        {"bios_version", "dmi.bios.version"}, {"boardassettag", "dmi.board.asset_tag"},
        {"boardmanufacturer", "dmi.board.manufacturer"}, {"boardproductname", "dmi.board.product"},
        {"boardserialnumber", "dmi.board.serial_number"}, {"chassisassettag", "dmi.chassis.asset_tag"},
        {"chassistype", "dmi.chassis.type"}, {"domain", "networking.domain"}, {"fqdn", "networking.fqdn"},
        {"gid", "identity.group"}, {"hardwareisa", "processors.isa"}, {"hardwaremodel", "os.hardware"},
        {"hostname", "networking.hostname"}, {"id", "identity.user"}, {"ipaddress", "networking.ip"},
        {"ipaddress6", "networking.ip6"}, {"lsbdistcodename", "os.distro.codename"},
        {"lsbdistdescription", "os.distro.description"}, {"lsbdistid", "os.distro.id"},
        {"lsbdistrelease", "os.distro.release.full"}, {"lsbmajdistrelease", "os.distro.release.major"},
        {"lsbminordistrelease", "os.distro.release.minor"}, {"lsbrelease", "os.distro.specification"},
        {"macaddress", "networking.mac"}, {"manufacturer", "dmi.manufacturer"},
        {"memoryfree", "memory.system.available"}, {"memorysize", "memory.system.total"},
        {"netmask", "networking.netmask"}, {"netmask6", "networking.netmask6"}, {"network", "networking.network"},
        {"network6", "networking.network6"}, {"operatingsystem", "os.name"},
        {"operatingsystemmajrelease", "os.release.major"}, {"operatingsystemrelease", "os.release.full"},
        {"osfamily", "os.family"}, {"physicalprocessorcount", "processors.physicalcount"},
        {"processorcount", "processors.count"}, {"productname", "dmi.product.name"},
        {"rubyplatform", "ruby.platform"}, {"rubysitedir", "ruby.sitedir"}, {"rubyversion", "ruby.version"},
        {"scope6", "networking.scope6"}, {"selinux", "os.selinux.enabled"},
        {"selinux_config_mode", "os.selinux.config_mode"}, {"selinux_config_policy", "os.selinux.config_policy"},
        {"selinux_current_mode", "os.selinux.current_mode"}, {"selinux_enforced", "os.selinux.enforced"},
        {"selinux_policyversion", "os.selinux.policy_version"}, {"serialnumber", "dmi.product.serial_number"},
        {"swapfree", "memory.swap.available"}, {"swapsize", "memory.swap.total"},
        {"uptime", "system_uptime.uptime"}, {"uptime_days", "system_uptime.days"},
        {"uptime_hours", "system_uptime.hours"}, {"uptime_seconds", "system_uptime.seconds"},
        {"uuid", "dmi.product.uuid"},
    };
    FactsHB h = {0};
    for (size_t i = 0; i < ARRAY_LEN(alias); i++) legacy_put(c, &h, facts, alias[i][0], dig(facts, alias[i][1]));
    static const char *mb[][2] = {{"memoryfree_mb", "memory.system.available_bytes"},
                                  {"memorysize_mb", "memory.system.total_bytes"},
                                  {"swapfree_mb", "memory.swap.available_bytes"},
                                  {"swapsize_mb", "memory.swap.total_bytes"}};
    for (size_t i = 0; i < ARRAY_LEN(mb); i++) {
        Value *b = dig(facts, mb[i][1]);
        if (b && b->kind == V_INT) legacy_put(c, &h, facts, mb[i][0], val_float(A, (double)b->i / (1024.0 * 1024.0)));
    }
    /* the per-interface facts, and interfaces */
    Value *ifs = dig(facts, "networking.interfaces");
    if (ifs && ifs->kind == V_HASH) {
        static const char *per[][2] = {{"ipaddress", "ip"}, {"ipaddress6", "ip6"}, {"macaddress", "mac"},
                                       {"mtu", "mtu"}, {"netmask", "netmask"}, {"netmask6", "netmask6"},
                                       {"network", "network"}, {"network6", "network6"}, {"scope6", "scope6"}};
        const char **names = ARENA_NEWN(A, const char *, ifs->hash.n + 1);
        size_t nn = 0;
        for (size_t i = 0; i < ifs->hash.n; i++) {
            if (ifs->hash.keys[i]->kind != V_STR) continue;
            const char *ifn = ifs->hash.keys[i]->str.s;
            names[nn++] = ifn;
            for (size_t k = 0; k < ARRAY_LEN(per); k++) {
                Value *v = ifs->hash.vals[i]->kind == V_HASH ? val_hash_gets(ifs->hash.vals[i], per[k][1]) : NULL;
                if (v) legacy_put(c, &h, facts, arena_printf(A, "%s_%s", per[k][0], ifn), v);
            }
        }
        qsort(names, nn, sizeof *names, facts_name_cmp);
        Buf b = BUF_INIT;
        for (size_t i = 0; i < nn; i++) buf_printf(&b, "%s%s", i ? "," : "", names[i]);
        if (nn) legacy_put(c, &h, facts, "interfaces", val_str(A, b.s, b.len));
        buf_free(&b);
    }
    Value *models = dig(facts, "processors.models");
    if (models && models->kind == V_ARRAY)
        for (size_t i = 0; i < models->arr.n; i++) legacy_put(c, &h, facts, arena_printf(A, "processor%zu", i), models->arr.items[i]);
    Value *disks = dig(facts, "disks");
    if (disks && disks->kind == V_HASH) {
        Buf b = BUF_INIT;
        for (size_t i = 0; i < disks->hash.n; i++) {
            const char *dn = disks->hash.keys[i]->str.s;
            buf_printf(&b, "%s%s", i ? "," : "", dn);
            Value *d = disks->hash.vals[i];
            if (d->kind != V_HASH) continue;
            legacy_put(c, &h, facts, arena_printf(A, "blockdevice_%s_model", dn), val_hash_gets(d, "model"));
            legacy_put(c, &h, facts, arena_printf(A, "blockdevice_%s_size", dn), val_hash_gets(d, "size_bytes"));
            legacy_put(c, &h, facts, arena_printf(A, "blockdevice_%s_vendor", dn), val_hash_gets(d, "vendor"));
        }
        legacy_put(c, &h, facts, "blockdevices", val_str(A, b.s ? b.s : "", b.len));
        buf_free(&b);
    }
    Value *ssh = dig(facts, "ssh");
    if (ssh && ssh->kind == V_HASH) {
        for (size_t i = 0; i < ssh->hash.n; i++) {
            const char *t = ssh->hash.keys[i]->str.s;
            Value *k = ssh->hash.vals[i];
            legacy_put(c, &h, facts, arena_printf(A, "ssh%skey", t), dig(k, "key"));
            Value *s1 = dig(k, "fingerprints.sha1"), *s2 = dig(k, "fingerprints.sha256");
            if (s1 && s2 && s1->kind == V_STR && s2->kind == V_STR)
                legacy_put(c, &h, facts, arena_printf(A, "sshfp_%s", t), val_cstr(A, arena_printf(A, "%s\n%s", s1->str.s, s2->str.s)));
        }
    }
    return facts_with_added(c, facts, &h);
}

/* ---- external facts ---- */

/* A value from a .txt file or an executable's key=value line: a string. */
static void parse_kv_lines(Compiler *c, FactsHB *h, const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        const char *eq = memchr(p, '=', n);
        if (eq && eq > p) {
            const char *ks = p, *ke = eq, *vs = eq + 1, *ve = p + n;
            while (ks < ke && isspace((unsigned char)*ks)) ks++;
            while (ke > ks && isspace((unsigned char)ke[-1])) ke--;
            while (vs < ve && isspace((unsigned char)*vs)) vs++;
            while (ve > vs && isspace((unsigned char)ve[-1])) ve--;
            if (ke > ks) {
                char *key = arena_strndup(A, ks, (size_t)(ke - ks));
                for (char *q = key; *q; q++) *q = (char)tolower((unsigned char)*q);
                facts_hb_put(c, h, key, val_str(A, vs, (size_t)(ve - vs)));
            }
        }
        p += n + (p[n] == '\n');
    }
}

static void merge_structured(Compiler *c, FactsHB *h, Value *v)
{
    if (!v || v->kind != V_HASH) return;
    for (size_t i = 0; i < v->hash.n; i++)
        if (v->hash.keys[i]->kind == V_STR) {
            char *key = arena_strdup(A, v->hash.keys[i]->str.s);
            for (char *q = key; *q; q++) *q = (char)tolower((unsigned char)*q);
            facts_hb_put(c, h, key, v->hash.vals[i]);
        }
}

static void external_dir(Compiler *c, FactsHB *h, const char *dir, int warn_missing)
{
    DIR *d = opendir(dir);
    if (!d) {
        if (warn_missing) cmp_warn(c, NULL, "external facts: cannot read %s: %s", dir, strerror(errno));
        return;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        names = xrealloc(names, (n + 1) * sizeof *names);
        names[n++] = arena_strdup(A, e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, facts_name_cmp);
    for (size_t i = 0; i < n; i++) {
        const char *path = arena_printf(A, "%s/%s", dir, names[i]);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        const char *ext = strrchr(names[i], '.');
        int data = ext && (!strcmp(ext, ".txt") || !strcmp(ext, ".json") || !strcmp(ext, ".yaml") || !strcmp(ext, ".yml"));
        if (!data && (st.st_mode & 0111)) {
            /* an executable (a .txt, .json or .yaml file is read, as Facter
             * does, even when executable): key=value lines, else JSON or YAML */
            FILE *p = popen(arena_printf(A, "'%s'", path), "r");
            if (!p) continue;
            Buf b = BUF_INIT;
            char tmp[4096];
            size_t k;
            while ((k = fread(tmp, 1, sizeof tmp, p)) > 0) buf_add(&b, tmp, k);
            int rc = pclose(p);
            const char *out = b.s ? arena_strndup(A, b.s, b.len) : "";
            buf_free(&b);
            if (rc != 0) {
                cmp_warn(c, NULL, "external fact %s exited with %d", path, WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
                continue;
            }
            const char *s = out + strspn(out, " \t\r\n");
            FactsHB kv = {0};
            parse_kv_lines(c, &kv, out);
            if (kv.n || !*s) {
                for (size_t j = 0; j < kv.n; j++) facts_hb_put(c, h, kv.k[j]->str.s, kv.v[j]);
                facts_hb_done(c, &kv, 0);
                continue;
            }
            facts_hb_done(c, &kv, 0);
            Value *v = NULL;
            const char *err = NULL;
            if (hiera_parse_yaml(c, path, s, strlen(s), &v, &err) && v && v->kind == V_HASH) merge_structured(c, h, v);
            else cmp_warn(c, NULL, "external fact %s: output is not key=value, JSON or YAML", path);
        } else if (ext && !strcmp(ext, ".txt")) {
            char *t = facts_read_text(c, path, NULL);
            if (t) parse_kv_lines(c, h, t);
        } else if (ext && !strcmp(ext, ".json")) {
            const char *err = NULL;
            Value *v = cat_read_json_file(A, path, &err);
            if (!v || v->kind != V_HASH) cmp_warn(c, NULL, "external facts: cannot read %s: %s", path, err ? err : "not a JSON object");
            else merge_structured(c, h, v);
        } else if (ext && (!strcmp(ext, ".yaml") || !strcmp(ext, ".yml"))) {
            size_t len;
            char *t = facts_read_text(c, path, &len);
            Value *v = NULL;
            const char *err = NULL;
            if (t && hiera_parse_yaml(c, path, t, len, &v, &err)) merge_structured(c, h, v);
            else if (t) cmp_warn(c, NULL, "external facts: cannot read %s: %s", path, err ? err : "");
        }
    }
    free(names);
}

Value *facts_add_external(Compiler *c, Value *facts, int defaults)
{
    FactsHB h = {0};
    if (defaults && !facts_root()) {
        if (geteuid() == 0) {
            external_dir(c, &h, "/etc/puppetlabs/facter/facts.d", 0);
            external_dir(c, &h, "/etc/facter/facts.d", 0);
            external_dir(c, &h, "/opt/puppetlabs/facter/facts.d", 0);
        } else {
            const char *home = getenv("HOME");
            if (home) {
                external_dir(c, &h, arena_printf(A, "%s/.facter/facts.d", home), 0);
                external_dir(c, &h, arena_printf(A, "%s/.puppetlabs/opt/facter/facts.d", home), 0);
            }
        }
    }
    for (const char *p = c->opt.external_facts; p && *p;) {
        size_t n = strcspn(p, ":");
        if (n) external_dir(c, &h, arena_strndup(A, p, n), 1);
        p += n + (p[n] == ':');
    }
    return facts_with_added(c, facts, &h);   /* later keys win: external facts override core ones */
}

Value *facts_add_agent(Compiler *c, Value *facts)
{
    FactsHB h = {0};
    legacy_put(c, &h, facts, "clientcert", val_cstr(A, c->certname));
    legacy_put(c, &h, facts, "clientversion", val_cstr(A, "7.23.0"));
    legacy_put(c, &h, facts, "clientnoop", val_bool(c->opt.noop));
    return facts_with_added(c, facts, &h);
}

/* ---- facter's JSON ---- */

static int key_cmp(const void *a, const void *b)
{
    const Value *x = ((Value *const *)a)[0], *y = ((Value *const *)b)[0];
    return strcmp(x->kind == V_STR ? x->str.s : "", y->kind == V_STR ? y->str.s : "");
}

static void json_value(Buf *b, const Value *v, int depth, int sorted)
{
    switch (v->kind) {
    case V_BOOL: buf_adds(b, v->b ? "true" : "false"); break;
    case V_INT: buf_printf(b, "%lld", (long long)v->i); break;
    case V_FLOAT: rv_float_to_s(b, v->f); break;
    case V_STR: cat_json_str(b, v->str.s, v->str.len); break;
    case V_ARRAY:
        if (!v->arr.n) { buf_adds(b, "[]"); break; }
        buf_adds(b, "[\n");
        for (size_t i = 0; i < v->arr.n; i++) {
            buf_printf(b, "%*s", 2 * (depth + 1), "");
            json_value(b, v->arr.items[i], depth + 1, 0);
            buf_adds(b, i + 1 < v->arr.n ? ",\n" : "\n");
        }
        buf_printf(b, "%*s]", 2 * depth, "");
        break;
    case V_HASH: {
        /* keys sorted, as facter prints them; hashes inside arrays
         * (bindings) keep their order */
        size_t n = v->hash.n;
        const Value **kv = xmalloc((n ? n : 1) * 2 * sizeof *kv);
        for (size_t i = 0; i < n; i++) kv[2 * i] = v->hash.keys[i], kv[2 * i + 1] = v->hash.vals[i];
        if (sorted) qsort(kv, n, 2 * sizeof *kv, key_cmp);
        buf_adds(b, "{\n");
        for (size_t i = 0; i < n; i++) {
            buf_printf(b, "%*s", 2 * (depth + 1), "");
            Buf kb = BUF_INIT;
            val_to_s(&kb, kv[2 * i]);
            cat_json_str(b, kb.s ? kb.s : "", kb.len);
            buf_free(&kb);
            buf_adds(b, ": ");
            json_value(b, kv[2 * i + 1], depth + 1, 1);
            buf_adds(b, i + 1 < n ? ",\n" : "\n");
        }
        buf_printf(b, "%*s}", 2 * depth, "");
        free(kv);
        break;
    }
    default: buf_adds(b, "null"); break;
    }
}

int facts_print_json(const Value *facts, FILE *out)
{
    Buf b = BUF_INIT;
    json_value(&b, facts, 0, 1);
    buf_addc(&b, '\n');
    int rc = fwrite(b.s, 1, b.len, out) == b.len && fflush(out) == 0 ? 0 : -1;
    buf_free(&b);
    return rc;
}
