/*
 * formula.c - FORMULA files (YAML, through libyaml's document loader) and
 * Puppet metadata.json files, both read into one Formula.  The idea that
 * keeps SPM's messages exact: every scalar is typed the way Python's
 * yaml.safe_load would type it (str, int, float, bool, NoneType), because
 * SPM's validation names those types; the text is kept as written, so a
 * version "1.10" stays "1.10" (SPM would have read the float 1.1).
 */
#include "pkg/formula.h"
#include "pkg/version.h"
#include "catalog/jsonparse.h"
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

int formula_valid_name(const char *s)
{
    if (!s || !(*s >= 'a' && *s <= 'z')) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

/* Python's name for the type safe_load gives a node. */
static const char *py_type(yaml_node_t *n)
{
    if (n->type == YAML_SEQUENCE_NODE) return "list";
    if (n->type == YAML_MAPPING_NODE) return "dict";
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return "str";
    const char *s = (const char *)n->data.scalar.value;
    static const char *nulls[] = {"", "~", "null", "Null", "NULL"};
    static const char *bools[] = {"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
                                  "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"};
    for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
        if (!strcmp(s, nulls[i])) return "NoneType";
    for (size_t i = 0; i < sizeof bools / sizeof *bools; i++)
        if (!strcmp(s, bools[i])) return "bool";
    static regex_t re_int, re_float;
    static int compiled;
    if (!compiled) {
        regcomp(&re_int, "^[-+]?(0|[1-9][0-9_]*|0[0-7_]+|0x[0-9a-fA-F_]+|0b[01_]+)$", REG_EXTENDED | REG_NOSUB);
        regcomp(&re_float, "^([-+]?[0-9][0-9_]*\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9_]+([eE][-+][0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$",
                REG_EXTENDED | REG_NOSUB);
        compiled = 1;
    }
    if (regexec(&re_int, s, 0, NULL, 0) == 0) return "int";
    if (regexec(&re_float, s, 0, NULL, 0) == 0) return "float";
    return "str";
}

static char *trim_dup(Arena *a, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    return arena_strndup(a, s, n);
}

/* dependencies -> item (',' item)* ; item -> name ('(' range ')')? */
static int parse_deps(Arena *a, Formula *f, Buf *err)
{
    const char *s = f->dependencies;
    if (!s || !*s) return 0;
    size_t cap = 1;
    for (const char *p = s; *p; p++) cap += *p == ',';
    f->deps = arena_alloc(a, cap * sizeof *f->deps);
    while (*s) {
        const char *e = strchr(s, ',');
        if (!e) e = s + strlen(s);
        char *item = trim_dup(a, s, (size_t)(e - s));
        if (*item) {
            PkgDep *d = &f->deps[f->ndeps++];
            char *paren = strchr(item, '(');
            if (paren) {
                char *close = strrchr(paren, ')');
                if (!close || close[1]) {
                    buf_printf(err, "Invalid dependency '%s': a range goes in parentheses after the name", item);
                    return -1;
                }
                d->range = trim_dup(a, paren + 1, (size_t)(close - paren - 1));
                d->name = trim_dup(a, item, (size_t)(paren - item));
                if (pkgver_satisfies(d->range, "0.0.0") < 0) {
                    buf_printf(err, "Invalid version range '%s' in the dependency on %s", d->range, d->name);
                    return -1;
                }
            } else {
                d->name = item;
            }
            if (!formula_valid_name(d->name)) {
                buf_printf(err, "Invalid dependency '%s': not a module name", d->name);
                return -1;
            }
        }
        s = *e ? e + 1 : e;
    }
    return 0;
}

static int valid_version_text(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("._+~", *s)) return 0;
    return 1;
}

/* The checks common to both sources, after the fields are read. */
static int check_common(Arena *a, Formula *f, Buf *err)
{
    if (!formula_valid_name(f->name)) {
        buf_printf(err, "Invalid package: the name '%s' is not a module name (a lowercase letter, then lowercase letters, digits and _)", f->name);
        return -1;
    }
    if (!valid_version_text(f->version) || !valid_version_text(f->release)) {
        buf_printf(err, "Invalid package: version '%s' and release '%s' may hold only letters, digits and . _ + ~",
                   f->version, f->release);
        return -1;
    }
    if (f->top_level_dir && !formula_valid_name(f->top_level_dir)) {
        buf_printf(err, "Invalid package: top_level_dir '%s' is not a module name", f->top_level_dir);
        return -1;
    }
    if (!f->top_level_dir) f->top_level_dir = f->name;
    return parse_deps(a, f, err);
}

static const char *scalar_text(Arena *a, yaml_node_t *n)
{
    return arena_strndup(a, (const char *)n->data.scalar.value, n->data.scalar.length);
}

Formula *formula_parse(Arena *a, const char *text, size_t len, int mode, Buf *err)
{
    yaml_parser_t p;
    yaml_document_t doc;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    if (!yaml_parser_load(&p, &doc)) {
        buf_printf(err, "Invalid FORMULA: %s at line %zu, column %zu", p.problem ? p.problem : "YAML error",
                   p.problem_mark.line + 1, p.problem_mark.column + 1);
        yaml_parser_delete(&p);
        return NULL;
    }
    yaml_parser_delete(&p);
    Formula *f = NULL;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root || root->type != YAML_MAPPING_NODE) {
        buf_adds(err, "Invalid FORMULA: not a YAML mapping");
        goto done;
    }
    f = ARENA_NEW(a, Formula);
    f->text = arena_strndup(a, text, len);
    size_t npairs = (size_t)(root->data.mapping.pairs.top - root->data.mapping.pairs.start);
    f->var_names = arena_alloc(a, (npairs + 1) * sizeof *f->var_names);
    f->var_values = arena_alloc(a, (npairs + 1) * sizeof *f->var_values);
    static const char *required[] = {"name", "version", "release", "summary", "description"};
    const char *req_type[5] = {0};   /* the Python type of each required field found */
    for (yaml_node_pair_t *pr = root->data.mapping.pairs.start; pr < root->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(&doc, pr->key), *v = yaml_document_get_node(&doc, pr->value);
        if (!k || !v || k->type != YAML_SCALAR_NODE) continue;
        const char *key = (const char *)k->data.scalar.value;
        const char *vt = py_type(v);
        for (int i = 0; i < 5; i++)
            if (!strcmp(key, required[i])) req_type[i] = vt;
        if (v->type == YAML_SCALAR_NODE) {
            const char *s = strcmp(vt, "NoneType") ? scalar_text(a, v) : NULL;
            f->var_names[f->nvars] = arena_strdup(a, key);
            f->var_values[f->nvars++] = s ? s : "";
            const char **slot = NULL;
            if (!strcmp(key, "name")) slot = &f->name;
            else if (!strcmp(key, "version")) slot = &f->version;
            else if (!strcmp(key, "release")) slot = &f->release;
            else if (!strcmp(key, "summary")) slot = &f->summary;
            else if (!strcmp(key, "description")) slot = &f->description;
            else if (!strcmp(key, "os")) slot = &f->os;
            else if (!strcmp(key, "os_family")) slot = &f->os_family;
            else if (!strcmp(key, "minimum_version")) slot = &f->minimum_version;
            else if (!strcmp(key, "top_level_dir")) slot = &f->top_level_dir;
            else if (!strcmp(key, "renderer")) slot = &f->renderer;
            else if (!strcmp(key, "dependencies")) slot = &f->dependencies;
            else if (!strcmp(key, "optional")) slot = &f->optional;
            else if (!strcmp(key, "recommended")) slot = &f->recommended;
            else if (!strcmp(key, "os_dependencies")) slot = &f->os_dependencies;
            else if (!strcmp(key, "os_family_dependencies")) slot = &f->os_family_dependencies;
            else if (!strcmp(key, "pre_local_state")) slot = &f->pre_local_state;
            else if (!strcmp(key, "post_local_state")) slot = &f->post_local_state;
            if (slot) *slot = s;
        }
        if (!strcmp(key, "pre_tgt_state")) f->pre_tgt_state = 1;
        if (!strcmp(key, "post_tgt_state")) f->post_tgt_state = 1;
        int is_files = !strcmp(key, "files"), is_excl = !strcmp(key, "spm_build_exclude");
        if ((is_files || is_excl) && v->type == YAML_SEQUENCE_NODE) {
            size_t n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
            if (is_files) {
                f->has_files = 1;
                f->files = arena_alloc(a, (n + 1) * sizeof *f->files);
            } else {
                f->excludes = arena_alloc(a, (n + 1) * sizeof *f->excludes);
            }
            for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
                yaml_node_t *e = yaml_document_get_node(&doc, *it);
                if (!e || e->type != YAML_SCALAR_NODE) continue;
                const char *s = scalar_text(a, e);
                if (is_excl) {
                    f->excludes[f->nexcludes++] = s;
                    continue;
                }
                PkgFile *pf = &f->files[f->nfiles++];
                /* REC: only an exact one-letter "t|" prefix is a tag */
                if (s[0] && s[1] == '|' && strchr("cdglrsm", s[0])) {
                    pf->tag = s[0];
                    s += 2;
                }
                pf->path = s;
            }
        } else if (is_files || is_excl) {
            buf_printf(err, "Invalid FORMULA: %s must be a list", key);
            f = NULL;
            goto done;
        }
    }
    if (mode == FORMULA_BUILD) {
        Buf missing = BUF_INIT, wrong = BUF_INIT;
        for (int i = 0; i < 5; i++) {
            const char *want = i == 1 || i == 2 ? "str|int|float" : "str";
            if (!req_type[i]) {
                buf_printf(&missing, "%s%s", missing.len ? ", " : "", required[i]);
            } else if (!strstr(want, req_type[i]) || !strcmp(req_type[i], "NoneType")) {
                buf_printf(&wrong, "%s%s (expected: %s, actual: %s)", wrong.len ? ", " : "", required[i], want, req_type[i]);
            }
        }
        if (missing.len || wrong.len) {
            if (missing.len) buf_printf(err, "Missing FORMULA fields: %s", missing.s);
            if (wrong.len) buf_printf(err, "%sIncorrect FORMULA field types: %s", missing.len ? "; " : "", wrong.s);
            buf_free(&missing);
            buf_free(&wrong);
            f = NULL;
            goto done;
        }
    } else {
        const char *vals[5] = {f->name, f->version, f->release, f->summary, f->description};
        for (int i = 1; i < 5; i++)
            if (!vals[i]) {
                buf_printf(err, "Invalid package: the %s was not found", required[i]);
                f = NULL;
                goto done;
            }
        if (!f->name) {
            buf_adds(err, "Invalid package: the name was not found");
            f = NULL;
            goto done;
        }
    }
    if (check_common(a, f, err) != 0) f = NULL;
done:
    yaml_document_delete(&doc);
    return f;
}

void formula_quote(Buf *out, const char *s)
{
    buf_addc(out, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { buf_addc(out, '\\'); buf_addc(out, (char)c); }
        else if (c == '\n') buf_adds(out, "\\n");
        else if (c == '\t') buf_adds(out, "\\t");
        else if (c < 0x20 || c == 0x7f) buf_printf(out, "\\x%02x", c);
        else buf_addc(out, (char)c);
    }
    buf_addc(out, '"');
}

/* The module's short name from a Forge name: "puppetlabs-stdlib" and
 * "puppetlabs/stdlib" give "stdlib". */
static const char *short_name(Arena *a, const char *full)
{
    const char *p = strpbrk(full, "-/");
    return arena_strdup(a, p ? p + 1 : full);
}

Formula *formula_from_metadata(Arena *a, const char *json, size_t len, Buf *err)
{
    Buf jerr = BUF_INIT;
    Value *m = json_parse(a, json, len, &jerr);
    if (!m || m->kind != V_HASH) {
        buf_printf(err, "Invalid metadata.json: %s", m ? "not a JSON object" : buf_cstr(&jerr));
        buf_free(&jerr);
        return NULL;
    }
    buf_free(&jerr);
    Value *name = val_hash_gets(m, "name"), *version = val_hash_gets(m, "version");
    Value *summary = val_hash_gets(m, "summary"), *deps = val_hash_gets(m, "dependencies");
    Value *desc = val_hash_gets(m, "description"), *oss = val_hash_gets(m, "operatingsystem_support");
    Buf missing = BUF_INIT;
    if (!name || name->kind != V_STR) buf_printf(&missing, "name");
    if (!version || version->kind != V_STR) buf_printf(&missing, "%sversion", missing.len ? ", " : "");
    if (missing.len) {
        buf_printf(err, "Missing metadata.json fields: %s", missing.s);
        buf_free(&missing);
        return NULL;
    }
    Formula *f = ARENA_NEW(a, Formula);
    f->name = short_name(a, name->str.s);
    f->version = version->str.s;
    f->release = "1";
    f->summary = summary && summary->kind == V_STR ? summary->str.s : f->name;
    f->description = desc && desc->kind == V_STR ? desc->str.s : f->summary;
    Buf list = BUF_INIT;
    if (deps && deps->kind == V_ARRAY) {
        for (size_t i = 0; i < deps->arr.n; i++) {
            Value *d = deps->arr.items[i];
            Value *dn = d->kind == V_HASH ? val_hash_gets(d, "name") : NULL;
            Value *dr = d->kind == V_HASH ? val_hash_gets(d, "version_requirement") : NULL;
            if (!dn || dn->kind != V_STR) {
                buf_printf(err, "Invalid metadata.json: dependency %zu has no name", i + 1);
                buf_free(&list);
                return NULL;
            }
            buf_printf(&list, "%s%s", list.len ? ", " : "", short_name(a, dn->str.s));
            if (dr && dr->kind == V_STR && *dr->str.s) buf_printf(&list, " (%s)", dr->str.s);
        }
        if (list.len) f->dependencies = arena_strdup(a, list.s);
    }
    buf_clear(&list);
    if (oss && oss->kind == V_ARRAY) {
        for (size_t i = 0; i < oss->arr.n; i++) {
            Value *o = oss->arr.items[i];
            Value *on = o->kind == V_HASH ? val_hash_gets(o, "operatingsystem") : NULL;
            if (on && on->kind == V_STR) buf_printf(&list, "%s%s", list.len ? ", " : "", on->str.s);
        }
        if (list.len) f->os = arena_strdup(a, list.s);
    }
    buf_free(&list);
    /* the FORMULA the package carries */
    Buf t = BUF_INIT;
    const char *keys[] = {"name", "version", "release", "summary", "description", "os", "dependencies"};
    const char *vals[] = {f->name, f->version, f->release, f->summary, f->description, f->os, f->dependencies};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (!vals[i]) continue;
        buf_printf(&t, "%s: ", keys[i]);
        formula_quote(&t, vals[i]);
        buf_addc(&t, '\n');
    }
    f->text = arena_strdup(a, buf_cstr(&t));
    buf_free(&t);
    f->var_names = arena_alloc(a, 8 * sizeof *f->var_names);
    f->var_values = arena_alloc(a, 8 * sizeof *f->var_values);
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (vals[i]) {
            f->var_names[f->nvars] = keys[i];
            f->var_values[f->nvars++] = vals[i];
        }
    if (check_common(a, f, err) != 0) return NULL;
    return f;
}

static int by_key(const void *x, const void *y)
{
    yaml_node_t *const *a = x, *const *b = y;
    return strcmp((const char *)a[0]->data.scalar.value, (const char *)b[0]->data.scalar.value);
}

static void dump_node(yaml_document_t *doc, yaml_node_t *n, int indent, Buf *out)
{
    if (n->type == YAML_SCALAR_NODE) {
        const char *t = py_type(n);
        if (!strcmp(t, "NoneType")) buf_adds(out, " null\n");
        else if (!strcmp(t, "str")) { buf_addc(out, ' '); formula_quote(out, (const char *)n->data.scalar.value); buf_addc(out, '\n'); }
        else buf_printf(out, " %s\n", (const char *)n->data.scalar.value);
    } else if (n->type == YAML_SEQUENCE_NODE) {
        if (n->data.sequence.items.top == n->data.sequence.items.start) { buf_adds(out, " []\n"); return; }
        buf_addc(out, '\n');
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
            buf_printf(out, "%*s-", indent, "");
            dump_node(doc, yaml_document_get_node(doc, *it), indent + 4, out);
        }
    } else {
        size_t np = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
        if (!np) { buf_adds(out, " {}\n"); return; }
        yaml_node_t **kv = malloc(2 * np * sizeof *kv);
        if (!kv) abort();
        size_t k = 0;
        for (yaml_node_pair_t *pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top; pr++) {
            yaml_node_t *key = yaml_document_get_node(doc, pr->key);
            if (!key || key->type != YAML_SCALAR_NODE) continue;
            kv[2 * k] = key;
            kv[2 * k++ + 1] = yaml_document_get_node(doc, pr->value);
        }
        qsort(kv, k, 2 * sizeof *kv, by_key);
        buf_addc(out, '\n');
        for (size_t i = 0; i < k; i++) {
            buf_printf(out, "%*s", indent, "");
            const char *key = (const char *)kv[2 * i]->data.scalar.value;
            if (formula_valid_name(key)) buf_adds(out, key);
            else formula_quote(out, key);
            buf_addc(out, ':');
            dump_node(doc, kv[2 * i + 1], indent + 4, out);
        }
        free(kv);
    }
}

int formula_dump_yaml(const char *text, size_t len, int indent, Buf *out)
{
    yaml_parser_t p;
    yaml_document_t doc;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    int ok = yaml_parser_load(&p, &doc);
    yaml_parser_delete(&p);
    if (!ok) return -1;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root) dump_node(&doc, root, indent, out);
    yaml_document_delete(&doc);
    return root ? 0 : -1;
}
