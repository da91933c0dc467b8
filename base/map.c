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

uint64_t map_hash(const char *key, size_t len)
{
    uint64_t h = 1469598103934665603ull;          /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)key[i];
        h *= 1099511628211ull;
    }
    return h ^ (h >> 29);
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
