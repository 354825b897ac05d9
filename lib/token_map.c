/* token_map.c: open addressing with linear probing; Fibonacci hashing spreads consecutive ids. */
#include "token_map.h"

#include <stdlib.h>

SamplingStatus token_map_init(TokenMap *map, size_t max_keys)
{
    size_t capacity = 16;
    while (capacity < 2 * max_keys)
        capacity *= 2;
    *map = (TokenMap){.keys = malloc(capacity * sizeof *map->keys),
                      .values = malloc(capacity * sizeof *map->values),
                      .used = calloc(capacity, sizeof *map->used), .mask = capacity - 1};
    if (map->keys == NULL || map->values == NULL || map->used == NULL) {
        token_map_free(map);
        return SAMPLING_ERR_NOMEM;
    }
    return SAMPLING_OK;
}

void token_map_free(TokenMap *map)
{
    free(map->keys);
    free(map->values);
    free(map->used);
    *map = (TokenMap){0};
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
        map->used[i] = true;
        map->keys[i] = token;
        map->values[i] = 0;
    }
    return &map->values[i];
}

const int32_t *token_map_find(const TokenMap *map, int32_t token)
{
    if (map->used == NULL)
        return NULL;
    for (size_t i = home(map, token); map->used[i]; i = (i + 1) & map->mask)
        if (map->keys[i] == token)
            return &map->values[i];
    return NULL;
}
