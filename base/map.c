/* map.c - open-addressing hash map with a dense entry array; see map.h. */
#include "base/map.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

void map_init(Map *m) { memset(m, 0, sizeof *m); }

void map_free(Map *m)
{
    free(m->entries);
    free(m->slots);
    map_init(m);
}

/* Eight bytes a step (a multiply and a shift each), then a final mix so
 * that the low bits the slots use depend on every byte.  Hashes live only
 * in this process: nothing stores them, and a map's order is its
 * insertion order, so the function may change freely. */
uint64_t map_hash(const char *key, size_t len)
{
    const unsigned char *p = (const unsigned char *)key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)len;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    uint64_t w = 0;
    memcpy(&w, p, len);
    h = (h ^ w) * 0x94d049bb133111ebull;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

static void rehash(Map *m, size_t nslots)
{
    free(m->slots);
    m->slots = xcalloc(nslots, sizeof *m->slots);
    m->nslots = nslots;
    for (size_t i = 0; i < m->count; i++) {
        size_t j = m->entries[i].hash & (nslots - 1);
        while (m->slots[j]) j = (j + 1) & (nslots - 1);
        m->slots[j] = (uint32_t)(i + 1);
    }
}

MapEntry *map_find(const Map *m, const char *key, size_t len)
{
    if (!m->nslots) return NULL;
    uint32_t h = (uint32_t)map_hash(key, len);
    for (size_t j = h & (m->nslots - 1);; j = (j + 1) & (m->nslots - 1)) {
        uint32_t s = m->slots[j];
        if (!s) return NULL;
        MapEntry *e = &m->entries[s - 1];
        if (e->hash == h && e->len == len && memcmp(e->key, key, len) == 0) return e;
    }
}

void *map_get(const Map *m, const char *key, size_t len)
{
    MapEntry *e = map_find(m, key, len);
    return e ? e->value : NULL;
}

void *map_put(Map *m, const char *key, size_t len, void *value)
{
    MapEntry *e = map_find(m, key, len);
    if (e) {
        void *old = e->value;
        e->value = value;
        return old;
    }
    if ((m->count + 1) * 4 > m->nslots * 3) rehash(m, m->nslots ? m->nslots * 2 : 16);
    if (m->count == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 16;
        m->entries = xrealloc(m->entries, m->cap * sizeof *m->entries);
    }
    if (len > UINT32_MAX) util_oom();
    uint32_t h = (uint32_t)map_hash(key, len);
    e = &m->entries[m->count];
    e->key = key;
    e->len = (uint32_t)len;
    e->hash = h;
    e->value = value;
    size_t j = h & (m->nslots - 1);
    while (m->slots[j]) j = (j + 1) & (m->nslots - 1);
    m->slots[j] = (uint32_t)(++m->count);
    return NULL;
}
