/* check.c: counting and reporting for check.h. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int check_passed, check_failed;

static void fail(const char *file, int line)
{
    check_failed++;
    printf("%s:%d: ", file, line);
}

void check_true(const char *file, int line, int ok, const char *what)
{
    if (ok) {
        check_passed++;
        return;
    }
    fail(file, line);
    printf("expected true: %s\n", what);
}

void check_int(const char *file, int line, long long expected, long long got)
{
    if (expected == got) {
        check_passed++;
        return;
    }
    fail(file, line);
    printf("expected %lld, got %lld\n", expected, got);
}

void check_near(const char *file, int line, double expected, double got, double tolerance)
{
    int ok = isnan(expected) ? isnan(got)
           : isinf(expected) ? got == expected
           : fabs(expected - got) <= tolerance;
    if (ok) {
        check_passed++;
        return;
    }
    fail(file, line);
    printf("expected %.17g (within %g), got %.17g\n", expected, tolerance, got);
}

void check_bits(const char *file, int line, double expected, double got)
{
    if (memcmp(&expected, &got, sizeof expected) == 0) {
        check_passed++;
        return;
    }
    fail(file, line);
    printf("expected %a, got %a\n", expected, got);
}

static void print_ids(const int32_t *ids, size_t n)
{
    printf("{");
    for (size_t i = 0; i < n; i++)
        printf(i ? ", %d" : "%d", (int)ids[i]);
    printf("}");
}

void check_ids(const char *file, int line, const int32_t *expected, size_t n_expected,
               const int32_t *got, size_t n_got)
{
    if (n_expected == n_got && (n_got == 0 || memcmp(expected, got, n_got * sizeof *got) == 0)) {
        check_passed++;
        return;
    }
    fail(file, line);
    printf("expected ");
    print_ids(expected, n_expected);
    printf(", got ");
    print_ids(got, n_got);
    printf("\n");
}

int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

double counting_coin(void *state)
{
    CountingCoin *cc = state;
    cc->calls++;
    return cc->coin;
}
