/* chains.c: the step view of Example 12, its --trace argument, its bigram model, and the notes on ties and on a
 * temperature at float's edges that Example 13's preset runs (presets.c) give too (chains.h). */
#include "lesson/chains.h"
#include "lesson/print.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How many candidates of c a draw can still pick: a logit above -inf (a +inf one too, which the library's softmax
 * gives all the probability). */
static size_t count_alive(const Candidates *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->size; i++)
        n += c->data[i].logit > -INFINITY;
    return n;
}

LessonView lesson_view_start_at(const char *file, const Chain *ch, const LessonSettings *s, int32_t window,
                                     const char *alphabet, long trace, LessonChainRecord record)
{
    LessonView view = {file, alphabet, s, window, trace, record, 0, '\0', {{0}}, 0, false, NULL};
    if (trace) {
        lesson_settings_label_at(file, s, window, stdout);
        lesson_printf(", step %ld: what each stage leaves (character, logit, p)\n", trace);
    }
    if (record.start != NULL)
        record.start(record.picture, s, window, ch);
    lesson_note_unread_at(file, "chain", s, window, ch);     /* a setting order[] leaves no stage for */
    static const void *min_p_row;
    static bool min_p_noted;
    if (s->min_p > 1 && lesson_note_due(&min_p_row, &min_p_noted, s))
        lesson_say_settings(file, "chain", s, window, ": a min_p above 1 keeps exactly one token in llama.cpp, the "
                            "most likely (of tied ones, which is unspecified; this workbench keeps the lower id); "
                            "the lesson's Java keeps none");
    static bool bias_noted;     /* once per program */
    double bias = ch->params.n_logit_bias > 0 ? ch->params.logit_bias[0].bias : 0;
    if (bias > 0 && isinf(as_float(bias)) && !bias_noted) {
        bias_noted = true;
        lesson_say(file, "note: ", "%s: a character that can follow is then at +inf and takes all the probability "
                   "(the limit of softmax), and one that cannot stays out; llama.cpp's float makes them NaN (exp(inf "
                   "- inf), -inf + inf)%s", lesson_setting(file, "bias", bias).text, bias == INFINITY ? ", and so does "
                   "the lesson's Java" : ", where the lesson's Java, in double, gives this table");
    }
    return view;
}

void lesson_view_step(LessonView *view, int step, char after, const Candidates *c)
{
    view->step = step;
    view->after = after;
    view->emptied = NULL;
    view->before_sorted = false;
    if (c->size > LESSON_STEP_MAX) {
        lesson_say(view->file, "", "step %d has %zu candidates; a step holds at most %d (printable ASCII)", step,
                   c->size, LESSON_STEP_MAX);
        exit(1);
    }
    if (count_alive(c) == 0) {
        lesson_print_name(view->file);
        lesson_message("the chain \"");
        lesson_settings_label_at(view->file, view->chain, view->window, stderr);
        lesson_message("\": nothing follows '%c' in the corpus%s, so the text cannot go on at step %d: end the corpus "
                       "with a character it already has", after, lesson_where(view->file, "corpus").text, step);
        lesson_message_end();
        exit(1);
    }
    memcpy(view->before, c->data, c->size * sizeof *c->data);
    view->n_before = c->size;
}

/* Whether a cutting stage, which received before (n,) and left c, kept some but not all of the tokens tied at one
 * finite logit (a kept token has a finite logit in c); writes that logit and how many of its group it kept and
 * cut. */
static bool cut_tie(const TokenData *before, size_t n, const Candidates *c, double *logit, size_t *kept, size_t *cut)
{
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(before[i].logit))
            continue;
        size_t in = 0, out = 0;
        for (size_t j = 0; j < n; j++) {
            if (before[j].logit != before[i].logit)
                continue;
            ptrdiff_t at = candidates_find(c, before[j].id);
            if (at >= 0 && isfinite(c->data[at].logit))
                in++;
            else
                out++;
        }
        if (in > 0 && out > 0) {
            *logit = before[i].logit;
            *kept = in;
            *cut = out;
            return true;
        }
    }
    return false;
}

/* The stage types whose ties lesson_note_tie notes, in the order of its noted rows. */
static const StageType tie_stages[] = {STAGE_TOP_K, STAGE_TOP_P, STAGE_TEMP, STAGE_TEMP_EXT};

void lesson_note_tie(const char *file, const char *noun, const LessonSettings *s, int32_t window, int step,
                     const Stage *stage, const TokenData *before, size_t n_before, bool before_sorted,
                     const Candidates *c, bool java_keeps_ties)
{
    static const void *noted_row[LESSON_N(tie_stages)];
    static bool noted[LESSON_N(tie_stages)];
    size_t k = 0;
    while (k < LESSON_N(tie_stages) && tie_stages[k] != stage->type)
        k++;
    bool greedy = (stage->type == STAGE_TEMP || stage->type == STAGE_TEMP_EXT) && as_float(s->temp) <= 0.0f;
    double logit;
    size_t kept, cut;
    /* At temperature 0 only the first largest logit is drawn, so a tie cut below it changes nothing; and temp 0's
     * own cut is the first largest in the array's order, unspecified only after a sort (an unsorted array is in
     * id order in llama.cpp too). */
    if (k == LESSON_N(tie_stages) || stage->empty || (stage->type >= STAGE_TEMP && !greedy)
        || (!greedy && as_float(s->temp) <= 0.0f) || (greedy && !before_sorted)
        || !cut_tie(before, n_before, c, &logit, &kept, &cut) || !lesson_note_due(&noted_row[k], &noted[k], s))
        return;
    lesson_print_name(file);
    lesson_message("note: the %s \"", noun);
    lesson_settings_label_at(file, s, window, stderr);
    if (stage->type == STAGE_TOP_K)
        lesson_message("\"%s%.0d: top-k keeps exactly %zu tokens and cuts %zu tied with the last; which tied "
                       "tokens llama.cpp keeps is unspecified (its sort is not stable), and this workbench keeps the "
                       "lower ids; %s", step > 0 ? ", first at step " : "", step, c->size, cut, java_keeps_ties
                       ? "the lesson's Java keeps every tied token, so its text can differ from there on"
                       : "so does the lesson's Java");
    else
        lesson_message("\"%s%.0d: %s keeps %zu of the %zu tokens tied at logit %s, %s; which llama.cpp keeps is "
                       "unspecified (its sort is not stable), and this workbench keeps the lower id%s, as the lesson's "
                       "Java does", step > 0 ? ", first at step " : "", step, stage_name(stage), kept, kept + cut,
                       lesson_fixed_at(file, logit, 2).text, greedy ? "in the order an earlier stage's sort left them"
                       : "where its running sum reached top_p", kept > 1 ? "s" : "");
    lesson_message_end();
}

void lesson_note_temp_limits(const char *file, const char *noun, const LessonSettings *s, int32_t window,
                             const TokenData *before, size_t n, size_t n_vocab, bool java_masks)
{
    static const void *noted_row;
    static bool noted;
    size_t finite = 0;
    double largest = -INFINITY;     /* the largest finite logit: if it / temp leaves float's range, every p is NaN */
    for (size_t i = 0; i < n; i++) {
        finite += isfinite(before[i].logit);
        largest = isfinite(before[i].logit) && before[i].logit > largest ? before[i].logit : largest;
    }
    float t = as_float(s->temp);
    bool java_nan = java_masks && s->temp == INFINITY && finite < n_vocab;
    bool zero = java_masks && s->temp > 0 && t == 0.0f, infinite = isinf(t) && t > 0;    /* Example 13's Java: no */
    bool overflow = t > 0 && !isinf(t) && finite > 0 && isinf(as_float(largest / t));
    if (!(zero || overflow || (infinite && (finite < n || java_nan))) || !lesson_note_due(&noted_row, &noted, s))
        return;
    lesson_print_name(file);
    lesson_message("note: the %s \"", noun);
    lesson_settings_label_at(file, s, window, stderr);
    LessonNumber temp = lesson_number(s->temp, 0);
    if (zero)
        lesson_message("\": temp %s is 0 as the float llama.cpp holds, so llama.cpp keeps only the first largest "
                       "logit, as this table does, where the lesson's Java divides by it in double", temp.text);
    else if (overflow)
        lesson_message("\": temp %s takes the largest logit past float's range (%s / %s), which llama.cpp holds as "
                       "an infinity, whose softmax gives NaN; this table divides after subtracting the largest logit, "
                       "which leaves the p as they should be", temp.text, lesson_fixed_at(file, largest, 2).text,
                       temp.text);
    else if (finite == n)
        lesson_message("\": temp %s makes every logit it receives 0, so llama.cpp draws uniformly from the tokens "
                       "the stages before it left, as this table does; the lesson's Java divides its -inf logits (the "
                       "characters its stages removed, and those that never follow) by inf too, which gives NaN, and "
                       "its draw then returns the first of those characters", temp.text);
    else
        lesson_message("\": temp %s%s meets tokens at -inf that no stage before it removed, and llama.cpp's -inf / "
                       "inf is NaN, which makes every p NaN; this table keeps those tokens out and draws uniformly "
                       "from the rest%s", temp.text, s->temp == INFINITY ? "" : " (+inf as the float llama.cpp holds)",
                       java_nan ? ", where the lesson's Java, with the same NaN, returns the first of them"
                       : java_masks ? ", as the lesson's Java, in double, does" : "");
    lesson_message_end();
}

void lesson_step_seen(void *view, const Stage *stage, const Candidates *c)
{
    LessonView *s = view;
    lesson_note_tie(s->file, "chain", s->chain, s->window, s->step, stage, s->before, s->n_before, s->before_sorted, c,
                   true);
    if (stage->type == STAGE_TEMP && !stage->empty)
        lesson_note_temp_limits(s->file, "chain", s->chain, s->window, s->before, s->n_before, strlen(s->alphabet),
                                true);
    if (s->emptied == NULL && count_alive(c) == 0)
        s->emptied = stage;
    if (s->record.stage != NULL)
        s->record.stage(s->record.picture, s, stage, c);
    size_t n = c->size < LESSON_STEP_MAX ? c->size : LESSON_STEP_MAX;     /* a stage never adds candidates */
    memcpy(s->before, c->data, n * sizeof *c->data);
    s->n_before = n;
    s->before_sorted = c->sorted;
    if (s->step != s->trace)
        return;
    TokenData left_data[LESSON_STEP_MAX];
    memcpy(left_data, c->data, n * sizeof *c->data);
    Candidates left = {left_data, n, -1, false};    /* a copy, sorted, with p among the survivors */
    candidates_softmax(&left, true);    /* best-effort view: an all -inf array just prints nothing */
    int column = lesson_printf("  %-11s", stage_name(stage));
    for (size_t i = 0; i < left.size && left.data[i].p > 0; i++) {
        char entry[48];             /* " 'e' 1.39 0.250" */
        int w = lesson_format(entry, sizeof entry, " '%c' %s %.3f", s->alphabet[left.data[i].id],
                              lesson_fixed_at(s->file, left.data[i].logit, 2).text, left.data[i].p);
        if (column + w > LESSON_COLUMNS)    /* many characters: the line goes on under the first of them */
            column = lesson_printf("\n%13s", "") - 1;
        column += lesson_printf("%s", entry);
    }
    lesson_printf("\n");
}

size_t lesson_step_left(const LessonView *view, const Candidates *c)
{
    size_t left = count_alive(c);
    if (left == 0) {            /* only a -inf bias removes every candidate */
        lesson_print_name(view->file);
        lesson_message("the chain \"");
        lesson_settings_label_at(view->file, view->chain, view->window, stderr);
        bool bias = view->emptied != NULL && view->emptied->type == STAGE_LOGIT_BIAS;
        lesson_message("\", step %d: its stage %s%s%s%s removed every character that follows '%c' in the corpus, "
                       "so the text cannot go on", view->step,
                       view->emptied != NULL ? stage_name(view->emptied) : "(none)",
                       bias ? ", with bias" : "", bias ? lesson_where(view->file, "bias").text : "", bias ? "," : "",
                       view->after);
        lesson_message_end();
        exit(1);
    }
    if (view->record.step != NULL)
        view->record.step(view->record.picture, left);
    return left;
}

void lesson_chain_describe(const Chain *ch, LessonChainRecord record)
{
    lesson_print_describe(ch);
    if (record.describe != NULL)
        record.describe(record.picture, ch);
}

void lesson_check_corpus_at(const char *file, const char *corpus, size_t size, char start)
{
    size_t length = strlen(corpus), after = length + 1;
    while (after < size && corpus[after] == '\0')
        after++;
    if (after < size)       /* a byte past the first NUL: the string ends before the array */
        lesson_stop(file, "corpus%s has '\\0' at corpus[%zu]: a C string ends at its first NUL, so the corpus would "
                    "end there, without the characters after it: write the corpus without the NUL",
                    lesson_where(file, "corpus").text, length);
    if (!lesson_printable(corpus)) {
        size_t at = 0;
        while (corpus[at] >= ' ' && corpus[at] <= '~')
            at++;
        lesson_stop(file, "corpus%s has '%c' at corpus[%zu]: the corpus must be printable ASCII (' ' to '~'), so "
                    "that a table row shows each character as it is", lesson_where(file, "corpus").text, corpus[at],
                    at);
    }
    if (length == 0)
        lesson_stop(file, "corpus%s is empty: the text begins with start%s, one of its characters, and goes on by "
                    "its pairs of characters", lesson_where(file, "corpus").text, lesson_where(file, "start").text);
    if (start == '\0' || strchr(corpus, start) == NULL)
        lesson_stop(file, "start '%c'%s does not occur in the corpus%s", start, lesson_where(file, "start").text,
                    lesson_where(file, "corpus").text);
}

void lesson_bigram_logits(const char *corpus, const char *alphabet, double logits[][LESSON_STEP_MAX])
{
    for (size_t a = 0; a < LESSON_STEP_MAX; a++)
        for (size_t b = 0; b < LESSON_STEP_MAX; b++)
            logits[a][b] = 0;
    for (size_t i = 0; corpus[i] != '\0' && corpus[i + 1] != '\0'; i++) {    /* the counts first */
        int32_t a = lesson_index_of(alphabet, corpus[i]), b = lesson_index_of(alphabet, corpus[i + 1]);
        if (a >= 0 && b >= 0 && a < LESSON_STEP_MAX && b < LESSON_STEP_MAX)
            logits[a][b]++;
    }
    for (size_t a = 0; a < LESSON_STEP_MAX; a++)
        for (size_t b = 0; b < LESSON_STEP_MAX; b++)
            logits[a][b] = log(logits[a][b]);           /* log 0 = -inf: never chosen */
}

void lesson_check_builder_at(const char *file, int32_t window, const char *bias_name, LogitBias bias,
                            const StageType *order, size_t n)
{
    if (window <= 0)
        lesson_say(file, "note: ", "window is %d: llama.cpp's penalties are off for a window of 0 or less "
                   "(?penalties); the lesson's Java penalizes nothing either, but names the stage penalties",
                   (int)window);
    if (isnan(bias.bias))
        lesson_stop(file, "%s: a bias is a number", lesson_setting(file, bias_name, bias.bias).text);
    for (size_t i = 0; i < n; i++) {
        if (stage_picks_token(order[i]) || order[i] == STAGE_LOGIT_BIAS)
            lesson_stop(file, "order[%zu] is a draw or logit-bias, which the builder adds itself: logit-bias first "
                        "when set, the draw (dist) last", i);
        if (order[i] == STAGE_INFILL)
            lesson_stop(file, "order[%zu] is infill, which this workbench names but does not compute (it is no "
                        "sampler of the lesson)", i);
    }
}

long lesson_trace_arg_at(const char *file, int argc, char *argv[], int steps)
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
