/* 13_task_settings: Example 13, choosing settings by task, on the same prompt.
 *
 * Five presets on the code position of Example 5: for each, the final distribution after llama.cpp's order
 * penalties, top-k, top-p, min-p, temperature (chain_init_from_params with that --samplers list), the
 * probability of the right token "count", how many candidates are left, and eight draws with
 * java.util.Random(4). Where the lesson's Java differs: it takes top-p and min-p from the full-vocabulary
 * probabilities in one pass, while llama.cpp's top-p renormalizes over what top-k left (top-k keeps all 8
 * tokens here, so the tables agree; the program also runs java_order[], whose result is the Java's, and stops
 * where a preset keeps other tokens than that); and it draws by walking token ids in order, so the program runs every
 * stage but the chain's dist (chain_apply_except_pick) and puts the survivors back in id order
 * (candidates_sort_by_id) before each draw (sample_dist). And its repeat penalty counts the whole history
 * (no window), where llama.cpp's looks at the last penalty_last_n tokens (64 by default): the program sets
 * penalty_last_n to the history's length, so a longer history still gives the Java's table.
 */
#include "chain.h"
#include "lesson.h"
#include "rng.h"

#include <stdbool.h>
#include <stdio.h>

#define DRAWS 8
enum { COUNT, TOTAL, I, ASSIGN, PLUS, ONE, SEMICOLON, PAREN, N_TOKENS };

static const char *const vocab[] = {"count", "total", "i", "=", "+", "1", ";", "("};
static const double logits[] = {3.0, 1.0, 0.8, -1.0, 0.0, 0.4, -1.0, 0.5};  /* Example 5's model */
/* count = count + 1 ; count = count + 1 ; count = */
static const int32_t history[] = {COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON,
                                  COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON, COUNT, ASSIGN};
/* llama.cpp's --samplers list: the lesson's stages (penalties, top_k, top_p, min_p, temperature), in any order. */
static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                    SAMPLER_TEMPERATURE};
/* The same stages in an order whose result is the Java's: it takes top-p and min-p from the whole vocabulary,
 * which llama.cpp's top-p and min-p see only when nothing before them has cut or reshaped the distribution. */
static const SamplerType java_order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_P, SAMPLER_MIN_P, SAMPLER_TOP_K,
                                         SAMPLER_TEMPERATURE};
static const int64_t draw_seed = 4;

/* One preset per task; a {name} in the task's label prints that setting's value (lesson_print_label). */
static const struct {
    const char *task;
    double temp;
    int32_t top_k;
    double top_p, min_p, penalty_repeat;
} presets[] = {
    {"tool call, JSON",               0.0,  0, 1.0,  0.0,  1.0},
    {"code",                          0.2,  0, 0.95, 0.05, 1.0},
    {"chat",                          0.8, 40, 0.95, 0.05, 1.0},
    {"chat, repeat {penalty_repeat}", 0.8, 40, 0.95, 0.05, 1.3},
    {"brainstorming",                 1.3,  0, 1.0,  0.1,  1.0},
};

#define N_VOCAB (sizeof vocab / sizeof vocab[0])
#define N_HISTORY (sizeof history / sizeof history[0])
_Static_assert(sizeof logits / sizeof logits[0] == N_VOCAB, "vocab[] and logits[] must have the same length");
_Static_assert(N_VOCAB == N_TOKENS, "vocab[] must name every token of the enum, in its order");

/* The stage each word of a task's label names, which the chain must hold (lesson_check_label_stages). */
static const LabelStage named[] = {{"top_k", STAGE_TOP_K}, {"top_p", STAGE_TOP_P}, {"min_p", STAGE_MIN_P},
                                   {"temp", STAGE_TEMP_EXT}, {"repeat", STAGE_PENALTIES}, {"window", STAGE_PENALTIES}};

/* Preset s's task with its settings (lesson_label): printed when print is true; returns its length. */
static int label(size_t s, bool print)
{
    const LabelValue values[] = {{"temp", presets[s].temp}, {"top_k", presets[s].top_k}, {"top_p", presets[s].top_p},
                                 {"min_p", presets[s].min_p}, {"penalty_repeat", presets[s].penalty_repeat},
                                 {"penalty_last_n", (double)N_HISTORY}};
    return lesson_label(presets[s].task, values, sizeof values / sizeof values[0], print);
}

/* Whether token id is still a candidate of c with a p above 0. */
static bool kept(const Candidates *c, int32_t id)
{
    ptrdiff_t at = candidates_find(c, id);
    return at >= 0 && c->data[at].p > 0;
}

/* The final distribution of preset s with the stages in seq (n,): c holds, after
 * the chain's stages but its draw (chain_apply_except_pick): the survivors, in id order, with p renormalized. */
static void distribution(size_t s, const SamplerType *seq, size_t n, TokenData *buf, Candidates *c)
{
    SamplingParams p = sampling_params_default();
    p.temp = presets[s].temp;
    p.top_k = presets[s].top_k;
    p.top_p = presets[s].top_p;
    p.min_p = presets[s].min_p;
    p.penalty_repeat = presets[s].penalty_repeat;
    p.penalty_last_n = (int32_t)N_HISTORY;      /* the Java's window: the whole history */
    p.n_samplers = n;
    for (size_t i = 0; i < n; i++)
        p.samplers[i] = seq[i];
    Chain ch;
    lesson_check_params(&p, presets[s].task);
    lesson_check(chain_init_from_params(&ch, &p, N_VOCAB));
    for (size_t i = 0; i < N_HISTORY; i++)
        lesson_check(chain_accept(&ch, history[i]));
    lesson_check(candidates_init(c, buf, logits, N_VOCAB));
    lesson_check(chain_apply_except_pick(&ch, c, NULL, NULL, NULL));
    lesson_check(candidates_sort_by_id(c));
    lesson_check(candidates_softmax(c, false));
    chain_free(&ch);
}

int main(void)
{
    lesson_check_ids(history, N_HISTORY, N_VOCAB);
    StageType stages[sizeof order / sizeof order[0]];      /* the stage each entry builds */
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        stages[i] = order[i] == SAMPLER_PENALTIES ? STAGE_PENALTIES : order[i] == SAMPLER_TOP_K ? STAGE_TOP_K
                  : order[i] == SAMPLER_TOP_P ? STAGE_TOP_P : order[i] == SAMPLER_MIN_P ? STAGE_MIN_P
                  : order[i] == SAMPLER_TEMPERATURE ? STAGE_TEMP_EXT : STAGE_DIST;
        if (stages[i] == STAGE_DIST) {
            fprintf(stderr, "13_task_settings: order[%zu] is %s, but the lesson's presets set only penalties, top_k, "
                    "top_p, min_p and temperature: change order[]\n", i, sampler_type_name(order[i]));
            return 1;
        }
    }
    int width = 17;     /* the task column: the lesson's 17, or the longest task */
    for (size_t s = 0; s < sizeof presets / sizeof presets[0]; s++) {
        lesson_check_label_stages(presets[s].task, named, sizeof named / sizeof named[0], stages,
                                  sizeof stages / sizeof stages[0]);
        width = label(s, false) > width ? label(s, false) : width;
        TokenData buf[N_VOCAB], java_buf[N_VOCAB];
        Candidates c, java;
        distribution(s, order, sizeof order / sizeof order[0], buf, &c);
        distribution(s, java_order, sizeof java_order / sizeof java_order[0], java_buf, &java);
        for (int32_t id = 0; id < (int32_t)N_VOCAB; id++) {
            bool here = kept(&c, id), there = kept(&java, id);
            if (here != there) {
                fprintf(stderr, "13_task_settings: the preset \"%s\" %s %s, but the lesson's Java %s it: the Java takes "
                        "top-p and min-p from the whole vocabulary, while llama.cpp's order[] lets top-k (or min-p, "
                        "or temperature) act on it first; change the preset or order[]\n", presets[s].task,
                        here ? "keeps" : "drops", vocab[id], here ? "drops" : "keeps");
                return 1;
            }
        }
    }
    for (size_t s = 0; s < sizeof presets / sizeof presets[0]; s++) {
        TokenData buf[N_VOCAB];
        Candidates c;
        distribution(s, order, sizeof order / sizeof order[0], buf, &c);
        ptrdiff_t at = candidates_find(&c, COUNT);
        int left = 0;
        for (size_t i = 0; i < c.size; i++)
            left += c.data[i].p > 0;

        printf("%*s", width - label(s, true), "");
        printf(" P(%s) %.3f  candidates %d  draws:", vocab[COUNT], at < 0 ? 0.0 : c.data[at].p, left);
        Rng rng;
        rng_seed(&rng, draw_seed);
        for (int d = 0; d < DRAWS; d++) {
            lesson_check(sample_dist(&c, rng_next_double(&rng)));
            printf(" %s", vocab[c.data[c.selected].id]);
        }
        printf("\n");
    }
    return 0;
}
