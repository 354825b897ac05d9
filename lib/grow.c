/* grow.c: growing a kept buffer (grow.h). */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

bool grow(void **buf, size_t *cap, size_t len, size_t elem_size)
{
    if (len <= *cap)
        return true;
    if (elem_size != 0 && len > SIZE_MAX / elem_size)
        return false;
    void *grown = realloc(*buf, len * elem_size);
    if (grown == NULL)
        return false;
    *buf = grown;
    *cap = len;
    return true;
}
