/* presets.h: what Example 13 needs beyond lesson_lib.h, kept out of the lesson so that it reads like its Java: the
 * view of a preset's stages (its notes on ties and on a temperature at float's edges, lesson/chains.h's, and what
 * the picture records, through the callback the lesson passes), the notes on where llama.cpp and the Java part,
 * and the check of a sampler list (presets.c). Nothing here calls a picture.
 *
 * defines: LessonPresetStep, lesson_preset_start, lesson_preset_seen, LessonPresetRun, lesson_preset_notes,
 * lesson_check_order.
 */
#ifndef LESSON_PRESETS_H
#define LESSON_PRESETS_H

#include "lesson/lesson_settings.h"

/* What Example 13's stages show its notes and picture: the preset, its window, the picture and its record (a
 * callback the lesson passes), and what the next stage receives. */
typedef struct {
    const char *file;                   /* the lesson's __FILE__ */
    const LessonSettings *preset;
    int32_t window;                     /* what its label's {penalty_last_n} prints */
    void *picture;                      /* record's first argument; NULL: a run for the notes' comparisons, which
                                         * notes and records nothing */
    ChainTraceFn record;                /* records what each stage left, in picture */
    TokenData *before;                  /* (n_before,) the candidates before the stage that runs next */
    size_t n_before;
    bool before_sorted;
} LessonPresetStep;

/* The view of preset s's chain over the candidates c (before its first stage), for lesson_preset_seen, which
 * gives record (picture, stage, what it left) each stage's result when picture is not NULL. */
#define lesson_preset_start(s, window, c, picture, record) \
    lesson_preset_start_at(__FILE__, (s), (window), (c), (picture), (record))

LessonPresetStep lesson_preset_start_at(const char *file, const LessonSettings *s, int32_t window, const Candidates *c,
                                        void *picture, ChainTraceFn record);

/* The trace of chain_apply_except_pick for Example 13 (view: a LessonPresetStep): after each stage, the notes where a
 * cut keeps some of tied tokens (lesson_note_tie) and where a temperature of +inf meets -inf logits (llama.cpp's
 * -inf / inf is NaN), then the picture's record (record). */
void lesson_preset_seen(void *view, const Stage *stage, const Candidates *c);

/* Example 13's run of preset s with the stages seq (n,): its final distribution c, in id order, p renormalized,
 * over buf (n_vocab,); pic (a Picture) NULL for a run that records nothing. Returns the candidates with p > 0. */
typedef int LessonPresetRun(const LessonSettings *s, const SamplerType *seq, size_t n, TokenData *buf, Candidates *c,
                      void *pic);

/* Example 13's notes on preset s (window: its penalty window, for its label), once each: a setting no stage of
 * order (n,) reads (lesson_note_unread_list); where its final distribution c differs from the lesson's Java's
 * rule (the candidates left and the p), with its causes, found by running the preset again with run (over n_vocab
 * tokens) on order without its repeats (a stage listed twice runs twice), in the lesson's order, with every stage
 * (a stage left out) and the Java's rule (which cuts top-k, top-p and min-p all from the whole vocabulary, where
 * llama.cpp runs order's stages in turn); where a min_p above 1 (with temp above 0) keeps one token in llama.cpp
 * and none in the Java. "NN_slug: note: the preset "<label>": ..." on stderr. */
#define lesson_preset_notes(s, window, order, n_vocab, run, c) \
    lesson_preset_notes_at(__FILE__, (s), (window), (order), LESSON_N(order), (n_vocab), (run), (c))

void lesson_preset_notes_at(const char *file, const LessonSettings *s, int32_t window, const SamplerType *order,
                            size_t n, size_t n_vocab, LessonPresetRun *run, const Candidates *c);

/* Stops with "NN_slug: order[i] is infill, which this workbench does not compute" when the sampler list order
 * (n,) names infill, which the library names but does not compute (it is no sampler of the lesson). */
#define lesson_check_order(order, n) lesson_check_order_at(__FILE__, (order), (n))

void lesson_check_order_at(const char *file, const SamplerType *order, size_t n);

#endif
