/*
 * rbapi.h - the C API of the embedded Ruby, for bridge modules
 * (compiler/ruby/ *.c).  Prefix: rby_ (libruby owns rb_* and ruby_*).
 *
 * The bridge starts Ruby once per process on the compile thread (lazily:
 * rby_start), without RubyGems, with UTF-8 as the default external
 * encoding, then evaluates the Ruby layer of share/ruby/ *.rb, which the
 * build embeds in the binary (build/gen/rubysrc.c): core.rb, values.rb and
 * scope.rb first, then every other file in name order.  To add a concern,
 * drop a file in share/ruby/ (functions.rb, type.rb ...); it is embedded
 * on the next build, and may use what the first three define.  Files in
 * share/ruby/lazy/ are embedded but evaluated only when first needed: an
 * autoload of mcomp/lazy/NAME (type.rb registers them) or rby_layer_module
 * (lazy/type.rb, the Puppet::Type DSL; lazy/facter.rb, Facter).
 *
 * Values cross at one border, rby_to_ruby and rby_to_puppet, as Puppet 7
 * hands them to Ruby (Runtime3Converter):
 *     undef        <-> nil (and :undef -> undef)
 *     default      <-> :default
 *     Boolean      <-> true / false
 *     Integer      <-> Integer (a Ruby Integer outside 64 bits raises
 *                      Puppet::Error "Use of a Ruby Integer outside of
 *                      Puppet Integer max range, got '0x...'")
 *     Float        <-> Float
 *     String       <-> String (UTF-8); a Symbol other than :undef and
 *                      :default comes back as its name
 *     Array, Hash  <-> Array, Hash (order kept)
 *     Regexp       <-> Regexp (the Puppet pattern as the Ruby source)
 *     Sensitive    <-> Puppet::Pops::Types::PSensitiveType::Sensitive
 *                      (#unwrap; to_s and inspect are redacted)
 *     a type, a resource reference <-> a Puppet::Pops::Types::PuppetType,
 *                      of Puppet's class for it (PIntegerType,
 *                      PResourceType, PClassType, PTypeAliasType for
 *                      Data; Timestamp and Timespan values are
 *                      Puppet::Pops::Time::Timestamp and ::Timespan)
 *                      (to_s is what Puppet prints: Integer[1],
 *                      File['/x']; #to_resource_s gives File[/x]); it
 *                      converts back to the very same Value.
 *
 * The Ruby side (share/ruby/): module MComp holds the C callbacks
 *     MComp.lookupvar(scope, name)           -> [found, value]
 *     MComp.scope_vars(scope)                -> {name => value} (Scope#to_hash)
 *     MComp.bind_vars(obj, scope)            each of those as obj's @name
 *     MComp.call_function(scope, name, args) -> value (any Puppet function;
 *                                               a Ruby block becomes its lambda)
 *     MComp.log(scope, level, message)       scope nil: the calling scope;
 *                                               false: no scope
 *     MComp.catalog_classes, catalog_tags    -> [names] (so far)
 *     MComp.type_to_s / type_eq / resref / scope_label, lambda_call / lambda_arity
 * and Ruby classes over them: Puppet::Parser::Scope (scope.rb: [],
 * lookupvar, include?, exist?, to_hash, call_function, function_NAME for
 * the names in MComp::FUNCTIONS_3X, which a loader of 3.x functions adds
 * to), Puppet::Error, Puppet::ParseError, Puppet.warning and friends,
 * Puppet.warn_once (core.rb), Puppet::Resource and the value classes
 * (values.rb), MComp::Lambda (core.rb), Puppet::Parser::TemplateWrapper and
 * MComp.render_erb (erb.rb).
 *
 * A typical bridge module:
 *     static VALUE body(VALUE arg) {            // runs inside Ruby
 *         Job *j = (Job *)arg;
 *         VALUE r = rb_funcall(obj, rb_intern("m"), 1, rby_to_ruby(j->c, j->v));
 *         j->out = rby_to_puppet(j->c, r);
 *         return Qnil;
 *     }
 *     ...
 *     VALUE exc;
 *     rby_protect(c, scope, at, body, (VALUE)&job, &exc);
 *     if (!NIL_P(exc)) rby_fail(c, at, exc, "Error in my function: %s");
 * or, for one method call with Puppet values in and out, rby_call().
 *
 * Errors: every entry into Ruby runs under rb_protect (rby_protect).  A
 * Ruby exception comes back to C as an exception object, which the caller
 * reports in Puppet's wording (rby_fail).  A compile error raised by C
 * code that Ruby called (a callback) never longjmps across Ruby frames:
 * the callback catches it (rby_guard), raises it in Ruby as
 * MComp::CompileError (a Puppet::ParseError), and it surfaces as an
 * exception after rb_protect returns.
 */
#ifndef COMPILER_RUBY_RBAPI_H
#define COMPILER_RUBY_RBAPI_H
#include "compiler/ruby/rb.h"
#include <ruby.h>

/* Starts Ruby and loads the Ruby layer if that was not done yet.  Must
 * run on the compile thread.  A failure (which should not happen) ends
 * the compile with an error at at. */
void rby_start(Compiler *c, const Node *at);

/* The context a callback from Ruby into C runs in: the compiler, the
 * calling scope and the node errors and log lines point at.  rby_protect
 * pushes one for the time of its call; rby_ctx() is the innermost, or
 * NULL outside a call and on any thread but the compile thread (a Ruby
 * Thread must not run compiler code: its stack is small). */
typedef struct RbyCtx {
    Compiler *c;
    Scope *scope;
    const Node *at;
    struct RbyCtx *up;
} RbyCtx;
RbyCtx *rby_ctx(void);

/* Runs fn(arg) under rb_protect with (c, s, at) as the callback context,
 * starting Ruby first if needed.  Returns fn's result and sets *exc to
 * Qnil, or returns Qnil and sets *exc to the Ruby exception raised (the
 * caller reports it, usually with rby_fail).  Values fn keeps in C locals
 * are seen by Ruby's conservative GC. */
VALUE rby_protect(Compiler *c, Scope *s, const Node *at, VALUE (*fn)(VALUE), VALUE arg, VALUE *exc);

/* recv.method(*args) under rby_protect, each argument converted with
 * rby_to_ruby and the result with rby_to_puppet.  Returns 0 and sets
 * *out (a Value in the compile arena), or returns 1 and sets *exc. */
int rby_call(Compiler *c, Scope *s, const Node *at, VALUE recv, const char *method, Value **args, size_t n,
             Value **out, VALUE *exc);

/* The two conversions (see the table above).  An array or hash converts
 * once: the same Value gives the same Ruby object every time (as Puppet
 * hands Ruby the objects its variables hold); a mutation reaches the
 * variables (and resource parameters) holding it through rby_write_back
 * only.  Call them only inside Ruby
 * (under rby_protect or in a callback): rby_to_puppet raises Ruby
 * exceptions for values Puppet has no form for.  Results of rby_to_puppet
 * live in the compile arena. */
VALUE rby_to_ruby(Compiler *c, const Value *v);
Value *rby_to_puppet(Compiler *c, VALUE v);

/* After Ruby code ran in scope s: each variable of s and its enclosing
 * scopes whose array or hash Ruby mutated in place gets the new contents,
 * and so does the parameter of the scope's resource that held the same
 * Value (Puppet shares these objects).  Ruby objects Puppet has no form for
 * leave the variable as it was. */
void rby_write_back(Compiler *c, Scope *s, const Node *at);

/* A Puppet::Parser::Scope object for s (scope.rb). */
VALUE rby_scope_object(Compiler *c, Scope *s);
/* The next MComp.bind_vars (a template's variables, erb.rb) binds only
 * the variables names lists ("\nNAME\nNAME\n", instance variable names
 * without the "@"), unless a method templates can call may read others
 * (see erb.rb); NULL: every visible variable. */
void rby_bind_only(const char *names);
/* A method was defined in file (NULL: unknown) on a class templates
 * call into: 1 when the template being rendered defined it and such a
 * method reads only variables that template names, which from now on
 * every template gets too (rby_erb_method_names); 0 otherwise. */
int rby_erb_method_added(const char *file);
/* Those names ("\nNAME\n..."), or NULL. */
const char *rby_erb_method_names(void);
/* The Scope of such an object (raises TypeError for anything else). */
Scope *rby_scope_of(VALUE obj);

/* A Puppet lambda (the block of a call) as a Ruby MComp::Lambda object:
 * #call(*args) runs it in scope s (arguments and result converted),
 * #to_proc makes it a Ruby block, #parameter_count says how many
 * parameters it declares.  Errors inside it (and next()/break() that
 * would leave it) come out as MComp::CompileError.  Valid for the
 * compile; call is the call node errors point at. */
VALUE rby_lambda_object(Compiler *c, Scope *s, const Node *call, const Node *lambda);

/* Runs fn(arg) with compile errors caught: c->fail points here for the
 * time of the call, error diagnostics are captured (warnings still print).
 * Returns NULL when fn finished without error, else the error's message
 * (compile-arena memory).  Use it in every callback that runs compiler
 * code, then raise with rby_raise_compile_error() once the C state is
 * back to normal. */
const char *rby_guard(Compiler *c, void (*fn)(void *), void *arg);
/* rb_raise for bridge code: Ruby's own longjmp skips C frames unseen by
 * AddressSanitizer, whose poisoned stack would then trip later frames;
 * RBY_RAISE tells it first (rby_leaving_frames does nothing in other
 * builds).  Use it, or call rby_leaving_frames() before rb_exc_raise. */
void rby_leaving_frames(void);
#define RBY_RAISE(...) (rby_leaving_frames(), rb_raise(__VA_ARGS__))
/* Raises MComp::CompileError(msg) in Ruby (does not return). */
_Noreturn void rby_raise_compile_error(const char *msg);

/* rby_define(name, fn, argc) registers a C callback as MComp.name
 * (rb_define_module_function on the MComp module; argc as for rb_define_module_function).  Call it from an
 * init hook: add your hook to the list in rb.c (rby_inits), it runs once,
 * right after Ruby started and before the Ruby layer is loaded. */
#define rby_define(name, fn, argc) rb_define_module_function(rby_module(), (name), (fn), (argc))
VALUE rby_module(void);             /* the MComp module */
/* MComp::name, loading the part of the Ruby layer that defines it when it
 * is not loaded yet (share/ruby/lazy/); errors end the compile at at. */
VALUE rby_layer_module(Compiler *c, const Node *at, const char *name);

/* The message of exception exc (Puppet's "#{detail}"), with the texts of
 * Sensitive values taken out (safe to call outside rby_protect: a message
 * that cannot be read gives a fixed text); and the Ruby file and line where it was
 * raised, from its backtrace (the first frame, as Puppet takes it), or
 * NULL and 0.  Strings live in the compile arena. */
const char *rby_exc_message(Compiler *c, VALUE exc);
const char *rby_exc_where(Compiler *c, VALUE exc, int *line);
/* Whether exc is an MComp::CompileError (a compile error from C code,
 * already worded). */
int rby_exc_is_compile_error(VALUE exc);
/* Ends the compile with an error at at: fmt gets the exception's message
 * (rby_exc_message) for its one %s. */
_Noreturn void rby_fail(Compiler *c, const Node *at, VALUE exc, const char *fmt);

/* Ruby logging for callbacks: level is Puppet's ("notice", "warning",
 * "err", ...); prints "Warning: Scope(Class[x]): msg" as the logging
 * functions do, for the scope s, or "Warning: msg" when s is NULL (as
 * Puppet.warning does); "debug" prints nothing. */
void rby_log(Compiler *c, Scope *s, const char *level, const char *msg);

/* A UTF-8 Ruby string of s[0..len). */
VALUE rby_str(const char *s, size_t len);
/* A Ruby string's bytes, NUL-terminated in the compile arena. */
const char *rby_cstr(Compiler *c, VALUE str, size_t *len);

/* Evaluates Ruby source src (a String) at the top level as if it were
 * file's text from line on, like RubyVM::InstructionSequence.compile(src,
 * file, file, line).eval, with the compiled code kept in the on-disk
 * cache (rbcache.c) so a later run skips parsing the same text.  Run it
 * inside Ruby (under rby_protect); errors (a SyntaxError ...) are raised.
 * Ruby code calls it as MComp.eval_cached(src, file, line). */
VALUE rby_eval_cached(VALUE src, const char *file, int line);

/* Hooks of the bridge's own modules, run after start-up (see rby_define). */
void rby_erb_init(void);
void rby_fn_init(void);
void rby_cache_init(void);
void rby_fs_init(void);
#endif
