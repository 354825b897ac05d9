/* chain_fast.c: where the chain picks the speed layer (chain_fast.h): the choice of twin per stage, and the
 * sparse top-k shortcut that picks the k best straight from the logits. It reads the chain only through the
 * FastChain that chain.c fills in, and includes no chain.h. */
#include "fast/chain_fast.h"

#include "fast/fast.h"
#include "grow.h"

#include <math.h>
#include <stdlib.h>

/* Whether the chain uses the speed layer on an array of `size` candidates: a large array, or a long window
 * for the penalties and DRY. */
static bool wants_fast(const FastChain *fc, size_t size)
{
    return size > FAST_MIN_SIZE || fc->window > FAST_MIN_WINDOW;
}

/* Makes the chain's scratch hold at least len entries; false when it cannot grow (it is then unchanged). It
 * grows with the history and stops once the window is full, so steady sampling reuses it. */
static bool reserve_scratch(const FastChain *fc, size_t len)
{
    void *buf = *fc->scratch;
    bool ok = grow(&buf, fc->scratch_len, len, sizeof **fc->scratch);
    *fc->scratch = buf;
    return ok;
}

/* The penalties and DRY in the chain's scratch, on any array; built says that c was just built from logits
 * with no NaN (id order), which spares the penalties their check. */
static SamplingStatus penalties_fast(const FastChain *fc, Candidates *c, bool built)
{
    size_t len = fast_penalties_scratch_len(fc->n_history, fc->penalties.penalty_last_n);
    if (!reserve_scratch(fc, len))
        return SAMPLING_ERR_NOMEM;
    return fast_apply_penalties(c, fc->history, fc->n_history, &fc->penalties, *fc->scratch, len, built);
}

static SamplingStatus dry_fast(const FastChain *fc, Candidates *c)
{
    size_t len = fast_dry_scratch_len(fc->n_history, fc->dry.dry_penalty_last_n);
    if (!reserve_scratch(fc, len))
        return SAMPLING_ERR_NOMEM;
    return fast_apply_dry(c, fc->history, fc->n_history, &fc->dry, *fc->scratch, len);
}

static SamplingStatus typical_fast(const FastChain *fc, Candidates *c)
{
    void *buf = *fc->typical_buf;
    bool ok = grow(&buf, fc->typical_len, c->size, sizeof **fc->typical_buf);
    *fc->typical_buf = buf;
    if (!ok)
        return SAMPLING_ERR_NOMEM;
    return fast_apply_typical(c, fc->typ_p, fc->min_keep, *fc->typical_buf, c->size);
}

/* Stage i, replaced by its speed-layer twin when it has one and wants_fast: the same result bit for bit
 * (fast.h). Every other stage runs by the chain's plain rule. built says that c was just built from logits with
 * no NaN (id order), which spares the penalties their check. */
static SamplingStatus apply_stage_fast(const FastChain *fc, size_t i, Candidates *c, bool built)
{
    if (i >= fc->n_stages || fc->stages[i].empty || c == NULL || !wants_fast(fc, c->size))
        return fc->plain_stage(fc->chain, i, c);
    switch (fc->stages[i].kind) {
    case FAST_STAGE_PENALTIES:  return penalties_fast(fc, c, built);
    case FAST_STAGE_DRY:        return dry_fast(fc, c);
    case FAST_STAGE_TYPICAL:    return typical_fast(fc, c);
    case FAST_STAGE_TOP_K:      return fast_apply_top_k(c, fc->top_k);
    case FAST_STAGE_TOP_P:      return fast_apply_top_p(c, fc->top_p, fc->min_keep);
    case FAST_STAGE_XTC:
        return fast_apply_xtc(c, fc->xtc_probability, fc->xtc_threshold, fc->min_keep, fc->xtc_coin(fc->chain, c));
    case FAST_STAGE_TEMP_EXT:   return fast_apply_temp_ext(c, fc->temp, fc->dynatemp_range, fc->dynatemp_exponent);
    case FAST_STAGE_MIROSTAT:
        return fast_sample_mirostat(c, fc->mirostat, fc->mirostat_m, fc->mirostat_n_vocab, fc->mirostat_coin,
                                    fc->mirostat_rng);
    case FAST_STAGE_MIROSTAT_V2:
        return fast_sample_mirostat_v2(c, fc->mirostat, fc->mirostat_coin, fc->mirostat_rng);
    default:                    return fc->plain_stage(fc->chain, i, c);   /* already linear, or no twin */
    }
}

/* ===== The sparse top-k shortcut ===== */

/* The index of the first stage from `from` on that does something, or n_stages when there is none. */
static size_t next_acting_stage(const FastChain *fc, size_t from)
{
    size_t i = from;
    while (i < fc->n_stages && fc->stages[i].empty)
        i++;
    return i;
}

static bool stage_is(const FastChain *fc, size_t i, FastStageKind kind)
{
    return i < fc->n_stages && fc->stages[i].kind == kind;
}

/* The stages that change only a known few tokens of the array: logit-bias (its ids and the end-of-generation
 * bans), penalties and DRY (the tokens of their windows; DRY penalizes only tokens that followed a repeat). */
static bool stage_is_sparse(FastStageKind kind)
{
    return kind == FAST_STAGE_LOGIT_BIAS || kind == FAST_STAGE_PENALTIES || kind == FAST_STAGE_DRY;
}

/* The index of the top-k stage when every stage that acts from `first` up to it changes only a few tokens
 * (stage_is_sparse), or n_stages when there is no such top-k. */
static size_t top_k_after_sparse(const FastChain *fc, size_t first)
{
    size_t i = first;
    while (i < fc->n_stages && stage_is_sparse(fc->stages[i].kind))
        i = next_acting_stage(fc, i + 1);
    return stage_is(fc, i, FAST_STAGE_TOP_K) ? i : fc->n_stages;
}

/* How many of the newest of n_history tokens a window of last_n tokens holds (none for last_n <= 0). */
static size_t newest(size_t n_history, int32_t last_n)
{
    return last_n <= 0 ? 0 : n_history < (size_t)last_n ? n_history : (size_t)last_n;
}

static int by_token_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* Sorts d (n,) by id: an insertion sort for a short window's tokens and a few ids (cheaper than qsort's calls),
 * qsort for more. */
static void sort_by_id(TokenData *d, size_t n)
{
    if (n > 128) {
        qsort(d, n, sizeof *d, by_token_id);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        TokenData t = d[i];
        size_t j = i;
        for (; j > 0 && d[j - 1].id > t.id; j--)
            d[j] = d[j - 1];
        d[j] = t;
    }
}

/* Builds in the chain's touched buffer, as candidates sorted by id with no id twice, every token that the acting
 * stages in [first, last) may change, with its logit from logits (n_vocab,). False when they are too many for
 * the shortcut to pay (more than an eighth of the vocabulary) or the buffer cannot grow. */
static bool collect_touched(const FastChain *fc, const double *logits, size_t first, size_t last,
                            Candidates *touched)
{
    size_t pen = newest(fc->n_history, fc->penalties.penalty_last_n);
    size_t dry = newest(fc->n_history, fc->dry.dry_penalty_last_n);
    size_t max = 0;
    for (size_t i = first; i < last; i = next_acting_stage(fc, i + 1))
        max += fc->stages[i].kind == FAST_STAGE_LOGIT_BIAS
                   ? fc->n_logit_bias + (fc->ignore_eos ? fc->n_eog_tokens : 0)
             : fc->stages[i].kind == FAST_STAGE_PENALTIES ? pen : dry;
    if (max > fc->n_vocab / 8)
        return false;
    void *buf = *fc->touched;
    bool ok = grow(&buf, fc->touched_len, max, sizeof **fc->touched);
    *fc->touched = buf;
    if (!ok)
        return false;
    TokenData *t = *fc->touched;
    size_t n = 0;
    for (size_t i = first; i < last; i = next_acting_stage(fc, i + 1)) {
        FastStageKind kind = fc->stages[i].kind;
        size_t w = kind == FAST_STAGE_PENALTIES ? pen : dry;
        for (size_t j = 0; kind == FAST_STAGE_LOGIT_BIAS && j < fc->n_logit_bias; j++)
            t[n++].id = fc->logit_bias[j].token;
        for (size_t j = 0; kind == FAST_STAGE_LOGIT_BIAS && fc->ignore_eos && j < fc->n_eog_tokens; j++)
            t[n++].id = fc->eog_tokens[j];
        for (size_t j = fc->n_history - w; kind != FAST_STAGE_LOGIT_BIAS && j < fc->n_history; j++)
            t[n++].id = fc->history[j];
    }
    sort_by_id(t, n);
    size_t unique = 0;
    for (size_t j = 0; j < n; j++) {
        int32_t id = t[j].id;
        if (id >= 0 && (size_t)id < fc->n_vocab && (unique == 0 || t[unique - 1].id != id))
            t[unique++] = (TokenData){.id = id, .logit = logits[id], .p = 0.0};
    }
    *touched = (Candidates){.data = t, .size = unique, .selected = -1, .sorted = false};
    return true;
}

/* Runs the acting stages [first, last), each of which changes only a few tokens, on touched (collect_touched):
 * the logits those tokens would have after them on the whole array. Logit-bias adds every entry for a token, as
 * on an array in id order; penalties and DRY look their tokens up. */
static SamplingStatus apply_sparse_stages(const FastChain *fc, size_t first, size_t last, Candidates *touched)
{
    SamplingStatus st = SAMPLING_OK;
    for (size_t i = first; st == SAMPLING_OK && i < last; i = next_acting_stage(fc, i + 1)) {
        switch (fc->stages[i].kind) {
        case FAST_STAGE_LOGIT_BIAS:
            st = fast_apply_logit_bias_by_id(touched, fc->logit_bias, fc->n_logit_bias);
            for (size_t j = 0; st == SAMPLING_OK && fc->ignore_eos && j < fc->n_eog_tokens; j++)
                st = fast_apply_logit_bias_by_id(touched, &(LogitBias){fc->eog_tokens[j], -INFINITY}, 1);
            break;
        case FAST_STAGE_PENALTIES:  st = penalties_fast(fc, touched, false); break;
        default:                    st = dry_fast(fc, touched); break;
        }
    }
    return st;
}

/* ===== The one entry ===== */

SamplingStatus fast_chain_apply_logits(const FastChain *fc, const double *logits, Candidates *c)
{
    size_t n_vocab = fc->n_vocab;
    bool fast = wants_fast(fc, n_vocab);
    /* Empty stages do nothing to a built array, so the first stages that act can run as the array is built.
     * When top-k acts after stages that change only a few tokens (or none), it picks its k best straight from
     * the logits, with those tokens' new logits worked out on them alone. When penalties act first otherwise,
     * they need not check the array they were just given, and a top-p right after them gets the range of the
     * logits (moved by the penalized tokens) without a pass of its own. The stages after that run one by one. */
    size_t first = next_acting_stage(fc, 0), top_k = fast ? top_k_after_sparse(fc, first) : fc->n_stages;
    SamplingStatus st;
    double max, min;
    Candidates touched;
    if (top_k < fc->n_stages && fc->top_k <= FAST_TOP_K_MAX && collect_touched(fc, logits, first, top_k, &touched)) {
        st = apply_sparse_stages(fc, first, top_k, &touched);
        if (st == SAMPLING_OK)
            st = fast_candidates_init_top_k_over(c, fc->buf, logits, n_vocab, fc->top_k, touched.data,
                                                 touched.size);
        first = top_k + 1;
    } else if (fast && stage_is(fc, first, FAST_STAGE_PENALTIES) && fast_logit_range(logits, n_vocab, &max, &min)) {
        st = candidates_init(c, fc->buf, logits, n_vocab);
        if (st == SAMPLING_OK)
            st = apply_stage_fast(fc, first, c, true);
        first = next_acting_stage(fc, first + 1);
        if (st == SAMPLING_OK && stage_is(fc, first, FAST_STAGE_TOP_P)
            && fast_range_after(logits, c, fc->history, fc->n_history, &max, &min)) {
            st = fast_apply_top_p_known(c, fc->top_p, fc->min_keep, max, min);
            first++;
        }
    } else {
        st = candidates_init(c, fc->buf, logits, n_vocab);
        first = 0;
    }
    /* The stages after that, in order, each as its twin while wants_fast (apply_stage_fast), else plain. */
    for (size_t i = first; st == SAMPLING_OK && i < fc->n_stages; i++)
        st = fast ? apply_stage_fast(fc, i, c, false) : fc->plain_stage(fc->chain, i, c);
    return st;
}
