/* mt19937.h: the Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998), the generator llama.cpp's random
 * samplers own (std::mt19937), with the two uniform draws they take from it as GCC's libstdc++ makes them.
 *
 * The chain (chain.h) gives dist, XTC and each mirostat one of these, seeded with the chain's seed, so that the
 * same seed draws the same numbers as llama.cpp built with GCC. The lesson programs draw from java.util.Random
 * instead (rng.h), because the lesson's Java does.
 *
 * defines: Mt19937, MT19937_N, mt19937_seed, mt19937_next, mt19937_next_float, mt19937_next_double.
 *
 * The state lives in the caller's Mt19937; there is no global state. Checked against the C++ standard's
 * required value (the 10,000th output of a default-seeded engine, seed 5489, is 4123659995) and against
 * values printed by GCC 12's libstdc++ (lib/test/test_mt19937.c).
 */
#ifndef MT19937_H
#define MT19937_H

#include <stddef.h>
#include <stdint.h>

#define MT19937_N 624   /* words of state */

typedef struct {
    uint32_t state[MT19937_N];  /* the twisted state, 624 words of 32 bits */
    size_t index;               /* the next word to temper; MT19937_N means "twist first" */
} Mt19937;

/* Seeds the generator as std::mt19937(seed) and engine.seed(seed) do: state[0] = seed and
 * state[i] = 1812433253 * (state[i-1] ^ (state[i-1] >> 30)) + i, modulo 2^32. Every 32-bit seed is valid;
 * the standard's default seed is 5489. NULL mt does nothing; for NULL the draws below return 0. */
void mt19937_seed(Mt19937 *mt, uint32_t seed);

/* The next 32-bit output (engine()): twists all 624 words every 624 outputs, then tempers one word. */
uint32_t mt19937_next(Mt19937 *mt);

/* A uniform float in [0, 1) from ONE output a, as std::uniform_real_distribution<float>(0, 1) in libstdc++
 * (generate_canonical<float, 24>): u = (float)a / 2^32, where (float)a rounds to 24 bits, so u can round up
 * to 1; then it becomes the largest float below 1. llama.cpp's XTC draws this. */
float mt19937_next_float(Mt19937 *mt);

/* A uniform double in [0, 1) from TWO outputs, a then b, as std::uniform_real_distribution<double>(0, 1) and
 * std::discrete_distribution draw it in libstdc++ (generate_canonical<double, 53>):
 * u = (a + b * 2^32) / 2^64, the sum rounded to double; a u that rounds to 1 becomes the largest double
 * below 1. llama.cpp's dist and mirostats draw this. */
double mt19937_next_double(Mt19937 *mt);

#endif
