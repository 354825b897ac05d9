/* test_dry.c: DRY's repeat lengths, breakers, penalty and exemptions. The lengths are checked against the
 * lesson's numbers and against a plain O(W^2) scan written here from the rule (the lesson's own method). */
#include "candidates.h"
#include "check.h"
#include "dry.h"
#include "tests.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>


enum { THE, CAT, SAT, ON, MAT, DOG, PERIOD };

/* The rule, scanned directly: the longest run ending at an earlier position `end` (followed by `token`)
 * that equals the run ending at the newest token, within the last w tokens, capped at `limit`. */
static int32_t naive_length(const int32_t *h, size_t n, size_t w, int32_t token, size_t limit)
{
    const int32_t *win = h + (n - w);
    size_t best = 0;
    for (size_t end = 0; end + 1 < w; end++) {
        if (win[end + 1] != token)
            continue;
        size_t len = 0;
        while (len <= end && win[end - len] == win[w - 1 - len])
            len++;
        if (len > limit)
            len = limit;
        if (len > best)
            best = len;
    }
    return (int32_t)best;
}

static void test_lesson_example_9(void)
{
    const int32_t history[] = {THE, CAT, SAT, ON, THE, MAT, PERIOD, THE, CAT, SAT, ON, THE};
    const DryParams dp = {0.8, 1.75, 2, 64, NULL, 0};
    int32_t len;
    CHECK_INT(SAMPLING_OK, dry_repeat_length(history, N_OF(history), &dp, MAT, &len));
    CHECK_INT(5, len);
    dry_repeat_length(history, N_OF(history), &dp, DOG, &len);
    CHECK_INT(0, len);
    dry_repeat_length(history, N_OF(history), &dp, CAT, &len);
    CHECK_INT(1, len);
    CHECK_NEAR(0.8 * 1.75 * 1.75 * 1.75, dry_penalty(&dp, 5), 1e-12);     /* 4.288 */
    CHECK_NEAR(0.0, dry_penalty(&dp, 1), 0);
    CHECK_NEAR(0.8, dry_penalty(&dp, 2), 1e-15);
    CHECK_NEAR(2.45, dry_penalty(&dp, 4), 1e-12);
    CHECK_NEAR(22.9783203125, dry_penalty(&dp, 8), 1e-9);

    /* apply_dry subtracts from mat only (cat's 1 is below the allowed 2). */
    double logits[7] = {0};
    TokenData buf[7];
    Candidates c;
    candidates_init(&c, buf, logits, 7);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, history, N_OF(history), &dp));
    CHECK_NEAR(-4.2875, c.data[MAT].logit, 1e-12);
    CHECK_NEAR(0.0, c.data[CAT].logit, 0);
    CHECK_NEAR(0.0, c.data[DOG].logit, 0);
    CHECK(!c.sorted);

    /* A window of 4 sees "cat sat on the": nothing before it repeats. */
    const DryParams short_window = {0.8, 1.75, 2, 4, NULL, 0};
    dry_repeat_length(history, N_OF(history), &short_window, MAT, &len);
    CHECK_INT(0, len);
}

static void test_against_naive_scan(void)
{
    /* Random histories over a small alphabet (many repeats), every window and token: the Z-algorithm gives
     * the same lengths as the direct scan. */
    srand(11);
    int32_t h[300];
    for (int trial = 0; trial < 40; trial++) {
        size_t n = 1 + (size_t)(rand() % 300);
        int alphabet = 2 + rand() % 4;
        for (size_t i = 0; i < n; i++)
            h[i] = rand() % alphabet;
        int32_t last_n = (int32_t)(1 + rand() % 320);
        size_t w = n < (size_t)last_n ? n : (size_t)last_n;
        const DryParams dp = {1.0, 1.75, 2, last_n, NULL, 0};
        for (int32_t t = 0; t < alphabet; t++) {
            int32_t len;
            dry_repeat_length(h, n, &dp, t, &len);
            CHECK_INT(naive_length(h, n, w, t, w), len);
        }
    }
}

static void test_breakers(void)
{
    int32_t len;
    /* Single-token breaker 9 two steps back: repeats may reach back 2 tokens, not across it. */
    const int32_t across[] = {3, 9, 5, 6, 3, 9, 5, 6};
    const int32_t nine[] = {9};
    const DryBreaker single = {nine, 1};
    const DryParams none = {1.0, 2.0, 2, 64, NULL, 0};
    const DryParams with_single = {1.0, 2.0, 2, 64, &single, 1};
    dry_repeat_length(across, N_OF(across), &none, 3, &len);
    CHECK_INT(4, len);
    dry_repeat_length(across, N_OF(across), &with_single, 3, &len);
    CHECK_INT(2, len);

    /* A single-token breaker head is never penalized itself; a head with a tail can be. */
    const int32_t ends_12[] = {1, 2, 9, 1, 2};
    double zeros[10] = {0};
    TokenData buf[10];
    Candidates c;
    candidates_init(&c, buf, zeros, 10);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, ends_12, 5, &with_single));
    CHECK_NEAR(0.0, c.data[9].logit, 0);
    const int32_t nine_four[] = {9, 4};
    const DryBreaker pair = {nine_four, 2};
    const DryParams with_pair = {1.0, 2.0, 2, 64, &pair, 1};
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, ends_12, 5, &with_pair);     /* 9 is not followed by 4 here: no breaker, 9 extends "1 2" */
    CHECK_NEAR(-1.0, c.data[9].logit, 0);

    /* The pair matches where 9 is followed by 4, three steps back: the limit is 3 minus the tail, 2. So 7
     * extends "9 4 1 2" (4 tokens) without the breaker and only "1 2" with it. */
    const int32_t with_tail[] = {9, 4, 1, 2, 7, 9, 4, 1, 2};
    dry_repeat_length(with_tail, N_OF(with_tail), &none, 7, &len);
    CHECK_INT(4, len);
    dry_repeat_length(with_tail, N_OF(with_tail), &with_pair, 7, &len);
    CHECK_INT(2, len);

    /* A breaker as the newest token leaves no room for a repeat: DRY does nothing this step. Without it,
     * token 1 would extend "1 2 9" (3 tokens): 1 * 2^(3 - 2) = 2. */
    const int32_t ends_in_break[] = {1, 2, 9, 1, 2, 9};
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, ends_in_break, 6, &none);
    CHECK_NEAR(-2.0, c.data[1].logit, 0);
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, ends_in_break, 6, &with_single);
    for (int i = 0; i < 10; i++)
        CHECK_NEAR(0.0, c.data[i].logit, 0);
}

static void test_penalty_rules(void)
{
    /* The exponent cap: int(88.7228391 / ln 3) = 80, so a repeat of 100 costs 3^80, not 3^100. */
    const DryParams base3 = {1.0, 3.0, 0, 64, NULL, 0};
    CHECK_NEAR(pow(3.0, 50), dry_penalty(&base3, 50), pow(3.0, 50) * 1e-15);
    CHECK_NEAR(pow(3.0, 80), dry_penalty(&base3, 100), pow(3.0, 80) * 1e-15);
    const DryParams base1 = {0.5, 1.0, 0, 64, NULL, 0};
    CHECK_NEAR(0.5, dry_penalty(&base1, 1000), 0);
    CHECK(isnan(dry_penalty(NULL, 3)));
    CHECK(isnan(dry_penalty(&base3, -1)));

    /* allowed_length 0 penalizes every token that followed something in the window, by the multiplier
     * times base^length: history 1 2 3 -> token 2 (length 0 after "1") and token 3 (0 after "2"). */
    const int32_t h[] = {1, 2, 3};
    const DryParams zero_allowed = {0.5, 2.0, 0, 64, NULL, 0};
    double zeros[5] = {0};
    TokenData buf[5];
    Candidates c;
    candidates_init(&c, buf, zeros, 5);
    apply_dry(&c, h, 3, &zero_allowed);
    CHECK_NEAR(0.0, c.data[1].logit, 0);
    CHECK_NEAR(-0.5, c.data[2].logit, 0);
    CHECK_NEAR(-0.5, c.data[3].logit, 0);

    /* A penalty beyond the range of a double saturates instead of banning the token. */
    const double low[] = {0.0, 0.0, -DBL_MAX, -DBL_MAX, 0.0};
    candidates_init(&c, buf, low, 5);
    apply_dry(&c, h, 3, &(DryParams){DBL_MAX, 2.0, 0, 64, NULL, 0});
    CHECK_NEAR(-DBL_MAX, c.data[2].logit, 0);

    /* The same on a shuffled array (the search path), and a negative multiplier boosts. */
    TokenData shuffled[3] = {{3, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    Candidates s = {.data = shuffled, .size = 3, .selected = -1};
    apply_dry(&s, h, 3, &(DryParams){-0.5, 2.0, 0, 64, NULL, 0});
    CHECK_NEAR(0.5, s.data[0].logit, 0);
    CHECK_NEAR(0.0, s.data[1].logit, 0);
    CHECK_NEAR(0.5, s.data[2].logit, 0);
}

static void test_dry_off_and_bad_input(void)
{
    const int32_t h[] = {1, 2, 1, 2, 1, 2};
    const DryParams off[] = {{0.0, 1.75, 2, 64, NULL, 0}, {0.8, 0.9, 2, 64, NULL, 0}, {0.8, 1.75, 2, 0, NULL, 0},
                             {0.8, 1.75, 2, -1, NULL, 0}, {0.8, 1.75, 6, 64, NULL, 0}};
    double zeros[3] = {0};
    TokenData buf[3];
    Candidates c;
    for (size_t i = 0; i < N_OF(off); i++) {
        candidates_init(&c, buf, zeros, 3);
        CHECK_INT(SAMPLING_OK, apply_dry(&c, h, 6, &off[i]));
        CHECK_NEAR(0.0, c.data[1].logit, 0);
        CHECK_NEAR(0.0, c.data[2].logit, 0);
    }
    /* Why, one reason each, in that order: h = 1 2 1 2 1 2 (6 tokens); a breaker on the newest token (2) leaves
     * a repeat limit of 0, below the allowed length of 2. */
    const char *const why[] = {"dry_multiplier is 0", "dry_base is below 1", "dry_penalty_last_n is 0 or less",
                               "dry_penalty_last_n is 0 or less", "the window holds no more than dry_allowed_length tokens"};
    for (size_t i = 0; i < N_OF(off); i++)
        CHECK(dry_off_reason(h, 6, &off[i]) != NULL && strcmp(dry_off_reason(h, 6, &off[i]), why[i]) == 0);
    const int32_t two[] = {2};
    const DryBreaker newest = {two, 1};
    const char *breaker = dry_off_reason(h, 6, &(DryParams){0.8, 1.75, 2, 64, &newest, 1});
    CHECK(breaker != NULL && strcmp(breaker, "a sequence breaker lies within the last dry_allowed_length tokens") == 0);
    const DryParams dp = {0.8, 1.75, 2, 64, NULL, 0};
    CHECK(dry_off_reason(h, 6, &dp) == NULL);
    /* Decided on the float llama.cpp holds: a base of 0.9999999999 is the float 1 (on), a multiplier of 1e-50
     * the float 0 (off). */
    CHECK(dry_off_reason(h, 6, &(DryParams){0.8, 0.9999999999, 2, 64, NULL, 0}) == NULL);
    CHECK_NEAR(0.8 * 0.9999999999, dry_penalty(&(DryParams){0.8, 0.9999999999, 2, 64, NULL, 0}, 3), 1e-15);
    const char *tiny = dry_off_reason(h, 6, &(DryParams){1e-50, 1.75, 2, 64, NULL, 0});
    CHECK(tiny != NULL && strcmp(tiny, "dry_multiplier is 0") == 0);
    CHECK(dry_off_reason(h, 6, NULL) == NULL);

    /* The penalty for a repeat of a given length is 0 wherever the parameters alone turn DRY off: a base below
     * 1 and (as llama.cpp builds "?dry") a window of 0 or less; with a multiplier of 0 it is 0 * base^e. */
    CHECK_NEAR(0.0, dry_penalty(&off[2], 5), 0);
    CHECK_NEAR(0.0, dry_penalty(&off[3], 5), 0);
    CHECK_NEAR(0.0, dry_penalty(&off[1], 5), 0);
    CHECK_NEAR(0.8 * 1.75 * 1.75 * 1.75, dry_penalty(&off[4], 9), 1e-12);     /* a long allowed length: 9 - 6 */

    int32_t len;
    CHECK_INT(SAMPLING_ERR_NULL, dry_repeat_length(NULL, 3, &dp, 1, &len));
    CHECK_INT(SAMPLING_ERR_NULL, dry_repeat_length(h, 6, &dp, 1, NULL));
    CHECK_INT(SAMPLING_OK, dry_repeat_length(NULL, 0, &dp, 1, &len));
    CHECK_INT(0, len);
    const DryBreaker empty = {NULL, 0};
    CHECK_INT(SAMPLING_ERR_PARAM, apply_dry(&c, h, 6, &(DryParams){0.8, 1.75, 2, 64, &empty, 1}));
    CHECK_INT(SAMPLING_ERR_NULL, apply_dry(&c, h, 6, &(DryParams){0.8, 1.75, 2, 64, NULL, 1}));
    CHECK_INT(SAMPLING_ERR_PARAM, apply_dry(&c, h, 6, &(DryParams){NAN, 1.75, 2, 64, NULL, 0}));
    /* dry_params_problem names the field: the first, in the order of DryParams. */
    const char *nan_multiplier = dry_params_problem(&(DryParams){NAN, NAN, 2, 64, NULL, 0});
    const char *nan_base = dry_params_problem(&(DryParams){0.8, NAN, -2, 64, NULL, 0});
    CHECK(nan_multiplier != NULL && strncmp(nan_multiplier, "dry_multiplier must not be NaN", 30) == 0);
    CHECK(nan_base != NULL && strncmp(nan_base, "dry_base must not be NaN", 24) == 0);
    const char *bad_breaker = dry_params_problem(&(DryParams){0.8, 1.75, 2, 64, &empty, 1});
    CHECK(bad_breaker != NULL && strncmp(bad_breaker, "breakers has a breaker with no tokens", 37) == 0);
    CHECK(dry_params_problem(&dp) == NULL);
    CHECK(dry_params_problem(&(DryParams){-0.8, 0.5, -7, -1, NULL, 0}) == NULL);    /* off or odd, not refused */
    CHECK_INT(SAMPLING_ERR_NULL, apply_dry(&c, h, 6, NULL));
}

/* A negative allowed length, which llama.cpp's command line takes (any int): by llama.cpp's rule (reference
 * section 4.3) DRY then never returns early (a window W <= allowed, a breaker limit below allowed), and every
 * earlier position counts (its repeat, even of 0 tokens, is >= allowed), so every token that followed an
 * earlier one loses multiplier * base^(length - allowed). Worked out by hand. */
static void test_negative_allowed_length(void)
{
    double zeros[10] = {0};
    TokenData buf[10];
    Candidates c;
    /* History 1 2 1, base 2: token 2 followed the first "1", a repeat of 1 of the newest: 2^(1 + 1) = 4; token 1
     * followed "2", a repeat of 0: 2^(0 + 1) = 2. Allowed -3: 2^4 = 16 and 2^3 = 8. */
    const int32_t h[] = {1, 2, 1};
    candidates_init(&c, buf, zeros, 10);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, h, 3, &(DryParams){1.0, 2.0, -1, 64, NULL, 0}));
    CHECK_NEAR(0.0, c.data[0].logit, 0);
    CHECK_NEAR(-2.0, c.data[1].logit, 0);
    CHECK_NEAR(-4.0, c.data[2].logit, 0);
    CHECK_NEAR(0.0, c.data[3].logit, 0);
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, h, 3, &(DryParams){1.0, 2.0, -3, 64, NULL, 0});
    CHECK_NEAR(-8.0, c.data[1].logit, 0);
    CHECK_NEAR(-16.0, c.data[2].logit, 0);
    const DryParams minus_one = {1.0, 2.0, -1, 64, NULL, 0};
    CHECK_NEAR(2.0, dry_penalty(&minus_one, 0), 0);
    int32_t len;
    CHECK_INT(SAMPLING_OK, dry_repeat_length(h, 3, &minus_one, 2, &len));
    CHECK_INT(1, len);

    /* A breaker as the newest token caps every repeat at 0 but no longer stops DRY (0 is not below -1): each
     * token that followed another loses 2^(0 + 1), except the single-token breaker itself. With allowed 1 the
     * same history gets nothing. */
    const int32_t ends_in_break[] = {1, 2, 1, 9};
    const int32_t nine[] = {9};
    const DryBreaker single = {nine, 1};
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, ends_in_break, 4, &(DryParams){1.0, 2.0, -1, 64, &single, 1});
    CHECK_NEAR(-2.0, c.data[1].logit, 0);
    CHECK_NEAR(-2.0, c.data[2].logit, 0);
    CHECK_NEAR(0.0, c.data[9].logit, 0);
    candidates_init(&c, buf, zeros, 10);
    apply_dry(&c, ends_in_break, 4, &(DryParams){1.0, 2.0, 1, 64, &single, 1});
    CHECK_NEAR(0.0, c.data[1].logit, 0);

    /* No history, or one token: nothing to penalize, but DRY has run, so the array is no longer sorted, as in
     * llama.cpp. A window of 0 is still off, and leaves it sorted. */
    const int32_t one[] = {4};
    const DryParams runs[] = {{1.0, 2.0, -1, 64, NULL, 0}, {1.0, 2.0, -1, 1, NULL, 0}};
    for (size_t i = 0; i < N_OF(runs); i++) {
        candidates_init(&c, buf, zeros, 10);
        candidates_sort(&c);
        CHECK_INT(SAMPLING_OK, apply_dry(&c, i == 0 ? NULL : one, i, &runs[i]));
        CHECK(!c.sorted);
        CHECK_NEAR(0.0, c.data[4].logit, 0);
    }
    candidates_init(&c, buf, zeros, 10);
    candidates_sort(&c);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, h, 3, &(DryParams){1.0, 2.0, -1, 0, NULL, 0}));
    CHECK(c.sorted);
    CHECK_NEAR(0.0, c.data[2].logit, 0);
}

void test_dry(void)
{
    test_lesson_example_9();
    test_against_naive_scan();
    test_breakers();
    test_penalty_rules();
    test_dry_off_and_bad_input();
    test_negative_allowed_length();
}
