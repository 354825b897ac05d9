/* token_map.h: a small hash map from token id to an int32 value, for the samplers that gather something per
 * token over a window (penalties: counts; DRY: the longest repeat). Open addressing with linear probing, sized
 * for a known number of keys, so building it over a window of W tokens is O(W) and a lookup O(1): that keeps
 * those samplers linear in the window, as llama.cpp's hash maps do. The map lives in a buffer of int32
 * entries the caller owns, so a sampler that is given one allocates nothing. Internal to lib/.
 *
 * defines: TokenMap, token_map_len, token_map_init_in, token_map_slot, token_map_find.
 */
#ifndef TOKEN_MAP_H
#define TOKEN_MAP_H

#include "candidates.h"

typedef struct {
    int32_t *keys;      /* (mask + 1,) token ids */
    int32_t *values;    /* (mask + 1,) the value of each key */
    int32_t *used;      /* (mask + 1,) non-zero when the slot holds a key */
    size_t mask;        /* capacity - 1; the capacity is a power of two, at least twice the keys */
} TokenMap;

/* How many int32 entries a map for up to max_keys keys needs: three per slot, at least 16 slots. */
size_t token_map_len(size_t max_keys);

/* Starts an empty map for up to max_keys keys in scratch (token_map_len(max_keys),), clearing the slots it
 * will use (O(max_keys)); allocates nothing. The map is valid while scratch is. */
void token_map_init_in(TokenMap *map, size_t max_keys, int32_t *scratch);

/* The value of `token`, inserted as 0 if absent. At most max_keys distinct tokens may be inserted. */
int32_t *token_map_slot(TokenMap *map, int32_t token);

/* The value of `token`, or NULL when it is absent. */
const int32_t *token_map_find(const TokenMap *map, int32_t token);

#endif
