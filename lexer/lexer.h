/*
 * lexer.h - the Puppet 7 scanner (re2c, lexer.re): manifest bytes in,
 * tokens out, each with its byte range in the source.  Puppet's lexer is
 * context sensitive in three places and so is this one: '/' starts a regex
 * only where an operand may start, '[' preceded by white space (or first in
 * the file) is LISTSTART rather than LBRACK, '(' with only blanks before it
 * on its line is WSLPAREN rather than LPAREN, and '{' right after '?' is
 * SELBRACE.  Double-quoted strings and heredocs come out whole, as one token
 * carrying their parts (text, $var, ${expr} ranges); the parser parses each
 * ${expr} range itself (lex_init_range) so locations stay exact.
 */
#ifndef LEXER_LEXER_H
#define LEXER_LEXER_H
#include "base/arena.h"
#include "base/map.h"
#include "base/diag.h"
#include <stdint.h>

typedef enum TokKind {
    TK_EOF = 0,
    TK_ERROR,        /* a lexical error, already reported through diag */
    /* values */
    TK_NAME,         /* foo, foo::bar, ::foo, and Puppet's WORD (foo-bar, _x) */
    TK_CLASSREF,     /* Foo, Foo::Bar, ::Foo */
    TK_VARIABLE,     /* $x $::x $a::b $0: text is the name without '$' */
    TK_INTEGER,      /* ival; decimal, 0x hex, 0 octal */
    TK_FLOAT,        /* fval */
    TK_STRING,       /* 'single', or "double"/heredoc without interpolation: text unescaped */
    TK_DQSTRING,     /* "double" or heredoc with at least one $ part: parts */
    TK_REGEX,        /* /re/: text is the pattern between the slashes, "\/" kept as "\/" */
    /* keywords */
    TK_AND, TK_APPLICATION, TK_ATTR, TK_CASE, TK_CLASS, TK_CONSUMES, TK_DEFAULT,
    TK_DEFINE, TK_ELSE, TK_ELSIF, TK_FALSE, TK_FUNCTION, TK_IF, TK_IMPORT, TK_IN,
    TK_INHERITS, TK_NODE, TK_OR, TK_PRIVATE, TK_PRODUCES, TK_SITE, TK_TRUE,
    TK_TYPE, TK_UNDEF, TK_UNLESS,
    /* punctuation and operators */
    TK_LBRACK,       /* [ right after a token, no blank between: access */
    TK_LISTSTART,    /* [ at the start or after white space */
    TK_RBRACK,       /* ] */
    TK_LBRACE,       /* { */
    TK_SELBRACE,     /* { right after ? */
    TK_RBRACE,       /* } */
    TK_LPAREN,       /* ( after something on its line (so "f (1)" is a call too) */
    TK_WSLPAREN,     /* ( first on its line, only blanks before it */
    TK_RPAREN,       /* ) */
    TK_COMMA, TK_SEMIC, TK_COLON, TK_QMARK, TK_DOT, TK_PIPE,
    TK_AT,           /* @  (virtual) */
    TK_ATAT,         /* @@ (exported) */
    TK_FARROW,       /* => */
    TK_PARROW,       /* +> */
    TK_IN_EDGE,      /* -> */
    TK_IN_EDGE_SUB,  /* ~> */
    TK_OUT_EDGE,     /* <- */
    TK_OUT_EDGE_SUB, /* <~ */
    TK_LCOLLECT,     /* <| */
    TK_RCOLLECT,     /* |> */
    TK_LLCOLLECT,    /* <<| */
    TK_RRCOLLECT,    /* |>> */
    TK_EQUALS,       /* = */
    TK_APPENDS,      /* += */
    TK_DELETES,      /* -= */
    TK_ISEQUAL,      /* == */
    TK_NOTEQUAL,     /* != */
    TK_MATCH,        /* =~ */
    TK_NOMATCH,      /* !~ */
    TK_GREATEREQUAL, TK_GREATERTHAN, TK_LESSEQUAL, TK_LESSTHAN,
    TK_LSHIFT, TK_RSHIFT,
    TK_PLUS, TK_MINUS, TK_TIMES, TK_DIV, TK_MODULO,
    TK_NOT,          /* ! */
    TK_COUNT
} TokKind;

/* One piece of an interpolated string. */
typedef enum { SP_TEXT, SP_VAR, SP_EXPR } StrPartKind;
typedef struct StrPart {
    StrPartKind kind;
    const char *text;     /* SP_TEXT: unescaped text; SP_VAR: variable name (no '$') */
    size_t len;           /* length of text */
    uint32_t off, elen;   /* SP_VAR: range of "$name"; SP_EXPR: range of the expression
                             between "${" and its matching "}" in the source */
    struct StrPart *next;
} StrPart;

typedef struct Token {
    TokKind kind;
    uint32_t off, len;    /* byte range of the whole token in the source */
    const char *text;     /* NAME, CLASSREF, VARIABLE, STRING, REGEX: the value
                             (NUL-terminated, lives in the lexer's arena); keywords:
                             their spelling (static); else NULL */
    size_t text_len;
    StrPart *parts;       /* TK_DQSTRING only: parts in order (arena) */
    const char *heredoc_syntax; /* heredoc with ":syntax" (e.g. "json"), else NULL */
    int64_t ival;         /* TK_INTEGER */
    double fval;          /* TK_FLOAT */
} Token;

typedef struct Lexer {
    Arena *arena;         /* where token texts live */
    Arena *parts;         /* where a string's parts live (lex_init: arena; the parser
                             gives a scratch arena of its own: parts die with the parse) */
    const SrcFile *src;
    const char *cur, *lim;/* scan position and end (a sub-range for ${expr}) */
    TokKind prev;         /* kind of the previous token, for '/', '{' decisions */
    int errors;           /* lexical errors reported */
    const char *heredoc_skip_to; /* internal: end of bodies already consumed */
    /* When set (by the caller, after lex_init), the texts of names, class
     * references and variables are shared: one copy of each spelling in the
     * arena, found through this map, which the caller owns.  A manifest
     * repeats a small vocabulary ("ensure", "file") on every line. */
    Map *intern;
} Lexer;

/* Scans the whole of src; texts are allocated in arena. */
void lex_init(Lexer *lx, Arena *arena, const SrcFile *src);
/* Scans only [off, off+len) of src (for ${expr} parts); locations stay file offsets.
 * lx->prev starts as TK_EOF; Puppet carries on from the token before the string,
 * so a caller may set lx->prev to that kind (it decides '/' and a leading '{'). */
void lex_init_range(Lexer *lx, Arena *arena, const SrcFile *src, uint32_t off, uint32_t len);
/* Fills *t with the next token and returns its kind.  After TK_EOF, keeps
 * returning TK_EOF.  Errors are reported with diag_error and give TK_ERROR. */
TokKind lex_next(Lexer *lx, Token *t);
/* A short name for messages: "'=>'", "a name", "end of file". */
const char *lex_kind_name(TokKind k);
#endif
