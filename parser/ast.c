/* ast.c - node construction helpers; see ast.h. */
#include "parser/ast.h"

Node *ast_new(Arena *a, NodeKind kind, const SrcFile *f, uint32_t off, uint32_t len)
{
    Node *n = ARENA_NEW(a, Node);
    n->kind = kind;
    n->file = f;
    n->off = off;
    n->len = len;
    return n;
}

void ast_list_add(NodeList *l, Node *n)
{
    if (!n) return;
    if (l->tail) l->tail->next = n;
    else l->head = n;
    l->tail = n;
    while (l->tail->next) l->tail = l->tail->next, l->n++;
    l->n++;
}

void ast_set_kids(Node *parent, NodeList l)
{
    parent->kids = l.head;
    parent->nkids = l.n;
}

SrcLoc ast_loc(const Node *n)
{
    SrcLoc l = {n->file, n->off, n->len};
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
