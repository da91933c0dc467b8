/* t/arena.c - the arena as a scratch stack (arena_mark, arena_release:
 * nested marks, memory handed out zeroed again after a release, big
 * allocations), 8-byte-aligned records, a small arena (arena_init_small:
 * heap blocks from the first, growing), and syntax nodes naming their file
 * by number (ast_file) with the third child sharing ival's room (ast_c). */
#include "base/arena.h"
#include "parser/ast.h"
#include "t/tap.h"
#include <stdint.h>
#include <string.h>

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) return 0;
    return 1;
}

int main(void)
{
    Arena a;
    arena_init(&a);

    ArenaMark m0 = arena_mark(&a);
    unsigned char *p = arena_alloc(&a, 100);
    memset(p, 0xAB, 100);
    ArenaMark m1 = arena_mark(&a);
    unsigned char *q = arena_alloc(&a, 200);
    memset(q, 0xCD, 200);
    arena_release(&a, m1);
    ok(p[0] == 0xAB && p[99] == 0xAB, "a release keeps what was allocated before its mark");
    unsigned char *r = arena_alloc(&a, 200);
    ok(all_zero(r, 200), "memory handed out after a release is zeroed");
#ifndef ARENA_TRACK
    ok(r == q, "and is the memory released");
#else
    ok(1, "(each allocation its own block: nothing reused)");
#endif
    arena_release(&a, m0);
    ok(a.total == m0.total, "a release to the first mark gives back every byte");

    /* many big allocations, past the first block when the arena has blocks */
    ArenaMark m2 = arena_mark(&a);
    int fine = 1;
    for (int i = 0; i < 24; i++) {
        unsigned char *b = arena_alloc(&a, 1 << 20);
        fine &= all_zero(b, 1 << 20);
        memset(b, 0x5A, 1 << 20);
    }
    ok(fine, "24 MiB of big allocations, each zeroed");
    arena_release(&a, m2);
    unsigned char *after = arena_alloc(&a, 4 << 20);
    ok(all_zero(after, 4 << 20), "after their release, the same room comes back zeroed");
    arena_release(&a, m0);

    char *c1 = arena_alloc_bytes(&a, 3);
    void *c2 = arena_alloc8(&a, 20);
    void *c3 = arena_alloc8(&a, 64);
    ok(((uintptr_t)c2 & 7) == 0 && ((uintptr_t)c3 & 7) == 0, "arena_alloc8 aligns to 8");
    ok(all_zero(c2, 20) && all_zero(c3, 64), "arena_alloc8 hands out zeroed memory");
#ifndef ARENA_TRACK
    ok((unsigned char *)c3 - (unsigned char *)c2 == 24, "records of 20 bytes take 24, not 32");
#else
    ok(c1 != NULL, "(each allocation its own block)");
#endif
    (void)c1;

    SrcFile f1 = {"one.pp", "/one.pp", "x", 1, NULL, 0, 0}, f2 = {"two.pp", "/two.pp", "y", 1, NULL, 0, 0};
    Node *n1 = ast_new(&a, ND_INT, &f1, 0, 1);
    Node *n2 = ast_new(&a, ND_INT, &f2, 0, 1);
    Node *n3 = ast_new(&a, ND_STR, &f1, 0, 1);
    Node *n4 = ast_new(&a, ND_STR, NULL, 0, 0);
    ok(ast_file(n1) == &f1 && ast_file(n2) == &f2 && ast_file(n3) == &f1 && ast_file(n4) == NULL,
       "each node knows its file");
    ok(ast_loc(n2).file == &f2, "and its location names it");
    ok(sizeof(Node) == 64, "a node is 64 bytes");
    n1->ival = 12345;
    ok(ast_c(n1) == NULL, "an integer's ival is no third child");
    Node *iff = ast_new(&a, ND_IF, &f1, 0, 1);
    iff->c = n3;
    ok(ast_c(iff) == n3, "an if's else is its third child");
    NodeList l = {0};
    ast_list_add(&l, n2);
    ast_list_add(&l, n3);
    ast_set_kids(iff, l);
    ok(ast_nkids(iff) == 2 && ast_nkids(n1) == 0, "kids are counted");
    int sized = 1;
    for (int k = 0; k < ND_KIND_COUNT; k++)
        sized &= ast_node_size[k] >= 32 && ast_node_size[k] <= sizeof(Node) && ast_node_size[k] % 8 == 0;
    ok(sized, "every kind of node has a size, 32 to 64 bytes");
    ok(ast_node_size[ND_STR] == 32 && ast_node_size[ND_ATTROP] == 40 && ast_node_size[ND_RESOURCE] == 48 &&
       ast_node_size[ND_BINOP] == 56 && ast_node_size[ND_IF] == 64, "a node ends after the last field its kind uses");
    ok(ast_a(n3) == NULL && ast_b(n3) == NULL && ast_kids(n3) == NULL && ast_c(n3) == NULL,
       "a string's node has no children to walk");
    n3->text = "héllo";
    ok(ast_text_len(n3) == 6 && ast_text_len(n4) == 0, "text lengths are the texts' bytes");

    arena_free(&a);

    Arena s;
    arena_init_small(&s);
    int small_ok = 1;
    size_t got = 0;
    for (int i = 0; i < 2000; i++) {      /* past the first 16 KiB block, many times */
        unsigned char *x = arena_alloc(&s, 40);
        small_ok &= all_zero(x, 40) && ((uintptr_t)x & 15) == 0;
        memset(x, 0x77, 40);
        got += 48;
    }
    unsigned char *bigx = arena_alloc(&s, 3 << 20);
    small_ok &= all_zero(bigx, 3 << 20);
    memset(bigx, 0x11, 3 << 20);
    ok(small_ok && s.total >= got + (3 << 20) - 2000 * 8, "a small arena hands out zeroed, aligned memory as it grows");
    arena_free(&s);
    ok(s.small && s.head == NULL && s.total == 0, "arena_free empties it and it stays small");
    unsigned char *again = arena_alloc(&s, 100);
    ok(all_zero(again, 100), "and it is usable again");
    arena_free(&s);

    done_testing();
    return tap_failed != 0;
}
