/*
 * core.c - Puppet 7 core functions that need the compiler: finding module
 * files (find_file, find_template, module_directory, binary_file), the
 * digest_algorithm setting (digest), the walk of nested collections with a
 * container type (tree_each), the discontinued import, and the new
 * functions of SemVer, SemVerRange and Binary (compiler/semver.c holds the
 * version algebra), and Hiera's backend functions, which a manifest can
 * name but only Hiera can call.
 *
 * A module reference "mod/rest" names <mod>/files/rest (templates/rest for
 * find_template) in the first module of that name on the module path, as
 * Puppet::Parser::Files does; an absolute path names itself.  The finders
 * try their arguments in order and give the first that exists, or undef.
 */
#include "compiler/fn/fnaux.h"
#include "compiler/fn/core.h"
#include "catalog/semver.h"
#include "catalog/uri.h"
#include "base/util.h"
#include "base/utf8.h"
#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#define AR (cc->arena)

/* The paths of a finder's arguments: Strings, or one Array of Strings
 * (Puppet's two dispatches); anything else is the dispatch failure. */
static Value **finder_args(CallCtx *cc, const char *fn, const char *param, size_t *n)
{
    Value **a = cc->args;
    *n = cc->nargs;
    if (*n == 1 && a[0]->kind == V_ARRAY) {
        *n = a[0]->arr.n;
        a = a[0]->arr.items;
        for (size_t i = 0; i < *n; i++)
            if (a[i]->kind != V_STR)
                ev_fail(cc, "The function '%s' was called with arguments it does not accept. It expects one of:\n"
                            "  (String %s*)\n    rejected: parameter '%s' expects a String value, got %s\n"
                            "  (Array[String] %s_array*)\n    rejected: parameter '%s_array' index %zu expects a String value, got %s",
                        fn, param, param, fn_got_type(cc, cc->args[0]), param, param, i, fn_got_type(cc, a[i]));
        return a;
    }
    for (size_t i = 0; i < *n; i++)
        if (a[i]->kind != V_STR) {
            if (*n == 1)
                ev_fail(cc, "The function '%s' was called with arguments it does not accept. It expects one of:\n"
                            "  (String %s*)\n    rejected: parameter '%s' expects a String value, got %s\n"
                            "  (Array[String] %s_array*)\n    rejected: parameter '%s_array' expects an Array value, got %s",
                        fn, param, param, fn_got_type(cc, a[i]), param, param, fn_got_type(cc, a[i]));
            ev_fail(cc, "'%s' parameter '%s' expects a value of type String or Array, got %s", fn, param, fn_got_type(cc, a[i]));
        }
    return a;
}

/* Puppet::Parser::Files#find_in_module: the path of ref under the module's
 * dir ("files" or "templates"), whether or not it exists; NULL when ref
 * names no module file. */
static const char *module_ref_path(CallCtx *cc, const char *ref, const char *dir)
{
    if (ref[0] == '/') return ref;
    const char *slash = strchr(ref, '/');
    if (!slash) return NULL;
    return ev_module_path(cc, arena_strndup(AR, ref, (size_t)(slash - ref)), dir, slash + 1);
}

static Value *find_in_modules(CallCtx *cc, const char *fn, const char *dir)
{
    size_t n;
    Value **a = finder_args(cc, fn, "paths", &n);
    struct stat st;
    for (size_t i = 0; i < n; i++) {
        const char *p = module_ref_path(cc, a[i]->str.s, dir);
        if (p && stat(p, &st) == 0) return val_cstr(AR, p);
    }
    return VAL_UNDEF;
}

/* find_file(path, ...) / find_file([path, ...]) - the first that exists. */
Value *f_find_file(CallCtx *cc) { return find_in_modules(cc, "find_file", "files"); }

/* find_template(path, ...) / find_template([path, ...]) - the same under templates/. */
Value *f_find_template(CallCtx *cc) { return find_in_modules(cc, "find_template", "templates"); }

/* module_directory(name, ...) / module_directory([name, ...]) - the
 * directory of the first named module on the module path, or undef. */
Value *f_module_directory(CallCtx *cc)
{
    size_t n;
    Value **a = finder_args(cc, "module_directory", "names", &n);
    for (size_t i = 0; i < n; i++) {
        const char *p = ev_module_path(cc, a[i]->str.s, "", "");
        if (p) return val_str(AR, p, strlen(p) - 1);       /* without load_module_path's trailing '/' */
    }
    return VAL_UNDEF;
}

/* digest(string) - the hex digest of Puppet's digest_algorithm setting,
 * which is sha256 (mcomp has no settings file to change it). */
Value *f_digest(CallCtx *cc)
{
    if (cc->nargs != 1) ev_fail(cc, "digest(): Wrong number of arguments given (%zu for 1)", cc->nargs);
    return f_sha256(cc);
}

/* import(...) - removed from the language in Puppet 4. */
Value *f_import(CallCtx *cc)
{
    ev_fail(cc, "Use of 'import' has been discontinued in favor of a manifest directory. "
                "See http://links.puppet.com/puppet-import-deprecation");
}

/* ---- tree_each ---- */

typedef struct Tree {
    Value *ctype;                   /* container_type, or NULL: Array and Hash */
    int root, containers, values;   /* what is visited */
    int breadth;                    /* order => breadth_first */
    AVec out;                       /* [path, value] pairs, in visiting order */
    Value *tree;
} Tree;

static int tree_container(CallCtx *cc, Tree *t, Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH) return 0;
    return !t->ctype || ev_type_match(cc, t->ctype, v);
}

/* The children of container v as (index or key, value). */
static size_t tree_children(Value *v, size_t i, Value **k, Value **x, CallCtx *cc)
{
    if (v->kind == V_ARRAY) {
        *k = val_int(AR, (int64_t)i);
        *x = v->arr.items[i];
        return v->arr.n;
    }
    *k = v->hash.keys[i];
    *x = v->hash.vals[i];
    return v->hash.n;
}

static size_t tree_size(const Value *v) { return v->kind == V_ARRAY ? v->arr.n : v->kind == V_HASH ? v->hash.n : 0; }

static Value *path_plus(CallCtx *cc, Value *path, Value *k)
{
    Value **items = ARENA_NEWN(AR, Value *, path->arr.n + 1);
    if (path->arr.n) memcpy(items, path->arr.items, path->arr.n * sizeof *items);
    items[path->arr.n] = k;
    return fn_mk_array(cc, items, path->arr.n + 1);
}

/* Puppet's DepthFirstTreeIterator: a container, then what it holds. */
static void tree_depth(CallCtx *cc, Tree *t, Value *v, Value *path)
{
    for (size_t i = 0; i < tree_size(v); i++) {
        Value *k, *x;
        tree_children(v, i, &k, &x, cc);
        Value *p = path_plus(cc, path, k);
        if (tree_container(cc, t, x)) {
            if (t->containers) fn_av_push(cc, &t->out, fn_pair(cc, p, x));
            tree_depth(cc, t, x, p);
        } else if (t->values) {
            fn_av_push(cc, &t->out, fn_pair(cc, p, x));
        }
    }
}

/* Puppet's BreadthFirstTreeIterator: level by level.  Like Puppet's, it
 * does not look at include_values (values are always visited). */
static void tree_breadth(CallCtx *cc, Tree *t)
{
    AVec queue = {0}, paths = {0};
    fn_av_push(cc, &queue, t->tree);
    fn_av_push(cc, &paths, fn_mk_array(cc, NULL, 0));
    for (size_t q = 0; q < queue.n; q++) {
        Value *v = queue.v[q];
        for (size_t i = 0; i < tree_size(v); i++) {
            Value *k, *x;
            tree_children(v, i, &k, &x, cc);
            Value *p = path_plus(cc, paths.v[q], k);
            int cont = tree_container(cc, t, x);
            if (cont) {
                fn_av_push(cc, &queue, x);
                fn_av_push(cc, &paths, p);
            }
            if (!cont || t->containers) fn_av_push(cc, &t->out, fn_pair(cc, p, x));
        }
    }
}

static int tree_flag(Value *opts, const char *key, int dflt)
{
    Value *v = opts ? val_hash_gets(opts, key) : NULL;
    return !v || v->kind == V_UNDEF ? dflt : val_truthy(v);
}

#define TREE_OPTIONS \
    "Struct[{'container_type' => Optional[Type], 'include_root' => Optional[Boolean], " \
    "'include_containers' => Optional[Boolean], 'include_values' => Optional[Boolean], " \
    "'order' => Optional[Enum['breadth_first', 'depth_first']], 'include_refs' => Optional[Boolean]}]"

/* The OptionsType struct of tree_each: its keys and their types. */
static void tree_options(CallCtx *cc, Tree *t, Value *o)
{
    static const char *const bools[] = {"include_root", "include_containers", "include_values", "include_refs"};
    if (o->kind != V_HASH)
        ev_fail(cc, "'tree_each' parameter 'options' expects a Struct value, got %s", fn_got_type(cc, o));
    for (size_t i = 0; i < o->hash.n; i++) {
        Value *k = o->hash.keys[i], *v = o->hash.vals[i];
        const char *ks = k->kind == V_STR ? k->str.s : "";
        int known = 0, ok = 0;
        const char *want = NULL;
        for (size_t b = 0; b < ARRAY_LEN(bools); b++)
            if (!strcmp(ks, bools[b])) known = 1, ok = v->kind == V_BOOL || v->kind == V_UNDEF, want = "Boolean";
        if (!strcmp(ks, "container_type")) known = 1, ok = v->kind == V_TYPE || v->kind == V_UNDEF, want = "Type";
        if (!strcmp(ks, "order")) {
            known = 1, want = NULL;
            ok = v->kind == V_UNDEF ||
                 (v->kind == V_STR && (!strcmp(v->str.s, "depth_first") || !strcmp(v->str.s, "breadth_first")));
            if (!ok && v->kind == V_STR)
                ev_fail(cc, "'tree_each' parameter 'options' entry 'order' expects an undef value or a match for "
                            "Enum['breadth_first', 'depth_first'], got '%s'", v->str.s);
            if (!ok)
                ev_fail(cc, "'tree_each' parameter 'options' entry 'order' expects a value of type Undef or Enum, got %s",
                        fn_got_type(cc, v));
        }
        if (!known) {
            const char *why = arena_printf(AR, "parameter 'options' unrecognized key '%s'", val_to_cstr(AR, k));
            ev_fail(cc, "The function 'tree_each' was called with arguments it does not accept. It expects one of:\n"
                        "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?, Callable[2, 2] block)\n    rejected: %s\n"
                        "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?, Callable[1, 1] block)\n    rejected: %s\n"
                        "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?)\n    rejected: %s",
                        TREE_OPTIONS, why, TREE_OPTIONS, why, TREE_OPTIONS, why);
        }
        if (!ok)
            ev_fail(cc, "'tree_each' parameter 'options' entry '%s' expects a value of type Undef or %s, got %s", ks, want,
                    fn_got_type(cc, v));
    }
    Value *ct = val_hash_gets(o, "container_type");
    if (ct && ct->kind == V_TYPE) {
        int okt = !strcmp(ct->type.name, "Array") || !strcmp(ct->type.name, "Hash") || !strcmp(ct->type.name, "Tuple") ||
                  !strcmp(ct->type.name, "Struct");
        if (!okt)
            ev_fail(cc, "Only Array, Hash, and Object types can be used as container types. Got %s", val_to_cstr(AR, ct));
        t->ctype = ct;
    }
    Value *ord = val_hash_gets(o, "order");
    t->breadth = ord && ord->kind == V_STR && !strcmp(ord->str.s, "breadth_first");
    t->containers = tree_flag(o, "include_containers", 1);
    t->values = tree_flag(o, "include_values", 1);
    t->root = t->containers && tree_flag(o, "include_root", 1);
    if (!t->containers && !t->values) ev_fail(cc, "Options 'include_containers' and 'include_values' cannot both be false");
}

static void tree_loop(CallCtx *cc, void *state)
{
    Tree *t = state;
    int two = ev_lambda_params(cc) == 2;
    for (size_t i = 0; i < t->out.n; i++) {
        Value *pair = t->out.v[i];
        if (two) ev_yield(cc, pair->arr.items, 2);
        else ev_yield(cc, &pair->arr.items[1], 1);
    }
}

/* tree_each(tree[, options]) |$path, $value| / |$value| - visits the tree
 * and every value it holds, depth first (or breadth first), a path being
 * the array of indexes and keys leading to the value.  With a block: the
 * tree; without one, Puppet's Iterator, made here an Array of [path,
 * value] pairs. */
Value *f_tree_each(CallCtx *cc)
{
    if (cc->nargs < 1 || cc->nargs > 2)
        ev_fail(cc, "'tree_each' expects between 1 and 2 arguments, got %s", cc->nargs ? arena_printf(AR, "%zu", cc->nargs) : "none");
    Tree t = {.root = 1, .containers = 1, .values = 1, .tree = cc->args[0]};
    if (t.tree->kind != V_ARRAY && t.tree->kind != V_HASH)
        ev_fail(cc, "'tree_each' parameter 'tree' expects a value of type Iterator, Array, Hash, or Object, got %s",
                fn_got_type(cc, t.tree));
    if (cc->nargs > 1) tree_options(cc, &t, cc->args[1]);
    int np = cc->lambda ? ev_lambda_params(cc) : 1;
    if (np < 1 || np > 2) {
        const char *got = np ? arena_printf(AR, "%d", np) : "none";
        ev_fail(cc, "The function 'tree_each' was called with arguments it does not accept. It expects one of:\n"
                    "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?, Callable[2, 2] block)\n"
                    "    rejected: block expects 2 arguments, got %s\n"
                    "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?, Callable[1, 1] block)\n"
                    "    rejected: block expects 1 argument, got %s\n"
                    "  (Variant[Iterator, Array, Hash, Object] tree, OptionsType = %s options?)\n"
                    "    rejected: expects no block, got one",
                TREE_OPTIONS, got, TREE_OPTIONS, got, TREE_OPTIONS);
    }
    if (t.root) fn_av_push(cc, &t.out, fn_pair(cc, fn_mk_array(cc, NULL, 0), t.tree));
    if (!tree_container(cc, &t, t.tree)) {
        /* a root its container_type does not take: nothing below it */
    } else if (t.breadth) {
        tree_breadth(cc, &t);
    } else {
        tree_depth(cc, &t, t.tree, fn_mk_array(cc, NULL, 0));
    }
    if (!cc->lambda) return fn_av_array(cc, &t.out);
    ev_breakable(cc, tree_loop, &t);
    return t.tree;
}

/* ---- SemVer, SemVerRange and Binary values: their new functions ---- */

static int b64_val(int ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

/* Ruby's unpack("m"): characters outside the alphabet skipped, '=' ends. */
static void b64_loose(Buf *b, const char *s, size_t len)
{
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < len && s[i] != '='; i++) {
        int v = b64_val((unsigned char)s[i]);
        if (v < 0) continue;
        acc = acc << 6 | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf_addc(b, (char)(acc >> bits & 0xff));
        }
    }
}

/* Ruby's unpack("m0") (Base64.strict_decode64): 0 unless canonical. */
static int b64_strict(Buf *b, const char *s, size_t len)
{
    if (len % 4) return 0;
    for (size_t i = 0; i < len; i += 4) {
        int v[4], pad = 0;
        for (int k = 0; k < 4; k++) {
            v[k] = b64_val((unsigned char)s[i + k]);
            if (s[i + k] == '=' && i + 4 == len && k >= 2) { pad++; v[k] = 0; continue; }
            if (v[k] < 0 || pad) return 0;
        }
        uint32_t w = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
        if ((pad == 1 && (w & 0xff)) || (pad == 2 && (w & 0xffff))) return 0;
        if (pad == 2 && s[i + 2] != '=') return 0;
        buf_addc(b, (char)(w >> 16));
        if (pad < 2) buf_addc(b, (char)(w >> 8 & 0xff));
        if (pad < 1) buf_addc(b, (char)(w & 0xff));
    }
    return 1;
}

static Value *binary_from_string(CallCtx *cc, const Value *str, const char *fmt)
{
    const char *s = str->str.s;
    size_t len = str->str.len;
    Buf b = BUF_INIT;
    int ok = 1;
    if (!strcmp(fmt, "%b")) {
        buf_add(&b, s, len);
        for (size_t i = 0; i < len % 3; i++) buf_addc(&b, '=');      /* Puppet pads by length % 3 */
        Buf d = BUF_INIT;
        b64_loose(&d, b.s, b.len);
        buf_free(&b);
        b = d;
    } else if (!strcmp(fmt, "%u")) {                 /* urlsafe_decode64: padding added, then strict */
        Buf t = BUF_INIT;
        for (size_t i = 0; i < len; i++) buf_addc(&t, s[i] == '-' ? '+' : s[i] == '_' ? '/' : s[i]);
        if (len % 4 && !memchr(s, '=', len))
            for (size_t i = len % 4; i < 4; i++) buf_addc(&t, '=');
        ok = b64_strict(&b, t.s ? t.s : "", t.len);
        buf_free(&t);
    } else if (!strcmp(fmt, "%B")) {
        ok = b64_strict(&b, s, len);
    } else if (!strcmp(fmt, "%s")) {
        for (size_t i = 0, k; i < len; i += k) {
            long cp;
            k = utf8_decode(s + i, len - i, &cp);
            if (cp < 0) {
                buf_free(&b);
                ev_fail(cc, "The given string in encoding 'UTF-8' is invalid. Cannot create a Binary UTF-8 representation");
            }
        }
        buf_add(&b, s, len);
    } else {
        buf_add(&b, s, len);                         /* %r: the bytes as they are */
    }
    if (!ok) {
        buf_free(&b);
        ev_fail(cc, "invalid base64");
    }
    Value *r = val_binary(AR, b.s ? b.s : "", b.len);
    buf_free(&b);
    return r;
}

static const char *const BIN_SIGS =
    "  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n"
    "  (Array[ByteInteger = Integer[0, 255]] byte_array)\n"
    "  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}], "
    "ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)";

static _Noreturn void new_mismatch(CallCtx *cc, const char *fn, const char *sigs)
{
    ev_fail(cc, "The function '%s' was called with arguments it does not accept. It expects one of:\n%s", fn, sigs);
}

static int is_format(const Value *f)
{
    static const char *const fmts[] = {"%b", "%u", "%B", "%s", "%r"};
    if (f->kind != V_STR) return 0;
    for (size_t i = 0; i < ARRAY_LEN(fmts); i++)
        if (!strcmp(f->str.s, fmts[i])) return 1;
    return 0;
}

static Value *binary_from_array(CallCtx *cc, const Value *arr)
{
    char *bytes = arena_alloc_bytes(AR, arr->arr.n + 1);
    for (size_t i = 0; i < arr->arr.n; i++) {
        const Value *x = arr->arr.items[i];
        if (x->kind != V_INT || x->i < 0 || x->i > 255) new_mismatch(cc, "new_Binary", BIN_SIGS);
        bytes[i] = (char)x->i;
    }
    return val_binary(AR, bytes, arr->arr.n);
}

static Value *new_binary(CallCtx *cc, Value **a, size_t n)
{
    if (n == 0 || n > 2) ev_fail(cc, "'new_Binary' expects between 1 and 2 arguments, got %zu", n);
    if (a[0]->kind == V_STR && (n == 1 || is_format(a[1]))) return binary_from_string(cc, a[0], n > 1 ? a[1]->str.s : "%B");
    if (n == 1 && a[0]->kind == V_ARRAY) return binary_from_array(cc, a[0]);
    if (n == 1 && a[0]->kind == V_HASH) {
        Value *v = val_hash_gets(a[0], "value"), *f = val_hash_gets(a[0], "format");
        for (size_t i = 0; i < a[0]->hash.n; i++) {
            const Value *k = a[0]->hash.keys[i];
            if (k->kind != V_STR || (strcmp(k->str.s, "value") && strcmp(k->str.s, "format"))) new_mismatch(cc, "new_Binary", BIN_SIGS);
        }
        if (v && v->kind == V_STR && (!f || f->kind == V_UNDEF || is_format(f)))
            return binary_from_string(cc, v, f && f->kind == V_STR ? f->str.s : "%B");
        if (v && v->kind == V_ARRAY && !f) return binary_from_array(cc, v);
    }
    new_mismatch(cc, "new_Binary", BIN_SIGS);
}

static const char *const SEMVER_SIGS =
    "  (SemVerPattern = Pattern[/\\A(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?\\Z/] str)\n"
    "  (PositiveInteger = Integer[0] major, PositiveInteger = Integer[0] minor, PositiveInteger = Integer[0] patch, "
    "SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/] prerelease?, "
    "SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/] build?)\n"
    "  (SemVerHash = Struct[{'major' => PositiveInteger = Integer[0], 'minor' => PositiveInteger = Integer[0], "
    "'patch' => PositiveInteger = Integer[0], Optional['prerelease'] => SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/], "
    "Optional['build'] => SemVerQualifier = Pattern[/\\A(?<part>[0-9A-Za-z-]+)(?:\\.\\g<part>)*\\Z/]}] hash_args)";

/* SemVerQualifier: identifiers of [0-9A-Za-z-] joined by dots. */
static int is_qualifier(const Value *q)
{
    if (q->kind != V_STR || !q->str.len) return 0;
    const char *s = q->str.s;
    for (size_t i = 0; i < q->str.len; i++) {
        if (s[i] == '.' && i && i + 1 < q->str.len && s[i - 1] != '.') continue;
        if (!isalnum((unsigned char)s[i]) && s[i] != '-') return 0;
    }
    return 1;
}

static Value *semver_from_parts(CallCtx *cc, Value *ma, Value *mi, Value *pa, Value *pre, Value *build)
{
    Value *p[3] = {ma, mi, pa};
    for (int i = 0; i < 3; i++)
        if (!p[i] || p[i]->kind != V_INT || p[i]->i < 0) new_mismatch(cc, "new_Version", SEMVER_SIGS);
    if ((pre && pre->kind != V_UNDEF && !is_qualifier(pre)) || (build && build->kind != V_UNDEF && !is_qualifier(build)))
        new_mismatch(cc, "new_Version", SEMVER_SIGS);
    const char *ps = pre && pre->kind == V_STR ? pre->str.s : NULL, *bs = build && build->kind == V_STR ? build->str.s : NULL;
    if (ps) {       /* the gem checks a numeric prerelease identifier only when parsing */
        const char *why;
        Value *probe = sv_version_parse(AR, arena_printf(AR, "0.0.0-%s", ps), &why);
        if (!probe) ev_fail(cc, "%s", why);
    }
    return sv_version_new(AR, ma->i, mi->i, pa->i, ps, bs);
}

static Value *new_semver(CallCtx *cc, Value **a, size_t n)
{
    if (n == 1 && a[0]->kind == V_STR) {
        const char *why;
        Value *v = sv_version_parse(AR, a[0]->str.s, &why);
        if (v) return v;
        if (!strncmp(why, "Unable to parse", 15))
            ev_fail(cc, "'new_Version' The string '%s' cannot be converted to a SemVer", a[0]->str.s);
        ev_fail(cc, "%s", why);
    }
    if (n == 1 && a[0]->kind == V_HASH) {
        Value *h = a[0];
        for (size_t i = 0; i < h->hash.n; i++) {
            const Value *k = h->hash.keys[i];
            static const char *const keys[] = {"major", "minor", "patch", "prerelease", "build"};
            int known = 0;
            for (size_t j = 0; j < ARRAY_LEN(keys); j++) known |= k->kind == V_STR && !strcmp(k->str.s, keys[j]);
            if (!known) new_mismatch(cc, "new_Version", SEMVER_SIGS);
        }
        return semver_from_parts(cc, val_hash_gets(h, "major"), val_hash_gets(h, "minor"), val_hash_gets(h, "patch"),
                                 val_hash_gets(h, "prerelease"), val_hash_gets(h, "build"));
    }
    if (n == 2) ev_fail(cc, "'new_Version' expects between 1 and 5 arguments, got 2");
    if (n >= 3 && n <= 5) return semver_from_parts(cc, a[0], a[1], a[2], n > 3 ? a[3] : NULL, n > 4 ? a[4] : NULL);
    if (n == 0 || n > 5) ev_fail(cc, "'new_Version' expects between 1 and 5 arguments, got %zu", n);
    new_mismatch(cc, "new_Version", SEMVER_SIGS);
}

static const char *const RANGE_SIGS =
    "  (SemVerRangeString = String[1] str)\n"
    "  (Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?)\n"
    "  (SemVerRangeHash = Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], "
    "Optional['exclude_max'] => Boolean}] hash_args)";

static Value *range_between(CallCtx *cc, Value *min, Value *max, Value *excl)
{
    int ok = (min->kind == V_DEFAULT || min->kind == V_SEMVER) && (max->kind == V_DEFAULT || max->kind == V_SEMVER) &&
             (!excl || excl->kind == V_BOOL);
    if (!ok) new_mismatch(cc, "new_VersionRange", RANGE_SIGS);
    return sv_range_between(AR, min->kind == V_SEMVER ? min : NULL, max->kind == V_SEMVER ? max : NULL, excl && excl->b);
}

static Value *new_semver_range(CallCtx *cc, Value **a, size_t n)
{
    if (n == 1 && a[0]->kind == V_STR && a[0]->str.len) {
        const char *why;
        Value *r = sv_range_parse(AR, a[0]->str.s, &why);
        if (!r) ev_fail(cc, "%s", why);
        return r;
    }
    if (n == 1 && a[0]->kind == V_HASH) {
        Value *h = a[0], *min = val_hash_gets(h, "min"), *max = val_hash_gets(h, "max"), *ex = val_hash_gets(h, "exclude_max");
        for (size_t i = 0; i < h->hash.n; i++) {
            const Value *k = h->hash.keys[i];
            if (k->kind != V_STR || (strcmp(k->str.s, "min") && strcmp(k->str.s, "max") && strcmp(k->str.s, "exclude_max")))
                new_mismatch(cc, "new_VersionRange", RANGE_SIGS);
        }
        if (!min) new_mismatch(cc, "new_VersionRange", RANGE_SIGS);
        return range_between(cc, min, max ? max : VAL_DEFAULT, ex);
    }
    if (n == 2 || n == 3) return range_between(cc, a[0], a[1], n > 2 ? a[2] : NULL);
    if (n == 0 || n > 3) ev_fail(cc, "'new_VersionRange' expects between 1 and 3 arguments, got %zu", n);
    new_mismatch(cc, "new_VersionRange", RANGE_SIGS);
}

/* An Error (Puppet::DataTypes::Error): msg, then kind, details and
 * issue_code when given. */
Value *core_error(CallCtx *cc, const char *msg, const char *kind, Value *details, const char *issue_code)
{
    Value *k[4], *v[4];
    size_t n = 0;
    k[n] = val_cstr(AR, "msg"), v[n++] = val_cstr(AR, msg);
    if (kind) k[n] = val_cstr(AR, "kind"), v[n++] = val_cstr(AR, kind);
    if (details) k[n] = val_cstr(AR, "details"), v[n++] = details;
    if (issue_code) k[n] = val_cstr(AR, "issue_code"), v[n++] = val_cstr(AR, issue_code);
    return val_object(AR, "Error", val_hash(AR, k, v, n));
}

static const char *const ERROR_SIGS =
    "  (Struct[{'msg' => String[1], 'kind' => Optional[String[1]], 'details' => Optional[Hash[String[1], Data]], "
    "'issue_code' => Optional[String[1]]}] hash)\n"
    "  (String[1] msg, String[1] kind?, Hash[String[1], Data] details?, String[1] issue_code?)";

static int opt_str1(const Value *v) { return !v || v->kind == V_UNDEF || (v->kind == V_STR && v->str.len); }

static Value *new_error(CallCtx *cc, Value **a, size_t n)
{
    Value *msg, *kind, *details, *code;
    if (n == 1 && a[0]->kind == V_HASH) {
        Value *h = a[0];
        for (size_t i = 0; i < h->hash.n; i++) {
            const Value *key = h->hash.keys[i];
            static const char *const keys[] = {"msg", "kind", "details", "issue_code"};
            int known = 0;
            for (size_t j = 0; j < ARRAY_LEN(keys); j++) known |= key->kind == V_STR && !strcmp(key->str.s, keys[j]);
            if (!known) new_mismatch(cc, "new_Error", ERROR_SIGS);
        }
        msg = val_hash_gets(h, "msg"), kind = val_hash_gets(h, "kind"), details = val_hash_gets(h, "details"),
        code = val_hash_gets(h, "issue_code");
    } else {
        if (n < 1 || n > 4) ev_fail(cc, "'new_Error' expects between 1 and 4 arguments, got %zu", n);
        msg = a[0], kind = n > 1 ? a[1] : NULL, details = n > 2 ? a[2] : NULL, code = n > 3 ? a[3] : NULL;
    }
    if (!msg || msg->kind != V_STR || !msg->str.len || !opt_str1(kind) || !opt_str1(code) ||
        (details && details->kind != V_UNDEF && details->kind != V_HASH))
        new_mismatch(cc, "new_Error", ERROR_SIGS);
    return core_error(cc, msg->str.s, kind && kind->kind == V_STR ? kind->str.s : NULL,
                      details && details->kind == V_HASH ? details : NULL, code && code->kind == V_STR ? code->str.s : NULL);
}

static const char *const URI_SIGS =
    "  (String[1] uri)\n"
    "  (Struct[{Optional['scheme'] => String[1], Optional['userinfo'] => String[1], Optional['host'] => String[1], "
    "Optional['port'] => Integer[0], Optional['path'] => String[1], Optional['query'] => String[1], "
    "Optional['fragment'] => String[1], Optional['opaque'] => String[1]}] hash)";

static Value *new_uri(CallCtx *cc, Value **a, size_t n)
{
    if (n != 1) ev_fail(cc, "'new_error' expects 1 argument, got %zu", n);
    if (a[0]->kind == V_STR && a[0]->str.len) {
        const char *why;
        Value *u = uri_parse(AR, a[0]->str.s, &why);
        if (!u) ev_fail(cc, "%s", why);
        return u;
    }
    if (a[0]->kind == V_HASH) {
        static const char *const keys[] = {"scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"};
        Value *h = a[0];
        for (size_t i = 0; i < h->hash.n; i++) {
            const Value *k = h->hash.keys[i], *v = h->hash.vals[i];
            int known = 0;
            for (size_t j = 0; j < ARRAY_LEN(keys); j++) known |= k->kind == V_STR && !strcmp(k->str.s, keys[j]);
            int port = k->kind == V_STR && !strcmp(k->str.s, "port");
            int ok = v->kind == V_UNDEF || (port ? v->kind == V_INT && v->i >= 0 : v->kind == V_STR && v->str.len);
            if (!known || !ok) new_mismatch(cc, "new_error", URI_SIGS);
        }
        return uri_from_parts(AR, h);
    }
    new_mismatch(cc, "new_error", URI_SIGS);
}

#define DEFERRED_NAME "Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/]"

/* Deferred's name: [$]?[a-z][a-z0-9_]*(::[a-z][a-z0-9_]*)* */
static int deferred_name_ok(const char *s)
{
    if (*s == '$') s++;
    for (;;) {
        if (!islower((unsigned char)*s)) return 0;
        while (islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_') s++;
        if (!*s) return 1;
        if (s[0] != ':' || s[1] != ':') return 0;
        s += 2;
    }
}

/* Deferred(name[, arguments]) or Deferred({name, arguments}): a call that
 * Puppet's agent makes when it applies the catalog; the catalog that
 * `puppet catalog compile` writes holds its string, as mcomp's does. */
static Value *new_deferred(CallCtx *cc, Value **a, size_t n)
{
    Value *name = NULL, *args = NULL;
    if (n == 1 && a[0]->kind == V_HASH) name = val_hash_gets(a[0], "name"), args = val_hash_gets(a[0], "arguments");
    else if (n == 1 || n == 2) name = a[0], args = n > 1 ? a[1] : NULL;
    else ev_fail(cc, "'new_Deferred' expects between 1 and 2 arguments, got %zu", n);
    const char *why = NULL;
    if (!name || name->kind != V_STR || !deferred_name_ok(name->str.s)) {
        const char *got = name && name->kind == V_STR ? arena_printf(AR, "'%s'", name->str.s)
                                                      : fn_got_type(cc, name ? name : VAL_UNDEF);
        why = arena_printf(AR, "parameter 'name' expects a match for " DEFERRED_NAME ", got %s", got);
    } else if (args && args->kind != V_UNDEF && args->kind != V_ARRAY) {
        why = arena_printf(AR, "parameter 'arguments' expects a value of type Undef or Array, got %s", fn_got_type(cc, args));
    }
    if (why) {
        /* each of the two signatures' reasons, as Puppet's dispatcher lists them */
        int hash = n == 1 && a[0]->kind == V_HASH;
        const char *why_hash = hash ? why
                             : n == 1 ? arena_printf(AR, "parameter 'hash' expects a Struct value, got %s", fn_got_type(cc, a[0]))
                                      : "expects 1 argument, got 2";
        const char *why_args = hash ? "parameter 'name' expects a Pattern value, got Struct" : why;
        ev_fail(cc, "The function 'new_Deferred' was called with arguments it does not accept. It expects one of:\n"
                    "  (Struct[{'name' => " DEFERRED_NAME ", 'arguments' => Optional[Array]}] hash)\n    rejected: %s\n"
                    "  (" DEFERRED_NAME " name, Array arguments?)\n    rejected: %s",
                why_hash, why_args);
    }
    Value *k[2] = {val_cstr(AR, "name"), val_cstr(AR, "arguments")}, *v[2] = {name, args};
    return val_object(AR, "Deferred", val_hash(AR, k, v, args && args->kind == V_ARRAY ? 2 : 1));
}

Value *core_new_value(CallCtx *cc, const char *type, Value **a, size_t n)
{
    if (!strcmp(type, "Deferred")) return new_deferred(cc, a, n);
    if (!strcmp(type, "URI")) return new_uri(cc, a, n);
    if (!strcmp(type, "Error")) return new_error(cc, a, n);
    if (!strcmp(type, "Binary")) return new_binary(cc, a, n);
    if (!strcmp(type, "SemVer")) return new_semver(cc, a, n);
    return new_semver_range(cc, a, n);
}

/* binary_file(path) - the file (a module reference "mod/file", or an
 * absolute path) as a Binary. */
Value *f_binary_file(CallCtx *cc)
{
    if (cc->nargs != 1) ev_fail(cc, "'binary_file' expects 1 argument, got %s", cc->nargs ? arena_printf(AR, "%zu", cc->nargs) : "none");
    Value *p = cc->args[0];
    if (p->kind != V_STR) ev_fail(cc, "'binary_file' parameter 'path' expects a String value, got %s", fn_got_type(cc, p));
    const char *path = module_ref_path(cc, p->str.s, "files");
    Buf b = BUF_INIT;
    if (!path || buf_read_file(&b, path, 0) != 0) {
        buf_free(&b);
        ev_fail(cc, "binary_file(): The given file '%s' does not exist", p->str.s);
    }
    Value *r = val_binary(AR, b.s ? b.s : "", b.len);
    buf_free(&b);
    return r;
}

/* ---- Hiera's backend functions, called from a manifest ---- */

/* json_data(options, context) / yaml_data / hocon_data: only Hiera holds a
 * Puppet::LookupContext, so a manifest's call fails as Puppet's does, on
 * the options first. */
static Value *data_hash_fn(CallCtx *cc, const char *fn)
{
    Value *o = cc->args[0], *ctx = cc->args[1];
    if (o->kind != V_HASH) ev_fail(cc, "'%s' parameter 'options' expects a Struct value, got %s", fn, fn_got_type(cc, o));
    for (size_t i = 0; i < o->hash.n; i++) {
        const Value *k = o->hash.keys[i];
        if (k->kind != V_STR || strcmp(k->str.s, "path"))
            ev_fail(cc, "'%s' parameter 'options' unrecognized key '%s'", fn, val_to_cstr(AR, k));
    }
    if (o->hash.n != 1) ev_fail(cc, "'%s' parameter 'options' expects size to be 1, got %zu", fn, o->hash.n);
    Value *p = o->hash.vals[0];
    if (p->kind != V_STR || !p->str.len)
        ev_fail(cc, "'%s' parameter 'options' entry 'path' expects a String[1] value, got %s", fn, fn_got_type(cc, p));
    ev_fail(cc, "'%s' parameter 'context' expects a Puppet::LookupContext value, got %s", fn, fn_got_type(cc, ctx));
}

Value *f_json_data(CallCtx *cc) { return data_hash_fn(cc, "json_data"); }
Value *f_yaml_data(CallCtx *cc) { return data_hash_fn(cc, "yaml_data"); }
Value *f_hocon_data(CallCtx *cc) { return data_hash_fn(cc, "hocon_data"); }

/* eyaml_lookup_key: Puppet loads it only with the hiera-eyaml library,
 * which mcomp does not have. */
Value *f_eyaml_lookup_key(CallCtx *cc)
{
    ev_fail(cc, "Function Load Error for function 'eyaml_lookup_key': Lookup using eyaml lookup_key function is only "
                "supported when the hiera_eyaml library is present");
}
