/*
 * loader.c - finding and reading manifests.  Definitions (classes, defines,
 * nodes, functions, type aliases) are registered when their file is parsed,
 * nested classes under their qualified names.  A name that is not known
 * yet is looked for in the module path the way Puppet's autoloader does:
 * "ntp" in ntp/manifests/init.pp, "ntp::config::file" in
 * ntp/manifests/config/file.pp.
 */
#include "compiler/compiler.h"
#include "parser/parser.h"
#include "base/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define A (c->arena)

static void register_defs(Compiler *c, const Node *block, const char *prefix);

static const char *qualify(Compiler *c, const char *prefix, const char *name)
{
    if (name[0] == ':' && name[1] == ':') name += 2;
    char *q = prefix && *prefix ? arena_printf(A, "%s::%s", prefix, name) : arena_strdup(A, name);
    for (char *p = q; *p; p++) *p = (char)tolower((unsigned char)*p);
    return q;
}

static void add_def(Compiler *c, Map *m, const char *name, const Node *n, const char *what)
{
    const Node *old = map_get(m, name, strlen(name));
    if (old && old != n) {
        int line = diag_line(old->file, old->off);
        cmp_fail(c, n, "%s '%s' is already defined (file: %s, line: %d); cannot be redefined", what, name,
                 old->file->name, line);
    }
    map_put(m, name, strlen(name), (void *)n);
}

static void register_one(Compiler *c, Node *n, const char *prefix)
{
    switch (n->kind) {
    case ND_CLASS: {
        const char *q = qualify(c, prefix, n->text);
        n->text = q;
        n->text_len = strlen(q);
        add_def(c, &c->classes, q, n, "Class");
        if (n->b) register_defs(c, n->b, q);
        break;
    }
    case ND_DEFINE: {
        const char *q = qualify(c, prefix, n->text);
        n->text = q;
        n->text_len = strlen(q);
        add_def(c, &c->defines, q, n, "Defined type");
        break;
    }
    case ND_NODE:
        if (n->c) cmp_fail(c, n, "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation");
        for (const Node *m = n->kids; m; m = m->next)
            for (size_t i = 0; i < c->nnodes; i++)
                for (const Node *o = c->nodes[i]->kids; o; o = o->next)
                    if (m->kind == o->kind && (m->kind == ND_DEFAULT || (m->text && o->text && strcasecmp(m->text, o->text) == 0)))
                        cmp_fail(c, n, "Node '%s' is already defined (file: %s, line: %d); cannot redefine",
                                 m->kind == ND_DEFAULT ? "default" : m->text, o->file->abspath, diag_line(o->file, o->off));
        c->nodes = xrealloc(c->nodes, (c->nnodes + 1) * sizeof *c->nodes);
        c->nodes[c->nnodes++] = n;
        break;
    case ND_FUNCTION: {
        const char *q = qualify(c, NULL, n->text);
        add_def(c, &c->functions, q, n, "Function");
        break;
    }
    case ND_TYPE_ALIAS: {
        const char *q = qualify(c, NULL, n->text);
        add_def(c, &c->aliases, q, n, "Type alias");
        break;
    }
    default:
        break;
    }
}

static void register_defs(Compiler *c, const Node *block, const char *prefix)
{
    if (!block) return;
    if (block->kind != ND_BLOCK) {
        register_one(c, (Node *)block, prefix);
        return;
    }
    for (Node *k = block->kids; k; k = k->next) register_one(c, k, prefix);
}

/* Reads and parses path once; registers its definitions.  Returns 0, 1 on
 * syntax errors (reported), 2 when it cannot be read. */
int load_file(Compiler *c, const char *path, const Node **out)
{
    if (out) *out = NULL;
    if (map_get(&c->loaded, path, strlen(path))) return 0;
    SrcFile *f = diag_file_read(path);
    if (!f) return 2;
    c->files = xrealloc(c->files, (c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles++] = f;
    const char *key = arena_strdup(A, path);
    map_put(&c->loaded, key, strlen(key), (void *)1);
    Node *ast = parse_file(A, f);
    if (!ast) return 1;
    register_defs(c, ast, NULL);
    if (out) *out = ast;
    return 0;
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* <modulepath>/<module>/<dir>/<rest>, the first that exists, or NULL. */
const char *module_file(Compiler *c, const char *module, const char *dir, const char *rest)
{
    for (size_t i = 0; i < c->nmodulepath; i++) {
        const char *p = arena_printf(A, "%s/%s/%s/%s", c->modulepath[i], module, dir, rest);
        if (is_file(p)) return p;
    }
    return NULL;
}

/* Loads the file that should define name (a class or define). */
static void autoload(Compiler *c, const char *name)
{
    const char *sep = strstr(name, "::");
    const char *module = sep ? arena_strndup(A, name, (size_t)(sep - name)) : name;
    const char *rest;
    if (!sep) {
        rest = "init.pp";
    } else {
        char *r = arena_printf(A, "%s.pp", sep + 2);
        for (char *p = r; (p = strstr(p, "::"));) memmove(p, p + 1, strlen(p)), *p = '/';
        rest = r;
    }
    const char *path = module_file(c, module, "manifests", rest);
    if (!path) return;
    int rc = load_file(c, path, NULL);
    if (rc == 1) longjmp(*c->fail, 1);
}

const Node *load_class(Compiler *c, const char *name)
{
    const Node *n = map_get(&c->classes, name, strlen(name));
    if (n) return n;
    autoload(c, name);
    return map_get(&c->classes, name, strlen(name));
}

const Node *load_define(Compiler *c, const char *name)
{
    const Node *n = map_get(&c->defines, name, strlen(name));
    if (n) return n;
    if (!c->nmodulepath) return NULL;
    autoload(c, name);
    return map_get(&c->defines, name, strlen(name));
}
