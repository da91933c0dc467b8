/*
 * rbcache.c - compiled Ruby kept on disk between runs: the bytecode
 * (RubyVM::InstructionSequence#to_binary) of Ruby source text the bridge
 * evaluates, so a later compile skips parsing it.
 *
 * One file per source text, named by the SHA-256 of (a format tag, the
 * Ruby version and platform, the file name and first line the code is
 * compiled with, the text): <dir>/<64 hex digits>.  (Ruby's description
 * names its version, patch level and platform.)  A file starts with
 * "mcomp-iseq 1\n" and the same 32-byte key, which is checked before the
 * bytecode is used; a file that does not match, or that Ruby refuses, is
 * ignored and rewritten.  Files are written to a temporary name in <dir>
 * and renamed, so a reader never sees half a file.
 *
 * <dir> is $MCOMP_CACHE_DIR, else $XDG_CACHE_HOME/mcomp, else
 * $HOME/.cache/mcomp, made on first write (mode 0700); one that exists
 * must be a directory of the user's that no one else may write.  The
 * cache is off with
 * --no-cache (rby_cache_disable) or MCOMP_NO_CACHE=1, and quietly off for
 * the rest of the run when <dir> cannot be made or written.
 */
#include "compiler/ruby/rbapi.h"
#include "base/buf.h"
#include "base/sha256.h"
#include <ruby/version.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "mcomp-iseq 1\n"

static int disabled;           /* --no-cache, MCOMP_NO_CACHE, or an unwritable directory */
static char *dir;              /* the cache directory (malloc), NULL until first needed */
static VALUE c_iseq;           /* RubyVM::InstructionSequence */
static ID id_compile, id_load, id_to_binary, id_eval;

void rby_cache_disable(void) { disabled = 1; }

static const char *cache_dir(void)
{
    if (dir || disabled) return dir;
    const char *e = getenv("MCOMP_NO_CACHE");
    if (e && *e && strcmp(e, "0") != 0) {
        disabled = 1;
        return NULL;
    }
    Buf b = BUF_INIT;
    if ((e = getenv("MCOMP_CACHE_DIR")) && *e) buf_adds(&b, e);
    else if ((e = getenv("XDG_CACHE_HOME")) && *e == '/') buf_printf(&b, "%s/mcomp", e);
    else if ((e = getenv("HOME")) && *e == '/') buf_printf(&b, "%s/.cache/mcomp", e);
    else {
        disabled = 1;
        return NULL;
    }
    dir = buf_detach(&b);
    struct stat st;           /* code others could plant is never run */
    if (stat(dir, &st) == 0 && (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022))) {
        disabled = 1;
        return NULL;
    }
    return dir;
}

/* mkdir -p of the cache directory (mode 0700 for what it makes) */
static int make_dir(void)
{
    static int made;
    if (made) return 0;
    made = 1;
    char *p = strdup(dir);
    for (char *s = p + 1;; s++) {
        if (*s == '/' || *s == 0) {
            char was = *s;
            *s = 0;
            if (mkdir(p, 0700) != 0 && errno != EEXIST) {
                free(p);
                return -1;
            }
            if (!was) break;
            *s = was;
        }
    }
    free(p);
    return 0;
}

static void init_ids(void)
{
    if (c_iseq) return;
    c_iseq = rb_path2class("RubyVM::InstructionSequence");
    id_compile = rb_intern("compile");
    id_load = rb_intern("load_from_binary");
    id_to_binary = rb_intern("to_binary");
    id_eval = rb_intern("eval");
}

static VALUE load_body(VALUE bin) { return rb_funcall(c_iseq, id_load, 1, bin); }

/* the instruction sequence stored at path under key, or Qnil */
static VALUE read_entry(const char *path, const unsigned char key[32])
{
    Buf b = BUF_INIT;
    size_t hl = sizeof MAGIC - 1;
    VALUE iseq = Qnil;
    if (buf_read_file(&b, path, 0) == 0 && b.len > hl + 32 && memcmp(b.s, MAGIC, hl) == 0 &&
        memcmp(b.s + hl, key, 32) == 0) {
        VALUE bin = rb_str_new(b.s + hl + 32, (long)(b.len - hl - 32));
        int state = 0;
        iseq = rb_protect(load_body, bin, &state);
        if (state) {                    /* another Ruby's, or damaged: recompile */
            rb_set_errinfo(Qnil);
            iseq = Qnil;
        }
    }
    buf_free(&b);
    return iseq;
}

static void write_entry(const char *path, const unsigned char key[32], VALUE bin)
{
    if (make_dir() != 0) {
        disabled = 1;
        return;
    }
    Buf tmp = BUF_INIT;
    buf_printf(&tmp, "%s/.tmp.%ld.XXXXXX", dir, (long)getpid());
    int fd = mkstemp(tmp.s);
    if (fd < 0) {
        disabled = 1;
        buf_free(&tmp);
        return;
    }
    Buf out = BUF_INIT;
    buf_add(&out, MAGIC, sizeof MAGIC - 1);
    buf_add(&out, key, 32);
    buf_add(&out, RSTRING_PTR(bin), (size_t)RSTRING_LEN(bin));
    size_t done = 0;
    while (done < out.len) {
        ssize_t w = write(fd, out.s + done, out.len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    int bad = close(fd) != 0 || done != out.len;
    if (bad || rename(tmp.s, path) != 0) {
        unlink(tmp.s);
        if (bad) disabled = 1;
    }
    buf_free(&out);
    buf_free(&tmp);
}

/* The cache entry of (src, file, line): its key, then its path, as one
 * Ruby string; Qnil when the cache is off.  (The arrays live in this
 * frame only: a Ruby exception that unwinds a frame with arrays on the
 * stack would leave AddressSanitizer's marks on it.) */
static VALUE entry_of(VALUE src, const char *file, int line)
{
    const char *d = cache_dir();
    if (!d) return Qnil;
    unsigned char key[32];
    Sha256 h;
    sha256_init(&h);
    char head[256];
    int n = snprintf(head, sizeof head, "%s%s%c%d%c", MAGIC, ruby_description, 0, line, 0);
    sha256_update(&h, head, (size_t)n);
    sha256_update(&h, file, strlen(file) + 1);
    sha256_update(&h, RSTRING_PTR(src), (size_t)RSTRING_LEN(src));
    sha256_final(&h, key);
    Buf b = BUF_INIT;
    buf_add(&b, key, 32);
    buf_adds(&b, d);
    char hex[65];
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = "0123456789abcdef"[key[i] >> 4];
        hex[2 * i + 1] = "0123456789abcdef"[key[i] & 15];
    }
    hex[64] = 0;
    buf_printf(&b, "/%s", hex);
    VALUE e = rb_str_new(b.s, (long)b.len);
    buf_free(&b);
    return e;
}

/* Only VALUEs in this frame, none whose address is taken: Ruby exceptions
 * (a SyntaxError, an error of the evaluated code) pass through it. */
VALUE rby_eval_cached(VALUE src, const char *file, int line)
{
    init_ids();
    VALUE fname = rb_str_new_cstr(file);
    VALUE entry = entry_of(src, file, line);
    VALUE iseq = NIL_P(entry) ? Qnil : read_entry(RSTRING_PTR(entry) + 32, (const unsigned char *)RSTRING_PTR(entry));
    if (NIL_P(iseq)) {
        iseq = rb_funcall(c_iseq, id_compile, 4, src, fname, fname, INT2FIX(line));
        if (!NIL_P(entry) && !disabled)
            write_entry(RSTRING_PTR(entry) + 32, (const unsigned char *)RSTRING_PTR(entry), rb_funcall(iseq, id_to_binary, 0));
    }
    return rb_funcall(iseq, id_eval, 0);
}

static const char *cstr_of(VALUE s) { return StringValueCStr(s); }

/* MComp.eval_cached(src, file, line): rby_eval_cached from Ruby */
static VALUE cb_eval_cached(VALUE self, VALUE src, VALUE file, VALUE line)
{
    Check_Type(src, T_STRING);
    return rby_eval_cached(src, cstr_of(file), NUM2INT(line));
}

void rby_cache_init(void) { rby_define("eval_cached", (cb_eval_cached), 3); }
