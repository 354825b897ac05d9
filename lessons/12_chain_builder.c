/* 12_chain_builder: Example 12, Project 2, a SamplerChain with a builder.
 *
 * Five chains write 59 characters each from the corpus's character bigram model (logit = ln count; an unseen pair is
 * -inf), seed 11, then three chain lines. The model is built once (lesson_bigram_logits), where the Java takes Math.log
 * of its counts at every step: the same numbers, and a program that compiles faster (to change the model, edit
 * lesson_bigram_logits in lib/lesson/chains.c). build() is the lesson's builder: the stages of order[] with chain_add
 * (logit-bias first when a bias is set), then the draw, dist, each named and "?"-marked by llama.cpp's rules
 * (llama.cpp's own chain would say temp-ext, Example 11). llama.cpp's dist walks the candidates in the order the stages
 * left (top-k sorts them), while the Java walks token ids: so each step runs every stage but the draw
 * (chain_apply_except_pick), puts the survivors back in id order and draws with sample_dist and Random(11). --trace
 * [STEP] also prints what each stage leaves then (lesson/chains.h); the table stays.
 */
#include "lesson.h"
#include "picture/picture_chains.h"
#include "rng.h"

#define STEPS 59
_Static_assert(STEPS > 0 && STEPS <= 100000, "STEPS must be from 1 to 100000: the table prints the candidates per "
               "step, and each chain's text of STEPS characters");

/* Printable ASCII (' ' to '~'), so that a row shows every character as it is. */
static const char corpus[] = "the cat sat on the mat. the dog sat on the log. the cat saw the dog. "
                             "the dog saw the cat. a cat and a dog sat on a mat.";
static const char start = 't';                 /* the text starts with this character of the corpus */
static const int64_t seed = 11;                /* java.util.Random(seed): any Java long (MIN_VALUE: INT64_MIN) */
static const int32_t window = 64;              /* the builder's penalty window: .penalties(64, ...) */
static const LogitBias bias = {3, 2.0};        /* the third chain line's .logitBias(3, 2.0), only described */
/* The builder's fixed stage order; logit-bias goes first when a bias is set, and the draw, dist, last. */
static const StageType order[] = {STAGE_PENALTIES, STAGE_TOP_K, STAGE_TOP_P, STAGE_MIN_P, STAGE_TEMP};

/* What the lesson's builder calls set (temp, top_k, top_p, min_p, penalty_repeat); everything else keeps the
 * builder's neutral default. A {name} in the label prints that setting's value (lesson_settings_label). */
static const LessonSettings chains[] = {
    {"llama.cpp defaults",      0.8, 40, 0.95, 0.05, 1.0},
    {"exact (T={temp})",        0.0,  0, 1.0,  0.0,  1.0},
    {"low T",                   0.2,  0, 0.95, 0.0,  1.0},
    {"repeat {penalty_repeat}", 0.8, 40, 0.95, 0.05, 1.1},
    {"min-p {min_p}, T={temp}", 1.2,  0, 1.0,  0.1,  1.0},
};

/* The lesson's builder: its settings (everything else off) and window, then the fixed stage order, then dist. */
static void build(Chain *ch, const LessonSettings *s, size_t n_bias)
{
    SamplingParams p = lesson_sampling_params(s, window);
    p.seed = (uint32_t)seed;    /* the chain's own generators go unused: each row draws with Random(seed) */
    p.n_logit_bias = n_bias;
    p.logit_bias[0] = bias;
    lesson_check_params(&p, s, window);
    lesson_check(chain_init(ch, &p, 0));
    if (n_bias > 0)
        lesson_check(chain_add(ch, STAGE_LOGIT_BIAS));
    for (size_t i = 0; i < LESSON_N(order); i++)
        lesson_check(chain_add(ch, order[i]));
    lesson_check(chain_add(ch, STAGE_DIST));
}

/* One chain's text: STEPS characters after the start, each drawn as the Java draws. Returns the candidates
 * left per step, summed. The view (lesson/chains.h) sees every stage of every step: it prints what they leave at
 * --trace's step, notes where top-k cuts through ties, and records the picture. */
static long generate(Chain *ch, const char *alphabet, size_t n, double logits[][95], char *text, LessonView *view)
{
    Rng rng = rng_new(seed);
    int32_t last = lesson_index_of(alphabet, start);
    text[0] = start;
    lesson_check(chain_accept(ch, last));
    long kept = 0;
    for (int step = 1; step <= STEPS; step++) {
        TokenData buf[95];
        Candidates c;
        lesson_check(candidates_init(&c, buf, logits[last], n));     /* the model's row for the last character */
        lesson_view_step(view, step, alphabet[last], &c);      /* stops when nothing follows */
        lesson_check(chain_apply_except_pick(ch, &c, lesson_step_seen, view, NULL));
        kept += (long)lesson_step_left(view, &c);    /* stops when a stage left none */
        lesson_check(candidates_sort_by_id(&c));
        lesson_check(sample_dist(&c, rng_next_double(&rng)));
        last = c.data[c.selected].id;
        lesson_check(chain_accept(ch, last));
        text[step] = alphabet[last];
    }
    text[STEPS + 1] = '\0';
    return kept;
}

int main(int argc, char *argv[])
{
    long trace = lesson_trace_arg(argc, argv, STEPS);   /* --trace [STEP]: what each stage leaves at STEP */
    lesson_check_corpus(corpus, start);                 /* printable ASCII, holding start */
    char alphabet[96];                          /* the corpus's distinct characters, sorted */
    size_t n = lesson_distinct_chars(corpus, alphabet, sizeof alphabet);
    static double logits[95][95];       /* the bigram model of lesson 5: logits[previous][next] = ln count, */
    lesson_bigram_logits(corpus, alphabet, logits);     /* -inf where the pair never occurs */

    int width = lesson_settings_width(chains, LESSON_N(chains), window, 20);     /* the lesson's 20, or more */
    lesson_check_builder(window, bias, order);   /* a NaN bias, or a stage in order[] the builder adds itself, stops */
    Chain ch[LESSON_N(chains)];                 /* all built first, so a setting the library refuses stops */
    for (size_t c = 0; c < LESSON_N(chains); c++)   /* before the table */
        build(&ch[c], &chains[c], 0);
    Picture pic = picture_start(__FILE__);      /* LESSON_PICTURE: each chain's funnel and candidates per step */
    for (size_t c = 0; c < LESSON_N(chains); c++) {
        static char text[STEPS + 2];
        /* The chain's view (and its notes), which gives the picture each step and stage (picture_chain_record). */
        LessonView view = lesson_view_start(&ch[c], &chains[c], window, alphabet, trace, picture_chain_record(&pic));
        long kept = generate(&ch[c], alphabet, n, logits, text, &view);
        picture_chain_text(&pic, text, kept / (double)STEPS);
        lesson_printf("%*s %s  (%.1f candidates per step)\n", width - lesson_settings_label(&chains[c], window, stdout),
               "", text, kept / (double)STEPS);
    }
    Chain biased;
    build(&biased, &(LessonSettings){"", 1.0, 0, 1.0, 0.0, 1.1}, 1);   /* .logitBias(3, 2.0).penalties(64, 1.1, 0, 0) */
    lesson_chain_describe(&ch[0], picture_chain_record(&pic));      /* the first two chains' lines, as in the Java; */
    lesson_chain_describe(&ch[1], picture_chain_record(&pic));      /* the picture draws each line's stages */
    lesson_chain_describe(&biased, picture_chain_record(&pic));
    for (size_t c = 0; c < LESSON_N(chains); c++)
        chain_free(&ch[c]);
    chain_free(&biased);
    return picture_chain_builder(&pic, alphabet);
}
