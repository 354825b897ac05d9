/* test_fast_dry.c: the speed layer's DRY (lib/fast/dry_fast.c) against apply_dry, the plain rule, bit for bit.
 *
 * Each named case builds a history and DRY's parameters, runs both on the same candidates, in four arrays (in id
 * order; sorted by logit; a few ids, one twice and one the history never holds; with infinite logits), and
 * compares status, logits, p and sorted; a failure prints the case's name. Where a case is about one path of
 * the fast code (the search for the newest breaker, the repeats found at the positions that hold the newest
 * token, the map of the longest repeats), the plain rule's own value shows that the case reaches it: a breaker
 * case states the limit by hand, a repeat case the length. Last, fast_candidates_check against
 * candidates_check. */
#include "candidates.h"
#include "check.h"
#include "dry.h"
#include "fast/fast.h"
#include "rng.h"
#include "same.h"
#include "tests.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define VOCAB_MAX 64        /* the candidates of every case: ids 0 .. n_vocab - 1, n_vocab <= VOCAB_MAX */
#define HISTORY_MAX 4096

typedef enum { ARR_ID_ORDER, ARR_SORTED, ARR_FEW_IDS, ARR_INFINITE, ARR_COUNT } ArrayKind;

/* Candidates for ids 0 .. n_vocab - 1 with logits from seed, arranged as kind says, in buf (VOCAB_MAX + 2,). */
static void make_array(Candidates *c, TokenData *buf, size_t n_vocab, ArrayKind kind, int seed)
{
    double logits[VOCAB_MAX];
    Rng r;
    rng_seed(&r, seed);
    for (size_t i = 0; i < n_vocab; i++)
        logits[i] = kind == ARR_INFINITE && i % 5 == 1 ? (i % 2 ? -INFINITY : INFINITY) : 2.0 * rng_next_gaussian(&r);
    candidates_init(c, buf, logits, n_vocab);
    if (kind == ARR_SORTED)
        candidates_sort(c);
    if (kind == ARR_FEW_IDS) {
        size_t n = 0;
        for (size_t i = 0; i < n_vocab; i += 3)
            buf[n++] = buf[i];
        if (n_vocab > 0)
            buf[n++] = buf[0];                                  /* an id twice */
        buf[n++] = (TokenData){(int32_t)n_vocab + 40, 0.5, 0.0}; /* an id no history here holds */
        c->size = n;
    }
}

static int32_t junk_scratch[2 * HISTORY_MAX + 6 * 2 * HISTORY_MAX + 64];

/* How many of the four arrays give fast_apply_dry a different result from apply_dry's. */
static int mismatches(const int32_t *h, size_t n, const DryParams *p, size_t n_vocab, int seed)
{
    static TokenData plain_buf[VOCAB_MAX + 2], fast_buf[VOCAB_MAX + 2];
    size_t need = fast_dry_scratch_len(n, p->dry_penalty_last_n);
    if (need > N_OF(junk_scratch))
        return 1000;
    int bad = 0;
    for (int kind = 0; kind < ARR_COUNT; kind++) {
        Candidates a, b;
        make_array(&a, plain_buf, n_vocab, (ArrayKind)kind, seed);
        make_array(&b, fast_buf, n_vocab, (ArrayKind)kind, seed);
        memset(junk_scratch, 0x5a, sizeof junk_scratch);     /* a map that forgets to clear a slot shows */
        SamplingStatus sa = apply_dry(&a, h, n, p);
        SamplingStatus sb = fast_apply_dry(&b, h, n, p, junk_scratch, need);
        bad += !same_candidates(sa, &a, sb, &b);
    }
    return bad;
}

#define SAME_AS_PLAIN(name, h, n, p, n_vocab) \
    check_true(__FILE__, __LINE__, mismatches((h), (n), (p), (n_vocab), __LINE__) == 0, (name))

/* A history of n tokens repeating `period` tokens (ids 1 .. period, the same multiple of 7 apart as the
 * bench's), every `change`-th token replaced (0: none) by one drawn from r. */
static void repetitive(int32_t *h, size_t n, int32_t period, int change, Rng *r)
{
    for (size_t i = 0; i < n; i++)
        h[i] = change > 0 && rng_next_int(r, change) == 0 ? rng_next_int(r, 40) : 1 + (int32_t)(i % (size_t)period);
}

/* ===== The search for the newest breaker ===== */

static void test_breakers_single(void)
{
    static int32_t h[1000];
    Rng r;
    rng_seed(&r, 1);
    repetitive(h, 1000, 23, 0, &r);
    /* llama.cpp's four default breakers as four single-token breakers. Token 5 stands at period positions 4, so
     * the newest 5 is (999 - 4) % 23 = 6 tokens back: the limit is 6. */
    static const int32_t t_nl[] = {5}, t_colon[] = {50}, t_quote[] = {51}, t_star[] = {52};
    const DryBreaker four[] = {{t_nl, 1}, {t_colon, 1}, {t_quote, 1}, {t_star, 1}};
    DryParams p = {0.8, 1.75, 2, 1000, four, 4};
    CHECK_INT(6, (long long)dry_repeat_limit(h, 1000, &p));
    SAME_AS_PLAIN("four single-token breakers, the newest 6 back", h, 1000, &p, 60);
    /* None of them in the window: the search reads all of it. */
    p.breakers = four + 1;
    p.n_breakers = 3;
    CHECK_INT(1000, (long long)dry_repeat_limit(h, 1000, &p));
    SAME_AS_PLAIN("single-token breakers absent from the window", h, 1000, &p, 60);
    /* The newest token is 11 (999 % 23 = 10): 12 would extend the longest repeat. As a breaker it is exempt. */
    static const int32_t t_next[] = {12};
    const DryBreaker next = {t_next, 1};
    p.breakers = &next;
    p.n_breakers = 1;
    SAME_AS_PLAIN("a single-token breaker that would extend a repeat", h, 1000, &p, 60);
    /* The newest token is a breaker: the limit is 0, below the allowed length, so DRY is off. */
    static const int32_t t_newest[] = {(int32_t)(999 % 23) + 1};
    const DryBreaker newest = {t_newest, 1};
    p.breakers = &newest;
    CHECK_INT(0, (long long)dry_repeat_limit(h, 1000, &p));
    SAME_AS_PLAIN("the newest token a breaker: DRY off", h, 1000, &p, 60);
    p.dry_allowed_length = 0;
    SAME_AS_PLAIN("the newest token a breaker, allowed_length 0: on, every repeat of 0", h, 1000, &p, 60);
}

/* A breaker at distance d from the newest token, for d on both sides of the 64-token blocks the search reads. */
static void test_breakers_at_block_edges(void)
{
    static const size_t distances[] = {0, 1, 2, 62, 63, 64, 65, 66, 127, 128, 129, 191, 192, 299};
    static int32_t h[300];
    static const int32_t t_head[] = {50};
    const DryBreaker head = {t_head, 1};
    const DryParams p = {0.8, 1.75, 1, 300, &head, 1};
    int wrong_limit = 0, bad = 0;
    for (size_t i = 0; i < N_OF(distances); i++) {
        Rng r;
        rng_seed(&r, 2);
        repetitive(h, 300, 7, 0, &r);
        h[299 - distances[i]] = 50;
        wrong_limit += dry_repeat_limit(h, 300, &p) != distances[i];
        bad += mismatches(h, 300, &p, 60, (int)i);
    }
    CHECK_INT(0, wrong_limit);
    check_true(__FILE__, __LINE__, bad == 0, "a breaker 0 to 299 tokens back, across the search's blocks");
}

static void test_breakers_tails(void)
{
    static int32_t h[400];
    Rng r;
    rng_seed(&r, 3);
    repetitive(h, 400, 11, 0, &r);
    /* Period positions hold tokens 1 .. 11; the newest, h[399], is 399 % 11 + 1 = 4. The newest 9 stands 6 back
     * (h[393]); after it come 10 (5 back), 11, 1, 2, 3, 4. */
    static const int32_t t_9_10[] = {9, 10}, t_9_10_11[] = {9, 10, 11}, t_9_4[] = {9, 4};
    DryBreaker pair = {t_9_10, 2};
    DryParams p = {0.8, 1.75, 2, 400, &pair, 1};
    CHECK_INT(5, (long long)dry_repeat_limit(h, 400, &p));     /* 6 back, minus a tail of 1 */
    SAME_AS_PLAIN("a two-token breaker whose tail matches", h, 400, &p, 40);
    const DryBreaker both[] = {{t_9_10, 2}, {t_9_10_11, 3}};
    p.breakers = both;
    p.n_breakers = 2;
    CHECK_INT(4, (long long)dry_repeat_limit(h, 400, &p));     /* the longer matching tail wins */
    SAME_AS_PLAIN("two tails for one head: the longest that matches", h, 400, &p, 40);
    const DryBreaker wrong_tail = {t_9_4, 2};
    p.breakers = &wrong_tail;
    p.n_breakers = 1;
    CHECK_INT(400, (long long)dry_repeat_limit(h, 400, &p));   /* 9 is never followed by 4 */
    SAME_AS_PLAIN("a head whose tail never follows it: no breaker", h, 400, &p, 40);
    /* A tail longer than the distance to the newest token is not looked for there: 9, 10, 11, 1, 2, 3, 4, 5
     * would need one token more than the window holds after the 9 6 back; the 9 17 back matches: 17 - 7. */
    static const int32_t t_long[] = {9, 10, 11, 1, 2, 3, 4, 5};
    const DryBreaker past_newest = {t_long, N_OF(t_long)};
    p.breakers = &past_newest;
    CHECK_INT(10, (long long)dry_repeat_limit(h, 400, &p));
    SAME_AS_PLAIN("a tail reaching past the newest token", h, 400, &p, 40);
    /* A tail of 24 tokens is cut to DRY_MAX_TAIL = 20: tokens past the 21st do not have to match. */
    int32_t t_cut[25];
    for (int i = 0; i < 21; i++)
        t_cut[i] = 1 + (int32_t)((372 + i) % 11);   /* h[372 .. 392] */
    for (int i = 21; i < 25; i++)
        t_cut[i] = 39;                              /* never in the history */
    const DryBreaker cut = {t_cut, 25};
    p.breakers = &cut;
    CHECK_INT(399 - 372 - DRY_MAX_TAIL, (long long)dry_repeat_limit(h, 400, &p));
    SAME_AS_PLAIN("a tail of 24 tokens cut to 20", h, 400, &p, 40);
}

static void test_breakers_many_heads(void)
{
    static int32_t h[700];
    Rng r;
    rng_seed(&r, 4);
    repetitive(h, 700, 29, 0, &r);
    /* Tokens 1 .. 29 over and over: the newest 8 is 25 back. Twelve heads, more than the fast search compares
     * directly, some of them 1,024 apart (they share a bit of its filter) and one negative, none in the window;
     * then the same twelve with 8. */
    static const int32_t heads[] = {100, 1124, 2148, -3, 200, 201, 202, 203, 204, 205, 206, 207, 8};
    DryBreaker br[N_OF(heads)];
    for (size_t i = 0; i < N_OF(heads); i++)
        br[i] = (DryBreaker){&heads[i], 1};
    DryParams p = {0.8, 1.75, 2, 700, br, 12};
    CHECK_INT(700, (long long)dry_repeat_limit(h, 700, &p));
    SAME_AS_PLAIN("twelve heads, none in the window", h, 700, &p, 50);
    p.n_breakers = 13;
    CHECK_INT(25, (long long)dry_repeat_limit(h, 700, &p));
    SAME_AS_PLAIN("thirteen heads, one in the window", h, 700, &p, 50);
    h[690] = 1124;
    h[691] = 2148;
    for (int32_t j = 0; j < 8; j++)
        h[692 + j] = 20 + j;                    /* no head after them */
    CHECK_INT(8, (long long)dry_repeat_limit(h, 700, &p));
    SAME_AS_PLAIN("heads 1,024 apart in the window", h, 700, &p, 50);
    /* Four heads (as many as it compares directly), five and eight, the last of them in the window (205, 206, 207,
     * 8; 204 ...; 201 ...); the same head given twice. */
    repetitive(h, 700, 29, 0, &r);
    static const size_t n_heads[] = {4, 5, 8};
    for (size_t i = 0; i < N_OF(n_heads); i++) {
        p.breakers = br + N_OF(heads) - n_heads[i];
        p.n_breakers = n_heads[i];
        CHECK_INT(25, (long long)dry_repeat_limit(h, 700, &p));
        SAME_AS_PLAIN(i == 0 ? "four heads, the fourth in the window" : i == 1 ? "five heads, the fifth in the window"
                                                                          : "eight heads, the eighth in the window",
                      h, 700, &p, 50);
    }
    const DryBreaker twice[] = {{&heads[12], 1}, {&heads[12], 1}, {&heads[0], 1}};
    p.breakers = twice;
    p.n_breakers = 3;
    SAME_AS_PLAIN("a head given twice", h, 700, &p, 50);
}

/* ===== The repeats ===== */

static void test_window_edges(void)
{
    /* The newest run "1 2 3 4" also stands at the very start of the history, followed by 9 (in between, tokens
     * 20 to 36 only). A window that holds that start sees a repeat of 4 for 9; each token shorter cuts it by one
     * (a run cannot reach past the window's oldest token); from 196 on, 9 follows nothing in the window. */
    static int32_t h[200];
    for (size_t i = 0; i < 200; i++)
        h[i] = 20 + (int32_t)(i * 13 % 17);
    const int32_t start[] = {1, 2, 3, 4, 9};
    memcpy(h, start, sizeof start);
    memcpy(h + 196, start, 4 * sizeof start[0]);
    static const int32_t last_n[] = {200, 199, 198, 197, 196, 195, 201, 1000};
    static const int32_t want[] = {4, 3, 2, 1, 0, 0, 4, 4};
    int wrong = 0, bad = 0;
    for (size_t i = 0; i < N_OF(last_n); i++) {
        DryParams p = {0.8, 1.75, 1, last_n[i], NULL, 0};
        int32_t len = -1;
        dry_repeat_length(h, 200, &p, 9, &len);
        wrong += len != want[i];
        bad += mismatches(h, 200, &p, 45, (int)i);
    }
    CHECK_INT(0, wrong);
    check_true(__FILE__, __LINE__, bad == 0, "a repeat at the window's oldest token, windows 195 to 1,000");
}

static void test_windows(void)
{
    static int32_t h[300];
    Rng r;
    rng_seed(&r, 5);
    repetitive(h, 300, 9, 10, &r);
    static const int32_t last_n[] = {-5, 0, 1, 2, 3, 64, 65, 299, 300, 301, 100000};
    static const int32_t allowed[] = {-2, -1, 0, 1, 2, 3};
    int bad = 0;
    for (size_t i = 0; i < N_OF(last_n); i++)
        for (size_t j = 0; j < N_OF(allowed); j++) {
            DryParams p = {0.8, 1.75, allowed[j], last_n[i], NULL, 0};
            bad += mismatches(h, 300, &p, 45, (int)(i * 10 + j));
        }
    check_true(__FILE__, __LINE__, bad == 0, "windows -5, 0, 1, 2, 3, ..., the whole history and more, "
               "allowed_length -2 to 3");
    /* An empty history; a history of one token. */
    const DryParams negative = {1.0, 1.75, -1, 64, NULL, 0}, plain = {0.8, 1.75, 2, 64, NULL, 0};
    SAME_AS_PLAIN("no history, allowed_length -1", NULL, 0, &negative, 10);
    SAME_AS_PLAIN("no history", NULL, 0, &plain, 10);
    SAME_AS_PLAIN("one token, allowed_length -1", h, 1, &negative, 45);
    const DryParams zero = {1.0, 1.75, 0, 64, NULL, 0};
    SAME_AS_PLAIN("one token, allowed_length 0", h, 1, &zero, 45);
    SAME_AS_PLAIN("two tokens, allowed_length 0", h, 2, &zero, 45);
}

static void test_overlapping(void)
{
    /* One token again and again: every earlier position starts a repeat that overlaps the newest run, and the
     * Z-function's box does all the work. Then periods 2 and 3, and "1 1 2" over and over. */
    static int32_t h[1500];
    DryParams p = {0.8, 1.75, 2, 1500, NULL, 0};
    for (size_t i = 0; i < 1500; i++)
        h[i] = 4;
    int32_t len = 0;
    dry_repeat_length(h, 1500, &p, 4, &len);
    CHECK_INT(1499, len);           /* from 1 back: the whole window but the newest */
    SAME_AS_PLAIN("one token 1,500 times", h, 1500, &p, 8);
    p.dry_allowed_length = 0;
    SAME_AS_PLAIN("one token 1,500 times, allowed_length 0", h, 1500, &p, 8);
    static const int32_t t_four[] = {4};
    const DryBreaker four = {t_four, 1};
    p.breakers = &four;
    p.n_breakers = 1;
    p.dry_allowed_length = -1;
    SAME_AS_PLAIN("one token 1,500 times, itself a breaker, allowed_length -1", h, 1500, &p, 8);
    for (size_t period = 2; period <= 3; period++) {
        for (size_t i = 0; i < 600; i++)
            h[i] = (int32_t)(i % period);
        const DryParams q = {0.8, 1.75, 2, 600, NULL, 0};
        dry_repeat_length(h, 600, &q, (int32_t)(600 % period), &len);
        CHECK_INT(600 - (long long)period, len);
        SAME_AS_PLAIN(period == 2 ? "period 2" : "period 3", h, 600, &q, 8);
    }
    for (size_t i = 0; i < 600; i++)
        h[i] = i % 3 == 2 ? 2 : 1;
    const DryParams q = {0.8, 1.75, 1, 600, NULL, 0};
    SAME_AS_PLAIN("1 1 2, over and over", h, 600, &q, 8);
    const DryParams capped = {0.8, 1.75, 3, 600, &(DryBreaker){(const int32_t[]){2}, 1}, 1};
    SAME_AS_PLAIN("1 1 2, over and over, 2 a breaker", h, 600, &capped, 8);
}

/* The newest token also standing k back, for k on both sides of the 64-token blocks the repeat search reads. */
static void test_repeats_at_block_edges(void)
{
    static const size_t ks[] = {1, 2, 63, 64, 65, 127, 128, 129, 255, 256};
    static int32_t h[400];
    int wrong = 0, bad = 0;
    for (size_t i = 0; i < N_OF(ks); i++) {
        for (size_t j = 0; j < 400; j++)
            h[j] = 10 + (int32_t)(j % 30);      /* token 8 and 9 never occur but here */
        h[398] = 8;
        h[399] = 9;
        h[399 - ks[i]] = 9;
        if (ks[i] > 1)
            h[398 - ks[i]] = 8;
        DryParams p = {0.8, 1.75, 2, 400, NULL, 0};
        int32_t len = 0;
        dry_repeat_length(h, 400, &p, h[400 - ks[i]], &len);
        wrong += ks[i] > 1 && len < 2;          /* "8 9" again, k back, and what followed it */
        bad += mismatches(h, 400, &p, 45, (int)i);
    }
    CHECK_INT(0, wrong);
    check_true(__FILE__, __LINE__, bad == 0, "the newest token again 1 to 256 back, across the search's blocks");
}

static void test_off_and_allowed(void)
{
    static int32_t h[200];
    Rng r;
    rng_seed(&r, 6);
    repetitive(h, 200, 13, 9, &r);
    const DryParams off[] = {
        {0.0, 1.75, 2, 200, NULL, 0},           /* dry_multiplier 0 */
        {1e-50, 1.75, 2, 200, NULL, 0},         /* 0 as a float */
        {0.8, 0.5, 2, 200, NULL, 0},            /* dry_base below 1 */
        {0.8, 0.99999999999, 2, 200, NULL, 0},  /* 1 as a float: on */
        {-0.8, 1.75, 2, 200, NULL, 0},          /* a negative multiplier boosts */
        {0.8, 1.75, 200, 200, NULL, 0},         /* the window no longer than allowed_length */
        {0.8, 1.75, 199, 200, NULL, 0},
        {0.8, 1.75, 1000, 2000, NULL, 0},
        {0.8, 1.0, 2, 200, NULL, 0},            /* base 1: every repeat costs the multiplier */
        {0.8, 1e300, 2, 200, NULL, 0},          /* the exponent's cap */
        {1e308, 10.0, 0, 200, NULL, 0},         /* an infinite penalty: logits saturate at -DBL_MAX */
        {0.8, 1.75, INT32_MIN, 200, NULL, 0},
        {0.8, 1.75, INT32_MAX, INT32_MAX, NULL, 0},
    };
    int bad = 0;
    for (size_t i = 0; i < N_OF(off); i++)
        bad += mismatches(h, 200, &off[i], 40, (int)i);
    check_true(__FILE__, __LINE__, bad == 0, "DRY off, just on, boosting, saturating, allowed_length at the ends");
    /* A NaN logit is reported, as the plain rule does, also with an infinity in the array. */
    TokenData one[3] = {{0, 1.0, 0.0}, {1, INFINITY, 0.0}, {2, NAN, 0.0}};
    Candidates c = {one, 3, -1, false};
    const DryParams p = {0.8, 1.75, 2, 200, NULL, 0};
    CHECK_INT(SAMPLING_ERR_NAN, fast_apply_dry(&c, h, 200, &p, junk_scratch, fast_dry_scratch_len(200, 200)));
}

/* ===== Random cases ===== */

/* Short histories over two to four tokens: the newest token again right before it, repeats that overlap, a
 * breaker in every few tokens. */
static void test_random_short(void)
{
    static const int32_t t_zero[] = {0}, t_one_two[] = {1, 2};
    const DryBreaker breakers[] = {{t_zero, 1}, {t_one_two, 2}};
    const int32_t two_fives[] = {3, 5, 5};
    const DryParams p1 = {0.8, 1.75, 1, 64, NULL, 0};
    int32_t len = 0;
    dry_repeat_length(two_fives, 3, &p1, 5, &len);
    CHECK_INT(1, len);                          /* 5 after "5": a repeat of 1, from 1 back */
    SAME_AS_PLAIN("the two newest tokens equal", two_fives, 3, &p1, 8);
    Rng r;
    rng_seed(&r, 31);
    int bad = 0;
    for (int trial = 0; trial < 1000; trial++) {
        int32_t h[80];
        size_t n = (size_t)rng_next_int(&r, 80);
        int alphabet = 2 + rng_next_int(&r, 3);
        for (size_t i = 0; i < n; i++)
            h[i] = rng_next_int(&r, alphabet);
        DryParams p = {0.8, 1.75, rng_next_int(&r, 5) - 1, rng_next_int(&r, 90) - 2, breakers,
                       (size_t)rng_next_int(&r, 3)};
        bad += mismatches(h, n, &p, 6, trial);
    }
    check_true(__FILE__, __LINE__, bad == 0, "1,000 short random histories over 2 to 4 tokens");
}

static void test_random(void)
{
    static int32_t h[HISTORY_MAX];
    static int32_t breaker_tokens[10][5];
    Rng r;
    rng_seed(&r, 29);
    int bad = 0, penalized = 0;
    for (int trial = 0; trial < 300; trial++) {
        size_t n = (size_t)rng_next_int(&r, trial % 10 == 0 ? 3000 : 400);
        int alphabet = 2 + rng_next_int(&r, 30);
        int32_t period = 1 + rng_next_int(&r, 40);
        for (size_t i = 0; i < n; i++)
            h[i] = rng_next_int(&r, 4) == 0 ? rng_next_int(&r, alphabet) : (int32_t)(i % (size_t)period) * 3 % 37;
        size_t n_breakers = (size_t)rng_next_int(&r, 11);
        DryBreaker breakers[10];
        for (size_t b = 0; b < n_breakers; b++) {
            for (int t = 0; t < 5; t++)
                breaker_tokens[b][t] = rng_next_int(&r, 40);
            breakers[b] = (DryBreaker){breaker_tokens[b], 1 + (size_t)rng_next_int(&r, trial % 2 ? 5 : 2)};
        }
        DryParams p = {rng_next_int(&r, 5) == 0 ? -0.5 : 0.8, 1.0 + rng_next_double(&r), rng_next_int(&r, 9) - 3,
                       rng_next_int(&r, (int32_t)n + 40) - 10, breakers, n_breakers};
        bad += mismatches(h, n, &p, 45, trial);
        double pen = 0.0;
        for (int32_t t = 0; t < 45 && pen == 0.0; t++)
            dry_token_penalty(h, n, &p, t, &pen);
        penalized += pen != 0.0;
    }
    check_true(__FILE__, __LINE__, bad == 0, "300 random histories, breakers and parameters");
    CHECK(penalized > 150);     /* most trials penalize something: the comparison is not of two untouched arrays */
}

/* ===== The check for a NaN ===== */

static void test_candidates_check(void)
{
    static TokenData d[40];
    int bad = 0;
    for (size_t n = 0; n < 12; n++)
        for (size_t at = 0; at <= n; at++)
            for (int what = 0; what < 5; what++) {
                for (size_t i = 0; i < n; i++)
                    d[i] = (TokenData){(int32_t)i, (double)i - 3.5, 0.0};
                static const double put[] = {NAN, INFINITY, -INFINITY, -0.0, DBL_MAX};
                if (at < n)
                    d[at].logit = put[what];
                if (what == 1 && n > 2)
                    d[(at + 1) % n].logit = NAN;   /* an infinity and a NaN */
                Candidates c = {d, n, -1, false};
                bad += fast_candidates_check(&c) != candidates_check(&c);
            }
    CHECK_INT(0, bad);
    d[0].logit = NAN;
    CHECK_INT(SAMPLING_ERR_NAN, fast_candidates_check(&(Candidates){d, 1, -1, false}));
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_check(NULL));
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_check(&(Candidates){NULL, 3, -1, false}));
    CHECK_INT(SAMPLING_OK, fast_candidates_check(&(Candidates){NULL, 0, -1, false}));
}

void test_fast_dry(void)
{
    test_breakers_single();
    test_breakers_at_block_edges();
    test_breakers_tails();
    test_breakers_many_heads();
    test_window_edges();
    test_windows();
    test_overlapping();
    test_repeats_at_block_edges();
    test_off_and_allowed();
    test_random_short();
    test_random();
    test_candidates_check();
}
