/*
 * ast.h - the syntax tree the parser builds and the compiler walks.  One
 * Node shape serves every construct: a kind, a source location, an optional
 * text (names, strings), up to four fixed children (a..d) and a list of
 * children (kids, chained through next).  Every node lives in the compile
 * arena; nothing is freed on its own.
 */
#ifndef PARSER_AST_H
#define PARSER_AST_H
#include "base/arena.h"
#include "base/diag.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum NodeKind {
    ND_BLOCK,          /* kids: statements in order */
    /* literals and names */
    ND_INT,            /* ival */
    ND_FLOAT,          /* fval */
    ND_STR,            /* text: the string's value */
    ND_CONCAT,         /* interpolated string: kids are ND_STR or expressions */
    ND_REGEX,          /* text: the pattern */
    ND_BOOL,           /* ival 0/1 */
    ND_UNDEF,
    ND_DEFAULT,
    ND_NAME,           /* bare word / qualified name: text */
    ND_TYPEREF,        /* capitalised name (File, Foo::Bar): text as written */
    ND_VAR,            /* $name: text without '$' */
    ND_ARRAY,          /* kids: elements */
    ND_HASH,           /* kids: ND_PAIR */
    ND_PAIR,           /* a: key, b: value */
    ND_RESERVED,       /* a reserved word used as a value: text */
    /* operators */
    ND_ACCESS,         /* a: target, kids: keys */
    ND_BINOP,          /* op: TokKind of the operator (PLUS, ISEQUAL, IN, MATCH, ...), a, b */
    ND_AND, ND_OR,     /* a, b */
    ND_NOT,            /* a */
    ND_NEG,            /* a: unary minus */
    ND_SPLAT,          /* a: unary * (unfold) */
    ND_PAREN,          /* a: parenthesised expression */
    ND_ASSIGN,         /* op: EQUALS/APPENDS/DELETES; a: target, b: value */
    ND_SELECTOR,       /* a: test; kids: ND_PAIR (a: option, b: value) */
    ND_IF,             /* a: test, b: then (ND_BLOCK or NULL), c: else (ND_BLOCK, ND_IF, NULL) */
    ND_UNLESS,         /* a: test, b: then, c: else */
    ND_CASE,           /* a: test; kids: ND_WHEN */
    ND_WHEN,           /* kids: options; b: body (ND_BLOCK or NULL) */
    ND_CALL,           /* text: function name; kids: arguments; b: lambda or NULL;
                          ival 1 when written with parentheses */
    ND_METHOD,         /* a: receiver; text: name; kids: arguments; b: lambda or NULL */
    ND_LAMBDA,         /* kids: ND_PARAM; b: body (ND_BLOCK or NULL) */
    /* resources and relationships */
    ND_RESOURCE,       /* text: the type's name ("file", "class"), or a: the type (ND_TYPEREF,
                          ND_ACCESS, ...); kids: ND_BODY;
                          op: 0 regular, TK_AT virtual, TK_ATAT exported */
    ND_BODY,           /* a: title; kids: ND_ATTROP */
    ND_ATTROP,         /* text: attribute name, or "*" for a splat; op: FARROW or PARROW; a: value */
    ND_RES_DEFAULTS,   /* a: ND_TYPEREF; kids: ND_ATTROP */
    ND_RES_OVERRIDE,   /* a: reference (ND_ACCESS); kids: ND_ATTROP */
    ND_RELATION,       /* op: IN_EDGE, IN_EDGE_SUB, OUT_EDGE, OUT_EDGE_SUB; a: left, b: right */
    ND_COLLECT,        /* a: ND_TYPEREF; b: query or NULL; kids: ND_ATTROP overrides;
                          op: TK_LCOLLECT virtual, TK_LLCOLLECT exported */
    /* definitions */
    ND_CLASS,          /* text: name; kids: ND_PARAM; b: body; c: parent (ND_NAME/ND_DEFAULT) */
    ND_DEFINE,         /* text: name; kids: ND_PARAM; b: body */
    ND_NODE,           /* kids: matchers (ND_STR, ND_REGEX, ND_DEFAULT); b: body; c: parent */
    ND_FUNCTION,       /* text: name; kids: ND_PARAM; b: body; c: return type */
    ND_TYPE_ALIAS,     /* text: name; a: type expression */
    ND_PARAM,          /* text: name; a: type or NULL; b: default or NULL; ival 1 captures rest */
    ND_KIND_COUNT
} NodeKind;

/* At most 64 bytes, allocated 8-byte aligned: a big manifest is millions
 * of them, so a node is only as long as the fields its kind uses (the
 * fields are ordered by how many kinds use them; ast_node_size): a string
 * or a name stops after next (32 bytes), an attribute operation after a
 * (40), a resource or an array after kids (48), a binary operator after b
 * (56).  Code that walks any kind of node reads a, kids and b through
 * ast_a, ast_kids and ast_b, which give NULL past a node's end.  The third
 * child c shares its room with ival: only the kinds that have a c (ast_c)
 * use it, and none of them has an ival.  The text's length and the number
 * of kids are not kept (ast_text_len, ast_nkids): the parser refuses NUL
 * bytes in texts, and lists are short. */
typedef struct Node {
    NodeKind kind : 8;
    unsigned flags : 8;      /* the evaluator's marks (ev_body: jumps looked for) */
    int op : 16;             /* operator or form, see NodeKind */
    uint32_t fid;            /* source file, see ast_file() */
    uint32_t off, len;       /* source range */
    const char *text;        /* lives in the arena; NUL-terminated */
    struct Node *next;       /* next sibling in the parent's list */
    /* the leaves (strings, names, variables, undef, default) end here */
    struct Node *a;          /* first fixed child, see NodeKind */
    struct Node *kids;       /* first list child */
    struct Node *b;          /* second fixed child */
    union {
        int64_t ival;        /* ND_INT, ND_BOOL, flags of other kinds */
        double fval;         /* ND_FLOAT */
        struct Node *c;      /* third child: ND_IF, ND_UNLESS, ND_CLASS, ND_NODE, ND_FUNCTION */
    };
} Node;

/* Bytes a node of each kind takes (its fields up to the last it uses). */
extern const unsigned char ast_node_size[ND_KIND_COUNT];

typedef struct NodeList { Node *head, *tail; int n; } NodeList;

Node *ast_new(Arena *a, NodeKind kind, const SrcFile *f, uint32_t off, uint32_t len);
void ast_list_add(NodeList *l, Node *n);          /* n->next must be NULL */
void ast_set_kids(Node *parent, NodeList l);
SrcLoc ast_loc(const Node *n);
static inline size_t ast_text_len(const Node *n) { return n->text ? strlen(n->text) : 0; }
int ast_nkids(const Node *n);                     /* length of the kids list */
/* The file n was parsed from (NULL: none), and setting it. */
const SrcFile *ast_file(const Node *n);
void ast_set_file(Node *n, const SrcFile *f);
/* n's third child, for a walk over any kind of node (NULL for the kinds
 * without one, whose room holds ival). */
static inline Node *ast_c(const Node *n)
{
    switch (n->kind) {
    case ND_IF: case ND_UNLESS: case ND_CLASS: case ND_NODE: case ND_FUNCTION: return n->c;
    default: return NULL;
    }
}
/* n's fixed children and list, for a walk over any kind of node (NULL
 * for the kinds whose nodes end before the field). */
static inline Node *ast_a(const Node *n)
{
    return ast_node_size[n->kind] > offsetof(Node, a) ? n->a : NULL;
}
static inline Node *ast_kids(const Node *n)
{
    return ast_node_size[n->kind] > offsetof(Node, kids) ? n->kids : NULL;
}
static inline Node *ast_b(const Node *n)
{
    return ast_node_size[n->kind] > offsetof(Node, b) ? n->b : NULL;
}
const char *ast_kind_name(NodeKind k);
#endif
