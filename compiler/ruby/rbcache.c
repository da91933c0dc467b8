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
 * The pack: <dir>/pack holds the bytecode of every entry the last runs
 * used, so that a compile finds them all with one open and one mmap
 * instead of one file per entry (a template-heavy compile uses hundreds).
 * It starts with "mcomp-pack 1\n", three NUL bytes and the number of
 * entries (8 bytes, native order), then an index sorted by key (32 bytes
 * of key, 8 of offset, 8 of length each), then the bytecode.  It is only
 * an accelerator: an entry is looked for there first, then in its own
 * file; a pack that does not hold together is ignored, and bytecode Ruby
 * refuses from it is read from the entry's file (or compiled) instead.
 * When a run used entries the pack did not have (or no pack held
 * together), the pack is rewritten as the process exits: this run's
 * entries, then the old pack's others while the whole stays under
 * PACK_MAX (written to a temporary name and renamed, like the entries).
 * A run whose entries from elsewhere are under a sixteenth of the bytes it
 * found in the pack leaves it as it is: a template whose text changes with
 * every run (an inline one with a fact in it) costs that entry's file, not
 * a new pack each time.
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
#include "base/util.h"
#include <ruby/version.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "mcomp-iseq 1\n"
#define PACK_MAGIC "mcomp-pack 1\n\0\0\0"          /* 16 bytes */
#define PACK_MAX ((size_t)8 << 20)

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
    return util_mkdir_p(dir, 0700, 0);
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

/* Whether bytecode p (n bytes) has a header Ruby 3.1's loader can take:
 * the loader sizes two tables by the header before it checks anything, so
 * damaged bytes could make it allocate gigabytes.  (Its header: "YARB",
 * major and minor version, size, extra size, the sizes of the iseq list
 * and of the object list, their offsets; 4 bytes each.) */
static int bin_plausible(const char *p, size_t n)
{
    uint32_t h[9];
    if (n < sizeof h || memcmp(p, "YARB", 4) != 0) return 0;
    memcpy(h, p, sizeof h);
    uint64_t size = h[3], niseq = h[5], nobj = h[6], oiseq = h[7], oobj = h[8];
    return size <= n && oiseq + 4 * niseq <= size && oobj + 4 * nobj <= size;
}

/* the instruction sequence of bytecode data, or Qnil (another Ruby's, or damaged) */
static VALUE load_bin(const char *data, size_t len)
{
    if (!bin_plausible(data, len)) return Qnil;
    int state = 0;
    VALUE iseq = rb_protect(load_body, rb_str_new(data, (long)len), &state);
    if (state) {
        rb_set_errinfo(Qnil);
        return Qnil;
    }
    return iseq;
}

/* the instruction sequence stored at path under key, or Qnil; *bin: its bytecode */
static VALUE read_entry(const char *path, const unsigned char *key, VALUE *bin)
{
    Buf b = BUF_INIT;
    size_t hl = sizeof MAGIC - 1;
    VALUE iseq = Qnil;
    if (buf_read_file(&b, path, 0) == 0 && b.len > hl + 32 && memcmp(b.s, MAGIC, hl) == 0 &&
        memcmp(b.s + hl, key, 32) == 0) {
        iseq = load_bin(b.s + hl + 32, b.len - hl - 32);
        if (!NIL_P(iseq)) *bin = rb_str_new(b.s + hl + 32, (long)(b.len - hl - 32));
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
static __attribute__((noinline)) VALUE entry_of(VALUE src, const char *file, int line)
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

/* ---- the pack ---- */

typedef struct PackIx { unsigned char key[32]; uint64_t off, len; } PackIx;
typedef struct Used { unsigned char key[32]; const char *data; size_t len; } Used;

static struct {
    int tried;                   /* pack_open ran */
    const char *map;             /* the mapped pack, or NULL */
    size_t size;
    const PackIx *ix;
    size_t n;
    Used *used;                  /* the entries this run used (data: in map, or malloc'd) */
    size_t nused, cap;
    int dirty;                   /* an entry came from elsewhere: rewrite at exit */
    size_t hit_bytes, miss_bytes;  /* bytecode this run found in the pack, and elsewhere */
    pid_t pid;                   /* the process that may rewrite it */
} pack;

static void pack_flush(void);

static void pack_open(void)
{
    if (pack.tried || !dir) return;
    pack.tried = 1;
    pack.pid = getpid();
    atexit(pack_flush);
    Buf p = BUF_INIT;
    buf_printf(&p, "%s/pack", dir);
    int fd = open(p.s, O_RDONLY | O_CLOEXEC);
    buf_free(&p);
    if (fd < 0) return;
    struct stat st;
    size_t hl = sizeof PACK_MAGIC - 1 + 8;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size >= hl) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            const char *s = m;
            size_t size = (size_t)st.st_size;
            uint64_t n;
            memcpy(&n, s + sizeof PACK_MAGIC - 1, 8);
            int ok = memcmp(s, PACK_MAGIC, sizeof PACK_MAGIC - 1) == 0 && n <= (size - hl) / sizeof(PackIx);
            const PackIx *ix = (const PackIx *)(s + hl);
            for (uint64_t i = 0; ok && i < n; i++)
                ok = ix[i].off >= hl + n * sizeof(PackIx) && ix[i].off <= size && ix[i].len <= size - ix[i].off &&
                     (i == 0 || memcmp(ix[i - 1].key, ix[i].key, 32) < 0);
            if (ok) {
                pack.map = s;
                pack.size = size;
                pack.ix = ix;
                pack.n = (size_t)n;
            } else {
                munmap(m, size);
                pack.dirty = 1;          /* replace it */
            }
        }
    }
    close(fd);
}

static const PackIx *pack_find(const unsigned char *key)
{
    size_t lo = 0, hi = pack.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int r = memcmp(pack.ix[mid].key, key, 32);
        if (r == 0) return &pack.ix[mid];
        if (r < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

/* This run used the entry key, whose bytecode is data (copied unless it
 * lies in the pack). */
static void pack_use(const unsigned char *key, const char *data, size_t len, int from_pack)
{
    if (pack.nused == pack.cap) {
        size_t cap = pack.cap ? pack.cap * 2 : 256;
        Used *u = realloc(pack.used, cap * sizeof *u);
        if (!u) {                        /* the pack stays as it is */
            pack.dirty = 0;
            return;
        }
        pack.used = u;
        pack.cap = cap;
    }
    const char *copy = data;
    if (from_pack) pack.hit_bytes += len;
    else pack.miss_bytes += len;
    if (!from_pack) {
        char *p = malloc(len ? len : 1);
        if (!p) return;
        memcpy(p, data, len);
        copy = p;
        pack.dirty = 1;
    }
    Used *u = &pack.used[pack.nused++];
    memcpy(u->key, key, 32);
    u->data = copy;
    u->len = len;
}

static int cmp_used(const void *a, const void *b) { return memcmp(((const Used *)a)->key, ((const Used *)b)->key, 32); }

static int write_all(int fd, const void *p, size_t n)
{
    const char *s = p;
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* At exit: the pack rewritten when this run used entries it lacked, with
 * this run's entries, each once, then the old pack's others while they fit. */
static void pack_flush(void)
{
    if (!pack.dirty || disabled || !dir || getpid() != pack.pid) return;
    if (pack.map && pack.miss_bytes < pack.hit_bytes / 16) return;
    if (make_dir() != 0) return;
    Used *all = malloc((pack.nused + pack.n + 1) * sizeof *all);
    PackIx *ix = calloc(pack.nused + pack.n + 1, sizeof *ix);
    if (!all || !ix) {
        free(all);
        free(ix);
        return;
    }
    size_t n = 0, total = 0;
    if (pack.nused) memcpy(all, pack.used, pack.nused * sizeof *all);
    qsort(all, pack.nused, sizeof *all, cmp_used);
    for (size_t i = 0; i < pack.nused; i++)
        if (n == 0 || memcmp(all[n - 1].key, all[i].key, 32) != 0) {
            all[n++] = all[i];
            total += all[i].len;
        }
    size_t mine = n;
    for (size_t i = 0; i < pack.n && total + pack.ix[i].len <= PACK_MAX; i++) {
        Used *u = &all[n];
        memcpy(u->key, pack.ix[i].key, 32);
        if (mine && bsearch(u, all, mine, sizeof *all, cmp_used)) continue;
        u->data = pack.map + pack.ix[i].off;
        u->len = (size_t)pack.ix[i].len;
        total += u->len;
        n++;
    }
    qsort(all, n, sizeof *all, cmp_used);
    size_t off = sizeof PACK_MAGIC - 1 + 8 + n * sizeof(PackIx);
    for (size_t i = 0; i < n; i++) {
        memcpy(ix[i].key, all[i].key, 32);
        ix[i].off = off;
        ix[i].len = all[i].len;
        off += all[i].len;
    }
    Buf tmp = BUF_INIT, path = BUF_INIT;
    buf_printf(&tmp, "%s/.tmp.%ld.XXXXXX", dir, (long)getpid());
    buf_printf(&path, "%s/pack", dir);
    int fd = mkstemp(tmp.s);
    if (fd >= 0) {
        uint64_t count = n;
        int bad = write_all(fd, PACK_MAGIC, sizeof PACK_MAGIC - 1) || write_all(fd, &count, 8) ||
                  write_all(fd, ix, n * sizeof *ix);
        for (size_t i = 0; i < n && !bad; i++) bad = write_all(fd, all[i].data, all[i].len);
        bad |= close(fd) != 0;
        if (bad || rename(tmp.s, path.s) != 0) unlink(tmp.s);
    }
    buf_free(&tmp);
    buf_free(&path);
    free(ix);
    free(all);
}

/* The instruction sequence of a cache entry (entry_of), from the pack or
 * from its file, or Qnil.  Not inlined: its callees' buffers must not
 * become part of rby_eval_cached's frame, which Ruby exceptions unwind. */
static __attribute__((noinline)) VALUE cached_iseq(VALUE entry)
{
    const unsigned char *key = (const unsigned char *)RSTRING_PTR(entry);
    pack_open();
    const PackIx *hit = pack_find(key);
    if (hit) {
        VALUE iseq = load_bin(pack.map + hit->off, (size_t)hit->len);
        if (!NIL_P(iseq)) {
            pack_use(key, pack.map + hit->off, (size_t)hit->len, 1);
            return iseq;
        }
    }
    VALUE bin = Qnil;
    VALUE iseq = read_entry(RSTRING_PTR(entry) + 32, key, &bin);
    if (!NIL_P(iseq)) pack_use(key, RSTRING_PTR(bin), (size_t)RSTRING_LEN(bin), 0);
    RB_GC_GUARD(bin);
    RB_GC_GUARD(entry);
    return iseq;
}

/* Only VALUEs in this frame, none whose address is taken: Ruby exceptions
 * (a SyntaxError, an error of the evaluated code) pass through it. */
VALUE rby_eval_cached(VALUE src, const char *file, int line)
{
    init_ids();
    VALUE fname = rb_str_new_cstr(file);
    VALUE entry = entry_of(src, file, line);
    VALUE iseq = NIL_P(entry) ? Qnil : cached_iseq(entry);
    if (NIL_P(iseq)) {
        iseq = rb_funcall(c_iseq, id_compile, 4, src, fname, fname, INT2FIX(line));
        if (!NIL_P(entry) && !disabled) {
            VALUE bin = rb_funcall(iseq, id_to_binary, 0);
            write_entry(RSTRING_PTR(entry) + 32, (const unsigned char *)RSTRING_PTR(entry), bin);
            pack_use((const unsigned char *)RSTRING_PTR(entry), RSTRING_PTR(bin), (size_t)RSTRING_LEN(bin), 0);
            RB_GC_GUARD(bin);
        }
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
