/* ast.c - node construction helpers; see ast.h.  A node names its file by
 * a number: the files seen, in a table that only grows (a handful per
 * compile; a freed file's entry is never looked at again, as no node of
 * it is). */
#include "parser/ast.h"
#include "base/util.h"

static const SrcFile **files;      /* id - 1 -> file */
static uint32_t nfiles, capfiles;

static uint32_t file_id(const SrcFile *f)
{
    static const SrcFile *last;
    static uint32_t last_id;
    if (!f) return 0;
    if (f == last) return last_id;
    uint32_t i = nfiles;
    while (i > 0 && files[i - 1] != f) i--;
    if (i == 0) {
        if (nfiles == capfiles) {
            capfiles = capfiles ? capfiles * 2 : 64;
            files = xrealloc(files, capfiles * sizeof *files);
        }
        files[nfiles++] = f;
        i = nfiles;
    }
    last = f;
    last_id = i;
    return i;
}

const SrcFile *ast_file(const Node *n) { return n->fid ? files[n->fid - 1] : NULL; }

void ast_set_file(Node *n, const SrcFile *f) { n->fid = file_id(f); }

#define UPTO(field) (unsigned char)(offsetof(Node, field) + sizeof(((Node *)0)->field))
const unsigned char ast_node_size[ND_KIND_COUNT] = {
    [ND_BLOCK] = sizeof(Node),          /* ival: a definition's body */
    [ND_INT] = sizeof(Node), [ND_FLOAT] = sizeof(Node), [ND_BOOL] = sizeof(Node),
    [ND_STR] = UPTO(next), [ND_REGEX] = UPTO(next), [ND_UNDEF] = UPTO(next),
    [ND_DEFAULT] = UPTO(next), [ND_NAME] = UPTO(next), [ND_TYPEREF] = UPTO(next),
    [ND_VAR] = UPTO(next), [ND_RESERVED] = UPTO(next),
    [ND_NOT] = UPTO(a), [ND_NEG] = UPTO(a), [ND_SPLAT] = UPTO(a), [ND_PAREN] = UPTO(a),
    [ND_ATTROP] = UPTO(a),
    [ND_CONCAT] = UPTO(kids), [ND_ARRAY] = UPTO(kids), [ND_HASH] = UPTO(kids),
    [ND_ACCESS] = UPTO(kids), [ND_SELECTOR] = UPTO(kids), [ND_CASE] = UPTO(kids),
    [ND_RESOURCE] = UPTO(kids), [ND_BODY] = UPTO(kids), [ND_RES_DEFAULTS] = UPTO(kids),
    [ND_RES_OVERRIDE] = UPTO(kids),
    [ND_PAIR] = UPTO(b), [ND_BINOP] = UPTO(b), [ND_AND] = UPTO(b), [ND_OR] = UPTO(b),
    [ND_ASSIGN] = UPTO(b), [ND_RELATION] = UPTO(b), [ND_WHEN] = UPTO(b),
    [ND_LAMBDA] = UPTO(b), [ND_COLLECT] = UPTO(b),
    [ND_IF] = sizeof(Node), [ND_UNLESS] = sizeof(Node), [ND_CALL] = sizeof(Node),
    [ND_METHOD] = sizeof(Node), [ND_CLASS] = sizeof(Node), [ND_DEFINE] = sizeof(Node),
    [ND_NODE] = sizeof(Node), [ND_FUNCTION] = sizeof(Node), [ND_TYPE_ALIAS] = sizeof(Node),
    [ND_PARAM] = sizeof(Node),
};

Node *ast_new(Arena *a, NodeKind kind, const SrcFile *f, uint32_t off, uint32_t len)
{
    Node *n = arena_alloc8(a, ast_node_size[kind]);
    n->kind = kind;
    n->fid = file_id(f);
    n->off = off;
    n->len = len;
    return n;
}

_Static_assert(sizeof(Node) == 64, "a node is 64 bytes at most");

void ast_list_add(NodeList *l, Node *n)
{
    if (!n) return;
    if (l->tail) l->tail->next = n;
    else l->head = n;
    l->tail = n;
    while (l->tail->next) l->tail = l->tail->next, l->n++;
    l->n++;
}

void ast_set_kids(Node *parent, NodeList l) { parent->kids = l.head; }

int ast_nkids(const Node *n)
{
    int k = 0;
    for (const Node *x = ast_kids(n); x; x = x->next) k++;
    return k;
}

SrcLoc ast_loc(const Node *n)
{
    SrcLoc l = {ast_file(n), n->off, n->len};
    return l;
}

const char *ast_kind_name(NodeKind k)
{
    static const char *names[ND_KIND_COUNT] = {
        "block", "integer", "float", "string", "string", "regex", "boolean", "undef",
        "default", "name", "type", "variable", "array", "hash", "pair", "reserved word",
        "access", "operator", "and", "or", "not", "minus", "splat", "parentheses",
        "assignment", "selector", "if", "unless", "case", "when", "function call",
        "method call", "lambda", "resource", "resource body", "attribute operation",
        "resource defaults", "resource override", "relationship", "collector", "class",
        "define", "node", "function", "type alias", "parameter",
    };
    return k < ND_KIND_COUNT ? names[k] : "?";
}
