/* rng.c: java.util.Random in C. The constants and the derivations of nextInt, nextDouble and nextGaussian are
 * the ones the JDK documents for that class; the tests in lib/test/test_rng.c hold values printed by a JDK. */
#include "rng.h"

#include <math.h>
#include <string.h>

#define LCG_MULTIPLIER UINT64_C(0x5DEECE66D)
#define LCG_ADDEND     UINT64_C(0xB)
#define LCG_MASK       ((UINT64_C(1) << 48) - 1)

void rng_seed(Rng *rng, int64_t seed)
{
    if (rng == NULL)
        return;
    /* Java scrambles the seed with the multiplier so that small seeds do not start in a poor state. */
    rng->state = ((uint64_t)seed ^ LCG_MULTIPLIER) & LCG_MASK;
    rng->next_gaussian = 0.0;
    rng->have_gaussian = false;
}

Rng rng_new(int64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    return rng;
}

int32_t rng_next_bits(Rng *rng, int bits)
{
    if (rng == NULL || bits < 1 || bits > 32)
        return 0;
    rng->state = (rng->state * LCG_MULTIPLIER + LCG_ADDEND) & LCG_MASK;
    /* The top `bits` of the 48-bit state, reinterpreted as Java's signed int (two's complement). */
    uint32_t top = (uint32_t)(rng->state >> (48 - bits));
    return top <= INT32_MAX ? (int32_t)top : (int32_t)(top - UINT32_C(0x80000000)) + INT32_MIN;
}

int32_t rng_next_int(Rng *rng, int32_t bound)
{
    if (rng == NULL || bound <= 0)
        return -1;
    int32_t r = rng_next_bits(rng, 31);
    if ((bound & (bound - 1)) == 0)                      /* a power of two: take the high bits */
        return (int32_t)(((int64_t)bound * r) >> 31);
    /* Reject a draw that falls in the last, partial copy of [0, bound) so that every value is equally likely.
     * Java detects it with int overflow (u - r + bound - 1 < 0); in 64 bits the test is an explicit bound. */
    for (int32_t u = r;; u = rng_next_bits(rng, 31)) {
        r = u % bound;
        if ((int64_t)u - r + (bound - 1) <= INT32_MAX)
            return r;
    }
}

double rng_next_double(Rng *rng)
{
    if (rng == NULL)
        return 0.0;
    int64_t high = rng_next_bits(rng, 26);
    int64_t low = rng_next_bits(rng, 27);
    return (double)((high << 27) + low) * 0x1.0p-53;
}

/* The natural log exactly as Java's StrictMath.log computes it (the fdlibm algorithm), which nextGaussian uses.
 * The C library's log is at least as accurate but rounds a few inputs the other way (seen within the first
 * thousand gaussians of a seed), and one differing bit would change the lesson's draws. The algorithm: write
 * x = 2^k * (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)), then log(1 + f) = f - f^2/2 + s * (f^2/2 + R(s^2)) with
 * s = f / (2 + f) and R a degree-7 minimax polynomial; k * ln 2 is added in two parts (hi exact, lo small). */
static double strict_log(double x)
{
    static const double ln2_hi = 6.93147180369123816490e-01;   /* 0x3fe62e42fee00000 */
    static const double ln2_lo = 1.90821492927058770002e-10;   /* 0x3dea39ef35793c76 */
    static const double lg[8] = {0,                              /* lg[i] multiplies s^(2i) */
        6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01,
        2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01,
        1.479819860511658591e-01};

    if (isnan(x) || x < 0)
        return NAN;
    if (x == 0)
        return -INFINITY;
    if (isinf(x))
        return x;
    int k = 0;
    if (x < 0x1p-1022) {                                 /* subnormal: scale into the normal range first */
        x *= 0x1p54;
        k -= 54;
    }
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int32_t high = (int32_t)(bits >> 32);                /* sign, exponent and top 20 mantissa bits */
    k += (high >> 20) - 1023;
    high &= 0x000fffff;
    /* Pick the exponent that puts 1 + f in [sqrt(2)/2, sqrt(2)): i is 0x100000 when the mantissa is at or
     * above sqrt(2)'s (0x6a09e), and then x is halved instead. */
    int32_t i = (high + 0x95f64) & 0x100000;
    uint64_t normalized = ((uint64_t)(uint32_t)(high | (i ^ 0x3ff00000)) << 32) | (bits & 0xffffffffu);
    memcpy(&x, &normalized, sizeof x);
    k += i >> 20;
    double f = x - 1.0;
    double dk = (double)k;

    if ((0x000fffff & (2 + high)) < 3) {                 /* |f| < 2^-20: a short series is exact enough */
        if (f == 0)
            return k == 0 ? 0.0 : dk * ln2_hi + dk * ln2_lo;
        double r = f * f * (0.5 - 0.33333333333333333 * f);
        return k == 0 ? f - r : dk * ln2_hi - ((r - dk * ln2_lo) - f);
    }
    double s = f / (2.0 + f);
    double z = s * s;
    double w = z * z;
    double odd = z * (lg[1] + w * (lg[3] + w * (lg[5] + w * lg[7])));
    double even = w * (lg[2] + w * (lg[4] + w * lg[6]));
    double r = odd + even;
    /* Two ways to add up the same terms; the first keeps more bits when 1 + f is near sqrt(2) or sqrt(2)/2,
     * where |f| is largest (the mantissa's top bits lie between 0x6147a and 0x6b851). */
    if (((high - 0x6147a) | (0x6b851 - high)) > 0) {
        double hfsq = 0.5 * f * f;
        if (k == 0)
            return f - (hfsq - s * (hfsq + r));
        return dk * ln2_hi - ((hfsq - (s * (hfsq + r) + dk * ln2_lo)) - f);
    }
    if (k == 0)
        return f - s * (f - r);
    return dk * ln2_hi - ((s * (f - r) - dk * ln2_lo) - f);
}

double rng_next_gaussian(Rng *rng)
{
    if (rng == NULL)
        return 0.0;
    if (rng->have_gaussian) {
        rng->have_gaussian = false;
        return rng->next_gaussian;
    }
    double v1, v2, s;
    do {                                                 /* a point uniform in the unit disc, not its centre */
        v1 = 2 * rng_next_double(rng) - 1;
        v2 = 2 * rng_next_double(rng) - 1;
        s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = sqrt(-2 * strict_log(s) / s);  /* sqrt is exact in IEEE 754 */
    rng->next_gaussian = v2 * multiplier;
    rng->have_gaussian = true;
    return v1 * multiplier;
}
