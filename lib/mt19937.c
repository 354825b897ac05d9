/* mt19937.c: MT19937 from its published definition (word size 32, degree 624, middle word 397, separation 31,
 * twist matrix 0x9908B0DF, tempering shifts 11, 7, 15, 18 with masks 0x9D2C5680 and 0xEFC60000,
 * initialization multiplier 1812433253), and libstdc++'s two ways of turning its outputs into a uniform real. */
#include "mt19937.h"

#include <math.h>

#define MT_M 397
#define MT_MATRIX_A UINT32_C(0x9908B0DF)
#define MT_UPPER UINT32_C(0x80000000)   /* the top bit (w - r = 1 bit) of a word */
#define MT_LOWER UINT32_C(0x7FFFFFFF)   /* its low r = 31 bits */

void mt19937_seed(Mt19937 *mt, uint32_t seed)
{
    if (mt == NULL)
        return;
    mt->state[0] = seed;
    for (uint32_t i = 1; i < MT19937_N; i++) {
        uint32_t prev = mt->state[i - 1];
        mt->state[i] = UINT32_C(1812433253) * (prev ^ (prev >> 30)) + i;   /* unsigned: wraps mod 2^32 */
    }
    mt->index = MT19937_N;
}

/* Regenerates all 624 words: each is the top bit of word i joined to the low 31 bits of word i+1, shifted
 * right once, xor'd with the matrix when its low bit was set, and xor'd with word i+397 (indices wrap). */
static void twist(Mt19937 *mt)
{
    for (size_t i = 0; i < MT19937_N; i++) {
        uint32_t y = (mt->state[i] & MT_UPPER) | (mt->state[(i + 1) % MT19937_N] & MT_LOWER);
        uint32_t mag = (y & 1u) ? MT_MATRIX_A : 0u;
        mt->state[i] = mt->state[(i + MT_M) % MT19937_N] ^ (y >> 1) ^ mag;
    }
    mt->index = 0;
}

uint32_t mt19937_next(Mt19937 *mt)
{
    if (mt == NULL)
        return 0;
    if (mt->index >= MT19937_N)
        twist(mt);
    uint32_t y = mt->state[mt->index++];
    y ^= y >> 11;
    y ^= (y << 7) & UINT32_C(0x9D2C5680);
    y ^= (y << 15) & UINT32_C(0xEFC60000);
    y ^= y >> 18;
    return y;
}

float mt19937_next_float(Mt19937 *mt)
{
    if (mt == NULL)
        return 0;
    /* 0x1p-32f is exact, so the only rounding is the conversion of a to float. */
    float u = (float)mt19937_next(mt) * 0x1p-32f;
    return u < 1.0f ? u : nextafterf(1.0f, 0.0f);
}

double mt19937_next_double(Mt19937 *mt)
{
    if (mt == NULL)
        return 0;
    double a = (double)mt19937_next(mt);
    double b = (double)mt19937_next(mt);
    /* b * 2^32 is exact; the sum rounds once to 53 bits; dividing by 2^64 is exact. */
    double u = (a + b * 0x1p32) * 0x1p-64;
    return u < 1.0 ? u : nextafter(1.0, 0.0);
}
