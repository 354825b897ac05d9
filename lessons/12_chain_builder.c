/* 12_chain_builder: Example 12, Project 2, a SamplerChain with a builder.
 *
 * Five chains write 59 characters each from the corpus's character bigram model (logit = ln count; an unseen
 * pair is -inf), seed 11, then three chain lines. build() is the lesson's builder as chain_add stages
 * (logit-bias when set, penalties, top-k, top-p, min-p, temp, dist), named and "?"-marked by llama.cpp's
 * rules; llama.cpp's own chain would say temp-ext (Example 11). llama.cpp's dist walks the candidates in the
 * order the stages left (top-k sorts them); the Java walks token ids. So each step runs every stage but dist
 * (chain_apply_traced), puts the survivors back in id order and draws with sample_dist and Random(11).
 * --trace [STEP] also prints what each stage leaves at that step (1 by default); the table is unchanged. */
#include "chain.h"
#include "lesson.h"
#include "rng.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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

/* --trace: after each stage, the characters left with their logit and p (a softmax over what is left). */
static void print_stage(void *alphabet, const Stage *stage, const Candidates *c)
{
    TokenData copy[MAX_ALPHABET];
    Candidates left = {copy, c->size, -1, false};
    memcpy(copy, c->data, c->size * sizeof *copy);
    candidates_softmax(&left, true);        /* best-effort view: an all -inf array just prints nothing */
    printf("  %-11s", stage_name(stage));
    for (size_t i = 0; i < left.size && left.data[i].p > 0; i++)
        printf(" '%c' %.2f %.3f", ((const char *)alphabet)[left.data[i].id], left.data[i].logit, left.data[i].p);
    printf("\n");
}

/* One chain's text: STEPS characters after "t", each drawn as the Java draws. Returns the candidates left
 * per step, summed; prints the stages of step `trace` (1-based; 0 for none). */
static long generate(Chain *ch, const char *alphabet, double counts[][MAX_ALPHABET], char *text, int trace)
{
    size_t n = strlen(alphabet);
    Rng rng;
    rng_seed(&rng, seed);
    int32_t last = (int32_t)(strchr(alphabet, 't') - alphabet);
    text[0] = alphabet[last];
    lesson_check(program, chain_accept(ch, last));
    long kept = 0;
    for (int step = 0; step < STEPS; step++) {
        double logits[MAX_ALPHABET];
        TokenData buf[MAX_ALPHABET];
        Candidates c;
        for (size_t j = 0; j < n; j++)
            logits[j] = log(counts[last][j]);       /* log 0 = -inf: never chosen */
        lesson_check(program, candidates_init(&c, buf, logits, n));
        bool show = step + 1 == trace;
        lesson_check(program, chain_apply_traced(ch, &c, ch->n_stages - 1, show ? print_stage : NULL,
                                                 (void *)alphabet));       /* every stage but dist */
        kept += (long)candidates_count_finite(&c);
        lesson_check(program, candidates_sort_by_id(&c));
        lesson_check(program, sample_dist(&c, rng_next_double(&rng)));
        last = c.data[c.selected].id;
        lesson_check(program, chain_accept(ch, last));
        text[step + 1] = alphabet[last];
    }
    text[STEPS + 1] = '\0';
    return kept;
}

/* --trace [STEP]: STEP in 1..59, 1 by default. Returns 0 for no trace, -1 for a bad command line. */
static int trace_step(int argc, char *argv[])
{
    if (argc == 1)
        return 0;
    if (strcmp(argv[1], "--trace") != 0 || argc > 3)
        return -1;
    if (argc == 2)
        return 1;
    char *end;
    long step = strtol(argv[2], &end, 10);
    return end != argv[2] && *end == '\0' && step >= 1 && step <= STEPS ? (int)step : -1;
}

int main(int argc, char *argv[])
{
    int trace = trace_step(argc, argv);
    if (trace < 0) {
        fprintf(stderr, "usage: %s [--trace [STEP]]  (STEP from 1 to %d)\n", program, STEPS);
        return 2;
    }
    char alphabet[MAX_ALPHABET + 1] = "";      /* the corpus's distinct characters, sorted */
    for (int ch = 1; ch < 256; ch++)
        if (strchr(corpus, ch) != NULL && strlen(alphabet) < MAX_ALPHABET)
            alphabet[strlen(alphabet)] = (char)ch;
    static double counts[MAX_ALPHABET][MAX_ALPHABET];  /* the bigram model: counts[previous][next] */
    for (size_t i = 0; corpus[i + 1] != '\0'; i++)
        counts[strchr(alphabet, corpus[i]) - alphabet][strchr(alphabet, corpus[i + 1]) - alphabet]++;

    Chain described[2];                         /* the first two chains are described at the end */
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        Chain ch;
        char text[STEPS + 2];
        build(&ch, &chains[c], NULL, 0);
        if (trace)
            printf("%s, step %d: what each stage leaves (character, logit, p)\n", chains[c].name, trace);
        long kept = generate(&ch, alphabet, counts, text, trace);
        printf("%-20s %s  (%.1f candidates per step)\n", chains[c].name, text, kept / (double)STEPS);
        if (c < 2)
            described[c] = ch;
        else
            chain_free(&ch);
    }
    print_describe(&described[0]);
    print_describe(&described[1]);
    Chain biased;
    const Settings repeat_only = {"", 0, 1.0, 0.0, 1.0, 1.1};    /* .penalties(64, 1.1, 0, 0) */
    build(&biased, &repeat_only, &(LogitBias){3, 2.0}, 1);         /* .logitBias(3, 2.0) */
    print_describe(&biased);
    chain_free(&described[0]);
    chain_free(&described[1]);
    chain_free(&biased);
    return 0;
}
