/*
 * check.h - the validation Puppet runs on every parsed file before it is
 * evaluated (Puppet::Pops::Validation::Checker4_0), for the rules that the
 * grammar itself does not enforce.  See check.c.
 */
#ifndef PARSER_CHECK_H
#define PARSER_CHECK_H
#include "parser/ast.h"

/* Tells whether n, a block or a class, define or node the parser has just
 * built, breaks an idem rule in its own statements (nested blocks are
 * looked at when they are built): 1 if so, else 0.  It costs a look at
 * each statement (and into the branches of an if or case statement), so
 * the parser calls it on every block and calls check_program, which
 * reports, only for a file where it said 1.  Reports nothing. */
int check_idem_fault(const Node *n);

/* Validates the tree of one parsed file (parse_file's ND_BLOCK) and reports
 * every fault through diag_error at the offending expression.  Returns the
 * number of faults reported (0: the file is valid).  The tree is only read. */
int check_program(const Node *root);
#endif
