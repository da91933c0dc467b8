/*
 * check.c - Puppet's "idem" validation of a parsed file (Checker4_0's
 * check_BlockExpression and internal_check_no_idem_last).
 *
 * An expression is idem ("the same") when evaluating it cannot change
 * anything: a literal, a name, a variable, an access, an operator other
 * than a match, a string (interpolated or not), a selector, and an if or
 * case all of whose parts are idem.  A statement of that kind that is not
 * the last of its block produces a value nobody uses, which in Puppet is an
 * error ("alert 'a'" is the name alert, then a string: alert is not one of
 * the statement functions); a class, define or node body may not even end
 * with one.  The parser asks check_idem_fault about each block and
 * definition as it builds them (a look at their statements; idem() only
 * looks below an if, case or parenthesised statement), so a valid file
 * costs no walk; a file with a fault is walked once, in the pre-order in
 * which Puppet's validator visits it, so that the faults are reported in
 * Puppet's order.  Messages and labels are Puppet's (Issues::IDEM_*,
 * ModelLabelProvider).
 */
#include "parser/check.h"
#include "lexer/lexer.h"
#include <stdio.h>
#include <string.h>

/* Checker4_0#idem: true when o is known to have no effect.  NULL stands for
 * Puppet's nil / Nop (an empty branch), which is idem. */
static int idem(const Node *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_CONCAT: case ND_REGEX: case ND_BOOL:
    case ND_UNDEF: case ND_DEFAULT: case ND_NAME: case ND_TYPEREF: case ND_VAR: case ND_ARRAY:
    case ND_HASH: case ND_RESERVED: case ND_ACCESS: case ND_AND: case ND_OR: case ND_NOT:
    case ND_NEG: case ND_SPLAT: case ND_SELECTOR:
        return 1;
    case ND_BINOP:                    /* a match sets $0..$n */
        return n->op != TK_MATCH && n->op != TK_NOMATCH;
    case ND_PAREN:
        return idem(n->a);
    case ND_BLOCK:
        for (const Node *k = n->kids; k; k = k->next)
            if (!idem(k)) return 0;
        return 1;
    case ND_IF: case ND_UNLESS:
        return idem(n->a) && idem(n->b) && idem(n->c);
    case ND_CASE:
        if (!idem(n->a)) return 0;
        for (const Node *w = n->kids; w; w = w->next) {
            for (const Node *v = w->kids; v; v = v->next)
                if (!idem(v)) return 0;
            if (!idem(w->b)) return 0;
        }
        return 1;
    default:                          /* calls, assignments, resources, definitions ... */
        return 0;
    }
}

/* A heredoc's label, "'@(syntax)' expression" ("'@()' expression" without
 * a syntax), from its opening "@(tag:syntax/escapes)" in the source. */
static const char *heredoc_label(const Node *n, char *buf, size_t size)
{
    const char *p = ast_file(n)->text + n->off + 2, *end = ast_file(n)->text + ast_file(n)->len;
    const char *syn = NULL, *syn_end = NULL;
    for (; p < end && *p != ')' && *p != '\n'; p++) {
        if (*p == '/') break;
        if (*p == ':' && !syn) syn = p + 1;
    }
    if (syn) {
        while (syn < p && (*syn == ' ' || *syn == '\t')) syn++;
        syn_end = syn;
        while (syn_end < p && *syn_end != ' ' && *syn_end != '\t') syn_end++;
    }
    snprintf(buf, size, "'@(%.*s)' expression", syn ? (int)(syn_end - syn) : 0, syn ? syn : "");
    return buf;
}

/* ModelLabelProvider#label of an idem expression. */
static const char *label(const Node *n, char *buf, size_t size)
{
    int heredoc = (n->kind == ND_STR || n->kind == ND_CONCAT) && n->off + 1 < ast_file(n)->len &&
                  ast_file(n)->text[n->off] == '@' && ast_file(n)->text[n->off + 1] == '(';
    if (heredoc) return heredoc_label(n, buf, size);
    switch (n->kind) {
    case ND_INT: return "Literal Integer";
    case ND_FLOAT: return "Literal Float";
    case ND_STR: return "String";
    case ND_CONCAT: return "Double Quoted String";
    case ND_REGEX: return "Regular Expression";
    case ND_BOOL: return "Boolean";
    case ND_UNDEF: return "'undef' expression";
    case ND_DEFAULT: return "'default' expression";
    case ND_NAME: return "Name";
    case ND_TYPEREF: return "Type-Name";
    case ND_VAR: return "Variable";
    case ND_ARRAY: return "Array Expression";
    case ND_HASH: return "Hash Expression";
    case ND_RESERVED:
        snprintf(buf, size, "Reserved Word '%s'", n->text);
        return buf;
    case ND_ACCESS: return "'[]' expression";
    case ND_BINOP:                    /* lex_kind_name quotes it: "'+'" */
        snprintf(buf, size, "%s expression", lex_kind_name((TokKind)n->op));
        return buf;
    case ND_AND: return "'and' expression";
    case ND_OR: return "'or' expression";
    case ND_NOT: return "'not' expression";
    case ND_NEG: return "Unary Minus";
    case ND_SPLAT: return "Unfold";
    case ND_PAREN: return "Parenthesized Expression";
    case ND_SELECTOR: return "Selector Expression";
    case ND_IF: return "'if' statement";
    case ND_UNLESS: return "'unless' Statement";
    case ND_CASE: return "'case' statement";
    default: return "Expression";
    }
}

/* Where a statement is reported: its first line (the caret stays on it). */
static SrcLoc at(const Node *n)
{
    SrcLoc l = ast_loc(n);
    const char *s = ast_file(n)->text + n->off;
    const char *nl = memchr(s, '\n', l.len);
    if (nl) l.len = (uint32_t)(nl - s);
    return l;
}

/* check_BlockExpression: the first idem statement before the last, or NULL. */
static const Node *forgotten(const Node *b)
{
    for (const Node *k = b->kids; k && k->next; k = k->next)
        if (idem(k)) return k;
    return NULL;
}

/* internal_check_no_idem_last: the idem statement a class, define or node
 * body ends with, or NULL. */
static const Node *idem_last(const Node *def)
{
    const Node *last = NULL;
    if (!def->b) return NULL;
    for (const Node *k = def->b->kids; k; k = k->next) last = k;
    return last && idem(last) ? last : NULL;
}

int check_idem_fault(const Node *n)
{
    switch (n->kind) {
    case ND_BLOCK: return forgotten(n) != NULL;
    case ND_CLASS: case ND_DEFINE: case ND_NODE: return idem_last(n) != NULL;
    default: return 0;
    }
}

static int check_block(const Node *b)
{
    const Node *k = forgotten(b);
    if (!k) return 0;
    char buf[64];
    diag_error(at(k), "This %s has no effect. A value was produced and then forgotten "
               "(one or more preceding expressions may have the wrong form)",
               label(k, buf, sizeof buf));
    return 1;
}

static int check_body_end(const Node *def)
{
    const Node *last = idem_last(def);
    if (!last) return 0;
    const char *container = def->kind == ND_CLASS ? "A Host Class Definition"
                          : def->kind == ND_DEFINE ? "A 'define' expression" : "A Node Definition";
    char buf[64];
    diag_error(at(last), "This %s has no effect. %s can not end with a value-producing expression without other effect",
               label(last, buf, sizeof buf), container);
    return 1;
}

/* Pre-order, children in source order: a, kids, c, then b (a body comes
 * last), except if/unless whose then (b) precedes else (c). */
static int walk(const Node *n)
{
    int errors = 0;
    switch (n->kind) {
    case ND_BLOCK:
        errors += check_block(n);
        break;
    case ND_CLASS: case ND_DEFINE: case ND_NODE:
        errors += check_body_end(n);
        break;
    case ND_INT: case ND_FLOAT: case ND_STR: case ND_REGEX: case ND_BOOL: case ND_UNDEF:
    case ND_DEFAULT: case ND_NAME: case ND_TYPEREF: case ND_VAR: case ND_RESERVED:
        return 0;                     /* leaves */
    default:
        break;
    }
    if (ast_a(n)) errors += walk(n->a);
    if (n->kind == ND_IF || n->kind == ND_UNLESS) {
        if (n->b) errors += walk(n->b);
        if (n->c) errors += walk(n->c);
        return errors;
    }
    for (const Node *k = ast_kids(n); k; k = k->next) errors += walk(k);
    if (ast_c(n)) errors += walk(ast_c(n));
    if (ast_b(n)) errors += walk(n->b);
    return errors;
}

int check_program(const Node *root)
{
    return root ? walk(root) : 0;
}
