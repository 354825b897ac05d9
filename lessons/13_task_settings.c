/* 13_task_settings: Example 13, choosing settings by task, on the same prompt.
 *
 * Five presets on the code position of Example 5: for each, the final distribution after llama.cpp's order
 * penalties, top-k, top-p, min-p, temperature (chain_init_from_params with that --samplers list), the
 * probability of the right token "count", how many candidates are left, and eight draws with
 * java.util.Random(4). Where the lesson's Java differs: it takes top-p and min-p from the full-vocabulary
 * probabilities in one pass, while llama.cpp's top-p renormalizes over what top-k left (top-k keeps all 8
 * tokens here, so the tables agree); and it draws by walking token ids in order, so the program puts the
 * survivors back in id order (candidates_sort_by_id) before each draw (sample_dist).
 */
#include "chain.h"
#include "lesson.h"
#include "rng.h"

#include <stdio.h>
#include <string.h>

#define N_VOCAB 8
#define DRAWS 8
enum { COUNT, TOTAL, I, ASSIGN, PLUS, ONE, SEMICOLON, PAREN };

static const char program[] = "13_task_settings";
static const char *const vocab[N_VOCAB] = {"count", "total", "i", "=", "+", "1", ";", "("};
static const double logits[N_VOCAB] = {3.0, 1.0, 0.8, -1.0, 0.0, 0.4, -1.0, 0.5};  /* Example 5's model */
/* count = count + 1 ; count = count + 1 ; count = */
static const int32_t history[] = {COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON,
                                  COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON, COUNT, ASSIGN};
static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                    SAMPLER_TEMPERATURE};
static const int64_t draw_seed = 4;

static const struct {
    const char *task;
    double temp;
    int32_t top_k;
    double top_p, min_p, penalty_repeat;
} presets[] = {
    {"tool call, JSON",  0.0,  0, 1.0,  0.0,  1.0},
    {"code",             0.2,  0, 0.95, 0.05, 1.0},
    {"chat",             0.8, 40, 0.95, 0.05, 1.0},
    {"chat, repeat 1.3", 0.8, 40, 0.95, 0.05, 1.3},
    {"brainstorming",    1.3,  0, 1.0,  0.1,  1.0},
};

int main(void)
{
    for (size_t s = 0; s < sizeof presets / sizeof presets[0]; s++) {
        SamplingParams p = sampling_params_default();
        p.temp = presets[s].temp;
        p.top_k = presets[s].top_k;
        p.top_p = presets[s].top_p;
        p.min_p = presets[s].min_p;
        p.penalty_repeat = presets[s].penalty_repeat;
        p.n_samplers = sizeof order / sizeof order[0];
        for (size_t i = 0; i < p.n_samplers; i++)
            p.samplers[i] = order[i];
        Chain ch;
        lesson_check(program, chain_init_from_params(&ch, &p, N_VOCAB));
        for (size_t i = 0; i < sizeof history / sizeof history[0]; i++)
            lesson_check(program, chain_accept(&ch, history[i]));

        TokenData buf[N_VOCAB];
        Candidates c;
        lesson_check(program, candidates_init(&c, buf, logits, N_VOCAB));
        lesson_check(program, chain_apply_traced(&ch, &c, ch.n_stages - 1, NULL, NULL));  /* all but dist */
        lesson_check(program, candidates_sort_by_id(&c));
        lesson_check(program, candidates_softmax(&c, false));
        ptrdiff_t at = candidates_find(&c, COUNT);
        int left = 0;
        for (size_t i = 0; i < c.size; i++)
            left += c.data[i].p > 0;

        char draws[DRAWS * 8] = "";
        Rng rng;
        rng_seed(&rng, draw_seed);
        for (int d = 0; d < DRAWS; d++) {
            lesson_check(program, sample_dist(&c, rng_next_double(&rng)));
            snprintf(draws + strlen(draws), sizeof draws - strlen(draws), "%s%s", d ? " " : "",
                     vocab[c.data[c.selected].id]);
        }
        printf("%-17s P(count) %.3f  candidates %d  draws: %s\n", presets[s].task, at < 0 ? 0.0 : c.data[at].p,
               left, draws);
        chain_free(&ch);
    }
    return 0;
}
