/*
 * map.h - a hash map from byte-string keys to pointers, open addressing with
 * linear probing.  The map stores the key pointer, not a copy: the caller keeps
 * the key alive as long as the map (keys normally live in the same arena).
 * Iteration order is insertion order (entries sit in a dense array), so output
 * built by walking a map stays deterministic.
 */
#ifndef BASE_MAP_H
#define BASE_MAP_H
#include <stddef.h>
#include <stdint.h>

/* 24 bytes: a catalog of a million resources has a million keys. */
typedef struct MapEntry {
    const char *key;
    void *value;
    uint32_t len;        /* keys are shorter than 4 GiB (map_put aborts otherwise) */
    uint32_t hash;       /* the low half of map_hash */
} MapEntry;

typedef struct Map {
    MapEntry *entries;   /* dense, in insertion order; owned (malloc) */
    size_t count, cap;
    uint32_t *slots;     /* index+1 into entries, 0 = empty; owned (malloc) */
    size_t nslots;       /* power of two */
} Map;

void map_init(Map *m);
void map_free(Map *m);                          /* frees the map's own memory only */
uint64_t map_hash(const char *key, size_t len);
void *map_get(const Map *m, const char *key, size_t len);   /* NULL if absent */
MapEntry *map_find(const Map *m, const char *key, size_t len);
/* Sets key to value; returns the previous value or NULL. */
void *map_put(Map *m, const char *key, size_t len, void *value);
#endif
