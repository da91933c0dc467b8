/*
 * parser.h - Puppet 7 grammar (bison, parser.y) producing the AST of ast.h.
 * The parser is pure and re-entrant: a double-quoted string's ${expr} parts
 * are parsed by a nested call on their source range, so every node keeps an
 * exact file offset.
 */
#ifndef PARSER_PARSER_H
#define PARSER_PARSER_H
#include "parser/ast.h"

/* Parses a whole manifest.  Returns its ND_BLOCK (possibly empty), or NULL
 * after reporting, through diag, syntax errors or the faults Puppet's
 * validation finds (check.h).  Nodes live in arena. */
Node *parse_file(Arena *arena, const SrcFile *src);
/* parse_file with the nodes in the arena nodes and everything else (the
 * texts the nodes point to) in arena, so that the nodes can be freed once
 * the tree is done with while the texts live on in values. */
Node *parse_file_split(Arena *nodes, Arena *arena, const SrcFile *src);

/* Parses the expression in [off, off+len) of src.  interp: the range is a
 * "${...}" interpolation, where a leading bare name is a variable (Puppet's
 * rule: "${x}" and "${x[0]}" read $x; "${f(1)}" calls f).  NULL on errors. */
Node *parse_expr_range(Arena *arena, const SrcFile *src, uint32_t off, uint32_t len, int interp);
#endif
