/*
 * parser.y - the Puppet 7 expression grammar.
 *
 * Puppet's grammar is expression based: a resource declaration is
 * "expression { title: attrs }", a call without parentheses ("include a, b")
 * is two juxtaposed statements that transform_calls() joins afterwards, and
 * the precedence table (highest last here, as bison wants it) settles every
 * ambiguity, so the grammar runs with %expect 0.  Three lexer decisions keep
 * it LALR(1): LBRACK vs LISTSTART, LPAREN vs WSLPAREN and LBRACE vs SELBRACE
 * (see lexer.h).
 */
%code requires {
#include "parser/ast.h"
#include "lexer/lexer.h"
typedef struct Span { uint32_t off, end; } Span;
#define YYLTYPE Span
#define YYLLOC_DEFAULT(Cur, Rhs, N) do { \
    if (N) { (Cur).off = YYRHSLOC(Rhs, 1).off; (Cur).end = YYRHSLOC(Rhs, N).end; } \
    else { (Cur).off = (Cur).end = YYRHSLOC(Rhs, 0).end; } } while (0)
typedef struct ParseCtx {
    Arena *arena;        /* texts */
    Arena *nodes;        /* nodes (parse_file_split) */
    const SrcFile *src;
    Lexer lx;
    Node *result;
    Node *spare;         /* leaf nodes given up (a resource's type name), chained by next, for mk */
    int errors;
    int mode;            /* 0: program; 1: expression; 2: interpolated expression */
    int ntokens;         /* tokens handed to bison so far */
    Token peek;          /* one token of look-ahead for the interpolation rule */
    int have_peek;
    int idem_faults;     /* blocks or bodies that break Puppet's idem rules (check.h) */
} ParseCtx;
}

%code {
/* Bison's stack grows (malloc) up to YYMAXDEPTH states; a nesting level
 * takes a few, so this lets every construct nest the 200000 levels the
 * evaluator allows (compiler/eval.c), which then reports the limit. */
#define YYMAXDEPTH 4000000
#include "parser/parser.h"
#include "parser/check.h"
#include "base/util.h"
#include <string.h>
static int yylex(YYSTYPE *lval, YYLTYPE *lloc, ParseCtx *ctx);
static void yyerror(YYLTYPE *lloc, ParseCtx *ctx, const char *msg);
static Node *mk(ParseCtx *ctx, NodeKind k, Span s);
static Node *mk2(ParseCtx *ctx, NodeKind k, Span s, Node *a, Node *b);
static Node *mk_text(ParseCtx *ctx, NodeKind k, Span s, const Token *t);
static Node *mk_string(ParseCtx *ctx, Span s, const Token *t);
static Node *mk_block(ParseCtx *ctx, Span s, NodeList l);
static Node *with_kids(Node *n, NodeList l);
static NodeList one(Node *n);
static NodeList transform_calls(ParseCtx *ctx, NodeList stmts);
static Node *mk_resource(ParseCtx *ctx, Span s, Node *type, NodeList bodies);
static Node *mk_attrs_only(ParseCtx *ctx, Span s, Node *target, NodeList attrs);
static Node *set_form(ParseCtx *ctx, Node *res, int form, Span at);
static Node *mk_keyword_name(ParseCtx *ctx, Span s, const char *word);
static Node *note_body(ParseCtx *ctx, Node *def);
static void check_definition_name(ParseCtx *ctx, const Node *def);
static void check_param_name(ParseCtx *ctx, const Node *param);
static void check_var_name(ParseCtx *ctx, const Node *var);
static Node *parse_range(Arena *nodes, Arena *arena, Arena *parts, const SrcFile *src, uint32_t off, uint32_t len, int interp, int *idem_faults);
}

%define api.pure full
%define api.token.prefix {T_}
%define parse.error custom
%locations
%param {ParseCtx *ctx}
%expect 0

%union {
    Token tok;
    Node *node;
    NodeList list;
}

%token <tok> NAME CLASSREF VARIABLE INTEGER FLOAT STRING DQSTRING REGEX
%token <tok> AND APPLICATION ATTR CASE CLASS CONSUMES DEFAULT DEFINE ELSE ELSIF
%token <tok> FALSE FUNCTION IF IMPORT IN INHERITS NODE OR PRIVATE PRODUCES SITE
%token <tok> TRUE TYPE UNDEF UNLESS
%token <tok> LBRACK LISTSTART RBRACK LBRACE SELBRACE RBRACE LPAREN WSLPAREN RPAREN
%token <tok> COMMA SEMIC COLON QMARK DOT PIPE AT ATAT FARROW PARROW
%token <tok> IN_EDGE IN_EDGE_SUB OUT_EDGE OUT_EDGE_SUB LCOLLECT RCOLLECT LLCOLLECT RRCOLLECT
%token <tok> EQUALS APPENDS DELETES ISEQUAL NOTEQUAL MATCH NOMATCH
%token <tok> GREATEREQUAL GREATERTHAN LESSEQUAL LESSTHAN LSHIFT RSHIFT
%token <tok> PLUS MINUS TIMES DIV MODULO NOT
%token START_EXPR

%type <node> assignment relationship resource expression primary_expression
%type <node> call_function_expression call_method_with_lambda_expression call_method_expression
%type <node> named_access lambda lambda_rest if_part else unless_else case_expression case_option
%type <node> if_expression unless_expression selector_entry collection_expression collect_query
%type <node> optional_query attribute_operation definition_expression hostclass_expression
%type <node> classparent classnameordefault node_definition_expression hostname dotted_name
%type <node> nodeparent function_definition return_type type_alias parameter untyped_parameter
%type <node> regular_parameter parameter_type variable array hash hashpair quotedtext
%type <node> resource_body syntactic_statement opt_statements_block statements_block
%type <node> reserved_word
%type <list> statements syntactic_statements assignments expressions lambda_parameter_list
%type <list> case_options selector_entries selector_entry_list attribute_operations
%type <list> resource_bodies additional_resource_bodies hostnames parameter_list parameters
%type <list> hashpairs options_statements
%type <tok> attribute_name keyword classname name_or_number

%precedence LOW
%precedence FARROW
%precedence IN_EDGE OUT_EDGE IN_EDGE_SUB OUT_EDGE_SUB
%precedence EQUALS
%precedence AT ATAT
%precedence LBRACE
%left OR
%left AND
%precedence QMARK        /* a >= b ? {..} is (a >= b) ? {..}; x and y ? {..} is x and (y ? {..}) */
%left GREATEREQUAL GREATERTHAN LESSTHAN LESSEQUAL
%left NOTEQUAL ISEQUAL
%left LSHIFT RSHIFT
%left MINUS PLUS
%left TIMES DIV MODULO
%left MATCH NOMATCH
%left IN
%precedence UMINUS
%precedence SPLAT
%precedence NOT
%precedence LCOLLECT LLCOLLECT
%precedence LBRACK
%precedence DOT
%precedence RPAREN
%precedence LPAREN
%precedence PIPE

%%

/* start -> program | (injected) START_EXPR assignment */
start
  : statements              { ctx->result = mk_block(ctx, @1, $1); }
  | %empty                  { ctx->result = mk_block(ctx, @$, (NodeList){0}); }
  | START_EXPR assignment   { ctx->result = $2; }
  ;

/* statements -> syntactic_statements, with "name arg, arg" joined into calls */
statements
  : syntactic_statements    { $$ = transform_calls(ctx, $1); }
  ;

syntactic_statements
  : syntactic_statement                            { $$ = one($1); }
  | syntactic_statements SEMIC syntactic_statement { $$ = $1; ast_list_add(&$$, $3); }
  | syntactic_statements syntactic_statement       { $$ = $1; ast_list_add(&$$, $2); }
  ;

/* A comma list here is the argument list of a call without parentheses; it
 * is kept as an ND_ARRAY with op 1 until transform_calls. */
syntactic_statement
  : assignment %prec LOW    { $$ = $1; }
  | syntactic_statement COMMA assignment %prec LOW {
        if ($1->kind == ND_ARRAY && $1->op == 1) {
            $$ = $1;
            NodeList l = {$1->kids, NULL, ast_nkids($1)};
            for (Node *k = l.head; k; k = k->next) l.tail = k;
            ast_list_add(&l, $3);
            ast_set_kids($$, l);
        } else {
            $$ = mk(ctx, ND_ARRAY, @$);
            $$->op = 1;
            NodeList l = one($1);
            ast_list_add(&l, $3);
            ast_set_kids($$, l);
        }
        $$->len = @$.end - $$->off;
    }
  ;

/* assignment -> relationship (('=' | '+=' | '-=') assignment)? (right assoc.) */
assignment
  : relationship %prec LOW          { $$ = $1; }
  | relationship EQUALS assignment  { $$ = mk2(ctx, ND_ASSIGN, @$, $1, $3); $$->op = TK_EQUALS; }
  | relationship APPENDS assignment { $$ = mk2(ctx, ND_ASSIGN, @$, $1, $3); $$->op = TK_APPENDS; }
  | relationship DELETES assignment { $$ = mk2(ctx, ND_ASSIGN, @$, $1, $3); $$->op = TK_DELETES; }
  ;

assignments
  : assignment                    { $$ = one($1); }
  | assignments COMMA assignment  { $$ = $1; ast_list_add(&$$, $3); }
  ;

/* relationship -> resource (('->' | '~>' | '<-' | '<~') resource)* */
relationship
  : resource %prec LOW                     { $$ = $1; }
  | relationship IN_EDGE resource          { $$ = mk2(ctx, ND_RELATION, @$, $1, $3); $$->op = TK_IN_EDGE; $$->off = @2.off; $$->len = @2.end - @2.off; }
  | relationship IN_EDGE_SUB resource      { $$ = mk2(ctx, ND_RELATION, @$, $1, $3); $$->op = TK_IN_EDGE_SUB; $$->off = @2.off; $$->len = @2.end - @2.off; }
  | relationship OUT_EDGE resource         { $$ = mk2(ctx, ND_RELATION, @$, $1, $3); $$->op = TK_OUT_EDGE; $$->off = @2.off; $$->len = @2.end - @2.off; }
  | relationship OUT_EDGE_SUB resource     { $$ = mk2(ctx, ND_RELATION, @$, $1, $3); $$->op = TK_OUT_EDGE_SUB; $$->off = @2.off; $$->len = @2.end - @2.off; }
  ;

/* resource -> expression | '@' resource | '@@' resource
 *           | resource '{' title ':' attrs (';' title ':' attrs)* '}'
 *           | 'class' '{' bodies '}' | resource '{' attrs '}'  (defaults, override) */
resource
  : expression %prec LOW    { $$ = $1; }
  | AT resource             { $$ = set_form(ctx, $2, TK_AT, @1); }
  | ATAT resource           { $$ = set_form(ctx, $2, TK_ATAT, @1); }
  | resource LBRACE expression COLON attribute_operations additional_resource_bodies RBRACE {
        Node *b = mk(ctx, ND_BODY, (Span){@3.off, @5.end});
        b->a = $3;
        ast_set_kids(b, $5);
        NodeList l = one(b);
        for (Node *k = $6.head; k;) { Node *n = k->next; k->next = NULL; ast_list_add(&l, k); k = n; }
        $$ = mk_resource(ctx, @$, $1, l);
    }
  | CLASS LBRACE resource_bodies endsemi RBRACE {
        $$ = mk_resource(ctx, @$, mk_keyword_name(ctx, @1, "class"), $3);
    }
  | resource LBRACE attribute_operations endcomma RBRACE {
        $$ = mk_attrs_only(ctx, @$, $1, $3);
        if (!$$) YYERROR;
    }
  ;

resource_body
  : expression COLON attribute_operations endcomma {
        $$ = mk(ctx, ND_BODY, @$);
        $$->a = $1;
        ast_set_kids($$, $3);
    }
  ;

resource_bodies
  : resource_body                        { $$ = one($1); }
  | resource_bodies SEMIC resource_body  { $$ = $1; ast_list_add(&$$, $3); }
  ;

additional_resource_bodies
  : endcomma                                  { $$ = (NodeList){0}; }
  | endcomma SEMIC                            { $$ = (NodeList){0}; }
  | endcomma SEMIC resource_bodies endsemi    { $$ = $3; }
  ;

/* expression: Puppet's operator table; see the precedence declarations. */
expression
  : primary_expression                      { $$ = $1; }
  | call_function_expression                { $$ = $1; }
  | expression LBRACK expressions endcomma RBRACK %prec LBRACK {   /* Enum['a','b',]; not in parameter types */
        $$ = mk(ctx, ND_ACCESS, @$); $$->a = $1; ast_set_kids($$, $3);
    }
  | expression IN expression                { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_IN; }
  | expression MATCH expression             { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_MATCH; }
  | expression NOMATCH expression           { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_NOMATCH; }
  | expression PLUS expression              { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_PLUS; }
  | expression MINUS expression             { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_MINUS; }
  | expression DIV expression               { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_DIV; }
  | expression TIMES expression             { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_TIMES; }
  | expression MODULO expression            { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_MODULO; }
  | expression LSHIFT expression            { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_LSHIFT; }
  | expression RSHIFT expression            { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_RSHIFT; }
  | MINUS expression %prec UMINUS           { $$ = mk2(ctx, ND_NEG, @$, $2, NULL); }
  | TIMES expression %prec SPLAT            { $$ = mk2(ctx, ND_SPLAT, @$, $2, NULL); }
  | expression NOTEQUAL expression          { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_NOTEQUAL; }
  | expression ISEQUAL expression           { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_ISEQUAL; }
  | expression GREATERTHAN expression       { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_GREATERTHAN; }
  | expression GREATEREQUAL expression      { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_GREATEREQUAL; }
  | expression LESSTHAN expression          { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_LESSTHAN; }
  | expression LESSEQUAL expression         { $$ = mk2(ctx, ND_BINOP, @2, $1, $3); $$->op = TK_LESSEQUAL; }
  | NOT expression                          { $$ = mk2(ctx, ND_NOT, @$, $2, NULL); }
  | expression AND expression               { $$ = mk2(ctx, ND_AND, @2, $1, $3); }
  | expression OR expression                { $$ = mk2(ctx, ND_OR, @2, $1, $3); }
  | expression QMARK selector_entries       { $$ = mk(ctx, ND_SELECTOR, @$); $$->a = $1; ast_set_kids($$, $3); }
  | LPAREN assignment RPAREN                { $$ = mk2(ctx, ND_PAREN, @$, $2, NULL); }
  | WSLPAREN assignment RPAREN              { $$ = mk2(ctx, ND_PAREN, @$, $2, NULL); }
  ;

expressions
  : expression                       { $$ = one($1); }
  | expressions COMMA expression     { $$ = $1; ast_list_add(&$$, $3); }
  ;

primary_expression
  : variable                              { $$ = $1; }
  | call_method_with_lambda_expression    { $$ = $1; }
  | collection_expression                 { $$ = $1; }
  | case_expression                       { $$ = $1; }
  | if_expression                         { $$ = $1; }
  | unless_expression                     { $$ = $1; }
  | definition_expression                 { $$ = $1; }
  | hostclass_expression                  { $$ = $1; }
  | node_definition_expression            { $$ = $1; }
  | function_definition                   { $$ = $1; }
  | type_alias                            { $$ = $1; }
  | reserved_word                         { $$ = $1; }
  | array                                 { $$ = $1; }
  | hash                                  { $$ = $1; }
  | REGEX                                 { $$ = mk_text(ctx, ND_REGEX, @1, &$1); }
  | quotedtext                            { $$ = $1; }
  | CLASSREF                              { $$ = mk_text(ctx, ND_TYPEREF, @1, &$1); }
  | INTEGER                               { $$ = mk(ctx, ND_INT, @1); $$->ival = $1.ival; }
  | FLOAT                                 { $$ = mk(ctx, ND_FLOAT, @1); $$->fval = $1.fval; }
  | TRUE                                  { $$ = mk(ctx, ND_BOOL, @1); $$->ival = 1; }
  | FALSE                                 { $$ = mk(ctx, ND_BOOL, @1); $$->ival = 0; }
  | DEFAULT                               { $$ = mk(ctx, ND_DEFAULT, @1); }
  | UNDEF                                 { $$ = mk(ctx, ND_UNDEF, @1); }
  | NAME                                  { $$ = mk_text(ctx, ND_NAME, @1, &$1); }
  | TYPE LPAREN assignments endcomma RPAREN {
        /* type(x): the keyword is also a function's name */
        $$ = mk(ctx, ND_CALL, @$); $$->a = mk_keyword_name(ctx, @1, "type"); $$->ival = 1; ast_set_kids($$, $3);
    }
  ;

/* call -> expression '(' args? ')' lambda? */
call_function_expression
  : expression LPAREN assignments endcomma RPAREN        { $$ = mk(ctx, ND_CALL, @$); $$->a = $1; $$->ival = 1; ast_set_kids($$, $3); }
  | expression LPAREN RPAREN                             { $$ = mk(ctx, ND_CALL, @$); $$->a = $1; $$->ival = 1; }
  | expression LPAREN assignments endcomma RPAREN lambda { $$ = mk(ctx, ND_CALL, @$); $$->a = $1; $$->ival = 1; ast_set_kids($$, $3); $$->b = $6; }
  | expression LPAREN RPAREN lambda                      { $$ = mk(ctx, ND_CALL, @$); $$->a = $1; $$->ival = 1; $$->b = $4; }
  ;

/* method call -> expression '.' name ('(' args? ')')? lambda? */
call_method_with_lambda_expression
  : call_method_expression %prec LOW      { $$ = $1; }
  | call_method_expression lambda         { $$ = $1; $$->b = $2; $$->len = @$.end - $$->off; }
  ;

/* A method call is where Puppet places it: at its '(' when it has one,
 * else at the '.' (not at the start of the receiver, lines above). */
call_method_expression
  : named_access LPAREN assignments RPAREN  { $$ = $1; ast_set_kids($$, $3); $$->off = @2.off; $$->len = @$.end - $$->off; }
  | named_access LPAREN RPAREN              { $$ = $1; $$->off = @2.off; $$->len = @$.end - $$->off; }
  | named_access %prec LOW                  { $$ = $1; }
  ;

named_access
  : expression DOT NAME {
        $$ = mk(ctx, ND_METHOD, @2);
        $$->len = @3.end - @2.off;
        $$->a = $1;
        $$->text = $3.text;
    }
  | expression DOT TYPE {
        $$ = mk(ctx, ND_METHOD, @2);
        $$->len = @3.end - @2.off;
        $$->a = $1;
        $$->text = "type";
    }
  ;

/* lambda -> '|' params? '|' '{' statements? '}' */
lambda
  : lambda_parameter_list lambda_rest     { $$ = $2; ast_set_kids($$, $1); $$->off = @1.off; $$->len = @2.end - @1.off; }
  ;

lambda_rest
  : LBRACE statements RBRACE    { $$ = mk(ctx, ND_LAMBDA, @$); $$->b = mk_block(ctx, @2, $2); }
  | LBRACE RBRACE               { $$ = mk(ctx, ND_LAMBDA, @$); }
  ;

lambda_parameter_list
  : PIPE PIPE                       { $$ = (NodeList){0}; }
  | PIPE parameters endcomma PIPE   { $$ = $2; }
  ;

/* if -> 'if' expr '{' statements '}' ('elsif' ...)* ('else' '{' statements '}')? */
if_expression
  : IF if_part                { $$ = $2; $$->off = @1.off; }
  ;

if_part
  : expression LBRACE statements RBRACE else  { $$ = mk(ctx, ND_IF, @$); $$->a = $1; $$->b = mk_block(ctx, @3, $3); $$->c = $5; }
  | expression LBRACE RBRACE else             { $$ = mk(ctx, ND_IF, @$); $$->a = $1; $$->c = $4; }
  ;

else
  : %empty                          { $$ = NULL; }
  | ELSIF if_part                   { $$ = $2; $$->off = @1.off; }
  | ELSE LBRACE statements RBRACE   { $$ = mk_block(ctx, @3, $3); }
  | ELSE LBRACE RBRACE              { $$ = NULL; }
  ;

unless_expression
  : UNLESS expression LBRACE statements RBRACE unless_else  { $$ = mk(ctx, ND_UNLESS, @$); $$->a = $2; $$->b = mk_block(ctx, @4, $4); $$->c = $6; }
  | UNLESS expression LBRACE RBRACE unless_else             { $$ = mk(ctx, ND_UNLESS, @$); $$->a = $2; $$->c = $5; }
  ;

unless_else
  : %empty                          { $$ = NULL; }
  | ELSE LBRACE statements RBRACE   { $$ = mk_block(ctx, @3, $3); }
  | ELSE LBRACE RBRACE              { $$ = NULL; }
  ;

/* case -> 'case' expr '{' (values ':' '{' statements '}')+ '}' */
case_expression
  : CASE expression LBRACE case_options RBRACE { $$ = mk(ctx, ND_CASE, @$); $$->a = $2; ast_set_kids($$, $4); }
  ;

case_options
  : case_option                 { $$ = one($1); }
  | case_options case_option    { $$ = $1; ast_list_add(&$$, $2); }
  ;

case_option
  : expressions COLON LBRACE options_statements RBRACE {
        $$ = mk(ctx, ND_WHEN, @$);
        ast_set_kids($$, $1);
        $$->b = $4.head ? mk_block(ctx, @4, $4) : NULL;
    }
  ;

options_statements
  : %empty        { $$ = (NodeList){0}; }
  | statements    { $$ = $1; }
  ;

/* selector -> expr '?' (entry | '{' entry (',' entry)* ','? '}') */
selector_entries
  : selector_entry                                  { $$ = one($1); }
  | SELBRACE selector_entry_list endcomma RBRACE    { $$ = $2; }
  ;

selector_entry_list
  : selector_entry                            { $$ = one($1); }
  | selector_entry_list COMMA selector_entry  { $$ = $1; ast_list_add(&$$, $3); }
  ;

selector_entry
  : expression FARROW expression    { $$ = mk2(ctx, ND_PAIR, @$, $1, $3); }
  ;

/* collector -> Type ('<|' query? '|>' | '<<|' query? '|>>') ('{' attrs '}')? */
collection_expression
  : expression collect_query LBRACE attribute_operations endcomma RBRACE {
        $$ = $2; $$->a = $1; ast_set_kids($$, $4); $$->off = @$.off; $$->len = @$.end - @$.off;
    }
  | expression collect_query %prec LOW {
        $$ = $2; $$->a = $1; $$->off = @$.off; $$->len = @$.end - @$.off;
    }
  ;

collect_query
  : LCOLLECT optional_query RCOLLECT    { $$ = mk(ctx, ND_COLLECT, @$); $$->b = $2; $$->op = TK_LCOLLECT; }
  | LLCOLLECT optional_query RRCOLLECT  { $$ = mk(ctx, ND_COLLECT, @$); $$->b = $2; $$->op = TK_LLCOLLECT; }
  ;

optional_query
  : %empty          { $$ = NULL; }
  | expression      { $$ = $1; }
  ;

/* attrs -> (name ('=>' | '+>') expr | '*' '=>' expr) (',' ...)* */
attribute_operations
  : %empty                                          { $$ = (NodeList){0}; }
  | attribute_operation                             { $$ = one($1); }
  | attribute_operations COMMA attribute_operation  { $$ = $1; ast_list_add(&$$, $3); }
  ;

attribute_name
  : NAME      { $$ = $1; }
  | keyword   { $$ = $1; }
  ;

attribute_operation
  : attribute_name FARROW expression {
        $$ = mk_text(ctx, ND_ATTROP, @$, &$1); $$->op = TK_FARROW; $$->a = $3;
        $$->off = @1.off; $$->len = @1.end - @1.off;
    }
  | attribute_name PARROW expression {
        $$ = mk_text(ctx, ND_ATTROP, @$, &$1); $$->op = TK_PARROW; $$->a = $3;
        $$->off = @1.off; $$->len = @1.end - @1.off;
    }
  | TIMES FARROW expression {
        $$ = mk(ctx, ND_ATTROP, @1); $$->text = "*"; $$->op = TK_FARROW; $$->a = $3;
    }
  ;

/* define -> 'define' name params? '{' statements? '}' */
definition_expression
  : DEFINE classname parameter_list LBRACE opt_statements_block RBRACE {
        $$ = mk_text(ctx, ND_DEFINE, @$, &$2); ast_set_kids($$, $3); $$->b = $5;
        check_definition_name(ctx, $$);
        if ($5) $5->ival = 1;       /* a definition body: return() and next() end it (eval.c) */
        note_body(ctx, $$);
    }
  ;

/* class -> 'class' name params? ('inherits' name)? '{' statements? '}' */
hostclass_expression
  : CLASS classname parameter_list classparent LBRACE opt_statements_block RBRACE {
        $$ = mk_text(ctx, ND_CLASS, @$, &$2); ast_set_kids($$, $3); $$->c = $4; $$->b = $6;
        check_definition_name(ctx, $$);
        if ($6) $6->ival = 1;       /* a definition body: return() and next() end it (eval.c) */
        note_body(ctx, $$);
    }
  ;

opt_statements_block
  : %empty            { $$ = NULL; }
  | statements_block  { $$ = $1; }
  ;

statements_block
  : statements        { $$ = mk_block(ctx, @1, $1); }
  ;

classparent
  : %empty                        { $$ = NULL; }
  | INHERITS classnameordefault   { $$ = $2; }
  ;

classnameordefault
  : classname   { $$ = mk_text(ctx, ND_NAME, @1, &$1); }
  | DEFAULT     { $$ = mk(ctx, ND_DEFAULT, @1); }
  ;

/* node -> 'node' matcher (',' matcher)* ('inherits' matcher)? '{' statements? '}' */
node_definition_expression
  : NODE hostnames endcomma nodeparent LBRACE statements RBRACE {
        $$ = mk(ctx, ND_NODE, @$); ast_set_kids($$, $2); $$->c = $4; $$->b = mk_block(ctx, @6, $6);
        note_body(ctx, $$);
    }
  | NODE hostnames endcomma nodeparent LBRACE RBRACE {
        $$ = mk(ctx, ND_NODE, @$); ast_set_kids($$, $2); $$->c = $4;
    }
  ;

hostnames
  : hostname                  { $$ = one($1); }
  | hostnames COMMA hostname  { $$ = $1; ast_list_add(&$$, $3); }
  ;

hostname
  : dotted_name   { $$ = $1; }
  | quotedtext    { $$ = $1; }
  | DEFAULT       { $$ = mk(ctx, ND_DEFAULT, @1); }
  | REGEX         { $$ = mk_text(ctx, ND_REGEX, @1, &$1); }
  ;

dotted_name
  : name_or_number  {
        $$ = mk(ctx, ND_STR, @$);
        $$->text = arena_strndup(ctx->arena, ctx->src->text + @1.off, @1.end - @1.off);
    }
  | dotted_name DOT name_or_number {
        $$ = $1;
        $$->text = arena_strndup(ctx->arena, ctx->src->text + @$.off, @$.end - @$.off);
        $$->len = @$.end - @$.off;
    }
  ;

name_or_number
  : NAME      { $$ = $1; }
  | INTEGER   { $$ = $1; }
  ;

nodeparent
  : %empty              { $$ = NULL; }
  | INHERITS hostname   { $$ = $2; }
  ;

/* function -> 'function' name params? ('>>' type)? '{' statements? '}' */
function_definition
  : FUNCTION classname parameter_list return_type LBRACE opt_statements_block RBRACE {
        $$ = mk_text(ctx, ND_FUNCTION, @$, &$2); ast_set_kids($$, $3); $$->c = $4; $$->b = $6;
        check_definition_name(ctx, $$);
    }
  ;

return_type
  : %empty                  { $$ = NULL; }
  | RSHIFT parameter_type   { $$ = $2; }
  ;

/* type alias -> 'type' TypeName '=' type-expression */
type_alias
  : TYPE CLASSREF EQUALS expression {
        $$ = mk_text(ctx, ND_TYPE_ALIAS, @$, &$2); $$->a = $4;
    }
  ;

classname
  : NAME    { $$ = $1; }
  ;

parameter_list
  : %empty                                  { $$ = (NodeList){0}; }
  | LPAREN RPAREN                           { $$ = (NodeList){0}; }
  | WSLPAREN RPAREN                         { $$ = (NodeList){0}; }
  | LPAREN parameters endcomma RPAREN       { $$ = $2; }
  | WSLPAREN parameters endcomma RPAREN     { $$ = $2; }
  ;

parameters
  : parameter                   { $$ = one($1); }
  | parameters COMMA parameter  { $$ = $1; ast_list_add(&$$, $3); }
  ;

parameter
  : untyped_parameter                   { $$ = $1; }
  | parameter_type untyped_parameter    { $$ = $2; $$->a = $1; }
  ;

untyped_parameter
  : regular_parameter           { $$ = $1; }
  | TIMES regular_parameter     { $$ = $2; $$->ival = 1; }
  ;

regular_parameter
  : VARIABLE EQUALS expression  { $$ = mk_text(ctx, ND_PARAM, @1, &$1); $$->b = $3; check_param_name(ctx, $$); }
  | VARIABLE                    { $$ = mk_text(ctx, ND_PARAM, @1, &$1); check_param_name(ctx, $$); }
  ;

parameter_type
  : CLASSREF                              { $$ = mk_text(ctx, ND_TYPEREF, @1, &$1); }
  | CLASSREF LBRACK expressions RBRACK    {
        $$ = mk(ctx, ND_ACCESS, @$); $$->a = mk_text(ctx, ND_TYPEREF, @1, &$1); ast_set_kids($$, $3);
    }
  ;

variable
  : VARIABLE    { $$ = mk_text(ctx, ND_VAR, @1, &$1); check_var_name(ctx, $$); }
  ;

reserved_word
  : PRIVATE       { $$ = mk_keyword_name(ctx, @1, "private"); $$->kind = ND_RESERVED; }
  | ATTR          { $$ = mk_keyword_name(ctx, @1, "attr"); $$->kind = ND_RESERVED; }
  | APPLICATION   { $$ = mk_keyword_name(ctx, @1, "application"); $$->kind = ND_RESERVED; }
  | CONSUMES      { $$ = mk_keyword_name(ctx, @1, "consumes"); $$->kind = ND_RESERVED; }
  | PRODUCES      { $$ = mk_keyword_name(ctx, @1, "produces"); $$->kind = ND_RESERVED; }
  | SITE          { $$ = mk_keyword_name(ctx, @1, "site"); $$->kind = ND_RESERVED; }
  | IMPORT        { $$ = mk_keyword_name(ctx, @1, "import"); $$->kind = ND_RESERVED; }
  ;

array
  : LISTSTART assignments endcomma RBRACK   { $$ = mk(ctx, ND_ARRAY, @$); ast_set_kids($$, $2); }
  | LISTSTART RBRACK                        { $$ = mk(ctx, ND_ARRAY, @$); }
  | LBRACK assignments endcomma RBRACK      { $$ = mk(ctx, ND_ARRAY, @$); ast_set_kids($$, $2); }
  | LBRACK RBRACK                           { $$ = mk(ctx, ND_ARRAY, @$); }
  ;

hash
  : LBRACE hashpairs RBRACE         { $$ = mk(ctx, ND_HASH, @$); ast_set_kids($$, $2); }
  | LBRACE hashpairs COMMA RBRACE   { $$ = mk(ctx, ND_HASH, @$); ast_set_kids($$, $2); }
  | LBRACE RBRACE                   { $$ = mk(ctx, ND_HASH, @$); }
  ;

hashpairs
  : hashpair                  { $$ = one($1); }
  | hashpairs COMMA hashpair  { $$ = $1; ast_list_add(&$$, $3); }
  ;

hashpair
  : assignment FARROW assignment  { $$ = mk2(ctx, ND_PAIR, @$, $1, $3); }
  | TYPE FARROW assignment        { $$ = mk2(ctx, ND_PAIR, @$, mk_keyword_name(ctx, @1, "type"), $3); }   /* {type => T}: an Object attribute */
  ;

quotedtext
  : STRING      { $$ = mk_string(ctx, @1, &$1); if (!$$) YYERROR; }
  | DQSTRING    { $$ = mk_string(ctx, @1, &$1); if (!$$) YYERROR; }
  ;

endcomma
  : %empty
  | COMMA
  ;

endsemi
  : %empty
  | SEMIC
  ;

keyword
  : AND { $$ = $1; } | CASE { $$ = $1; } | CLASS { $$ = $1; } | DEFAULT { $$ = $1; }
  | DEFINE { $$ = $1; } | ELSE { $$ = $1; } | ELSIF { $$ = $1; } | IF { $$ = $1; }
  | IN { $$ = $1; } | INHERITS { $$ = $1; } | NODE { $$ = $1; } | OR { $$ = $1; }
  | UNDEF { $$ = $1; } | UNLESS { $$ = $1; } | TYPE { $$ = $1; } | ATTR { $$ = $1; }
  | FUNCTION { $$ = $1; } | PRIVATE { $$ = $1; } | APPLICATION { $$ = $1; }
  | CONSUMES { $$ = $1; } | PRODUCES { $$ = $1; } | SITE { $$ = $1; }
  ;

%%

/* Lexer token kinds to bison token numbers. */
static int bison_kind(TokKind k)
{
    switch (k) {
    case TK_EOF: return T_YYEOF;
    case TK_ERROR: return T_YYerror;
    case TK_NAME: return T_NAME;
    case TK_CLASSREF: return T_CLASSREF;
    case TK_VARIABLE: return T_VARIABLE;
    case TK_INTEGER: return T_INTEGER;
    case TK_FLOAT: return T_FLOAT;
    case TK_STRING: return T_STRING;
    case TK_DQSTRING: return T_DQSTRING;
    case TK_REGEX: return T_REGEX;
    case TK_AND: return T_AND;
    case TK_APPLICATION: return T_APPLICATION;
    case TK_ATTR: return T_ATTR;
    case TK_CASE: return T_CASE;
    case TK_CLASS: return T_CLASS;
    case TK_CONSUMES: return T_CONSUMES;
    case TK_DEFAULT: return T_DEFAULT;
    case TK_DEFINE: return T_DEFINE;
    case TK_ELSE: return T_ELSE;
    case TK_ELSIF: return T_ELSIF;
    case TK_FALSE: return T_FALSE;
    case TK_FUNCTION: return T_FUNCTION;
    case TK_IF: return T_IF;
    case TK_IMPORT: return T_IMPORT;
    case TK_IN: return T_IN;
    case TK_INHERITS: return T_INHERITS;
    case TK_NODE: return T_NODE;
    case TK_OR: return T_OR;
    case TK_PRIVATE: return T_PRIVATE;
    case TK_PRODUCES: return T_PRODUCES;
    case TK_SITE: return T_SITE;
    case TK_TRUE: return T_TRUE;
    case TK_TYPE: return T_TYPE;
    case TK_UNDEF: return T_UNDEF;
    case TK_UNLESS: return T_UNLESS;
    case TK_LBRACK: return T_LBRACK;
    case TK_LISTSTART: return T_LISTSTART;
    case TK_RBRACK: return T_RBRACK;
    case TK_LBRACE: return T_LBRACE;
    case TK_SELBRACE: return T_SELBRACE;
    case TK_RBRACE: return T_RBRACE;
    case TK_LPAREN: return T_LPAREN;
    case TK_WSLPAREN: return T_WSLPAREN;
    case TK_RPAREN: return T_RPAREN;
    case TK_COMMA: return T_COMMA;
    case TK_SEMIC: return T_SEMIC;
    case TK_COLON: return T_COLON;
    case TK_QMARK: return T_QMARK;
    case TK_DOT: return T_DOT;
    case TK_PIPE: return T_PIPE;
    case TK_AT: return T_AT;
    case TK_ATAT: return T_ATAT;
    case TK_FARROW: return T_FARROW;
    case TK_PARROW: return T_PARROW;
    case TK_IN_EDGE: return T_IN_EDGE;
    case TK_IN_EDGE_SUB: return T_IN_EDGE_SUB;
    case TK_OUT_EDGE: return T_OUT_EDGE;
    case TK_OUT_EDGE_SUB: return T_OUT_EDGE_SUB;
    case TK_LCOLLECT: return T_LCOLLECT;
    case TK_RCOLLECT: return T_RCOLLECT;
    case TK_LLCOLLECT: return T_LLCOLLECT;
    case TK_RRCOLLECT: return T_RRCOLLECT;
    case TK_EQUALS: return T_EQUALS;
    case TK_APPENDS: return T_APPENDS;
    case TK_DELETES: return T_DELETES;
    case TK_ISEQUAL: return T_ISEQUAL;
    case TK_NOTEQUAL: return T_NOTEQUAL;
    case TK_MATCH: return T_MATCH;
    case TK_NOMATCH: return T_NOMATCH;
    case TK_GREATEREQUAL: return T_GREATEREQUAL;
    case TK_GREATERTHAN: return T_GREATERTHAN;
    case TK_LESSEQUAL: return T_LESSEQUAL;
    case TK_LESSTHAN: return T_LESSTHAN;
    case TK_LSHIFT: return T_LSHIFT;
    case TK_RSHIFT: return T_RSHIFT;
    case TK_PLUS: return T_PLUS;
    case TK_MINUS: return T_MINUS;
    case TK_TIMES: return T_TIMES;
    case TK_DIV: return T_DIV;
    case TK_MODULO: return T_MODULO;
    case TK_NOT: return T_NOT;
    case TK_COUNT: break;
    }
    return T_YYerror;
}

static TokKind next_token(ParseCtx *ctx, Token *t)
{
    if (ctx->have_peek) {
        *t = ctx->peek;
        ctx->have_peek = 0;
        return t->kind;
    }
    return lex_next(&ctx->lx, t);
}

static int yylex(YYSTYPE *lval, YYLTYPE *lloc, ParseCtx *ctx)
{
    if (ctx->mode && ctx->ntokens == 0) {
        ctx->ntokens++;
        lloc->off = lloc->end = ctx->lx.cur ? (uint32_t)(ctx->lx.cur - ctx->src->text) : 0;
        return T_START_EXPR;
    }
    Token t;
    TokKind k = next_token(ctx, &t);
    ctx->ntokens++;
    if (k == TK_ERROR) ctx->errors++;
    /* "${x}", "${x[...]...}", "${x.y...}": a leading bare name is a variable
     * when it is alone or followed at once by '[' or '.' (lexer2's
     * enqueue_until); in "${x == 1}" or "${x ? ...}" it stays a name.  A
     * keyword is a name there too ("${type}", "${class.upcase}", "${undef}":
     * transform_to_variable), except true and false, on which Puppet itself
     * fails with a Ruby error. */
    if (ctx->mode == 2 && ctx->ntokens == 2 &&
        (k == TK_NAME || (k >= TK_AND && k <= TK_UNLESS && k != TK_TRUE && k != TK_FALSE))) {
        lex_next(&ctx->lx, &ctx->peek);
        ctx->have_peek = 1;
        TokKind nk = ctx->peek.kind;
        if (nk == TK_EOF || nk == TK_LBRACK || nk == TK_DOT) {
            if (k != TK_NAME) {
                t.text = arena_strndup(ctx->arena, ctx->src->text + t.off, t.len);
                t.text_len = t.len;
            }
            t.kind = k = TK_VARIABLE;
        }
    }
    if (k == TK_VARIABLE && t.text_len == 0) {
        ctx->errors++;
        diag_error(((SrcLoc){ctx->src, t.off, t.len}),
                   "Illegal variable name, The given name '' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/");
        return T_YYerror;
    }
    if (ctx->mode == 2 && ctx->ntokens == 2 && k == TK_FLOAT) {
        lex_next(&ctx->lx, &ctx->peek);
        ctx->have_peek = 1;
        if (ctx->peek.kind == TK_EOF) {
            ctx->errors++;
            diag_error(((SrcLoc){ctx->src, t.off, t.len}),
                       "Illegal numeric variable name, The given name '%.*s' must be a decimal value if it starts with a digit 0-9",
                       (int)t.len, ctx->src->text + t.off);
            return T_YYerror;
        }
    }
    /* "${1}" is the match variable $1 */
    if (ctx->mode == 2 && ctx->ntokens == 2 && k == TK_INTEGER) {
        int digits = t.len > 0;
        for (uint32_t i = 0; i < t.len; i++) digits &= ctx->src->text[t.off + i] >= '0' && ctx->src->text[t.off + i] <= '9';
        if (digits) {
            lex_next(&ctx->lx, &ctx->peek);
            ctx->have_peek = 1;
            digits = ctx->peek.kind == TK_EOF;
        }
        if (digits) {
            t.kind = k = TK_VARIABLE;
            t.text = arena_strndup(ctx->arena, ctx->src->text + t.off, t.len);
            t.text_len = t.len;
        }
    }
    if (!t.text && k >= TK_AND && k <= TK_UNLESS) {
        t.text = arena_strndup(ctx->arena, ctx->src->text + t.off, t.len);
        t.text_len = t.len;
    }
    lval->tok = t;
    lloc->off = t.off;
    lloc->end = t.off + t.len;
    return bison_kind(k);
}

static void yyerror(YYLTYPE *lloc, ParseCtx *ctx, const char *msg)
{
    ctx->errors++;
    if (!strcmp(msg, "memory exhausted"))   /* bison's stack passed YYMAXDEPTH */
        msg = "The manifest nests too deeply (the parser's stack holds at most 4000000 states)";
    diag_error(((SrcLoc){ctx->src, lloc->off, lloc->end - lloc->off}), "%s", msg);
}

/* Puppet's wording: "Syntax error at 'token'" / "Syntax error at end of input". */
static int yyreport_syntax_error(const yypcontext_t *yc, ParseCtx *ctx)
{
    const YYLTYPE *l = yypcontext_location(yc);
    yysymbol_kind_t tok = yypcontext_token(yc);
    ctx->errors++;
    if (tok == YYSYMBOL_YYerror) return 0;    /* the lexer reported it already */
    if (tok == YYSYMBOL_YYEOF) {
        uint32_t off = ctx->src->len ? (uint32_t)ctx->src->len - 1 : 0;
        if (ctx->mode) off = l->off;
        diag_error(((SrcLoc){ctx->src, off, 0}), "Syntax error at end of input");
        return 0;
    }
    uint32_t len = l->end - l->off;
    const char *s = ctx->src->text + l->off;
    int shown = 0;
    while ((uint32_t)shown < len && shown < 40 && s[shown] != '\n') shown++;
    diag_error(((SrcLoc){ctx->src, l->off, len}), "Syntax error at '%.*s'", shown, s);
    return 0;
}

static Node *mk(ParseCtx *ctx, NodeKind k, Span s)
{
    if (ctx->spare && ast_node_size[k] == ast_node_size[ND_NAME]) {
        Node *n = ctx->spare;
        ctx->spare = n->next;
        memset(n, 0, ast_node_size[k]);
        n->kind = k;
        ast_set_file(n, ctx->src);
        n->off = s.off;
        n->len = s.end - s.off;
        return n;
    }
    return ast_new(ctx->nodes, k, ctx->src, s.off, s.end - s.off);
}

static Node *mk2(ParseCtx *ctx, NodeKind k, Span s, Node *a, Node *b)
{
    Node *n = mk(ctx, k, s);
    n->a = a;
    if (b) n->b = b;       /* a unary operator's node ends before b (ast.h) */
    return n;
}

static Node *mk_text(ParseCtx *ctx, NodeKind k, Span s, const Token *t)
{
    Node *n = mk(ctx, k, s);
    n->text = t->text ? t->text : "";
    return n;
}

static Node *mk_keyword_name(ParseCtx *ctx, Span s, const char *word)
{
    Node *n = mk(ctx, ND_NAME, s);
    n->text = word;
    return n;
}

static Node *mk_block(ParseCtx *ctx, Span s, NodeList l)
{
    Node *n = mk(ctx, ND_BLOCK, s);
    ast_set_kids(n, l);
    ctx->idem_faults += check_idem_fault(n);
    return n;
}

/* A class, define or node body must not end with a forgotten value. */
/* Checker4_0's internal_check_reserved_type_name and
 * internal_check_future_reserved_word for a class, define or function. */
static void check_definition_name(ParseCtx *ctx, const Node *def)
{
    static const char *const reserved[] = {
        "type", "any", "unit", "scalar", "boolean", "numeric", "integer", "float", "collection",
        "array", "hash", "tuple", "struct", "variant", "optional", "enum", "regexp", "pattern",
        "runtime", "init", "object", "sensitive", "semver", "semverrange", "string", "timestamp",
        "timespan", "typeset",
    };
    const char *label = def->kind == ND_CLASS ? "a Host Class Definition"
                      : def->kind == ND_DEFINE ? "a 'define' expression" : "a Function Definition";
    SrcLoc at = {ctx->src, def->off, 0};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strcmp(def->text, reserved[i]) == 0) {
            ctx->errors++;
            diag_error(at, "The name: '%s' is already defined by Puppet and can not be used as the name of %s.", def->text, label);
        }
    if (strcmp(def->text, "plan") == 0) diag_warning(at, "Use of future reserved word: 'plan'");
}

/* Checker4_0#check_VariableExpression: a name that does not start with a
 * digit must match VAR_NAME, /\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z/ ($Bad may not). */
static void check_var_name(ParseCtx *ctx, const Node *var)
{
    const char *n = var->text;
    if (!n || (*n >= '0' && *n <= '9')) return;
    const char *p = n;
    if (p[0] == ':' && p[1] == ':') p += 2;
    int ok = 1;
    for (;;) {
        const char *seg = p;
        if (!((*p >= 'a' && *p <= 'z') || *p == '_')) { ok = 0; break; }
        while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_') p++;
        if (*p == '\0') break;
        if (p[0] != ':' || p[1] != ':' || *seg == '_') { ok = 0; break; }   /* only the last segment may start with _ */
        p += 2;
    }
    if (!ok) {
        ctx->errors++;
        diag_error(((SrcLoc){ctx->src, var->off, var->len}),
                   "Illegal variable name, The given name '%s' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/", n);
    }
}

/* Checker4_0#check_Parameter: a name of digits clashes with $1..., and a
 * name must match /^[a-z_]\w*$/ ($barBaz may, $Foo may not). */
static void check_param_name(ParseCtx *ctx, const Node *param)
{
    const char *n = param->text;
    SrcLoc at = {ctx->src, param->off, param->len};
    const char *d = (n[0] == '0' && n[1] == 'x') ? n + 2 : n;
    int digits = *d != 0;
    for (const char *p = d; *p; p++) digits &= *p >= '0' && *p <= '9';
    if (digits) {
        ctx->errors++;
        diag_error(at, "The numeric parameter name '$%s' cannot be used (clashes with numeric match result variables)", n);
    }
    int ok = (*n >= 'a' && *n <= 'z') || *n == '_';
    for (const char *p = n + 1; ok && *p; p++)
        ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (!ok) {
        ctx->errors++;
        diag_error(at, "Illegal parameter name. The given name '%s' does not conform to the naming rule /^[a-z_]\\w*$/", n);
    }
}

static Node *note_body(ParseCtx *ctx, Node *def)
{
    ctx->idem_faults += check_idem_fault(def);
    return def;
}

static Node *with_kids(Node *n, NodeList l)
{
    ast_set_kids(n, l);
    return n;
}

static NodeList one(Node *n)
{
    NodeList l = {0};
    ast_list_add(&l, n);
    return l;
}

/* Interpolated strings: text parts become ND_STR, "$x" an ND_VAR, and each
 * "${expr}" is parsed from its own source range. */
static Node *mk_string(ParseCtx *ctx, Span s, const Token *t)
{
    if (t->kind == TK_STRING) {
        Node *n = mk_text(ctx, ND_STR, s, t);
        return n;
    }
    Node *n = mk(ctx, ND_CONCAT, s);
    NodeList l = {0};
    for (const StrPart *p = t->parts; p; p = p->next) {
        Node *k = NULL;
        switch (p->kind) {
        case SP_TEXT:
            k = mk(ctx, ND_STR, s);
            k->text = p->text;
            break;
        case SP_VAR:
            k = ast_new(ctx->nodes, ND_VAR, ctx->src, p->off, p->elen);
            k->text = p->text;
            check_var_name(ctx, k);
            break;
        case SP_EXPR:
            k = parse_range(ctx->nodes, ctx->arena, ctx->lx.parts, ctx->src, p->off, p->elen, 1, &ctx->idem_faults);
            if (!k) {
                ctx->errors++;
                return NULL;
            }
            break;
        }
        ast_list_add(&l, k);
    }
    return with_kids(n, l);
}

static int is_statement_call(const Node *n)
{
    /* Puppet's Factory::STATEMENT_CALLS: alert, crit and emerg are not among them */
    static const char *const calls[] = {
        "require", "realize", "include", "contain", "tag", "debug", "info", "notice",
        "warning", "err", "fail", "import", "break", "next", "return",
    };
    if (n->kind != ND_NAME) return 0;
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        if (strcmp(n->text, calls[i]) == 0) return 1;
    return 0;
}

/* Joins "name arg" and "name arg, arg" statement pairs into calls, as
 * Puppet's Factory.transform_calls does for its statement functions. */
static NodeList transform_calls(ParseCtx *ctx, NodeList stmts)
{
    NodeList out = {0};
    Node *next, *before = NULL;      /* the node before out.tail */
    for (Node *s = stmts.head; s; s = next) {
        next = s->next;
        s->next = NULL;
        Node *last = out.tail;
        if (last && last->kind == ND_NAME && is_statement_call(last)) {
            Node *call = ast_new(ctx->nodes, ND_CALL, ctx->src, last->off, s->off + s->len - last->off);
            call->a = last;
            if (s->kind == ND_ARRAY && s->op == 1) {
                call->kids = s->kids;
            } else {
                call->kids = s;
            }
            /* the call takes the name's place as the list's tail (a name's
             * node is too short to be turned into a call's: ast.h) */
            if (before) before->next = call;
            else out.head = call;
            out.tail = call;
            continue;
        }
        if (s->kind == ND_ARRAY && s->op == 1) {
            ctx->errors++;
            diag_error(ast_loc(s), "This expression is a comma-separated list, which is only valid as the arguments of a statement call such as include");
            continue;
        }
        before = out.tail;
        ast_list_add(&out, s);
    }
    return out;
}

/* A type given by name ("file", "class") is kept as the resource's text,
 * and the name's node goes to the next leaf: a million resources are a
 * million such names. */
static Node *mk_resource(ParseCtx *ctx, Span s, Node *type, NodeList bodies)
{
    Node *n = mk(ctx, ND_RESOURCE, s);
    if (type->kind == ND_NAME) {
        n->text = type->text;
        type->next = ctx->spare;
        ctx->spare = type;
    } else {
        n->a = type;
    }
    ast_set_kids(n, bodies);
    return n;
}

/* "Type { attrs }" is resource defaults, "Type[title] { attrs }" an
 * override, and "name { a => b }" Puppet reads as a call with a hash. */
static Node *mk_attrs_only(ParseCtx *ctx, Span s, Node *target, NodeList attrs)
{
    if (target->kind == ND_TYPEREF) {
        Node *n = mk(ctx, ND_RES_DEFAULTS, s);
        n->a = target;
        return with_kids(n, attrs);
    }
    if (target->kind == ND_ACCESS || target->kind == ND_COLLECT) {
        Node *n = mk(ctx, ND_RES_OVERRIDE, s);
        n->a = target;
        return with_kids(n, attrs);
    }
    ctx->errors++;
    if (target->kind == ND_NAME)
        diag_error(ast_loc(target), "This expression is invalid. Did you try declaring a '%s' resource without a title?", target->text);
    else
        diag_error(ast_loc(target), "Expression is not valid as a resource, resource-default, or resource-override");
    return NULL;
}

static Node *set_form(ParseCtx *ctx, Node *res, int form, Span at)
{
    if (res->kind != ND_RESOURCE) {
        ctx->errors++;
        diag_error(((SrcLoc){ctx->src, at.off, at.end - at.off}), "%s can only be applied to a Resource Expression",
                   form == TK_AT ? "Virtual (@)" : "Exported (@@)");
        return res;
    }
    res->op = form;
    res->len += res->off - at.off;
    res->off = at.off;
    return res;
}

static Node *run(ParseCtx *ctx)
{
    int rc = yyparse(ctx);
    if (rc != 0 || ctx->errors || ctx->lx.errors) return NULL;
    return ctx->result;
}

/* The identifier texts of the file being parsed (see Lexer.intern), which
 * its "${...}" parts share. */
static Map *file_intern;
static Arena *file_intern_arena;

Node *parse_file(Arena *arena, const SrcFile *src) { return parse_file_split(arena, arena, src); }

Node *parse_file_split(Arena *nodes, Arena *arena, const SrcFile *src)
{
    ParseCtx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.nodes = nodes;
    ctx.src = src;
    lex_init(&ctx.lx, arena, src);
    /* the strings' parts die with the parse: a big manifest's are megabytes */
    Arena parts;
    arena_init_small(&parts);
    ctx.lx.parts = &parts;
    Map intern, *outer = file_intern;
    Arena *outer_arena = file_intern_arena;
    map_init(&intern);
    ctx.lx.intern = file_intern = &intern;
    file_intern_arena = arena;
    Node *r = run(&ctx);
    file_intern = outer;
    file_intern_arena = outer_arena;
    map_free(&intern);
    arena_free(&parts);
    /* Puppet validates every file it parses before evaluating any of it.
     * The blocks were looked at as they were built; only a file with a
     * fault is walked, to report the faults in Puppet's order. */
    if (r && ctx.idem_faults && check_program(r)) return NULL;
    return r;
}

Node *parse_expr_range(Arena *arena, const SrcFile *src, uint32_t off, uint32_t len, int interp)
{
    int idem_faults = 0;
    return parse_range(arena, arena, arena, src, off, len, interp, &idem_faults);
}

/* parse_expr_range, adding the idem faults of the range's blocks (a lambda
 * in "${...}") to *idem_faults. */
static Node *parse_range(Arena *nodes, Arena *arena, Arena *parts, const SrcFile *src, uint32_t off, uint32_t len, int interp, int *idem_faults)
{
    static int nesting;          /* "${ "${ ... }" }": each level is a parser on the stack */
    if (nesting >= 200) {
        diag_error(((SrcLoc){src, off, len}), "Interpolation nested too deeply (more than 200 levels)");
        return NULL;
    }
    ParseCtx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.nodes = nodes;
    ctx.src = src;
    ctx.mode = interp ? 2 : 1;
    lex_init_range(&ctx.lx, arena, src, off, len);
    ctx.lx.parts = parts;
    if (file_intern && arena == file_intern_arena) ctx.lx.intern = file_intern;
    nesting++;
    Node *r = run(&ctx);
    nesting--;
    *idem_faults += ctx.idem_faults;
    return r;
}
