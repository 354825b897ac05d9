/* checks.c: the checks of a lesson's data, each a one-line call in the lesson (lesson_lib.h): token ids from
 * words and the checks of a vocabulary, of probabilities, of penalty, DRY and chain settings and of biases, with
 * the softmax that bias notes compare. */
#include "lesson/print.h"
#include "lesson/lesson_settings.h"
#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int32_t lesson_find(const char *word, size_t length, const char *const *vocab, size_t n_vocab)
{
    for (size_t i = 0; i < n_vocab; i++)
        if (strlen(vocab[i]) == length && strncmp(vocab[i], word, length) == 0)
            return (int32_t)i;
    return -1;
}

/* Stops on vocab[i], a word holding a space, with the word to write instead: its spaces at either end dropped,
 * those inside as '_' (" dog": dog, "ice cream": ice_cream), and the word of vocab that already is that one. */
static void stop_on_space(const char *file, const char *vocab_name, const char *const *vocab, size_t n_vocab,
                          size_t i)
{
    const char *word = vocab[i], *end = word + strlen(word);
    while (*word == ' ')
        word++;
    while (end > word && end[-1] == ' ')
        end--;
    char *fixed = malloc((size_t)(end - word) + 1);
    if (fixed == NULL) {
        fprintf(stderr, "out of memory for a word\n");
        exit(1);
    }
    size_t n = 0, spaces = 0;
    for (const char *s = vocab[i]; *s != '\0'; s++)
        spaces += *s == ' ';
    for (const char *s = word; s < end; s++)
        fixed[n++] = *s == ' ' ? '_' : *s;
    fixed[n] = '\0';
    size_t j = 0;
    while (j < n_vocab && (j == i || strcmp(vocab[j], fixed) != 0))
        j++;
    lesson_print_name(file);
    lesson_message("%s[]%s has \"%s\" (%s[%zu]): a text's words are read between spaces, so no text can name a word "
                   "that holds one: ", vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i);
    if (n == 0)
        lesson_message("give it a name with no space");
    else
        lesson_message("write it without the space%s (%s)", spaces > 1 ? "s" : "", fixed);
    if (n > 0 && j < n_vocab)
        lesson_message(", though %s[%zu] is \"%s\" already: each word once", vocab_name, j, fixed);
    lesson_message_end();
    free(fixed);
    exit(1);
}

/* Stops when a word of vocab (n_vocab,) holds a control character (a newline would split its row), is empty,
 * which no row can name, or stands twice: a word must name one token, as the Java's indexOf finds only the first.
 * With `split` (lesson_ids, which reads a text's words between spaces), a word holding a space stops too: no text
 * could name it. lesson_ids and lesson_id check their vocab[] with it. */
static void lesson_check_vocab(const char *file, const char *vocab_name, const char *const *vocab,
                               size_t n_vocab, bool split)
{
    for (size_t i = 0; i < n_vocab; i++) {
        if (lesson_control_char(vocab[i]) != NULL) {
            lesson_say(file, "", "%s[]%s has \"%s\" (%s[%zu]): a word is printed in its table row, %s",
                       vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i, LESSON_ONE_LINE);
            exit(1);
        }
        if (vocab[i][0] == '\0') {
            lesson_say(file, "", "%s[]%s has \"\" (%s[%zu]): a word has at least one character, so that its row shows "
                       "the token and a text can name it", vocab_name, lesson_where(file, vocab_name).text, vocab_name,
                       i);
            exit(1);
        }
        if (split && strchr(vocab[i], ' ') != NULL)
            stop_on_space(file, vocab_name, vocab, n_vocab, i);
        for (size_t j = i + 1; j < n_vocab; j++)
            if (strcmp(vocab[i], vocab[j]) == 0) {
                lesson_say(file, "", "%s[]%s has \"%s\" twice (%s[%zu] and %s[%zu]): each word once, so that a word "
                           "names one token", vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i,
                           vocab_name, j);
                exit(1);
            }
    }
}

int32_t lesson_id_at(const char *file, const char *word, const char *word_expr, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab)
{
    lesson_check_vocab(file, vocab_name, vocab, n_vocab, false);
    int32_t id = lesson_find(word, strlen(word), vocab, n_vocab);
    if (id < 0) {
        char from[96] = "";     /* " (from shown[], line 14)" */
        size_t name = strcspn(word_expr, "[.");
        if (isalpha((unsigned char)word_expr[0]) && name < 40) {
            char key[48];
            snprintf(key, sizeof key, "%.*s", (int)name, word_expr);
            int line = lesson_line_of(file, key, true);
            snprintf(from, sizeof from, line > 0 ? " (from %s%s, line %d)" : " (from %s%s)", key,
                     word_expr[name] == '\0' ? "" : "[]", line);
        }
        lesson_say(file, "", "\"%s\"%s is not in %s[]: add it, or use a word %s[] has", word, from, vocab_name,
                   vocab_name);
        exit(1);
    }
    return id;
}

/* What the lesson's Java does with the empty word its split(" ") reads at two spaces or a space before the first
 * word, in each example whose Java splits a text (lesson_split's note), after "no word of vocab". */
static const char *java_empty_word(const char *file)
{
    static const char *const by_example[][2] = {
        {"05_code_repeats",
         ": indexOf gives -1, on which Example 5's Java stops where a row's window holds it, seen[-1]"},
        {"09_dry", ": indexOf gives -1, which Example 9's Java keeps in its history, a token no candidate is"},
        {"13_task_settings",
         ", which Example 13's Java's contains() finds in no row, so its penalties are this table's"},
    };
    int n;
    const char *name = lesson_program_name(file, &n);
    for (size_t i = 0; i < LESSON_N(by_example); i++)
        if (strlen(by_example[i][0]) == (size_t)n && strncmp(name, by_example[i][0], (size_t)n) == 0)
            return by_example[i][1];
    return ": indexOf gives -1";
}

#define SPACINGS_SHOWN 4        /* the odd spacings a note names; more are counted */

/* The note of lesson_split on text (name), once per text: of its n_odd odd spacings, the first SPACINGS_SHOWN by
 * name (spaces[k] spaces after word words[k], counted from 1; before the first word when words[k] is 0). */
static void note_spacing(const char *file, const char *name, const char *text, const char *vocab_name,
                         const size_t *spaces, const size_t *words, size_t n_odd)
{
    static const void *noted_text;
    static bool noted;
    if (n_odd == 0 || !lesson_note_due(&noted_text, &noted, text))
        return;
    size_t shown = n_odd < SPACINGS_SHOWN ? n_odd : SPACINGS_SHOWN;
    lesson_print_name(file);
    lesson_message("note: %s%s has ", name, lesson_where(file, name).text);
    for (size_t k = 0; k < shown; k++)
        lesson_message("%s%zu space%s %s word %zu", k == 0 ? "" : k + 1 == shown && shown == n_odd ? " and " : ", ",
                       spaces[k], spaces[k] > 1 ? "s" : "", words[k] == 0 ? "before" : "after",
                       words[k] == 0 ? 1 : words[k]);
    if (n_odd > shown)
        lesson_message(" and %zu more such places", n_odd - shown);
    lesson_message(": this workbench reads the words between any number of spaces, where the lesson's Java's "
                   "split(\" \") reads an empty word at each such place (no word of %s%s)", vocab_name,
                   java_empty_word(file));
    lesson_message_end();
}

int lesson_joined_length(const char *text)
{
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] == ' ')
        n--;
    return n > INT_MAX ? INT_MAX : (int)n;
}

size_t lesson_ids_at(const char *file, const char *name, const char *text, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab, int32_t *ids, size_t max_ids, bool java_splits)
{
    lesson_check_vocab(file, vocab_name, vocab, n_vocab, true);
    size_t n = 0, n_words = 0, n_odd = 0, spaces[SPACINGS_SHOWN], words[SPACINGS_SHOWN];
    for (const char *w = text + strspn(text, " "), *after = text; *w != '\0'; w += strspn(w, " ")) {
        size_t gap = (size_t)(w - after), length = strcspn(w, " ");
        if (gap > 1 || (n_words == 0 && gap > 0)) {     /* where Java's split(" ") reads an empty word */
            if (n_odd < LESSON_N(spaces)) {
                spaces[n_odd] = gap;
                words[n_odd] = n_words;
            }
            n_odd++;
        }
        int32_t id = lesson_find(w, length, vocab, n_vocab);
        if (id < 0) {
            int line = lesson_line_of(file, name, true);
            lesson_say(file, "", "\"%.*s\" (word %zu of %s%s%.0d) is not in %s[]: add it to %s[] with its logit, or "
                       "change %s", (int)length, w, n_words + 1, name, line > 0 ? ", line " : "", line, vocab_name,
                       vocab_name, name);
            exit(1);
        }
        if (n < max_ids)
            ids[n++] = id;
        n_words++;
        w += length;
        after = w;
    }
    if (java_splits)
        note_spacing(file, name, text, vocab_name, spaces, words, n_odd);
    return n;
}

bool lesson_sorted(const double *probs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (probs[i] > probs[i - 1])
            return false;
    return true;
}

int32_t lesson_most_likely(const double *probs, size_t n)
{
    size_t top = 0;
    for (size_t i = 1; i < n; i++)
        top = probs[i] > probs[top] ? i : top;
    return (int32_t)top;
}

bool lesson_printable(const char *s)
{
    for (; *s != '\0'; s++)
        if (*s < ' ' || *s > '~')
            return false;
    return true;
}

size_t lesson_distinct_chars(const char *text, char *chars, size_t size)
{
    size_t n = 0;
    for (int ch = 1; ch <= UCHAR_MAX && n + 1 < size; ch++)
        if (strchr(text, ch) != NULL)
            chars[n++] = (char)ch;
    if (size > 0)
        chars[n] = '\0';
    return n;
}

int32_t lesson_index_of(const char *text, char ch)
{
    const char *at = ch != '\0' ? strchr(text, ch) : NULL;
    return at != NULL ? (int32_t)(at - text) : -1;
}

void lesson_check_probs_at(const char *file, const char *name, const double *probs, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(probs[i] > 0 && probs[i] <= 1)) {
            lesson_say(file, "", "%s[%zu] is %s%s: each p must be above 0 and at most 1", name, i,
                       lesson_number(probs[i], 0).text, lesson_where(file, name).text);
            exit(1);
        }
        sum += probs[i];
    }
    if (fabs(sum - 1) > 1e-9) {
        lesson_say(file, "", "%s[] sums to %.10g, not 1%s: change them so they sum to 1", name, sum,
                   lesson_where(file, name).text);
        exit(1);
    }
}

/* Stops a program whose setting the library refuses. problem is the library's sentence, which starts with the
 * field's name ("penalty_repeat must be finite and above 0 as the float llama.cpp holds ...", penalty_params_problem,
 * sampling_params_problem); values (n_values,) are the row's settings, label its label (NULL for a program with
 * one setting), or row, for a row with no label, its name and line ("settings[2] (line 17)"). Prints `NN_slug: the
 * row "repeat 0" (line 29): penalty_repeat 0: must be ...`, `NN_slug: settings[2] (line 17): penalty_repeat -1.3:
 * must be ...`, or without a row `NN_slug: penalty_repeat 0 (line 15): must be ...`, naming the line where it can,
 * and exits with 1. */
static void lesson_stop_problem(const char *file, const char *label, const char *row, const LabelValue *values,
                                size_t n_values, const char *problem)
{
    size_t field = strcspn(problem, " "), i = 0;        /* the setting problem names: values[i] */
    while (i < n_values && (strncmp(values[i].name, problem, field) != 0 || values[i].name[field] != '\0'))
        i++;
    lesson_print_name(file);
    if (label != NULL) {
        char quoted[4200];
        snprintf(quoted, sizeof quoted, "\"%s\"", label);
        int line = label[0] != '\0' ? lesson_line_of(file, quoted, false) : 0;     /* "" is no row's own text */
        lesson_message("the row \"");
        lesson_label_to_at(file, label, values, n_values, stderr, NULL);
        lesson_message(line > 0 ? "\" (line %d): " : "\": ", line);
    } else if (row != NULL) {
        lesson_message("%s: ", row);
    }
    if (i == n_values)
        lesson_message("%s", problem);
    else
        lesson_message("%s %s%s:%s", values[i].name, lesson_number(values[i].value, 0).text,
                       label != NULL || row != NULL ? "" : lesson_where(file, values[i].name).text, problem + field);
    lesson_message_end();
    exit(1);
}

LessonText lesson_penalty_label(const PenaltyParams *pp)
{
    LessonText t;
    snprintf(t.text, sizeof t.text, "repeat penalty %.24s, window %2d%s%.24s%s%.24s:",
             lesson_number(pp->penalty_repeat, 1).text, (int)pp->penalty_last_n,
             pp->penalty_freq != 0 ? ", frequency " : "",
             pp->penalty_freq != 0 ? lesson_number(pp->penalty_freq, 1).text : "",
             pp->penalty_present != 0 ? ", presence " : "",
             pp->penalty_present != 0 ? lesson_number(pp->penalty_present, 1).text : "");
    return t;
}

/* lesson_check_penalty_at, for a row named by its label, or with none by row ("settings[2] (line 17)"), or
 * neither. */
static void check_penalty(const char *file, const PenaltyParams *pp, const char *label, const char *row)
{
    const char *problem = penalty_params_problem(pp);
    const LabelValue values[] = LESSON_PENALTY_VALUES(pp);
    if (problem != NULL)
        lesson_stop_problem(file, label, row, values, LESSON_N(values), problem);
    if (pp->penalty_last_n > 0 || penalties_off(&(PenaltyParams){64, pp->penalty_repeat, pp->penalty_freq,
                                                                 pp->penalty_present}, 1))
        return;     /* a window above 0, or penalties that are neutral anyway: nothing to say */
    lesson_print_name(file);
    lesson_message("note: ");
    if (label != NULL) {
        lesson_message("the row \"");
        lesson_label_to_at(file, label, values, LESSON_N(values), stderr, NULL);
        lesson_message("\": ");
    } else if (row != NULL) {
        lesson_message("%s: ", row);
    }
    lesson_message("penalty_last_n %d%s: %s, so the penalties with this window change no logit",
                   (int)pp->penalty_last_n,
                   label != NULL || row != NULL ? "" : lesson_where(file, "penalty_last_n").text,
                   pp->penalty_last_n == 0 ? "a window of 0 turns llama.cpp's penalties off"
                   : "llama.cpp's sampler clamps a window below 0 to 0, which turns its penalties off (current "
                     "llama.cpp's command line and server refuse a negative window)");
    lesson_message_end();
}

void lesson_check_penalty_at(const char *file, const PenaltyParams *pp, const char *label)
{
    check_penalty(file, pp, label, NULL);
}

void lesson_check_penalty_row_at(const char *file, const char *name, size_t index, const PenaltyParams *pp)
{
    char row[96];
    int line = lesson_element_line(file, name, index);
    snprintf(row, sizeof row, line > 0 ? "%.40s[%zu] (line %d)" : "%.40s[%zu]", name, index, line);
    check_penalty(file, pp, NULL, row);
}

void lesson_check_dry_at(const char *file, const DryParams *dp)
{
    const char *problem = dry_params_problem(dp);
    if (problem == NULL && !isfinite(as_float(dp->dry_multiplier)))
        problem = "dry_multiplier must be within float's range, about 3.4e38 (this workbench's own refusal: llama.cpp "
                  "holds it as a float, inf, and would subtract inf from a penalized token, where this table, in "
                  "double, would print a finite penalty)";
    const LabelValue values[] = {{"dry_multiplier", dp->dry_multiplier}, {"dry_base", dp->dry_base},
                                 {"dry_allowed_length", dp->dry_allowed_length},
                                 {"dry_penalty_last_n", dp->dry_penalty_last_n}};
    if (problem != NULL)
        lesson_stop_problem(file, NULL, NULL, values, LESSON_N(values), problem);
}

void lesson_check_params_at(const char *file, const SamplingParams *params, const LessonSettings *s,
                            int32_t penalty_last_n)
{
    const char *problem = sampling_params_problem(params);
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);
    if (problem != NULL)
        lesson_stop_problem(file, s->label, NULL, values, LESSON_N(values), problem);
}

LogitBias lesson_bias_at(const char *file, const char *name, size_t b, const char *word, double bias,
                         const char *words_name, const char *const *words, size_t n_words)
{
    char expr[64];
    snprintf(expr, sizeof expr, "%.40s[].word", name);
    LogitBias entry = {lesson_id_at(file, word, expr, words_name, words, n_words), bias};
    if (isnan(bias)) {
        int line = lesson_line_of(file, name, true);
        lesson_say(file, "", "%s[%zu] (\"%s\") is NaN: a bias is a number (this workbench's own refusal: llama.cpp's "
                   "-l takes nan, and the biased logit, NaN, would make every probability NaN)%s%.0d", name, b, word,
                   line > 0 ? "; biases[] starts at line " : "", line);
        exit(1);
    }
    return entry;
}

void lesson_softmax_biased_at(const char *file, const Candidates *before, Candidates *after,
                              const LogitBias *biases, size_t n, const char *const *words)
{
    SamplingStatus st = candidates_softmax(after, false);
    if (st == SAMPLING_ERR_NO_FINITE) {
        lesson_say(file, "", "biases[]%s ban every word: no token is left to have a probability",
                   lesson_where(file, "biases").text);
        exit(1);
    }
    lesson_check_at(file, __LINE__, "candidates_softmax(after, false)", st);
    for (size_t b = 0; b < n; b++) {
        ptrdiff_t at = candidates_find(after, biases[b].token), was = candidates_find(before, biases[b].token);
        bool first = true;      /* the first entry for its token */
        for (size_t e = 0; e < b; e++)
            first = first && biases[e].token != biases[b].token;
        if (at < 0 || was < 0 || !first)
            continue;
        double logit = after->data[at].logit, unbiased = before->data[was].logit;
        bool infinite_bias = false, banning_bias = false;
        for (size_t e = b; e < n; e++) {
            infinite_bias = infinite_bias || (biases[e].token == biases[b].token && biases[e].bias == INFINITY);
            banning_bias = banning_bias || (biases[e].token == biases[b].token && biases[e].bias == -INFINITY);
        }
        const char *word = words[biases[b].token];
        if (logit == INFINITY && unbiased < INFINITY)
            lesson_say(file, "note: ", "\"%s\" has a bias of +inf: it gets p %.4f, the tokens at +inf sharing all the "
                       "probability (the limit of softmax); llama.cpp's softmax and the lesson's Java give NaN",
                       word, after->data[at].p);
        else if (unbiased == INFINITY && banning_bias)
            lesson_say(file, "note: ", "\"%s\" has a logit of +inf and a bias of -inf: it stays banned here, where "
                       "llama.cpp and the lesson's Java compute inf + -inf = NaN, which makes every probability NaN",
                       word);
        else if (infinite_bias && logit == -INFINITY)
            lesson_say(file, "note: ", "\"%s\" has a bias of +inf and a logit or bias of -inf: it stays banned here, "
                       "where llama.cpp and the lesson's Java compute -inf + inf = NaN, which makes every probability "
                       "NaN", word);
        else if (logit == DBL_MAX && isfinite(unbiased))
            lesson_say(file, "note: ", "\"%s\" has a logit past double's range after its bias: this workbench holds it "
                       "at the largest double (%g), so it gets p %.4f, where llama.cpp's float and the lesson's Java's "
                       "double reach +inf, whose softmax gives NaN", word, logit, after->data[at].p);
        else if (logit > 0 && isinf(as_float(logit)) && !isinf(as_float(unbiased)))
            lesson_say(file, "note: ", "\"%s\" has a logit of %g after its bias, +inf as the float llama.cpp holds: "
                       "its softmax then gives NaN, where the lesson's Java, in double, gives this table", word, logit);
    }
}
