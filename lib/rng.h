/* rng.h: a pseudo-random generator bit-compatible with java.util.Random.
 *
 * The lesson's random tables (Examples 8, 10, 12, 13) come from java.util.Random with fixed seeds. To print
 * the same tables, the workbench needs the same stream of numbers, so this is that generator: a 48-bit linear
 * congruential generator (multiplier 0x5DEECE66D, addend 0xB), with nextInt, nextDouble and nextGaussian
 * built from it exactly as the JDK documents them.
 *
 * defines: Rng, rng_seed, rng_new, rng_next_bits, rng_next_int, rng_next_double, rng_next_gaussian.
 *
 * The state lives in the caller's Rng; there is no global state. The lesson programs draw from it because the
 * lesson's Java does. llama.cpp draws from std::mt19937 instead, and so does the chain's own draw
 * (chain_sample; mt19937.h), so that a seed picks llama.cpp's token there.
 */
#ifndef RNG_H
#define RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t state;         /* the 48-bit LCG state (upper 16 bits always 0) */
    double next_gaussian;   /* the second value of the last polar-method pair */
    bool have_gaussian;     /* next_gaussian holds an unused value */
} Rng;

/* Seeds the generator as `new java.util.Random(seed)` does: the state becomes (seed ^ 0x5DEECE66D) mod 2^48
 * and any cached gaussian is dropped. Every 64-bit seed is valid (Java's long; negative values included).
 * NULL rng does nothing; for NULL the functions below return 0 (rng_next_int: -1) without drawing. */
void rng_seed(Rng *rng, int64_t seed);

/* A generator seeded with seed, as `new java.util.Random(seed)` makes one: Rng rng = rng_new(3). */
Rng rng_new(int64_t seed);

/* Advances the LCG once and returns its top `bits` bits as Java's next(bits) does: the value is a signed
 * 32-bit int, so next(32) can be negative. `bits` must be in 1..32; any other value returns 0 and leaves the
 * state unchanged. */
int32_t rng_next_bits(Rng *rng, int bits);

/* A uniform int in [0, bound), as Random.nextInt(bound): powers of two take the high bits, other bounds reject
 * the top partial range. A bound <= 0 (Java throws) returns -1 and leaves the state unchanged. */
int32_t rng_next_int(Rng *rng, int32_t bound);

/* A uniform double in [0, 1) with 53 random bits, as Random.nextDouble: (next(26) * 2^27 + next(27)) * 2^-53. */
double rng_next_double(Rng *rng);

/* A standard normal value (mean 0, standard deviation 1), as Random.nextGaussian: Marsaglia's polar method,
 * which makes two values per accepted pair; the second is cached and returned by the next call. Uses log and
 * sqrt from <math.h>; the test suite checks the results bit for bit against the JDK. */
double rng_next_gaussian(Rng *rng);

#endif
