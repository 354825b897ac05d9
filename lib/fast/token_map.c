/* token_map.c: open addressing with linear probing; Fibonacci hashing spreads consecutive ids. */
#include "token_map.h"

#include <string.h>

static size_t capacity_for(size_t max_keys)
{
    size_t capacity = 16;
    while (capacity < 2 * max_keys)
        capacity *= 2;
    return capacity;
}

size_t token_map_len(size_t max_keys)
{
    return 3 * capacity_for(max_keys);
}

void token_map_init_in(TokenMap *map, size_t max_keys, int32_t *scratch)
{
    size_t capacity = capacity_for(max_keys);
    *map = (TokenMap){.keys = scratch, .values = scratch + capacity, .used = scratch + 2 * capacity,
                      .mask = capacity - 1};
    memset(map->used, 0, capacity * sizeof *map->used);
}

static size_t home(const TokenMap *map, int32_t token)
{
    return (size_t)(((uint32_t)token * UINT32_C(2654435769)) >> 7) & map->mask;
}

int32_t *token_map_slot(TokenMap *map, int32_t token)
{
    size_t i = home(map, token);
    while (map->used[i] && map->keys[i] != token)
        i = (i + 1) & map->mask;
    if (!map->used[i]) {
        map->used[i] = 1;
        map->keys[i] = token;
        map->values[i] = 0;
    }
    return &map->values[i];
}

const int32_t *token_map_find(const TokenMap *map, int32_t token)
{
    for (size_t i = home(map, token); map->used[i]; i = (i + 1) & map->mask)
        if (map->keys[i] == token)
            return &map->values[i];
    return NULL;
}
