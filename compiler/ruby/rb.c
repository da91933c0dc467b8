/*
 * rb.c - the embedded Ruby: start-up, the value border, protection and
 * the callbacks from Ruby into the compiler (API in rbapi.h).
 *
 * The one idea: Ruby and the compiler unwind differently (Ruby raises
 * exceptions through its own frames, the compiler longjmps to c->fail),
 * so neither may unwind through the other's frames.  Every entry into
 * Ruby goes through rb_protect, which turns an exception into a value the
 * C side reports; every callback from Ruby that runs compiler code runs
 * it under rby_guard, which turns a compile error into a message the
 * callback re-raises as a Ruby exception once it is back in its own frame.
 *
 * Ruby is started once per process, on the compile thread (which has a
 * 1 GiB stack: ruby_init_stack takes the thread's real bounds, so the
 * conservative GC scans the frames of the whole compile).  Ruby's signal
 * handlers are taken back after start-up: mcomp keeps its own behaviour
 * for SIGINT, SIGPIPE and the rest, and its own alternate signal stack.
 * While Ruby runs, descriptor 1 is a copy of stderr (rby_stdout_back gives
 * stdout back for the catalog), so nothing Ruby code or the commands it
 * runs print can end up in the catalog.
 */
#define _GNU_SOURCE                   /* pthread_getattr_np (sanitizer builds) */
#include "compiler/ruby/rbapi.h"
#include "base/util.h"
#include <ruby/encoding.h>
#include <ctype.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define A (c->arena)

/* Ruby unwinds with its own longjmp, which AddressSanitizer does not see:
 * the poisoned redzones of the C frames it skips would stay, and later
 * frames at those addresses would look like overflows.  So C code leaving
 * its frames by a Ruby raise says so first (RBY_RAISE), and when rb_protect
 * caught an exception the stack below it is unpoisoned (the frames there
 * are gone).  Nothing happens in other builds. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
void rby_leaving_frames(void) { __asan_handle_no_return(); }
static void __attribute__((noinline)) unpoison_below(void)
{
    char here;
    uintptr_t top = (uintptr_t)&here, low = top - ((uintptr_t)8 << 20);
    pthread_attr_t at;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &at) == 0) {
        if (pthread_attr_getstack(&at, &addr, &size) == 0 && (uintptr_t)addr > low) low = (uintptr_t)addr;
        pthread_attr_destroy(&at);
    }
    if (top > low) ASAN_UNPOISON_MEMORY_REGION((void *)low, top - low);
}
#else
void rby_leaving_frames(void) {}
static void unpoison_below(void) {}
#endif

/* The embedded Ruby layer (build/gen/rubysrc.c, from share/ruby/). */
typedef struct RbySource { const char *name; const char *text; size_t len; } RbySource;
extern const RbySource rby_sources[];
extern const size_t rby_nsources;

/* Init hooks of the bridge modules: add yours here (see rby_define). */
static void (*const rby_inits[])(void) = {
    rby_erb_init,
    rby_fn_init,
    rby_cache_init,
    rby_fs_init,
};

static int started;
static double startup_ms;
static RbyCtx *ctx_top;
static VALUE m_mcomp;                /* MComp */
static VALUE c_ptr;                  /* MComp::Ptr: a bare C pointer */
static VALUE c_compile_error;        /* MComp::CompileError */
static VALUE c_puppet_error;         /* Puppet::Error */
static VALUE c_sensitive;            /* Puppet::Pops::Types::PSensitiveType::Sensitive */
static VALUE c_type;                 /* Puppet::Pops::Types::PuppetType */
static VALUE c_scope;                /* Puppet::Parser::Scope */
static ID id_new, id_unwrap, id_at_ptr, id_at_loc, id_message, id_backtrace, id_source, id_redact;

int rby_started(void) { return started; }
double rby_startup_ms(void) { return startup_ms; }
/* The thread Ruby was started on, which runs the compile: a Ruby Thread a
 * template starts has a small stack and must not run compiler code. */
static pthread_t compile_thread;
static int on_compile_thread(void) { return started && pthread_equal(pthread_self(), compile_thread); }

/* Standard output, moved away from descriptor 1 while Ruby runs (-1: not moved). */
static int saved_stdout = -1;

void rby_stdout_back(void)
{
    if (saved_stdout < 0) return;
    fflush(stdout);
    dup2(saved_stdout, 1);
    close(saved_stdout);
    saved_stdout = -1;
}

RbyCtx *rby_ctx(void) { return on_compile_thread() ? ctx_top : NULL; }
VALUE rby_module(void) { return m_mcomp; }

/* ---- MComp::Ptr: a C pointer (arena memory: nothing to mark or free) ---- */

static const rb_data_type_t ptr_type = {
    .wrap_struct_name = "MComp::Ptr",
    .function = {0},
    .flags = RUBY_TYPED_FREE_IMMEDIATELY,
};

static VALUE ptr_new(const void *p) { return TypedData_Wrap_Struct(c_ptr, &ptr_type, (void *)p); }

static void *ptr_get(VALUE obj)
{
    VALUE p = rb_ivar_get(obj, id_at_ptr);
    if (!rb_typeddata_is_kind_of(p, &ptr_type)) RBY_RAISE(rb_eTypeError, "not a Puppet object");
    return DATA_PTR(p);
}

static VALUE wrap(VALUE klass, const void *p)
{
    VALUE o = rb_obj_alloc(klass);
    rb_ivar_set(o, id_at_ptr, ptr_new(p));
    return o;
}

/* ---- strings ---- */

VALUE rby_str(const char *s, size_t len) { return rb_utf8_str_new(s, (long)len); }

const char *rby_cstr(Compiler *c, VALUE str, size_t *len)
{
    StringValue(str);
    size_t n = (size_t)RSTRING_LEN(str);
    if (len) *len = n;
    return arena_strndup(A, RSTRING_PTR(str), n);
}

/* ---- the value border ---- */

/* Arrays and hashes convert once: the same Value gives the same Ruby object
 * afterwards (values are immutable; Puppet too hands Ruby code the objects
 * its variables hold).  The objects stay alive in cache_keep. */
static st_table *cache;
static VALUE cache_keep;

static VALUE convert(Compiler *c, const Value *v);
static void hand_out(const Value *v);

/* From now on v converts to r. */
static void cache_put(const Value *v, VALUE r)
{
    if (!cache) {
        cache = st_init_numtable();
        cache_keep = rb_ary_new();
        rb_gc_register_mark_object(cache_keep);
    }
    rb_ary_push(cache_keep, r);
    st_insert(cache, (st_data_t)v, (st_data_t)r);
}

VALUE rby_to_ruby(Compiler *c, const Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH) return convert(c, v);
    st_data_t hit;
    if (cache && st_lookup(cache, (st_data_t)v, &hit)) return (VALUE)hit;
    VALUE r = convert(c, v);
    cache_put(v, r);
    return r;
}

/* The Ruby class of type value v, as Puppet's: PIntegerType for Integer[1],
 * PClassType for Class['x'], PResourceType for a resource type or reference,
 * PTypeAliasType for the types Puppet defines as aliases (Data ...). */
static VALUE type_class(const Value *v)
{
    const char *name = v->type.name;
    if (!strcmp(name, "Data") || !strcmp(name, "RichData") || !strcmp(name, "RichDataKey")) name = "TypeAlias";
    else if (strcmp(name, "Class") && !val_is_data_type_name(name)) name = "Resource";
    return rb_funcall(c_type, rb_intern("class_for"), 1, rby_str(name, strlen(name)));
}

static VALUE convert(Compiler *c, const Value *v)
{
    switch (v->kind) {
    case V_UNDEF: return Qnil;
    case V_DEFAULT: return ID2SYM(rb_intern("default"));
    case V_BOOL: return v->b ? Qtrue : Qfalse;
    case V_INT: return LL2NUM(v->i);
    case V_FLOAT: return DBL2NUM(v->f);
    case V_STR: return rby_str(v->str.s, v->str.len);
    case V_ARRAY: {
        VALUE a = rb_ary_new_capa((long)v->arr.n);
        for (size_t i = 0; i < v->arr.n; i++) rb_ary_push(a, rby_to_ruby(c, v->arr.items[i]));
        return a;
    }
    case V_HASH: {
        VALUE h = rb_hash_new();
        for (size_t i = 0; i < v->hash.n; i++)
            rb_hash_aset(h, rby_to_ruby(c, v->hash.keys[i]), rby_to_ruby(c, v->hash.vals[i]));
        return h;
    }
    case V_REGEX: {
        VALUE src = rby_str(v->regex.src, strlen(v->regex.src));
        return rb_reg_new_str(src, 0);
    }
    case V_SENSITIVE: {
        VALUE inner = rby_to_ruby(c, v->sensitive);
        return rb_funcall(c_sensitive, id_new, 1, inner);
    }
    case V_TYPE: return wrap(type_class(v), v);
    /* Timestamp and Timespan: an object whose to_s is Puppet's string
     * form and that converts back to the same value */
    case V_TIMESTAMP: return wrap(rb_path2class("Puppet::Pops::Time::Timestamp"), v);
    case V_TIMESPAN: return wrap(rb_path2class("Puppet::Pops::Time::Timespan"), v);
    /* Binary, SemVer, SemVerRange: their string forms */
    case V_BINARY: case V_SEMVER: case V_SEMVERRANGE: case V_OBJECT: {
        Buf b = BUF_INIT;
        val_to_s(&b, v);
        VALUE s = rby_str(buf_cstr(&b), b.len);
        buf_free(&b);
        return s;
    }
    }
    return Qnil;
}

static Value *int_to_puppet(Compiler *c, VALUE v)
{
    if (FIXNUM_P(v)) return val_int(A, (int64_t)FIX2LONG(v));
    int64_t out;
    int r = rb_integer_pack(v, &out, 1, sizeof out, 0, INTEGER_PACK_LSWORD_FIRST | INTEGER_PACK_NATIVE_BYTE_ORDER | INTEGER_PACK_2COMP);
    if (r == 2 || r == -2) {
        VALUE hex = rb_funcall(rby_str("0x%x", 4), rb_intern("%"), 1, v);
        RBY_RAISE(c_puppet_error, "Use of a Ruby Integer outside of Puppet Integer %s range, got '%s'",
                 r > 0 ? "max" : "min", StringValueCStr(hex));
    }
    return val_int(A, out);
}

/* How deep values (arrays, hashes, Sensitive) may nest when they come back
 * from Ruby: an array that holds itself (a = []; a << a) would otherwise
 * recurse until the C stack ends. */
#define RBY_MAX_NESTING 10000

static Value *to_puppet(Compiler *c, VALUE v, int depth);

typedef struct HashBuild { Compiler *c; ValVec *k, *v; int depth; } HashBuild;

static int hash_each(VALUE key, VALUE val, VALUE arg)
{
    HashBuild *hb = (HashBuild *)arg;
    val_vec_push(hb->k, to_puppet(hb->c, key, hb->depth));
    val_vec_push(hb->v, to_puppet(hb->c, val, hb->depth));
    return ST_CONTINUE;
}

Value *rby_to_puppet(Compiler *c, VALUE v) { return to_puppet(c, v, 0); }

static Value *to_puppet(Compiler *c, VALUE v, int depth)
{
    if (++depth > RBY_MAX_NESTING)
        RBY_RAISE(c_puppet_error, "Use of a Ruby %s nested more than %d levels deep (or holding itself) is not supported here",
                 rb_obj_classname(v), RBY_MAX_NESTING);
    switch (TYPE(v)) {
    case T_NIL: return VAL_UNDEF;
    case T_TRUE: return VAL_TRUE;
    case T_FALSE: return VAL_FALSE;
    case T_FIXNUM:
    case T_BIGNUM: return int_to_puppet(c, v);
    case T_FLOAT: return val_float(A, RFLOAT_VALUE(v));
    case T_STRING: {
        size_t n;
        const char *s = rby_cstr(c, v, &n);
        if (memchr(s, 0, n)) RBY_RAISE(c_puppet_error, CMP_NUL_MSG " (in a String from Ruby code)");
        return val_str_nocopy(A, s, n);
    }
    case T_SYMBOL: {
        ID id = SYM2ID(v);
        if (id == rb_intern("undef")) return VAL_UNDEF;
        if (id == rb_intern("default")) return VAL_DEFAULT;
        return val_cstr(A, rb_id2name(id));
    }
    case T_ARRAY: {
        long n = RARRAY_LEN(v);
        Value **items = ARENA_NEWN(A, Value *, (size_t)n + 1);
        for (long i = 0; i < n; i++) items[i] = to_puppet(c, rb_ary_entry(v, i), depth);
        return val_array(A, items, (size_t)n);
    }
    case T_HASH: {
        ValVec k = VV_ARENA(A), vals = VV_ARENA(A);
        HashBuild hb = {c, &k, &vals, depth};
        rb_hash_foreach(v, hash_each, (VALUE)&hb);
        return val_hash(A, k.v, vals.v, k.n);
    }
    case T_REGEXP: {
        VALUE src = rb_funcall(v, id_source, 0);
        return val_regex(A, rby_cstr(c, src, NULL));
    }
    default:
        if (rb_obj_is_kind_of(v, c_type)) return ptr_get(v);
        if (rb_obj_is_kind_of(v, c_sensitive)) return val_sensitive(A, to_puppet(c, rb_funcall(v, id_unwrap, 0), depth));
        if (rb_respond_to(v, rb_intern("to_puppet_value")))   /* Puppet::Resource and the like (values.rb) */
            return to_puppet(c, rb_funcall(v, rb_intern("to_puppet_value"), 0), depth);
        RBY_RAISE(c_puppet_error, "Use of a Ruby %s is not supported here", rb_obj_classname(v));
    }
}

/* ---- scopes ---- */

VALUE rby_scope_object(Compiler *c, Scope *s) { return wrap(c_scope, s); }

Scope *rby_scope_of(VALUE obj)
{
    if (!rb_obj_is_kind_of(obj, c_scope)) RBY_RAISE(rb_eTypeError, "not a scope");
    return ptr_get(obj);
}

/* ---- errors ---- */

/* Reading an exception's message runs Ruby code (a message method may
 * raise): under protection, with a fixed text when even that fails.  The
 * texts of Sensitive values are taken out (MComp.redact, values.rb). */
typedef struct ExcText { Compiler *c; VALUE exc; const char *msg; } ExcText;

static VALUE exc_text_body(VALUE arg)
{
    ExcText *t = (ExcText *)arg;
    VALUE m = rb_funcall(t->exc, id_message, 0);
    if (!RB_TYPE_P(m, T_STRING)) m = rb_obj_as_string(m);
    t->msg = rby_cstr(t->c, rb_funcall(m_mcomp, id_redact, 1, m), NULL);
    return Qnil;
}

const char *rby_exc_message(Compiler *c, VALUE exc)
{
    ExcText t = {c, exc, NULL};
    int state = 0;
    rb_protect(exc_text_body, (VALUE)&t, &state);
    if (state) {
        unpoison_below();
        rb_set_errinfo(Qnil);
    }
    return t.msg ? t.msg : "(an exception whose message could not be read)";
}

const char *rby_exc_where(Compiler *c, VALUE exc, int *line)
{
    *line = 0;
    VALUE bt = rb_funcall(exc, id_backtrace, 0);
    if (!RB_TYPE_P(bt, T_ARRAY) || RARRAY_LEN(bt) == 0) return NULL;
    VALUE first = rb_ary_entry(bt, 0);
    if (!RB_TYPE_P(first, T_STRING)) return NULL;
    const char *s = rby_cstr(c, first, NULL);
    const char *colon = strchr(s, ':');
    if (!colon) return s;
    *line = atoi(colon + 1);
    return arena_strndup(A, s, (size_t)(colon - s));
}

int rby_exc_is_compile_error(VALUE exc) { return c_compile_error && RTEST(rb_obj_is_kind_of(exc, c_compile_error)); }

_Noreturn void rby_fail(Compiler *c, const Node *at, VALUE exc, const char *fmt)
{
    const char *msg = rby_exc_message(c, exc);
    /* a compile error of Puppet code (a lambda, a Puppet function) that Ruby
       called keeps the place Puppet reports: where that code failed */
    VALUE where = rby_exc_is_compile_error(exc) ? rb_ivar_get(exc, id_at_loc) : Qnil;
    if (!NIL_P(where) && rb_typeddata_is_kind_of(where, &ptr_type)) {
        const SrcLoc *loc = DATA_PTR(where);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        diag_report(DIAG_ERROR, *loc, "%s", arena_printf(A, fmt, msg));
#pragma GCC diagnostic pop
        longjmp(*c->fail, 1);
    }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    cmp_fail(c, at, fmt, msg);
#pragma GCC diagnostic pop
}

static SrcLoc *guard_loc;             /* where the last guarded compile error was reported */

_Noreturn void rby_raise_compile_error(const char *msg)
{
    VALUE e = rb_exc_new_cstr(c_compile_error, msg);
    if (guard_loc) rb_ivar_set(e, id_at_loc, ptr_new(guard_loc));
    guard_loc = NULL;
    rby_leaving_frames();
    rb_exc_raise(e);
    abort();      /* not reached */
}

/* ---- rby_guard: compile errors of C code called from Ruby ---- */

typedef struct Guard {
    Compiler *c;
    const char *msg;                 /* the first error reported */
    SrcLoc loc;                      /* and where */
    DiagSink sink;                   /* the sink outside the guard */
    void *sink_ctx;
} Guard;

static void guard_sink(void *ctx, DiagLevel lvl, SrcLoc loc, const char *msg)
{
    Guard *g = ctx;
    if (lvl == DIAG_ERROR) {
        if (!g->msg) g->msg = arena_strdup(g->c->arena, msg), g->loc = loc;
        return;
    }
    DiagSink inner = diag_sink;       /* warnings and notes print as usual */
    void *inner_ctx = diag_sink_ctx;
    diag_sink = g->sink;
    diag_sink_ctx = g->sink_ctx;
    diag_report(lvl, loc, "%s", msg);
    diag_sink = inner;
    diag_sink_ctx = inner_ctx;
}

const char *rby_guard(Compiler *c, void (*fn)(void *), void *arg)
{
    jmp_buf jb;
    jmp_buf *volatile saved_fail = c->fail;
    volatile int depth = c->depth, call_depth = c->call_depth, type_depth = c->type_depth;
    volatile int catch_next = c->catch_next, catch_return = c->catch_return, catch_break = c->catch_break;
    Guard g = {c, NULL, {0}, diag_sink, diag_sink_ctx};
    diag_sink = guard_sink;
    diag_sink_ctx = &g;
    c->fail = &jb;
    int failed = setjmp(jb);
    if (!failed) fn(arg);
    c->fail = saved_fail;
    diag_sink = g.sink;
    diag_sink_ctx = g.sink_ctx;
    c->depth = depth, c->call_depth = call_depth, c->type_depth = type_depth;
    c->catch_next = catch_next, c->catch_return = catch_return, c->catch_break = catch_break;
    if (failed && c->jump) {
        c->jump = 0;                  /* a next()/return() nothing in Ruby can catch */
        if (!g.msg) g.msg = "return(), next() and break() cannot leave Ruby code";
    }
    if (failed && !g.msg) g.msg = "compile error";
    guard_loc = NULL;
    if (failed && g.loc.file) guard_loc = arena_memdup(c->arena, &g.loc, sizeof g.loc);
    return g.msg;
}

/* ---- protection ---- */

typedef struct Protected { VALUE (*fn)(VALUE); VALUE arg; } Protected;

static void tohash_forget(void);

VALUE rby_protect(Compiler *c, Scope *s, const Node *at, VALUE (*fn)(VALUE), VALUE arg, VALUE *exc)
{
    rby_start(c, at);
    RbyCtx x = {c, s, at, ctx_top};
    ctx_top = &x;
    int state = 0;
    VALUE r = rb_protect(fn, arg, &state);
    ctx_top = x.up;
    if (!ctx_top) tohash_forget();
    *exc = Qnil;
    if (state) {
        unpoison_below();
        VALUE e = rb_errinfo();
        rb_set_errinfo(Qnil);
        /* a break or a throw to a catch outside leaves Ruby's own jump
         * data here, no exception: it cannot go on through C frames */
        if (!RB_TYPE_P(e, T_OBJECT) || !rb_obj_is_kind_of(e, rb_eException))
            e = rb_exc_new_cstr(rb_eRuntimeError, "a Ruby throw or break left the code it was in");
        *exc = e;
        return Qnil;
    }
    return r;
}

typedef struct CallArgs {
    Compiler *c;
    VALUE recv;
    ID method;
    Value **args;
    size_t n;
    Value *out;
} CallArgs;

static VALUE call_body(VALUE arg)
{
    CallArgs *ca = (CallArgs *)arg;
    VALUE argv = rb_ary_new_capa((long)ca->n);
    for (size_t i = 0; i < ca->n; i++) rb_ary_push(argv, rby_to_ruby(ca->c, ca->args[i]));
    VALUE r = rb_funcallv(ca->recv, ca->method, (int)ca->n, RARRAY_CONST_PTR(argv));
    RB_GC_GUARD(argv);
    ca->out = rby_to_puppet(ca->c, r);
    return Qnil;
}

int rby_call(Compiler *c, Scope *s, const Node *at, VALUE recv, const char *method, Value **args, size_t n,
             Value **out, VALUE *exc)
{
    rby_start(c, at);
    CallArgs ca = {c, recv, rb_intern(method), args, n, NULL};
    rby_protect(c, s, at, call_body, (VALUE)&ca, exc);
    if (!NIL_P(*exc)) return 1;
    *out = ca.out;
    return 0;
}

/* ---- logging ---- */

void rby_log(Compiler *c, Scope *s, const char *level, const char *msg)
{
    static const struct { const char *fn, *label; } levels[] = {
        {"debug", NULL}, {"info", "Info"}, {"notice", "Notice"}, {"warning", "Warning"},
        {"err", "Error"}, {"alert", "Alert"}, {"emerg", "Emergency"}, {"crit", "Critical"},
    };
    for (size_t i = 0; i < ARRAY_LEN(levels); i++) {
        if (strcmp(level, levels[i].fn)) continue;
        if (!levels[i].label) return;
        if (!s) {
            fprintf(stderr, "%s: %s\n", levels[i].label, msg);
            return;
        }
        CallCtx cc = {.c = c, .scope = s, .call = ctx_top ? ctx_top->at : NULL, .arena = A};
        ev_log(&cc, levels[i].label, msg);
        return;
    }
}

/* ---- callbacks: MComp.* ---- */

static RbyCtx *need_ctx(void)
{
    if (!on_compile_thread())
        RBY_RAISE(rb_eThreadError, "Puppet code can only be called from the thread the template or function runs in");
    if (!ctx_top) RBY_RAISE(rb_eRuntimeError, "Puppet is not compiling");
    return ctx_top;
}

static const char *var_name(VALUE name)
{
    if (!RB_TYPE_P(name, T_STRING)) name = rb_obj_as_string(name);
    return StringValueCStr(name);
}

/* MComp.lookupvar(scope, name) -> [found, value] */
static VALUE cb_lookupvar(VALUE self, VALUE scope, VALUE name)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Scope *s = rby_scope_of(scope);
    const char *n = arena_strdup(A, var_name(name));
    Value *v = ev_scope_find(c, s, n, NULL);
    if (!v) return rb_ary_new_from_args(2, Qfalse, Qnil);
    if (strstr(n, "::")) hand_out(v);
    return rb_ary_new_from_args(2, Qtrue, rby_to_ruby(c, v));
}

/* MComp.scope_vars(scope) -> {name => value}: every variable visible in
 * scope, outermost first, undef ones left out (Puppet's Scope#to_hash).
 *
 * Templates call scope.to_hash many times in one render (logrotate's
 * rule.erb about forty), each time for all the variables of the chain
 * (the top scope has every fact).  What does not change between two
 * calls is kept (tohash): which names the hash has, in which order, and
 * which Value each one's is, with the keys as the frozen strings the
 * hash itself would make of them.  It holds while the chain is what it
 * was: the same scopes, each with the same entries holding the same
 * Values (a variable set or replaced shows), and only within one entry
 * into Ruby from the compiler (rby_protect), so that nothing kept
 * outlives the compile's values.  Every call still makes a new hash
 * and converts the values anew (a string is a new String each time, as
 * before), so a template that changes what it got sees no difference. */
static struct {
    const Scope *leaf;                 /* NULL: nothing kept */
    const Value **seen;                /* every value of the chain, innermost scope first */
    size_t nseen, capseen;
    const Value **vals;                /* the hash's values, in its order */
    size_t nvals, capvals;
    VALUE keys;                        /* its keys (frozen Strings); registered with the GC */
} tohash;

/* Nothing kept: the compiler's call into Ruby has ended. */
static void tohash_forget(void) { tohash.leaf = NULL; }

enum { CHAIN_MAX = 256 };              /* (to_hash reads no further out) */

static size_t scope_chain(const Scope *s, const Scope **chain)
{
    size_t n = 0;
    for (const Scope *p = s; p && n < CHAIN_MAX; p = p->parent) chain[n++] = p;
    return n;
}

/* Whether tohash still describes the chain. */
static int tohash_valid(const Scope *const *chain, size_t n)
{
    if (!tohash.leaf || !n || tohash.leaf != chain[0]) return 0;
    size_t k = 0;
    for (size_t j = 0; j < n; j++) {
        const Map *m = &chain[j]->vars;
        if (m->count > tohash.nseen - k) return 0;
        for (size_t i = 0; i < m->count; i++)
            if (tohash.seen[k++] != m->entries[i].value) return 0;
    }
    return k == tohash.nseen;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return p;
    while (*cap < need) *cap = *cap ? 2 * *cap : 256;
    return ruby_xrealloc2(p, *cap, size);
}

static int tohash_key(VALUE key, VALUE idx, VALUE arg)
{
    VALUE *pairs = (VALUE *)arg;
    rb_ary_push(pairs[0], key);
    rb_ary_push(pairs[1], idx);
    return ST_CONTINUE;
}

/* tohash made for the chain, as to_hash makes its hash: outermost scope
 * first, an undef deleting the name (a later value appends it again), a
 * value replacing one in place (a hash from names to indexes in vals). */
static void tohash_make(const Scope *const *chain, size_t n)
{
    tohash.leaf = NULL;
    tohash.nseen = 0;
    for (size_t j = 0; j < n; j++) {
        const Map *m = &chain[j]->vars;
        tohash.seen = grow(tohash.seen, &tohash.capseen, tohash.nseen + m->count, sizeof *tohash.seen);
        for (size_t i = 0; i < m->count; i++) tohash.seen[tohash.nseen++] = m->entries[i].value;
    }
    tohash.vals = grow(tohash.vals, &tohash.capvals, tohash.nseen, sizeof *tohash.vals);
    VALUE h = rb_hash_new();
    long next = 0;
    VALUE tmp;
    const Value **all = ALLOCV_N(const Value *, tmp, tohash.nseen + 1);
    for (size_t j = n; j--;) {
        const Map *m = &chain[j]->vars;
        for (size_t i = 0; i < m->count; i++) {
            const MapEntry *e = &m->entries[i];
            VALUE k = rby_str(e->key, e->len);
            if (((const Value *)e->value)->kind == V_UNDEF) {
                rb_hash_delete(h, k);
                continue;
            }
            all[next] = e->value;
            rb_hash_aset(h, k, LONG2FIX(next));
            next++;
        }
    }
    VALUE pairs[2] = {rb_ary_new_capa((long)RHASH_SIZE(h)), rb_ary_new_capa((long)RHASH_SIZE(h))};
    rb_hash_foreach(h, tohash_key, (VALUE)pairs);
    tohash.nvals = (size_t)RARRAY_LEN(pairs[1]);
    for (size_t i = 0; i < tohash.nvals; i++) tohash.vals[i] = all[FIX2LONG(RARRAY_AREF(pairs[1], (long)i))];
    ALLOCV_END(tmp);
    if (!tohash.keys) rb_gc_register_address(&tohash.keys);
    tohash.keys = pairs[0];
    tohash.leaf = chain[0];
}

static VALUE cb_scope_vars(VALUE self, VALUE scope)
{
    (void)self;
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    const Scope *chain[CHAIN_MAX];
    size_t n = scope_chain(rby_scope_of(scope), chain);
    if (!tohash_valid(chain, n)) tohash_make(chain, n);
    /* a new hash, and each value converted anew */
    long nk = RARRAY_LEN(tohash.keys);
    VALUE tmp;
    VALUE *kv = ALLOCV_N(VALUE, tmp, 2 * (size_t)nk + 1);
    VALUE tmpv;
    const Value **vals = ALLOCV_N(const Value *, tmpv, (size_t)nk + 1);    /* (tohash as it is now) */
    memcpy(vals, tohash.vals, (size_t)nk * sizeof *vals);
    for (long i = 0; i < nk; i++) kv[2 * i] = RARRAY_AREF(tohash.keys, i), kv[2 * i + 1] = Qnil;
    for (long i = 0; i < nk; i++) kv[2 * i + 1] = rby_to_ruby(c, vals[i]);
    VALUE h = rb_hash_new();
    rb_hash_bulk_insert(2 * nk, kv, h);
    ALLOCV_END(tmpv);
    ALLOCV_END(tmp);
    return h;
}

/* The instance variable name of variable key (n bytes) in buf: "@" and
 * Puppet's name.gsub(/[^\w]/, '_'); its length, or 0 when it is too long. */
static size_t ivar_name(char buf[258], const char *k, size_t n)
{
    if (n + 2 > 258) return 0;
    buf[0] = '@';
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)k[i];
        buf[i + 1] = (isalnum(ch) || ch == '_' || ch >= 0x80) ? (char)ch : '_';
    }
    buf[n + 1] = 0;
    return n + 1;
}

static int bind_each(VALUE key, VALUE val, VALUE obj)
{
    char buf[258];
    size_t n = ivar_name(buf, RSTRING_PTR(key), (size_t)RSTRING_LEN(key));
    if (n) rb_ivar_set(obj, rb_intern2(buf, (long)n), val);
    return ST_CONTINUE;
}

/* The variables the next bind_vars binds (rby_bind_only), and whether a
 * method a template can call may read variables the template does not
 * name (MComp.foreign_methods, erb.rb): then every one is bound.  Those
 * read by the methods templates defined are bound too (erb.c). */
static const char *bind_only;
static int foreign_methods;

void rby_bind_only(const char *names) { bind_only = names; }

/* MComp.foreign_methods(file): a method was defined (in file, nil:
 * unknown) or a module mixed in where templates call. */
static VALUE cb_foreign_methods(VALUE self, VALUE file)
{
    if (!RB_TYPE_P(file, T_STRING) || !rby_erb_method_added(StringValueCStr(file))) foreign_methods = 1;
    return Qnil;
}

/* MComp.bind_vars(obj, scope): an instance variable of obj for every
 * variable visible in scope (Puppet's TemplateWrapper does this with
 * scope.to_hash), in to_hash's order; after rby_bind_only(names), for
 * those of them only. */
static VALUE cb_bind_vars(VALUE self, VALUE obj, VALUE scope)
{
    const char *only = foreign_methods ? NULL : bind_only;
    const char *also = rby_erb_method_names();   /* what methods templates defined read */
    bind_only = NULL;
    if (!only) {
        VALUE h = cb_scope_vars(self, scope);
        rb_hash_foreach(h, bind_each, obj);
        return obj;
    }
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Scope *s = rby_scope_of(scope);
    Scope *chain[256];
    size_t n = 0;
    for (Scope *p = s; p && n < ARRAY_LEN(chain); p = p->parent) chain[n++] = p;
    /* As to_hash's hash would have them: the innermost scope that has a
     * name decides (undef there: left out), in the order of insertion
     * (outermost first; an undef deletes, a later value appends again). */
    typedef struct Bound { const char *key, *name; size_t keylen, len; const Value *v; size_t order; } Bound;
    Bound found[64];
    size_t nfound = 0, order = 0;
    char buf[258], needle[260];
    while (n--) {
        Map *m = &chain[n]->vars;
        for (size_t i = 0; i < m->count; i++) {
            MapEntry *e = &m->entries[i];
            size_t len = ivar_name(buf, e->key, e->len);
            if (!len) continue;
            needle[0] = '\n';
            memcpy(needle + 1, buf + 1, len - 1);
            needle[len] = '\n';
            if (!memmem(only, strlen(only), needle, len + 1) &&
                !(also && memmem(also, strlen(also), needle, len + 1)))
                continue;
            size_t k = 0;
            while (k < nfound && !(found[k].keylen == e->len && memcmp(found[k].key, e->key, e->len) == 0)) k++;
            if (k == nfound) {
                if (nfound == ARRAY_LEN(found)) {   /* more than a template names: bind the usual way */
                    VALUE h = cb_scope_vars(self, scope);
                    rb_hash_foreach(h, bind_each, obj);
                    return obj;
                }
                found[k].key = e->key;
                found[k].keylen = e->len;
                found[k].name = arena_strndup(A, buf, len);
                found[k].len = len;
                found[k].v = VAL_UNDEF;
                nfound++;
            }
            Value *v = e->value;
            /* to_hash deletes an undef one and appends it again when an inner scope sets it */
            if (found[k].v->kind == V_UNDEF && v->kind != V_UNDEF) found[k].order = order++;
            found[k].v = v;
        }
    }
    for (size_t o = 0; o < order; o++)
        for (size_t k = 0; k < nfound; k++)
            if (found[k].order == o && found[k].v->kind != V_UNDEF)
                rb_ivar_set(obj, rb_intern2(found[k].name, (long)found[k].len), rby_to_ruby(c, found[k].v));
    return obj;
}

/* MComp.setvar(scope, name, value) -> false when scope itself already has
 * name.  The variable's Value converts back to value itself: Puppet's scope
 * keeps the Ruby object, and Ruby code that mutates what it set
 * (scope.setvar('x', {}); scope.lookupvar('x')[:k] = v) sees the change in
 * every later lookup (rby_write_back keeps the Value in step). */
static VALUE cb_setvar(VALUE self, VALUE scope, VALUE name, VALUE value)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Scope *s = rby_scope_of(scope);
    const char *n = arena_strdup(A, var_name(name));
    size_t len = strlen(n);
    if (map_get(&s->vars, n, len)) return Qfalse;
    Value *v = rby_to_puppet(c, value);
    if (v->kind == V_ARRAY || v->kind == V_HASH) cache_put(v, value);
    map_put(&s->vars, n, len, v);
    return Qtrue;
}

/* ---- mutations of variables' objects ----
 *
 * Puppet hands Ruby code the very objects its variables hold, and a
 * resource's parameter and the define's or class's variable of that name
 * are one object: what a template appends to an array it got
 * (aliases = @scriptaliases; aliases << {...}) is in $scriptaliases
 * afterwards and in the resource's scriptaliases parameter in the catalog.
 * Values stay immutable here: after Ruby code ran, every variable of the
 * scope chain whose array or hash (as converted for Ruby, the cache above)
 * no longer matches its Value gets the changed contents as a new Value,
 * which converts back to the same Ruby object, and the scope's resource
 * gets it for the parameter that held the old Value. */

static int same(const Value *v, VALUE r);

typedef struct SameHash { const Value *v; size_t i; int same; } SameHash;

static int same_each(VALUE key, VALUE val, VALUE arg)
{
    SameHash *sh = (SameHash *)arg;
    if (sh->i >= sh->v->hash.n || !same(sh->v->hash.keys[sh->i], key) || !same(sh->v->hash.vals[sh->i], val)) {
        sh->same = 0;
        return ST_STOP;
    }
    sh->i++;
    return ST_CONTINUE;
}

/* Whether Ruby object r still is what v converted to (kinds Ruby code
 * cannot change in place count as unchanged). */
static int same(const Value *v, VALUE r)
{
    switch (v->kind) {
    case V_UNDEF: return NIL_P(r);
    case V_BOOL: return v->b ? r == Qtrue : r == Qfalse;
    case V_INT: return FIXNUM_P(r) ? (int64_t)FIX2LONG(r) == v->i : RB_TYPE_P(r, T_BIGNUM);
    case V_FLOAT: return RB_TYPE_P(r, T_FLOAT) && RFLOAT_VALUE(r) == v->f;
    case V_STR:
        return RB_TYPE_P(r, T_STRING) && (size_t)RSTRING_LEN(r) == v->str.len &&
               memcmp(RSTRING_PTR(r), v->str.s, v->str.len) == 0;
    case V_ARRAY:
        if (!RB_TYPE_P(r, T_ARRAY) || (size_t)RARRAY_LEN(r) != v->arr.n) return 0;
        for (size_t i = 0; i < v->arr.n; i++)
            if (!same(v->arr.items[i], rb_ary_entry(r, (long)i))) return 0;
        return 1;
    case V_HASH: {
        if (!RB_TYPE_P(r, T_HASH) || (size_t)RHASH_SIZE(r) != v->hash.n) return 0;
        SameHash sh = {v, 0, 1};
        rb_hash_foreach(r, same_each, (VALUE)&sh);
        return sh.same;
    }
    default: return 1;
    }
}

typedef struct WriteBack { Compiler *c; Scope *s; } WriteBack;

/* Arrays and hashes lookupvar handed Ruby by name (scope['cls::x']): a
 * template reaches them outside its scope chain too. */
static Value **handed;
static size_t nhanded, handedcap;

static void hand_out(const Value *v)
{
    if (v->kind != V_ARRAY && v->kind != V_HASH) return;
    for (size_t i = 0; i < nhanded; i++)
        if (handed[i] == v) return;
    if (nhanded == handedcap) handed = xrealloc(handed, (handedcap = handedcap ? 2 * handedcap : 16) * sizeof *handed);
    handed[nhanded++] = (Value *)v;
}

/* Ruby mutated the object old converted to: every variable, resource
 * parameter and handed-out entry holding old holds its new contents. */
static void replace_everywhere(Compiler *c, Value *old, VALUE r)
{
    Value *now = rby_to_puppet(c, r);
    cache_put(now, r);
    for (size_t i = 0; i < c->nscopes; i++) {
        Map *m = &c->scopes[i]->vars;
        for (size_t j = 0; j < m->count; j++)
            if (m->entries[j].value == old) m->entries[j].value = now;
    }
    for (size_t i = 0; i < c->cat->nres; i++) {
        Resource *res = c->cat->res[i];
        for (size_t j = 0; j < res->nparams; j++)
            if (res->params[j].value == old) res->params[j].value = now;
    }
    for (size_t i = 0; i < nhanded; i++)
        if (handed[i] == old) handed[i] = now;
}

/* When v (a variable's value) no longer matches its Ruby object. */
static void check_mutated(Compiler *c, Value *v)
{
    st_data_t hit;
    if ((v->kind != V_ARRAY && v->kind != V_HASH) || !st_lookup(cache, (st_data_t)v, &hit)) return;
    if (!same(v, (VALUE)hit)) replace_everywhere(c, v, (VALUE)hit);
}

static VALUE write_back_body(VALUE arg)
{
    WriteBack *wb = (WriteBack *)arg;
    for (Scope *p = wb->s; p; p = p->parent)
        for (size_t i = 0; i < p->vars.count; i++) check_mutated(wb->c, p->vars.entries[i].value);
    for (size_t i = 0; i < nhanded; i++) check_mutated(wb->c, handed[i]);
    return Qnil;
}

void rby_write_back(Compiler *c, Scope *s, const Node *at)
{
    if (!cache || !s) return;
    WriteBack wb = {c, s};
    VALUE exc;
    /* an object Puppet could not hold (Ruby code stored one) stays Ruby's */
    rby_protect(c, s, at, write_back_body, (VALUE)&wb, &exc);
}

/* ---- Ruby blocks as Puppet lambdas ----
 *
 * call_function(name, args) { |x| ... } hands the function a lambda made
 * here: N parameters (the block's arity) and a body calling the compiler
 * function __rby_block(INDEX, $p0, ...), which runs block INDEX (kept in
 * blocks_keep) under protection.  A Ruby exception in the block is parked
 * in pending_exc and re-raised as itself once the call is back in Ruby. */
static VALUE blocks_keep;
static VALUE pending_exc = Qnil;

static Node *synth(Compiler *c, const Node *at, NodeKind kind, const char *text)
{
    Node *n = ast_new(A, kind, at ? ast_file(at) : NULL, at ? at->off : 0, at ? at->len : 0);
    if (text) {
        n->text = arena_strdup(A, text);
    }
    return n;
}

static const Node *block_lambda(Compiler *c, const Node *at, VALUE block)
{
    long index = RARRAY_LEN(blocks_keep);
    rb_ary_push(blocks_keep, block);
    int arity = rb_proc_arity(block);
    int nparams = arity < 0 ? -arity - 1 + 1 : arity;     /* |*a| and |x, *r|: the rest as one more */
    NodeList params = {0}, args = {0}, stmts = {0};
    Node *idx = synth(c, at, ND_INT, NULL);
    idx->ival = index;
    ast_list_add(&args, idx);
    for (int i = 0; i < nparams; i++) {
        char name[32];
        snprintf(name, sizeof name, "__rby_p%d", i);
        Node *p = synth(c, at, ND_PARAM, name);
        if (arity < 0 && i == nparams - 1) p->ival = 1;
        ast_list_add(&params, p);
        ast_list_add(&args, synth(c, at, ND_VAR, name));
    }
    Node *call = synth(c, at, ND_CALL, NULL);
    call->a = synth(c, at, ND_NAME, "__rby_block");
    call->ival = 1;
    ast_set_kids(call, args);
    ast_list_add(&stmts, call);
    Node *body = synth(c, at, ND_BLOCK, NULL);
    ast_set_kids(body, stmts);
    Node *lambda = synth(c, at, ND_LAMBDA, NULL);
    ast_set_kids(lambda, params);
    lambda->b = body;
    return lambda;
}

typedef struct BlockRun { Compiler *c; VALUE block; Value **args; size_t n; Value *out; } BlockRun;

static VALUE block_body(VALUE arg)
{
    BlockRun *b = (BlockRun *)arg;
    VALUE argv = rb_ary_new_capa((long)b->n);
    for (size_t i = 0; i < b->n; i++) rb_ary_push(argv, rby_to_ruby(b->c, b->args[i]));
    VALUE r = rb_proc_call(b->block, argv);
    b->out = rby_to_puppet(b->c, r);
    return Qnil;
}

Value *rby_f_block(CallCtx *cc)
{ FN_UNPACK(c, s, at, args, n, lambda);
    if (n < 1 || args[0]->kind != V_INT || !blocks_keep || args[0]->i >= RARRAY_LEN(blocks_keep))
        cmp_fail(c, at, "__rby_block: no such block");
    BlockRun b = {c, rb_ary_entry(blocks_keep, (long)args[0]->i), args + 1, n - 1, NULL};
    VALUE exc;
    rby_protect(c, s, at, block_body, (VALUE)&b, &exc);
    if (!NIL_P(exc)) {
        pending_exc = exc;
        rby_fail(c, at, exc, "%s");
    }
    return b.out;
}

typedef struct FnCall { Compiler *c; Scope *s; const Node *at; const char *name; Value **args; size_t n; const Node *lambda; Value *out; } FnCall;

static void fncall_body(void *arg)
{
    FnCall *f = arg;
    f->out = ev_call_function(f->c, f->s, f->at, f->name, f->args, f->n, f->lambda);
}

/* MComp.call_function(scope, name, args) -> value: the Puppet function
 * name (built-in, Puppet language, ...), called with args converted. */
static VALUE cb_call_function(VALUE self, VALUE scope, VALUE name, VALUE args)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    Scope *s = rby_scope_of(scope);
    const char *fname = arena_strdup(A, var_name(name));
    args = rb_Array(args);
    long n = RARRAY_LEN(args);
    Value **av = ARENA_NEWN(A, Value *, (size_t)n + 1);
    for (long i = 0; i < n; i++) av[i] = rby_to_puppet(c, rb_ary_entry(args, i));
    const Node *lambda = rb_block_given_p() ? block_lambda(c, x->at, rb_block_proc()) : NULL;
    FnCall f = {c, s, x->at, fname, av, (size_t)n, lambda, NULL};
    const char *err = rby_guard(c, fncall_body, &f);
    if (!NIL_P(pending_exc)) {               /* the block's own exception */
        VALUE e = pending_exc;
        pending_exc = Qnil;
        rby_leaving_frames();
        rb_exc_raise(e);
    }
    if (err) rby_raise_compile_error(err);
    return rby_to_ruby(c, f.out);
}

/* MComp.log(scope, level, message): as the logging functions do in scope
 * ("Warning: Scope(Class[x]): message"; nil: the calling scope), or
 * without a scope when scope is false ("Warning: message", as Puppet.warning). */
static VALUE cb_log(VALUE self, VALUE scope, VALUE level, VALUE msg)
{
    RbyCtx *x = need_ctx();
    Scope *s = scope == Qfalse ? NULL : NIL_P(scope) ? x->scope : rby_scope_of(scope);
    rby_log(x->c, s, var_name(level), var_name(rb_funcall(m_mcomp, id_redact, 1, msg)));
    return Qnil;
}

/* MComp.type_to_s(obj, form) -> String: form "string" as Puppet prints a
 * type (File['/x']), "resource" as the catalog writes a reference (File[/x]). */
static VALUE cb_type_to_s(VALUE self, VALUE obj, VALUE form)
{
    const Value *v = ptr_get(obj);
    Buf b = BUF_INIT;
    if (strcmp(var_name(form), "resource") == 0) val_to_s(&b, v);
    else val_to_string(&b, v);
    VALUE r = rby_str(b.s ? b.s : "", b.len);
    buf_free(&b);
    return r;
}

/* MComp.type_eq(a, b) -> whether two type objects are the same type */
static VALUE cb_type_eq(VALUE self, VALUE a, VALUE b)
{
    if (!rb_obj_is_kind_of(b, c_type)) return Qfalse;
    return val_identical(ptr_get(a), ptr_get(b)) ? Qtrue : Qfalse;
}

/* MComp.resref(type, title) -> the reference Type[title] */
static VALUE cb_resref(VALUE self, VALUE type, VALUE title)
{
    RbyCtx *x = need_ctx();
    Compiler *c = x->c;
    const char *t = arena_strdup(A, var_name(type)), *ti = arena_strdup(A, var_name(title));
    return wrap(c_type, ev_resref(c, t, ti));
}

/* MComp.scope_label(scope) -> "Class[Foo]" */
static VALUE cb_scope_label(VALUE self, VALUE scope)
{
    Scope *s = rby_scope_of(scope);
    const char *l = s->label ? s->label : "Class[main]";
    return rby_str(l, strlen(l));
}

/* MComp.catalog_classes -> the classes evaluated so far (lowercase, in
 * order; Puppet's catalog.classes), MComp.catalog_tags -> the catalog's tags */
static VALUE names_array(const char **names, size_t n)
{
    VALUE a = rb_ary_new_capa((long)n);
    for (size_t i = 0; i < n; i++) rb_ary_push(a, rby_str(names[i], strlen(names[i])));
    return a;
}

static VALUE cb_catalog_classes(VALUE self)
{
    Catalog *cat = need_ctx()->c->cat;
    return names_array(cat->classes, cat->nclasses);
}

static VALUE cb_catalog_tags(VALUE self)
{
    Catalog *cat = need_ctx()->c->cat;
    VALUE seen = rb_hash_new(), a = names_array(cat->tags, cat->ntags);
    for (long i = 0; i < RARRAY_LEN(a); i++) rb_hash_aset(seen, rb_ary_entry(a, i), Qtrue);
    for (size_t i = 0; i < cat->nres; i++) {       /* the classes' tags, as Puppet's catalog collects them */
        Resource *r = cat->res[i];
        if (strcmp(r->type, "Class") != 0) continue;
        for (size_t j = 0; j < r->ntags; j++) {
            VALUE t = rby_str(r->tags[j], strlen(r->tags[j]));
            if (RTEST(rb_hash_lookup2(seen, t, Qfalse))) continue;
            rb_hash_aset(seen, t, Qtrue);
            rb_ary_push(a, t);
        }
    }
    return a;
}

/* ---- Puppet lambdas as Ruby objects ---- */

typedef struct RbyLambda { Compiler *c; Scope *scope; const Node *call, *lambda; } RbyLambda;
static VALUE c_lambda;               /* MComp::Lambda (core.rb) */

VALUE rby_lambda_object(Compiler *c, Scope *s, const Node *call, const Node *lambda)
{
    RbyLambda *l = ARENA_NEW(A, RbyLambda);
    l->c = c, l->scope = s, l->call = call, l->lambda = lambda;
    return wrap(c_lambda, l);
}

typedef struct Yield { RbyLambda *l; Value **args; size_t n; Value *out; } Yield;

static void yield_body(void *arg)
{
    Yield *y = arg;
    CallCtx cc = {.c = y->l->c, .scope = y->l->scope, .call = y->l->call, .arena = y->l->c->arena, .lambda = y->l->lambda};
    y->out = ev_yield(&cc, y->args, y->n);
}

/* MComp.lambda_call(lambda, args) -> the lambda's value */
static VALUE cb_lambda_call(VALUE self, VALUE lambda, VALUE args)
{
    need_ctx();
    RbyLambda *l = ptr_get(lambda);
    Compiler *c = l->c;
    args = rb_Array(args);
    long n = RARRAY_LEN(args);
    Value **av = ARENA_NEWN(A, Value *, (size_t)n + 1);
    for (long i = 0; i < n; i++) av[i] = rby_to_puppet(c, rb_ary_entry(args, i));
    Yield y = {l, av, (size_t)n, NULL};
    const char *err = rby_guard(c, yield_body, &y);
    if (err) rby_raise_compile_error(err);
    return rby_to_ruby(c, y.out);
}

/* MComp.lambda_arity(lambda) -> the number of parameters it declares */
static VALUE cb_lambda_arity(VALUE self, VALUE lambda)
{
    RbyLambda *l = ptr_get(lambda);
    return INT2FIX(ast_nkids(l->lambda));
}

/* ---- start-up ---- */

/* share/ruby/lazy/NAME.rb are loaded when first needed (autoload, type.rb):
 * MComp.load_lazy(name) -> true, or false when there is no such part. */
static VALUE cb_load_lazy(VALUE self, VALUE name)
{
    StringValue(name);
    for (size_t i = 0; i < rby_nsources; i++) {
        const char *n = rby_sources[i].name, *l = strstr(n, "/lazy/");
        if (!l || strncmp(l + 6, RSTRING_PTR(name), (size_t)RSTRING_LEN(name)) != 0 || strcmp(l + 6 + RSTRING_LEN(name), ".rb") != 0)
            continue;
        rby_eval_cached(rby_str(rby_sources[i].text, rby_sources[i].len), n, 1);
        return Qtrue;
    }
    return Qfalse;
}

typedef struct LayerConst { const char *name; VALUE out; } LayerConst;

static VALUE layer_const_body(VALUE arg)
{
    LayerConst *l = (LayerConst *)arg;
    l->out = rb_const_get(m_mcomp, rb_intern(l->name));
    return Qnil;
}

VALUE rby_layer_module(Compiler *c, const Node *at, const char *name)
{
    LayerConst l = {name, Qnil};
    VALUE exc;
    rby_protect(c, NULL, at, layer_const_body, (VALUE)&l, &exc);
    if (!NIL_P(exc)) rby_fail(c, at, exc, "the Ruby layer could not be loaded: %s");
    return l.out;
}

static VALUE load_layer(VALUE unused)
{
    for (size_t i = 0; i < rby_nsources; i++)
        if (!strstr(rby_sources[i].name, "/lazy/"))
            rby_eval_cached(rby_str(rby_sources[i].text, rby_sources[i].len), rby_sources[i].name, 1);
    c_compile_error = rb_const_get(m_mcomp, rb_intern("CompileError"));
    VALUE puppet = rb_const_get(rb_cObject, rb_intern("Puppet"));
    c_puppet_error = rb_const_get(puppet, rb_intern("Error"));
    VALUE types = rb_const_get(rb_const_get(puppet, rb_intern("Pops")), rb_intern("Types"));
    c_sensitive = rb_const_get(rb_const_get(types, rb_intern("PSensitiveType")), rb_intern("Sensitive"));
    c_type = rb_const_get(types, rb_intern("PuppetType"));
    c_scope = rb_const_get(rb_const_get(puppet, rb_intern("Parser")), rb_intern("Scope"));
    c_lambda = rb_const_get(m_mcomp, rb_intern("Lambda"));
    rb_gc_register_mark_object(c_compile_error);
    rb_funcall(m_mcomp, rb_intern("watch_methods"), 0);
    return Qnil;
}

/* Faults in the first bytes of the heap's free top now, while huge pages
 * are allowed: ruby_setup turns them off for the process before it
 * mallocs its tables (see rby_start), and a 2 MiB span of the heap that
 * it touches first stays in 4 KiB pages for good, one page fault each
 * (about 700 of them), even once huge pages are back.  Nothing when the
 * kernel has no MADV_POPULATE_WRITE (Linux 5.14). */
static void heap_prefault(size_t bytes)
{
#ifdef __GLIBC__
    enum { HUGE_PAGE = 2u << 20, POPULATE_WRITE = 23 };   /* MADV_POPULATE_WRITE */
    struct mallinfo2 mi = mallinfo2();
    uintptr_t end = (uintptr_t)sbrk(0);
    if (end == (uintptr_t)-1 || mi.keepcost < HUGE_PAGE || mi.keepcost > end) return;
    uintptr_t top = end - mi.keepcost;                    /* the top chunk: the heap's untouched rest */
    uintptr_t from = top & ~(uintptr_t)(HUGE_PAGE - 1), to = from + bytes;
    if (to > end) to = end & ~(uintptr_t)(HUGE_PAGE - 1);
    if (to > from) (void)madvise((void *)from, to - from, POPULATE_WRITE);
#else
    (void)bytes;
#endif
}

static const int taken_signals[] = {SIGINT, SIGHUP, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
                                    SIGPIPE, SIGSEGV, SIGBUS, SIGSYS, SIGILL, SIGFPE};

int rby_prestart(void)
{
    if (started) return 0;
    Compiler pre;
    memset(&pre, 0, sizeof pre);
    /* kept, never freed: nothing Ruby may remember of it (the value table
     * above is keyed by address) can ever be mistaken for a compile's */
    static Arena arena;
    arena_init(&arena);
    pre.arena = &arena;
    jmp_buf jb;
    pre.fail = &jb;
    int rc = -1;
    if (setjmp(jb) == 0) {
        rby_start(&pre, NULL);
        rc = 0;
    }
    return rc;
}

static VALUE fork_body(VALUE unused)
{
    (void)unused;
    return rb_funcall(rb_mProcess, rb_intern("_fork"), 0);   /* (the layer refuses fork to Ruby code) */
}

int rby_fork(void)
{
    if (!started) return fork();
    int state = 0;
    VALUE r = rb_protect(fork_body, Qnil, &state);
    if (state) {
        VALUE e = rb_errinfo();
        rb_set_errinfo(Qnil);
        if (getenv("MCOMP_DEBUG_RUBY")) {
            VALUE m = rb_funcall(e, rb_intern("full_message"), 0);
            fprintf(stderr, "mcomp: Process.fork: %s\n", StringValueCStr(m));
        }
        errno = EAGAIN;
        return -1;
    }
    return NUM2INT(r);
}

void rby_start(Compiler *c, const Node *at)
{
    if (started) return;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    struct sigaction saved[ARRAY_LEN(taken_signals)];
    for (size_t i = 0; i < ARRAY_LEN(taken_signals); i++) sigaction(taken_signals[i], NULL, &saved[i]);
    stack_t saved_alt;                /* Ruby sets its own; ASan unmaps its own at thread exit */
    int have_alt = sigaltstack(NULL, &saved_alt) == 0;
    compile_thread = pthread_self();
    fflush(stdout);
    saved_stdout = fcntl(1, F_DUPFD_CLOEXEC, 3);
    if (saved_stdout >= 0) dup2(2, 1);
    /* Ruby's first heap holds 10,000 objects; start-up alone makes as
     * many, and a compile rendering a few hundred templates about 30,000:
     * a first heap of 40,000 (1.6 MB) saves the collections (a few ms) it
     * would run meanwhile.  Unless the user tunes it (Ruby reads the
     * variable while it starts; the environment commands see stays as it was). */
    int set_slots = !getenv("RUBY_GC_HEAP_INIT_SLOTS");
    if (set_slots) setenv("RUBY_GC_HEAP_INIT_SLOTS", "40000", 1);
    /* ruby_setup turns transparent huge pages off for the whole process
     * (prctl PR_SET_THP_DISABLE, for the copy-on-write of forking Ruby
     * servers): mcomp's heap and compile arenas would then fault in 4 KiB
     * at a time (2,000 more page faults on a template-heavy compile).
     * The setting is put back as it was. */
    int thp_off = prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
    if (thp_off == 0) heap_prefault((size_t)4 << 20);
    RUBY_INIT_STACK;
    if (ruby_setup() != 0) cmp_fail(c, at, "Ruby could not be started");
    if (thp_off == 0) prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0);
    static char *opts[] = {"mcomp", "--disable=gems,did_you_mean,error_highlight,rubyopt", "-EUTF-8", "-e", "", NULL};
    ruby_options(5, opts);
    if (set_slots) unsetenv("RUBY_GC_HEAP_INIT_SLOTS");
    ruby_script("mcomp");
    for (size_t i = 0; i < ARRAY_LEN(taken_signals); i++) sigaction(taken_signals[i], &saved[i], NULL);
    if (have_alt) sigaltstack(&saved_alt, NULL);
    started = 1;
    id_new = rb_intern("new");
    id_unwrap = rb_intern("unwrap");
    id_at_ptr = rb_intern("@__ptr");
    id_at_loc = rb_intern("@__loc");
    id_message = rb_intern("message");
    id_backtrace = rb_intern("backtrace");
    id_source = rb_intern("source");
    id_redact = rb_intern("redact");
    blocks_keep = rb_ary_new();
    rb_gc_register_mark_object(blocks_keep);
    rb_gc_register_address(&pending_exc);
    m_mcomp = rb_define_module("MComp");
    c_ptr = rb_define_class_under(m_mcomp, "Ptr", rb_cObject);
    rb_undef_alloc_func(c_ptr);
    rby_define("lookupvar", (cb_lookupvar), 2);
    rby_define("scope_vars", (cb_scope_vars), 1);
    rby_define("bind_vars", (cb_bind_vars), 2);
    rby_define("foreign_methods", (cb_foreign_methods), 1);
    rby_define("load_lazy", (cb_load_lazy), 1);
    rby_define("setvar", (cb_setvar), 3);
    rby_define("call_function", (cb_call_function), 3);
    rby_define("log", (cb_log), 3);
    rby_define("type_to_s", (cb_type_to_s), 2);
    rby_define("type_eq", (cb_type_eq), 2);
    rby_define("resref", (cb_resref), 2);
    rby_define("scope_label", (cb_scope_label), 1);
    rby_define("lambda_call", (cb_lambda_call), 2);
    rby_define("catalog_classes", (cb_catalog_classes), 0);
    rby_define("catalog_tags", (cb_catalog_tags), 0);
    rby_define("lambda_arity", (cb_lambda_arity), 1);
    for (size_t i = 0; i < ARRAY_LEN(rby_inits); i++) rby_inits[i]();
    int state = 0;
    rb_protect(load_layer, Qnil, &state);
    if (state) {
        unpoison_below();
        VALUE e = rb_errinfo();
        rb_set_errinfo(Qnil);
        VALUE m = rb_funcall(e, rb_intern("full_message"), 0);
        cmp_fail(c, at, "the Ruby layer could not be loaded: %s", StringValueCStr(m));
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    startup_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    if (getenv("MCOMP_DEBUG_RUBY")) fprintf(stderr, "mcomp: ruby started in %.1f ms\n", startup_ms);
}
