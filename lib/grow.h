/* grow.h: the one way lib/ grows a buffer it keeps between calls (the chain's history, adaptive-p's cache, and
 * the speed layer's scratch). Internal to lib/: the chain (chain.c) and its speed door (fast/chain_fast.c) both
 * use it, and it includes nothing of either.
 *
 * defines: grow.
 */
#ifndef GROW_H
#define GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Makes the buffer *buf (of *cap elements of elem_size bytes each) hold at least len elements: when it holds
 * fewer it is reallocated to exactly len, and *buf and *cap take the new values; when it holds enough nothing
 * changes (so len 0 leaves a NULL buffer NULL). Allocates (realloc). True on success; false when len * elem_size
 * does not fit in a size_t or realloc fails, and then *buf and *cap are unchanged (the old buffer is still the
 * caller's to use and free). Callers pass a void * they copy their pointer in and out of, as C does not let an
 * int32_t ** pass for a void **. */
bool grow(void **buf, size_t *cap, size_t len, size_t elem_size);

#endif
