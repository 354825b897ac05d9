/* chains.h: what Example 12 needs beyond lesson_lib.h, kept out of the lesson so that it reads like its Java (and
 * compiles fast): the view of a chain's text, step by step and stage by stage (its --trace, its notes, the stage
 * that leaves nothing, and what the picture records, through the callbacks the lesson passes), the --trace
 * argument, the checks of its corpus and builder, and its bigram model (chains.c); and the notes on ties and on a
 * temperature at float's edges, which Example 13's preset runs (lesson/presets.h) give too. Nothing here calls a
 * picture.
 *
 * defines: LESSON_STEP_MAX, LessonChainRecord, LessonView, lesson_view_start, lesson_view_step,
 * lesson_step_seen, lesson_step_left, lesson_chain_describe, lesson_check_corpus, lesson_bigram_logits,
 * lesson_check_builder, lesson_trace_arg, lesson_note_tie, lesson_note_temp_limits.
 */
#ifndef LESSON_CHAINS_H
#define LESSON_CHAINS_H

#include "lesson/lesson_settings.h"

#define LESSON_STEP_MAX 95      /* candidates a step may hold: Example 12's alphabet is printable ASCII */

typedef struct LessonView LessonView;

/* What a picture records of the chains a view sees: callbacks the lesson passes in (picture_chain_record, in
 * lib/picture/, fills them), so that these helpers call no picture; a NULL callback records nothing. */
typedef struct {
    void *picture;              /* the first argument of each callback */
    void (*start)(void *picture, const LessonSettings *s, int32_t window, const Chain *ch);     /* a chain begins */
    void (*stage)(void *picture, const LessonView *view, const Stage *stage, const Candidates *after);
    void (*step)(void *picture, size_t left);                   /* the candidates the chain left at a step */
    void (*describe)(void *picture, const Chain *ch);           /* a chain line the table prints */
} LessonChainRecord;

/* One chain's text, seen step by step by its stages (chain_apply_except_pick's trace, lesson_step_seen). */
struct LessonView {
    const char *file;                   /* the lesson's __FILE__: notes and stops name the program */
    const char *alphabet;               /* (n,) token id -> character */
    const LessonSettings *chain;        /* the chain's settings: its label and temperature */
    int32_t window;                     /* the penalty window its label may print ({penalty_last_n}) */
    long trace;                         /* the step whose stages print what they leave (--trace); 0: none */
    LessonChainRecord record;           /* the picture's record of every step and stage */
    int step;                           /* the step being seen, 1-based */
    char after;                         /* the character the step follows */
    TokenData before[LESSON_STEP_MAX];  /* (n_before,) the candidates before the stage that runs next */
    size_t n_before;
    bool before_sorted;                 /* whether the stage that runs next receives a sorted array */
    const Stage *emptied;               /* the first stage that left no candidate at this step, or NULL */
};

/* The view of the text of chain ch, built from settings s with penalty window `window`, over alphabet (token id ->
 * character), before its first step. With trace (a step, --trace), prints the table's label and ", step N: what
 * each stage leaves (character, logit, p)"; starts the chain's rows in the record (record.start); and notes,
 * once each, a setting no stage of ch reads (lesson_note_unread), a min_p above 1 (llama.cpp keeps one token, the
 * Java none), and a bias of +inf in ch (a finite one past float's range too: llama.cpp's float makes it NaN),
 * named as the lesson spells it, bias. */
#define lesson_view_start(ch, s, window, alphabet, trace, record) \
    lesson_view_start_at(__FILE__, (ch), (s), (window), (alphabet), (trace), (record))

LessonView lesson_view_start_at(const char *file, const Chain *ch, const LessonSettings *s, int32_t window,
                                     const char *alphabet, long trace, LessonChainRecord record);

/* Step `step` (1-based) of the view's text, whose candidates c follow the character `after`, before its stages
 * run. Stops the program (exit 1, a message naming the character and the step) when nothing follows `after` in
 * the corpus (c has no finite logit), and when c holds more than LESSON_STEP_MAX candidates. */
void lesson_view_step(LessonView *view, int step, char after, const Candidates *c);

/* The trace of chain_apply_except_pick (ChainTraceFn), called after each stage with what it left, c; view is a
 * LessonView. At the step --trace names, prints the stage's line: each character still possible, its logit
 * and its p among the survivors (most likely first). Notes, once per chain, where top-k cuts through tied logits
 * (llama.cpp keeps exactly k, which of the tied ones being unspecified, and this workbench keeps the lower ids;
 * the lesson's Java keeps every token tied with the k-th). Records the first stage that leaves no candidate, and
 * gives the record what the stage received (view->before) and what it left (record.stage). */
void lesson_step_seen(void *view, const Stage *stage, const Candidates *c);

/* How many candidates the chain left at this step (c: what every stage but the draw left), which the view's
 * record takes (record.step). None left stops the program: "NN_slug: the chain "<label>", step N: its stage
 * <name> removed every character that follows 'x' in the corpus, so the text cannot go on" (only a -inf bias can
 * do it). */
size_t lesson_step_left(const LessonView *view, const Candidates *c);

/* Prints the chain's line, "logits -> ... -> dist" (lesson_print_describe), as the Java's describe(), and gives
 * it to the record (record.describe). */
void lesson_chain_describe(const Chain *ch, LessonChainRecord record);

/* Example 12's checks of its corpus, an array of char (its size is taken with sizeof): unless every character of
 * corpus is printable ASCII (' ' to '~', so that a table row shows it as it is) and start is one of them, stops
 * the program with a message that says which, with its line: the first character that is not, escaped ('\x01',
 * '\xc8'), and its index; or start, escaped if need be. A NUL inside the array, with characters after it that the
 * string would lose, stops too, naming its index, and so does an empty corpus. */
#define lesson_check_corpus(corpus, start) lesson_check_corpus_at(__FILE__, (corpus), sizeof(corpus), (start))

void lesson_check_corpus_at(const char *file, const char *corpus, size_t size, char start);

/* Example 12's model, the character bigram model of lesson 5, built once: logits[a][b] = ln of how often
 * alphabet[b] follows alphabet[a] in corpus (nats), and -inf (ln 0) for a pair the corpus never has, so that no
 * draw picks it: the values of the Java's Math.log(counts[last][j]) at every step. alphabet: the corpus's distinct
 * characters (lesson_distinct_chars). logits: LESSON_STEP_MAX rows of LESSON_STEP_MAX, every entry written. A pair
 * with a character that alphabet lacks, or holds past its first LESSON_STEP_MAX, counts for nothing. */
void lesson_bigram_logits(const char *corpus, const char *alphabet, double logits[][LESSON_STEP_MAX]);

/* Example 12's checks of its builder's settings: a window of 0 or less is noted (llama.cpp's penalties are then
 * off, "?penalties", where the Java names the stage penalties); a NaN bias stops, naming it as the program spells
 * it, with its line; an entry of order (n,) that the builder adds itself (logit-bias, or a stage that draws) or
 * that this workbench does not compute (infill) stops, naming order[i]. */
#define lesson_check_builder(window, bias, order) \
    lesson_check_builder_at(__FILE__, (window), #bias, (bias), (order), LESSON_N(order))

void lesson_check_builder_at(const char *file, int32_t window, const char *bias_name, LogitBias bias,
                            const StageType *order, size_t n);

/* Example 12's arguments: none (0), or --trace [STEP] (the step, 1 when left out, from 1 to steps). -h or
 * --help prints the usage to stdout and exits 0; anything else prints it to stderr and exits 2. */
#define lesson_trace_arg(argc, argv, steps) lesson_trace_arg_at(__FILE__, (argc), (argv), (steps))

long lesson_trace_arg_at(const char *file, int argc, char *argv[], int steps);

/* Notes where a cutting stage (top-k, top-p, or temp at 0 or below after a sort), which received before (n_before,;
 * before_sorted: sorted) and left c, kept some of a group of tied tokens: once per row s (its noun, "chain" or
 * "preset", label and window) and stage, at its first step (`step`, 0 for none): which tied tokens llama.cpp
 * keeps is unspecified (its sort is not stable), and this workbench keeps the lower ids, as the lesson's Java
 * does, or for top-k with java_keeps_ties (Example 12), unlike the Java, which keeps every tied token. A chain at
 * temperature 0 or below gets no note for a tie below its largest logit: it draws only the first largest. Example
 * 12's view and Example 13's (lesson/presets.h) give it. */
void lesson_note_tie(const char *file, const char *noun, const LessonSettings *s, int32_t window, int step,
                     const Stage *stage, const TokenData *before, size_t n_before, bool before_sorted,
                     const Candidates *c, bool java_keeps_ties);

/* The notes on a temperature at the edges of llama.cpp's float, for the stage that received before (n,) out of
 * n_vocab tokens, once per row s (its noun, "chain" or "preset", label and window): a temp that float holds as 0
 * (greedy in llama.cpp, as here); one it holds as +inf, which makes every finite logit 0 and a -inf one NaN (-inf /
 * inf), and, for the Java of Example 12 (java_masks), which divides the -inf logits of every token its stages
 * removed too, an infinite one in double; one small enough that a logit / temp passes float's range (+-inf in
 * llama.cpp, whose softmax gives NaN). Example 12's view and Example 13's (lesson/presets.h) give it. */
void lesson_note_temp_limits(const char *file, const char *noun, const LessonSettings *s, int32_t window,
                             const TokenData *before, size_t n, size_t n_vocab, bool java_masks);

#endif
