/* 13_task_settings: Example 13, choosing settings by task, on the same prompt.
 *
 * Five presets on the code position of Example 5: for each, the final distribution after llama.cpp's order
 * penalties, top-k, top-p, min-p, temperature (chain_init_from_params with that --samplers list), the
 * probability of the right token, how many candidates are left, and eight draws with java.util.Random(4).
 * Where the lesson's Java differs: it takes top-p and min-p from the whole vocabulary, while llama.cpp's top-p
 * renormalizes over what top-k left (the same here; lesson_preset_notes says where they part, and why); it counts
 * the whole history for the repeat penalty, so penalty_last_n is the history's length; and it draws by walking
 * token ids, so every stage but the draw runs (chain_apply_except_pick), then the survivors go back in id order.
 */
#include "lesson.h"
#include "picture/picture_chains.h"
#include "rng.h"

#include <string.h>

#define DRAWS 8
_Static_assert(DRAWS > 0, "DRAWS must be at least 1: the table prints each preset's draws");

static const char *const vocab[] = {"count", "total", "i", "=", "+", "1", ";", "("};
static const double logits[] = {3.0, 1.0, 0.8, -1.0, 0.0, 0.4, -1.0, 0.5};  /* Example 5's model */
static const char history_text[] = "count = count + 1 ; count = count + 1 ; count =";
static const char right[] = "count";           /* the right token here: the table prints its probability */
static const int64_t draw_seed = 4;
/* llama.cpp's --samplers list for the presets, in the lesson's order: each stage works on what the one before
 * left. (The lesson's Java cuts top-k, top-p and min-p all from the whole vocabulary; a note says where that
 * gives another distribution.) */
static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                    SAMPLER_TEMPERATURE};

/* One preset per task: temp, top_k, top_p, min_p, penalty_repeat. A {name} in the task prints that setting. */
static const LessonSettings presets[] = {
    {"tool call, JSON",               0.0,  0, 1.0,  0.0,  1.0},
    {"code",                          0.2,  0, 0.95, 0.05, 1.0},
    {"chat",                          0.8, 40, 0.95, 0.05, 1.0},
    {"chat, repeat {penalty_repeat}", 0.8, 40, 0.95, 0.05, 1.3},
    {"brainstorming",                 1.3,  0, 1.0,  0.1,  1.0},
};

#define N_VOCAB LESSON_N(vocab)
LESSON_SAME_LENGTH(vocab, logits);

/* The final distribution of preset s with the stages seq (n,), after the history: c holds what every stage
 * but the draw left, in id order, with p renormalized; returns how many candidates have p > 0. pic (a Picture,
 * NULL for none) records what each stage leaves, for the picture (picture_preset_stage). */
static int distribution(const LessonSettings *s, const SamplerType *seq, size_t n, TokenData *buf, Candidates *c,
                        void *pic)
{
    int32_t history[LESSON_MAX_WORDS(history_text)] = {0};      /* {0}: an empty history leaves nothing unset */
    size_t n_history = lesson_split(history_text, vocab, history);
    SamplingParams p = lesson_sampling_params(s, (int32_t)n_history);     /* the Java's window: all of it */
    p.n_samplers = n;
    memcpy(p.samplers, seq, n * sizeof *seq);
    Chain ch;
    lesson_check_params(&p, s, (int32_t)n_history);
    lesson_check(chain_init_from_params(&ch, &p, N_VOCAB));
    for (size_t i = 0; i < n_history; i++)
        lesson_check(chain_accept(&ch, history[i]));
    lesson_candidates(c, buf, logits, vocab);       /* a NaN stops; +inf is noted */
    LessonPresetStep view = lesson_preset_start(s, (int32_t)n_history, c, pic, picture_preset_stage);  /* ties noted */
    lesson_check(chain_apply_except_pick(&ch, c, lesson_preset_seen, &view, NULL));
    lesson_check(candidates_sort_by_id(c));
    lesson_check(candidates_softmax(c, false));
    chain_free(&ch);
    return lesson_count_p(c);
}

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    int32_t history[LESSON_MAX_WORDS(history_text)];
    int32_t window = (int32_t)lesson_split(history_text, vocab, history);  /* what {penalty_last_n} prints */
    int width = lesson_settings_width(presets, LESSON_N(presets), window, 17);     /* the lesson's 17, or more */
    lesson_check_order(order, LESSON_N(order));     /* infill stops: this workbench does not compute it */
    /* Recorded in the loop: the stages' candidates, the rng before the draws, each draw; the table keeps none. */
    Picture pic = picture_start(__FILE__);         /* LESSON_PICTURE: each final distribution and its draws */
    for (size_t s = 0; s < LESSON_N(presets); s++) {
        TokenData buf[N_VOCAB];
        Candidates c;
        int left = distribution(&presets[s], order, LESSON_N(order), buf, &c, &pic);
        lesson_preset_notes(&presets[s], window, order, N_VOCAB, distribution, &c);  /* where it and the Java part */
        ptrdiff_t at = candidates_find(&c, lesson_id(right, vocab));
        lesson_printf("%*s P(%s) %.3f  candidates %d  draws:",
                      width - lesson_settings_label(&presets[s], window, stdout), "", right,
                      at < 0 ? 0.0 : c.data[at].p, left);
        Rng rng = rng_new(draw_seed);
        picture_preset(&pic, &presets[s], window, &c, left, rng);     /* a copy: the picture's 1,000 draws */
        for (int d = 0; d < DRAWS; d++) {
            lesson_check(sample_dist(&c, rng_next_double(&rng)));
            lesson_printf(" %s", vocab[c.data[c.selected].id]);
            picture_id(&pic, c.data[c.selected].id);
        }
        lesson_printf("\n");
    }
    return picture_task_settings(&pic, vocab, logits, N_VOCAB, right);
}
