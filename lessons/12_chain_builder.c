/* 12_chain_builder: Example 12, Project 2, a SamplerChain with a builder.
 *
 * Five chains write 59 characters each from the corpus's character bigram model (logit = ln count; an unseen
 * pair is -inf), seed 11, then three chain lines. build() is the lesson's builder as chain_add stages
 * (logit-bias when set, penalties, top-k, top-p, min-p, temp, dist), named and "?"-marked by llama.cpp's
 * rules; llama.cpp's own chain would say temp-ext (Example 11). llama.cpp's dist walks the candidates in the
 * order the stages left (top-k sorts them); the Java walks token ids. So each step runs every stage but dist,
 * found by type (chain_apply_except_pick), puts the survivors back in id order and draws with sample_dist and
 * Random(11). --trace [STEP] also prints what each stage leaves at that step (1 by default; --help says more);
 * the table is unchanged. */
#include "chain.h"
#include "lesson.h"
#include "rng.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ALPHABET 95     /* a character is a printable ASCII byte, ' ' to '~' */
#define STEPS 59

/* Printable ASCII (' ' to '~'), ending with a character that occurs earlier too, so every character has a
 * next one in the bigram model. */
static const char corpus[] = "the cat sat on the mat. the dog sat on the log. the cat saw the dog. "
                             "the dog saw the cat. a cat and a dog sat on a mat.";
static const char start = 't';                 /* the text starts with this character of the corpus */
static const int64_t seed = 11;               /* java.util.Random(seed): a Java long, any value */
static const int32_t window = 64;              /* the builder's penalty window: its lastN, .penalties(64, ...) */
/* The builder's fixed stage order (logit-bias goes first when a bias is set): any order of the lesson
 * builder's stages penalties, top-k, top-p, min-p, temp and its draw, dist (check_order). */
static const StageType order[] = {STAGE_PENALTIES, STAGE_TOP_K, STAGE_TOP_P, STAGE_MIN_P, STAGE_TEMP, STAGE_DIST};

/* What the lesson's builder calls set; everything else keeps the builder's neutral default. A {name} in the
 * label prints that setting's value (lesson_print_label); a label that names settings in words is checked
 * against them (check_label). */
typedef struct {
    const char *label;
    int32_t top_k;
    double top_p, min_p, temp, penalty_repeat;
} Settings;

static const Settings chains[] = {
    {"llama.cpp defaults",      40, 0.95, 0.05, 0.8, 1.0},
    {"exact (T={temp})",         0, 1.0,  0.0,  0.0, 1.0},
    {"low T",                    0, 0.95, 0.0,  0.2, 1.0},
    {"repeat {penalty_repeat}", 40, 0.95, 0.05, 0.8, 1.1},
    {"min-p {min_p}, T={temp}",  0, 1.0,  0.1,  1.2, 1.0},
};

/* Stops unless the rows are drawn as the chain lines say: order[] holds only the lesson builder's stages,
 * penalties, top-k, top-p, min-p, temp and dist (its draw), in any order; logit-bias is build()'s own. The draw
 * may sit anywhere, or nowhere: each step runs every other stage, found by type, then draws as the Java does. */
static void check_order(void)
{
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        StageType t = order[i];
        Stage stage = {t, false};
        if (t != STAGE_PENALTIES && t != STAGE_TOP_K && t != STAGE_TOP_P && t != STAGE_MIN_P && t != STAGE_TEMP
            && t != STAGE_DIST) {
            fprintf(stderr, "12_chain_builder: order[%zu] is %s, but the lesson's builder runs penalties, top-k, "
                    "top-p, min-p, temp and dist (its draw), in any order: change order[]\n", i, stage_name(&stage));
            exit(1);
        }
    }
}

/* The stage each word of a label names, which order[] must hold (lesson_check_label_stages). */
static const LabelStage named[] = {
    {"top_k", STAGE_TOP_K}, {"top-k", STAGE_TOP_K}, {"top_p", STAGE_TOP_P}, {"top-p", STAGE_TOP_P},
    {"min_p", STAGE_MIN_P}, {"min-p", STAGE_MIN_P}, {"temp", STAGE_TEMP}, {"T=", STAGE_TEMP}, {"low T", STAGE_TEMP},
    {"exact", STAGE_TEMP}, {"repeat", STAGE_PENALTIES}, {"penalt", STAGE_PENALTIES}, {"window", STAGE_PENALTIES},
    {"llama.cpp defaults", STAGE_PENALTIES}, {"llama.cpp defaults", STAGE_TOP_K}, {"llama.cpp defaults", STAGE_TOP_P},
    {"llama.cpp defaults", STAGE_MIN_P}, {"llama.cpp defaults", STAGE_TEMP}};

/* Stops when a label names a setting whose stage order[] leaves out, or when its words say something the
 * settings do not: "llama.cpp defaults" (llama.cpp's top_k, top_p, min_p, temp and penalty_repeat), "exact"
 * (temp <= 0), "low T" (temp above 0 and below llama.cpp's default). */
static void check_label(const Settings *s)
{
    lesson_check_label_stages(s->label, named, sizeof named / sizeof named[0], order, sizeof order / sizeof order[0]);
    SamplingParams d = sampling_params_default();
    const char *lie = NULL;
    if (strstr(s->label, "llama.cpp defaults"))
        lie = s->top_k != d.top_k ? "its top_k is not llama.cpp's default"
            : s->top_p != d.top_p ? "its top_p is not llama.cpp's default"
            : s->min_p != d.min_p ? "its min_p is not llama.cpp's default"
            : s->temp != d.temp ? "its temp is not llama.cpp's default"
            : s->penalty_repeat != d.penalty_repeat ? "its penalty_repeat is not llama.cpp's default" : NULL;
    if (strstr(s->label, "exact") && s->temp > 0)
        lie = "its temp is above 0, so the draw is not exact";
    if (strstr(s->label, "low T") && !(s->temp > 0 && s->temp < d.temp))
        lie = "its temp is not between 0 and llama.cpp's default";
    if (lie != NULL) {
        fprintf(stderr, "12_chain_builder: the chain labelled \"%s\": %s; change the label (a {name} in it prints "
                "that setting) or the settings\n", s->label, lie);
        exit(1);
    }
}

/* The chain's label with its settings (lesson_label): printed when print is true; returns its length. */
static int label(const Settings *s, bool print)
{
    const LabelValue values[] = {{"top_k", s->top_k}, {"top_p", s->top_p}, {"min_p", s->min_p}, {"temp", s->temp},
                                 {"penalty_repeat", s->penalty_repeat}, {"penalty_last_n", window}};
    return lesson_label(s->label, values, sizeof values / sizeof values[0], print);
}

/* The lesson's builder: its defaults (everything off, the window), the settings, then the fixed stage order. */
static void build(Chain *ch, const Settings *s, const LogitBias *bias, size_t n_bias)
{
    SamplingParams p = sampling_params_default();
    p.seed = (uint32_t)seed;    /* the chain's own generators go unused: each row draws with Random(seed) */
    p.top_k = s->top_k;
    p.top_p = s->top_p;
    p.min_p = s->min_p;
    p.temp = s->temp;
    p.penalty_last_n = window;
    p.penalty_repeat = s->penalty_repeat;
    p.n_logit_bias = n_bias;
    for (size_t i = 0; i < n_bias; i++)
        p.logit_bias[i] = bias[i];
    lesson_check_params(&p, s->label);
    lesson_check(chain_init(ch, &p, 0));
    if (n_bias > 0)
        lesson_check(chain_add(ch, STAGE_LOGIT_BIAS));
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        lesson_check(chain_add(ch, order[i]));
}

/* --trace: after each stage, the characters left with their logit and p (a softmax over what is left). */
static void print_stage(const char *alphabet, const Stage *stage, const Candidates *c)
{
    TokenData copy[MAX_ALPHABET];
    Candidates left = {copy, c->size, -1, false};
    memcpy(copy, c->data, c->size * sizeof *copy);
    candidates_softmax(&left, true);        /* best-effort view: an all -inf array just prints nothing */
    printf("  %-11s", stage_name(stage));
    for (size_t i = 0; i < left.size && left.data[i].p > 0; i++)
        printf(" '%c' %.2f %.3f", alphabet[left.data[i].id], left.data[i].logit, left.data[i].p);
    printf("\n");
}

/* What a step's stages see: the candidates before the stage that runs next, to compare with what it leaves. */
typedef struct {
    const char *alphabet, *label;
    int step;                               /* 1-based */
    bool show;                              /* --trace this step */
    TokenData before[MAX_ALPHABET];
    size_t n_before;
} StepView;

/* Called after each stage. Stops where llama.cpp's top-k and the lesson's part: llama.cpp keeps exactly k
 * (here the lower ids among tied logits), the Java keeps every token tied with the k-th. */
static void after_stage(void *user, const Stage *stage, const Candidates *c)
{
    StepView *v = user;
    if (stage->type == STAGE_TOP_K && !stage->empty && c->size > 0 && c->size < v->n_before) {
        double kth = c->data[c->size - 1].logit;
        size_t tied = 0, kept = 0;
        for (size_t i = 0; i < v->n_before; i++)
            tied += v->before[i].logit == kth;
        for (size_t i = 0; i < c->size; i++)
            kept += c->data[i].logit == kth;
        if (kth > -INFINITY && tied > kept) {
            fprintf(stderr, "12_chain_builder: the chain labelled \"%s\", step %d: top-k keeps exactly %zu tokens, "
                    "cutting %zu tied at logit %.4g (llama.cpp keeps the first of a tie), while the lesson's Java "
                    "keeps every tied token: the tables would differ; change top_k or the corpus\n", v->label,
                    v->step, c->size, tied - kept, kth);
            exit(1);
        }
    }
    if (v->show)
        print_stage(v->alphabet, stage, c);
    memcpy(v->before, c->data, c->size * sizeof *c->data);
    v->n_before = c->size;
}

/* One chain's text: STEPS characters after the start, each drawn as the Java draws. Returns the candidates
 * left per step, summed; prints the stages of step `trace` (1-based; 0 for none). */
static long generate(Chain *ch, const char *label, const char *alphabet, double counts[][MAX_ALPHABET], char *text,
                     int trace)
{
    size_t n = strlen(alphabet);
    Rng rng;
    rng_seed(&rng, seed);
    int32_t last = (int32_t)(strchr(alphabet, start) - alphabet);
    text[0] = start;
    lesson_check(chain_accept(ch, last));
    long kept = 0;
    for (int step = 0; step < STEPS; step++) {
        double logits[MAX_ALPHABET];
        TokenData buf[MAX_ALPHABET];
        Candidates c;
        for (size_t j = 0; j < n; j++)
            logits[j] = log(counts[last][j]);       /* log 0 = -inf: never chosen */
        lesson_check(candidates_init(&c, buf, logits, n));
        StepView view = {alphabet, label, step + 1, step + 1 == trace, {{0}}, n};
        memcpy(view.before, c.data, n * sizeof *c.data);
        lesson_check(chain_apply_except_pick(ch, &c, after_stage, &view, NULL));
        kept += (long)candidates_count_finite(&c);
        lesson_check(candidates_sort_by_id(&c));
        lesson_check(sample_dist(&c, rng_next_double(&rng)));
        last = c.data[c.selected].id;
        lesson_check(chain_accept(ch, last));
        text[step + 1] = alphabet[last];
    }
    text[STEPS + 1] = '\0';
    return kept;
}

static void print_help(void)
{
    printf("usage: 12_chain_builder [--trace [STEP]]\n"
           "Prints the lesson's Example 12 table: %zu sampler chains write %d characters each, then three\n"
           "chain lines.\n"
           "  --trace [STEP]  also print, before each chain's line, what every stage of that chain leaves at\n"
           "                  step STEP: each character still possible, its logit and its probability among\n"
           "                  the survivors. STEP is the character being written, from 1 to %d; 1 when left\n"
           "                  out. The table itself is unchanged.\n"
           "  -h, --help      print this help and exit\n", sizeof chains / sizeof chains[0], STEPS, STEPS);
}

/* --trace [STEP]: STEP in 1..STEPS, 1 by default. Returns 0 for no trace, -1 for a bad command line, -2 for
 * --help. */
static int trace_step(int argc, char *argv[])
{
    if (argc == 1)
        return 0;
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return -2;
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
    if (trace == -2) {
        print_help();
        return 0;
    }
    if (trace < 0) {
        fprintf(stderr, "usage: 12_chain_builder [--trace [STEP]]  (STEP from 1 to %d; --help explains)\n", STEPS);
        return 2;
    }
    size_t length = strlen(corpus);
    for (size_t i = 0; i < length; i++)
        if (corpus[i] < ' ' || corpus[i] > '~') {     /* a newline would split a row; a UTF-8 byte a letter */
            fprintf(stderr, "12_chain_builder: corpus[%zu] is byte %d, not a printable ASCII character (' ' to '~'), "
                    "which a table row could show\n", i, (unsigned char)corpus[i]);
            return 1;
        }
    if (length < 2) {
        fprintf(stderr, "12_chain_builder: the corpus needs at least two characters to have a bigram\n");
        return 1;
    }
    if (strchr(corpus, corpus[length - 1]) == corpus + length - 1) {
        fprintf(stderr, "12_chain_builder: the corpus's last character '%c' occurs nowhere else, so nothing ever "
                "follows it and a text that reaches it cannot go on: end the corpus with a character it already "
                "has\n", corpus[length - 1]);
        return 1;
    }
    char alphabet[MAX_ALPHABET + 1] = "";      /* the corpus's distinct characters, sorted */
    size_t n = 0;
    for (int ch = ' '; ch <= '~'; ch++)
        if (strchr(corpus, ch) != NULL)
            alphabet[n++] = (char)ch;
    if (start == '\0' || strchr(alphabet, start) == NULL) {
        fprintf(stderr, "12_chain_builder: the start character '%c' does not occur in the corpus\n", start);
        return 1;
    }
    static double counts[MAX_ALPHABET][MAX_ALPHABET];  /* the bigram model: counts[previous][next] */
    for (size_t i = 0; corpus[i + 1] != '\0'; i++)
        counts[strchr(alphabet, corpus[i]) - alphabet][strchr(alphabet, corpus[i + 1]) - alphabet]++;
    /* The third chain line's .logitBias(3, 2.0). That chain is only described, never sampled (as in the Java),
     * so its id need not be one of this corpus's characters; llama.cpp ignores a bias id outside the vocabulary. */
    const LogitBias bias = {3, 2.0};

    Chain described[2];                         /* the first two chains are described at the end */
    int width = 20;     /* the label column: the lesson's 20, or the longest label */
    check_order();
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        check_label(&chains[c]);
        width = label(&chains[c], false) > width ? label(&chains[c], false) : width;
    }
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        Chain ch;
        char text[STEPS + 2];
        build(&ch, &chains[c], NULL, 0);
        if (trace) {
            label(&chains[c], true);
            printf(", step %d: what each stage leaves (character, logit, p)\n", trace);
        }
        long kept = generate(&ch, chains[c].label, alphabet, counts, text, trace);
        printf("%*s %s  (%.1f candidates per step)\n", width - label(&chains[c], true), "", text,
               kept / (double)STEPS);
        if (c < 2)
            described[c] = ch;
        else
            chain_free(&ch);
    }
    lesson_print_describe(&described[0]);
    lesson_print_describe(&described[1]);
    Chain biased;
    const Settings repeat_only = {"", 0, 1.0, 0.0, 1.0, 1.1};    /* .penalties(window, 1.1, 0, 0) */
    build(&biased, &repeat_only, &bias, 1);
    lesson_print_describe(&biased);
    chain_free(&described[0]);
    chain_free(&described[1]);
    chain_free(&biased);
    return 0;
}
