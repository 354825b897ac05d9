/* dry_fast.c (speed layer): DRY in time linear in the window, equal to apply_dry.
 *
 * Reading the window backwards from the newest token gives a sequence r (r[0] = newest). An earlier position
 * k steps back starts a repeat of length z[k] when r[k..] and r[0..] share their first z[k] tokens: that is
 * the Z-function of r, as llama.cpp computes it in O(W) by reusing the rightmost match found so far (the
 * "Z-box"). The token that followed the earlier run, r[k - 1], would extend the repeat. The plain rule
 * (lib/dry.c) compares the same tokens one by one; the lengths, and so the penalties, are the same.
 *
 * Where the time is saved (lib/README.md, "How fast", has the measurements):
 * - Only the positions that hold the newest token (r[k] == r[0], the "hits") can start a repeat, so z is
 *   worked out at those alone; the others are found 64 at a time by comparisons the compiler vectorizes. The
 *   Z-box still works among hits: a hit k inside the box [l, r) has r[k - l] == r[k] == r[0], so k - l is a
 *   hit whose z is known. Each z is capped at the breakers' limit, which keeps the box within it.
 * - The search for the newest sequence breaker reads the window 64 tokens at a time in the same way, and only
 *   looks at the breakers where a head occurs; dry_repeat_limit asks every breaker at every position.
 * - The longest repeat per token goes into a map sized by the repeats long enough to count (usually a few),
 *   not by the window, so there is no table of the window's size to clear and read back.
 * - dry_penalty (a pow) is called again only when a penalized token's length differs from the one before. */
#include "fast.h"
#include "token_map.h"

#include <math.h>

#define SCAN_BLOCK 64   /* tokens compared at a time before any of them is looked at one by one */
#define HEADS_MAX 4     /* up to this many distinct breaker heads (llama.cpp has four by default) are compared
                         * directly, a block at a time; more are looked up in a filter, token by token */

_Static_assert(HEADS_MAX == 4, "maybe_head and block_may_hold_head compare four heads");

/* The breakers' heads, for the search for the newest breaker. */
typedef struct {
    int32_t head[HEADS_MAX];    /* the distinct heads, the first repeated to fill the array, when n <= HEADS_MAX */
    size_t n;                   /* how many there are; HEADS_MAX + 1 when there are more */
    uint64_t filter[16];        /* bit (head & 1023) set for every head */
} Heads;

static void heads_init(Heads *h, const DryParams *params)
{
    *h = (Heads){.n = 0};
    for (size_t b = 0; b < params->n_breakers; b++) {
        int32_t head = params->breakers[b].tokens[0];
        h->filter[((uint32_t)head >> 6) & 15] |= UINT64_C(1) << ((uint32_t)head & 63);
        if (h->n > HEADS_MAX)
            continue;           /* too many to compare directly: the filter alone */
        size_t j = 0;
        while (j < h->n && h->head[j] != head)
            j++;
        if (j == h->n && h->n < HEADS_MAX)
            h->head[h->n] = head;
        h->n += j == h->n;      /* a new head; HEADS_MAX + 1 says there are more */
    }
    for (size_t j = h->n; j < HEADS_MAX; j++)
        h->head[j] = h->head[0];
}

/* Whether token may be a head: exactly for up to HEADS_MAX heads; above, the filter's answer (a yes may be
 * wrong, a no never is: tail_at then asks the breakers themselves). */
static bool maybe_head(const Heads *h, int32_t token)
{
    uint32_t t = (uint32_t)token;
    if (((h->filter[(t >> 6) & 15] >> (t & 63)) & 1) == 0)
        return false;
    if (h->n > HEADS_MAX)
        return true;
    return token == h->head[0] || token == h->head[1] || token == h->head[2] || token == h->head[3];
}

/* Whether tokens (SCAN_BLOCK,) may hold a head: false only when none of the direct heads is among them. The
 * compiler compares four tokens at a time (a count, not a flag: no mask to narrow). */
static bool block_may_hold_head(const Heads *h, const int32_t *tokens)
{
    if (h->n > HEADS_MAX)
        return true;
    int32_t h0 = h->head[0], h1 = h->head[1], h2 = h->head[2], h3 = h->head[3];
    int found = 0;
    for (size_t i = 0; i < SCAN_BLOCK; i++)
        found += (tokens[i] == h0) | (tokens[i] == h1) | (tokens[i] == h2) | (tokens[i] == h3);
    return found != 0;
}

/* Of the breakers whose head stands i steps back, the longest tail that matches the tokens after it (at most
 * i of them, cut to DRY_MAX_TAIL), or -1 when none matches: one step of dry_repeat_limit. */
static long tail_at(const DryWindow *win, size_t i, const DryParams *params)
{
    long best_tail = -1;
    for (size_t b = 0; b < params->n_breakers; b++) {
        const DryBreaker *br = &params->breakers[b];
        size_t tail = br->n - 1 < DRY_MAX_TAIL ? br->n - 1 : DRY_MAX_TAIL;
        if (br->tokens[0] != dry_back(win, i) || tail > i || (long)tail <= best_tail)
            continue;
        size_t t = 0;
        while (t < tail && br->tokens[1 + t] == dry_back(win, i - 1 - t))
            t++;
        if (t == tail)
            best_tail = (long)tail;
    }
    return best_tail;
}

/* Equals dry_repeat_limit: the first position, newest first, where a breaker matches, minus its tail. */
static size_t repeat_limit(const DryWindow *win, const DryParams *params)
{
    if (params->n_breakers == 0)
        return win->w;
    Heads heads;
    heads_init(&heads, params);
    for (size_t i = 0; i < win->w;) {
        size_t end = win->w - i >= SCAN_BLOCK ? i + SCAN_BLOCK : win->w;
        /* r[i..end) is tokens[w - end .. w - i) */
        if (end - i == SCAN_BLOCK && !block_may_hold_head(&heads, win->tokens + (win->w - end))) {
            i = end;
            continue;
        }
        for (; i < end; i++) {
            long tail = maybe_head(&heads, dry_back(win, i)) ? tail_at(win, i, params) : -1;
            if (tail >= 0)
                return i - (size_t)tail;
        }
    }
    return win->w;
}

/* dry_off_reason's conditions that need no breaker search, in its order (the last one, a breaker within the
 * last dry_allowed_length tokens, is asked of repeat_limit's result). */
static bool off_before_limit(const DryParams *params, size_t w)
{
    return as_float(params->dry_multiplier) == 0.0f || as_float(params->dry_base) < 1.0f
        || params->dry_penalty_last_n <= 0 || (long long)w <= params->dry_allowed_length;
}

/* Whether tokens (SCAN_BLOCK,) hold x (counted, as block_may_hold_head does). */
static bool block_holds(const int32_t *tokens, int32_t x)
{
    int found = 0;
    for (size_t i = 0; i < SCAN_BLOCK; i++)
        found += tokens[i] == x;
    return found != 0;
}

/* The repeats: for every hit k (r[k] == r[0], 1 <= k < w) z[k] = min(the Z-function at k, limit), with z
 * (w,) set only at hits; the hits whose length reaches max(min_length, 1) are listed in order in list (w,).
 * Returns how many were listed. */
static size_t find_repeats(const DryWindow *win, size_t limit, size_t min_length, int32_t *z, int32_t *list)
{
    size_t w = win->w, m = 0, box_l = 0, box_r = 0;    /* r[box_l..box_r) matches r[0..box_r - box_l) */
    int32_t newest = dry_back(win, 0);
    size_t least = min_length > 0 ? min_length : 1;
    for (size_t k = 1; k < w;) {
        size_t end = w - k >= SCAN_BLOCK ? k + SCAN_BLOCK : w;
        if (end - k == SCAN_BLOCK && !block_holds(win->tokens + (w - end), newest)) {
            k = end;
            continue;
        }
        for (; k < end; k++) {
            if (dry_back(win, k) != newest)
                continue;
            size_t n = 0;
            if (k < box_r)
                n = (size_t)z[k - box_l] < box_r - k ? (size_t)z[k - box_l] : box_r - k;
            while (n < limit && k + n < w && dry_back(win, n) == dry_back(win, k + n))
                n++;
            z[k] = (int32_t)n;      /* n <= w <= INT32_MAX */
            if (k + n > box_r) {
                box_l = k;
                box_r = k + n;
            }
            if (n >= least)
                list[m++] = (int32_t)k;
        }
    }
    return m;
}

size_t fast_dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n)
{
    size_t w = dry_window(n_history, dry_penalty_last_n);
    return w == 0 ? 0 : 2 * w + token_map_len(w);
}

/* dry_penalty, worked out again only when the length changes. */
typedef struct {
    const DryParams *params;
    int32_t length;         /* the last length asked; -1 before the first */
    double penalty;
} PenaltyMemo;

/* A penalized candidate: dry_penalty of its longest repeat, unless it is a single-token breaker. */
static void penalize(TokenData *t, int32_t length, PenaltyMemo *memo)
{
    if (dry_is_breaker_head(memo->params, t->id) || !isfinite(t->logit))
        return;
    if (length != memo->length) {
        memo->length = length;
        memo->penalty = dry_penalty(memo->params, length);
    }
    t->logit = logit_saturate(t->logit - memo->penalty);
}

SamplingStatus fast_apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                              int32_t *scratch, size_t scratch_len)
{
    SamplingStatus st = fast_candidates_check(c);
    if (st == SAMPLING_OK)
        st = dry_check(history, n_history, params);
    if (st != SAMPLING_OK)
        return st;
    DryWindow win = dry_window_of(history, n_history, params->dry_penalty_last_n);
    if (off_before_limit(params, win.w))
        return SAMPLING_OK;
    size_t w = win.w;
    if (w == 0) {
        c->sorted = false;      /* on (a negative allowed length) with nothing to penalize, as apply_dry */
        return SAMPLING_OK;
    }
    size_t limit = repeat_limit(&win, params);
    if ((long long)limit < params->dry_allowed_length)
        return SAMPLING_OK;     /* dry_off: a sequence breaker within the last dry_allowed_length tokens */
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < fast_dry_scratch_len(n_history, params->dry_penalty_last_n))
        return SAMPLING_ERR_PARAM;

    size_t min_length = params->dry_allowed_length > 0 ? (size_t)params->dry_allowed_length : 0;
    int32_t *z = scratch, *list = scratch + w;      /* (w,) each */
    size_t m = find_repeats(&win, limit, min_length, z, list);
    /* With min_length 0 every token that follows a position counts, with a repeat of 0 or more. */
    size_t max_keys = min_length == 0 ? w - 1 : m;
    c->sorted = false;
    if (max_keys == 0)
        return SAMPLING_OK;
    TokenMap longest;                               /* token -> its longest repeat + 1 */
    token_map_init_in(&longest, max_keys, scratch + 2 * w);
    for (size_t k = 1; min_length == 0 && k < w; k++) {
        int32_t *best = token_map_slot(&longest, dry_back(&win, k - 1));
        if (*best < 1)
            *best = 1;
    }
    for (size_t j = 0; j < m; j++) {
        size_t k = (size_t)list[j];
        int32_t *best = token_map_slot(&longest, dry_back(&win, k - 1));
        if (z[k] + 1 > *best)
            *best = z[k] + 1;
    }
    PenaltyMemo memo = {params, -1, 0.0};
    if (candidates_in_id_order(c)) {
        for (size_t slot = 0; slot <= longest.mask; slot++) {
            int32_t token = longest.used[slot] ? longest.keys[slot] : -1;
            if (token >= 0 && (size_t)token < c->size)
                penalize(&c->data[token], longest.values[slot] - 1, &memo);
        }
    } else {
        for (size_t i = 0; i < c->size; i++) {
            const int32_t *best = token_map_find(&longest, c->data[i].id);
            if (best != NULL)
                penalize(&c->data[i], *best - 1, &memo);
        }
    }
    return SAMPLING_OK;
}
