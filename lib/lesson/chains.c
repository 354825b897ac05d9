/* chains.c: the step view of Example 12, its --trace argument, and the sampler-list check of Example 13
 * (chains.h). */
#include "lesson/chains.h"
#include <stdlib.h>
#include <string.h>

ChainStep chain_step_start_at(const char *file, const char *alphabet, const LessonSettings *s, int32_t window,
                              int step, char after, const Candidates *c, bool trace, Picture *picture)
{
    ChainStep view = {file, alphabet, s, window, step, after, trace, picture, {{0}}, 0, NULL};
    if (c->size > CHAIN_STEP_MAX) {
        lesson_say(file, "", "step %d has %zu candidates; a step holds at most %d (printable ASCII)", step, c->size,
                   CHAIN_STEP_MAX);
        exit(1);
    }
    if (candidates_count_finite(c) == 0) {
        lesson_print_name(file);
        fputs("the chain \"", stderr);
        lesson_settings_label(s, window, stderr);
        fprintf(stderr, "\": nothing follows '%c' in the corpus, so the text cannot go on at step %d: end the corpus "
                "with a character it already has\n", after, step);
        exit(1);
    }
    memcpy(view.before, c->data, c->size * sizeof *c->data);
    view.n_before = c->size;
    return view;
}

/* The note where top-k keeps exactly k of tokens tied at the k-th logit (before: what top-k received). */
static void note_tied_cut(const ChainStep *s, const Candidates *c)
{
    static const void *noted_row;
    static bool noted;
    size_t tied = 0;
    for (size_t i = 0; i < s->n_before; i++)
        tied += s->before[i].logit == c->data[c->size - 1].logit;
    for (size_t i = 0; i < c->size; i++)
        tied -= c->data[i].logit == c->data[c->size - 1].logit;
    /* at temperature 0 only the first largest logit is drawn, so a tie cut at the k-th changes nothing */
    if (tied > 0 && c->data[c->size - 1].logit > -INFINITY && s->chain->temp > 0
        && lesson_note_due(&noted_row, &noted, s->chain)) {
        lesson_print_name(s->file);
        fputs("note: the chain \"", stderr);
        lesson_settings_label(s->chain, s->window, stderr);
        fprintf(stderr, "\", first at step %d: top-k keeps exactly %zu tokens and cuts %zu tied with the last; which "
                "tied tokens llama.cpp keeps is unspecified (its sort is not stable), and this workbench keeps the "
                "lower ids; the lesson's Java keeps every tied token, so its text can differ from there on\n",
                s->step, c->size, tied);
    }
}

void chain_step_seen(void *view, const Stage *stage, const Candidates *c)
{
    ChainStep *s = view;
    if (stage->type == STAGE_TOP_K && !stage->empty && c->size > 0)
        note_tied_cut(s, c);
    if (s->emptied == NULL && candidates_count_finite(c) == 0)
        s->emptied = stage;
    picture_stage(s->picture, s->step, stage, s->before, s->n_before, c);
    size_t n = c->size < CHAIN_STEP_MAX ? c->size : CHAIN_STEP_MAX;     /* a stage never adds candidates */
    memcpy(s->before, c->data, n * sizeof *c->data);
    s->n_before = n;
    if (!s->trace)
        return;
    TokenData left_data[CHAIN_STEP_MAX];
    memcpy(left_data, c->data, n * sizeof *c->data);
    Candidates left = {left_data, n, -1, false};    /* a copy, sorted, with p among the survivors */
    candidates_softmax(&left, true);    /* best-effort view: an all -inf array just prints nothing */
    printf("  %-11s", stage_name(stage));
    for (size_t i = 0; i < left.size && left.data[i].p > 0; i++)
        printf(" '%c' %.2f %.3f", s->alphabet[left.data[i].id], left.data[i].logit, left.data[i].p);
    printf("\n");
}

size_t chain_step_left(const ChainStep *view, const Candidates *c)
{
    size_t left = candidates_count_finite(c);
    if (left == 0) {            /* only a -inf bias removes every candidate */
        lesson_print_name(view->file);
        fputs("the chain \"", stderr);
        lesson_settings_label(view->chain, view->window, stderr);
        fprintf(stderr, "\", step %d: its stage %s removed every character that follows '%c' in the corpus, so the "
                "text cannot go on\n", view->step, view->emptied != NULL ? stage_name(view->emptied) : "(none)",
                view->after);
        exit(1);
    }
    return left;
}

long chain_trace_arg_at(const char *file, int argc, char *argv[], int steps)
{
    char *end = "";
    long trace = argc > 1 && strcmp(argv[1], "--trace") == 0 ? (argc > 2 ? strtol(argv[2], &end, 10) : 1) : 0;
    if (argc > 3 || (argc > 1 && (trace < 1 || trace > steps || *end != '\0'))) {
        bool help = argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
        const char *name = strrchr(file, '/') != NULL ? strrchr(file, '/') + 1 : file;
        if (!help && strcmp(argv[1], "--trace") != 0)
            lesson_say(file, "", "'%s' is no option of this program", argv[1]);
        else if (!help && argc > 3)
            lesson_say(file, "", "--trace takes one step, not '%s' and more", argv[2]);
        else if (!help)
            lesson_say(file, "", "--trace takes a step from 1 to %d (STEPS), not '%s'", steps, argv[2]);
        fprintf(help ? stdout : stderr, "usage: %.*s [--trace [STEP]]\nPrints the lesson's table. --trace also prints "
                "what every stage of each chain leaves at step STEP\n(from 1 to %d; 1 when left out): each character "
                "still possible, its logit and its probability\namong the survivors.\n",
                (int)strcspn(name, "."), name, steps);
        exit(help ? 0 : 2);
    }
    return trace;
}

/* "NN_slug: note: the preset "<label>"" on stderr, the start of a note on preset s. */
static void preset_note_start(const char *file, const LessonSettings *s, int32_t window)
{
    lesson_print_name(file);
    fputs("note: the preset \"", stderr);
    lesson_settings_label(s, window, stderr);
    fputc('"', stderr);
}

void preset_notes_at(const char *file, const LessonSettings *s, int32_t window, const Candidates *c,
                     const Candidates *java)
{
    static const void *noted_row, *noted_min_p_row;
    static bool noted, noted_min_p;
    if (!lesson_same_p(c, java) && lesson_note_due(&noted_row, &noted, s)) {
        preset_note_start(file, s, window);
        fprintf(stderr, ": candidates left %d, in the lesson's Java %d, and other p: the Java cuts top-k, top-p and "
                "min-p all from the whole vocabulary after the penalties, then applies the temperature, while "
                "llama.cpp runs the stages of order[] in turn, each on what the one before left\n",
                lesson_count_p(c), lesson_count_p(java));
    }
    if (s->min_p > 1 && s->temp > 0 && lesson_note_due(&noted_min_p_row, &noted_min_p, s)) {
        preset_note_start(file, s, window);
        fputs(": a min_p above 1 keeps exactly one token in llama.cpp, the most likely (of tied ones, which is "
              "unspecified; this workbench keeps the lower id); the lesson's Java keeps none and prints NaN\n", stderr);
    }
}

void chain_check_order_at(const char *file, const SamplerType *order, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (order[i] == SAMPLER_INFILL) {
            lesson_say(file, "", "order[%zu] is infill, which this workbench does not compute", i);
            exit(1);
        }
    }
}
