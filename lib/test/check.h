/* check.h: the few assertions the library's tests use.
 *
 * Each check compares a value computed by the library with one worked out independently (by hand, from a
 * llama.cpp rule, or printed by a JDK) and counts a pass or a failure. A failure prints
 * `file:line: expected X, got Y` and the test goes on, so one run shows every broken value.
 *
 * defines: CHECK, CHECK_INT, CHECK_NEAR, CHECK_BITS, CHECK_IDS (through check_true, check_int, check_near,
 * check_bits, check_ids), check_passed, check_failed, check_summary, CountingCoin, counting_coin.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stddef.h>
#include <stdint.h>

extern int check_passed, check_failed;

void check_true(const char *file, int line, int ok, const char *what);
void check_int(const char *file, int line, long long expected, long long got);
void check_near(const char *file, int line, double expected, double got, double tolerance);
void check_bits(const char *file, int line, double expected, double got);
void check_ids(const char *file, int line, const int32_t *expected, size_t n_expected,
               const int32_t *got, size_t n_got);

/* Prints "N passed, M failed" and returns the process exit status (0 only when nothing failed). */
int check_summary(void);

#define CHECK(cond) check_true(__FILE__, __LINE__, (cond) != 0, #cond)
#define CHECK_INT(expected, got) check_int(__FILE__, __LINE__, (expected), (got))
/* |expected - got| <= tol; equal infinities pass; NaN passes only against NaN. */
#define CHECK_NEAR(expected, got, tol) check_near(__FILE__, __LINE__, (expected), (got), (tol))
/* The same double, bit for bit (used for values printed by the JDK). */
#define CHECK_BITS(expected, got) check_bits(__FILE__, __LINE__, (expected), (got))
/* The same token ids in the same order: CHECK_IDS(((int32_t[]){0, 1}), 2, got, n_got). */
#define CHECK_IDS(expected, n_expected, got, n_got) \
    check_ids(__FILE__, __LINE__, (expected), (n_expected), (got), (n_got))

/* A coin source (sample.h's CoinFn) for the tests of the samplers that ask for a coin only when they draw: it
 * counts its calls and hands out a fixed coin. */
typedef struct {
    int calls;
    double coin;
} CountingCoin;

double counting_coin(void *state);

#endif
