/* token_map.h: a small hash map from token id to an int32 value, for the samplers that gather something per
 * token over a window (penalties: counts; DRY: the longest repeat). Open addressing with linear probing, sized
 * for a known number of keys, so building it over a window of W tokens is O(W) and a lookup O(1): that keeps
 * those samplers linear in the window, as llama.cpp's hash maps do. Internal to lib/.
 *
 * defines: TokenMap, token_map_init, token_map_free, token_map_slot, token_map_find.
 */
#ifndef TOKEN_MAP_H
#define TOKEN_MAP_H

#include "candidates.h"

typedef struct {
    int32_t *keys;      /* (mask + 1,) token ids */
    int32_t *values;    /* (mask + 1,) the value of each key */
    bool *used;         /* (mask + 1,) whether the slot holds a key */
    size_t mask;        /* capacity - 1; the capacity is a power of two, at least twice the keys */
} TokenMap;

/* Allocates an empty map for up to max_keys keys. Returns SAMPLING_ERR_NOMEM when malloc fails (the map is
 * then empty and token_map_free is still safe). */
SamplingStatus token_map_init(TokenMap *map, size_t max_keys);

void token_map_free(TokenMap *map);

/* The value of `token`, inserted as 0 if absent. At most max_keys distinct tokens may be inserted. */
int32_t *token_map_slot(TokenMap *map, int32_t token);

/* The value of `token`, or NULL when it is absent. */
const int32_t *token_map_find(const TokenMap *map, int32_t token);

#endif
