/* 12_chain_builder: Example 12, Project 2, a SamplerChain with a builder.
 *
 * Five chains generate 59 characters each from the character bigram model of the corpus below (logit = ln
 * count, so an unseen pair is -inf), all with seed 11, and print the text with the average number of
 * candidates left per step; then three chain lines. build() is the lesson's builder: logit-bias (when set),
 * penalties, top-k, top-p, min-p, temp, dist, as chain_add stages, named and "?"-marked by llama.cpp's rules.
 * Where llama.cpp differs: its dist walks the candidates in the order the stages left them (top-k sorts
 * them), while the Java walks token ids in order; so each step runs the stages before dist, puts the
 * survivors back in id order (candidates_sort_by_id) and draws with sample_dist and the lesson's
 * java.util.Random(11). llama.cpp's normal chain would print temp-ext, not temp (see Example 11).
 */
#include "chain.h"
#include "lesson.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_ALPHABET 64
#define STEPS 59

static const char program[] = "12_chain_builder";
static const char corpus[] = "the cat sat on the mat. the dog sat on the log. the cat saw the dog. "
                             "the dog saw the cat. a cat and a dog sat on a mat.";

/* What the lesson's builder calls set; everything else keeps the builder's neutral default. */
typedef struct {
    const char *name;
    int32_t top_k;
    double top_p, min_p, temp, penalty_repeat;
} Settings;

static const Settings chains[] = {
    {"llama.cpp defaults", 40, 0.95, 0.05, 0.8, 1.0},
    {"exact (T=0)",         0, 1.0,  0.0,  0.0, 1.0},
    {"low T",               0, 0.95, 0.0,  0.2, 1.0},
    {"repeat 1.1",         40, 0.95, 0.05, 0.8, 1.1},
    {"min-p 0.1, T=1.2",    0, 1.0,  0.1,  1.2, 1.0},
};
static const uint32_t seed = 11;

/* The lesson's builder: its defaults (everything off, window 64), the settings, then the fixed stage order. */
static void build(Chain *ch, const Settings *s, const LogitBias *bias, size_t n_bias)
{
    SamplingParams p = sampling_params_default();
    p.seed = seed;
    p.top_k = s->top_k;
    p.top_p = s->top_p;
    p.min_p = s->min_p;
    p.temp = s->temp;
    p.penalty_last_n = 64;
    p.penalty_repeat = s->penalty_repeat;
    p.n_logit_bias = n_bias;
    for (size_t i = 0; i < n_bias; i++)
        p.logit_bias[i] = bias[i];
    lesson_check(program, chain_init(ch, &p, 0));
    if (n_bias > 0)
        lesson_check(program, chain_add(ch, STAGE_LOGIT_BIAS));
    static const StageType order[] = {STAGE_PENALTIES, STAGE_TOP_K, STAGE_TOP_P, STAGE_MIN_P, STAGE_TEMP, STAGE_DIST};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        lesson_check(program, chain_add(ch, order[i]));
}

static void print_describe(const Chain *ch)
{
    char line[256];
    chain_describe(ch, line, sizeof line);
    printf("%s\n", line);
}

int main(void)
{
    char alphabet[MAX_ALPHABET + 1] = "";      /* the corpus's distinct characters, sorted */
    for (int ch = 1; ch < 256; ch++)
        if (strchr(corpus, ch) != NULL && strlen(alphabet) < MAX_ALPHABET)
            alphabet[strlen(alphabet)] = (char)ch;
    size_t n = strlen(alphabet);
    static double counts[MAX_ALPHABET][MAX_ALPHABET];
    for (size_t i = 0; corpus[i + 1] != '\0'; i++)
        counts[strchr(alphabet, corpus[i]) - alphabet][strchr(alphabet, corpus[i + 1]) - alphabet]++;

    Chain first_two[2];
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        Chain ch;
        build(&ch, &chains[c], NULL, 0);
        Rng rng;
        rng_seed(&rng, seed);
        int32_t last = (int32_t)(strchr(alphabet, 't') - alphabet);
        char text[STEPS + 2] = {alphabet[last]};
        chain_accept(&ch, last);
        long kept = 0;
        for (int step = 0; step < STEPS; step++) {
            double logits[MAX_ALPHABET];
            TokenData buf[MAX_ALPHABET];
            Candidates cand;
            for (size_t j = 0; j < n; j++)
                logits[j] = log(counts[last][j]);      /* log 0 = -inf: never chosen */
            lesson_check(program, candidates_init(&cand, buf, logits, n));
            for (size_t s = 0; s + 1 < ch.n_stages; s++)    /* every stage but dist */
                lesson_check(program, chain_apply_stage(&ch, s, &cand));
            kept += (long)candidates_count_finite(&cand);
            lesson_check(program, candidates_sort_by_id(&cand));
            lesson_check(program, sample_dist(&cand, rng_next_double(&rng)));
            last = cand.data[cand.selected].id;
            chain_accept(&ch, last);
            text[step + 1] = alphabet[last];
        }
        printf("%-20s %s  (%.1f candidates per step)\n", chains[c].name, text, kept / (double)STEPS);
        if (c < 2)
            first_two[c] = ch;
        else
            chain_free(&ch);
    }
    print_describe(&first_two[0]);
    print_describe(&first_two[1]);
    Chain biased;
    const Settings repeat_only = {"", 0, 1.0, 0.0, 1.0, 1.1};    /* .penalties(64, 1.1, 0, 0) */
    build(&biased, &repeat_only, &(LogitBias){3, 2.0}, 1);         /* .logitBias(3, 2.0) */
    print_describe(&biased);
    chain_free(&first_two[0]);
    chain_free(&first_two[1]);
    chain_free(&biased);
    return 0;
}
