/* settings.c: the rows of settings of Examples 12 and 13 (lesson_settings.h): a row's llama.cpp settings, its
 * label, its notes, and the comparisons of two final distributions; and a chain's printed line. */
#include "lesson/print.h"
#include "lesson/lesson_settings.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lesson_print_describe(const Chain *ch)
{
    size_t n = chain_describe(ch, NULL, 0);
    char *line = malloc(n + 1);
    if (line == NULL) {
        fprintf(stderr, "out of memory for a chain's line\n");
        exit(1);
    }
    chain_describe(ch, line, n + 1);
    printf("%s\n", line);
    fflush(stdout);         /* as lesson_printf: before any note on stderr */
    free(line);
}

SamplingParams lesson_sampling_params(const LessonSettings *s, int32_t penalty_last_n)
{
    SamplingParams p = sampling_params_default();
    p.temp = s->temp;
    p.top_k = s->top_k;
    p.top_p = s->top_p;
    p.min_p = s->min_p;
    p.penalty_repeat = s->penalty_repeat;
    p.penalty_last_n = penalty_last_n;
    return p;
}

int lesson_settings_label_to_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out,
                             LessonText *text)
{
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);
    return lesson_label_to_at(file, s->label, values, LESSON_N(values), out, text);
}

int lesson_settings_label_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out)
{
    return lesson_settings_label_to_at(file, s, penalty_last_n, out, NULL);
}

void lesson_say_settings(const char *file, const char *noun, const LessonSettings *s, int32_t penalty_last_n,
                         const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lesson_print_name(file);
    lesson_message("note: the %s \"", noun);
    lesson_settings_label_at(file, s, penalty_last_n, stderr);
    lesson_message("\"");
    lesson_vmessage(format, args);
    lesson_message_end();
    va_end(args);
}

int lesson_settings_width_at(const char *file, const LessonSettings *rows, size_t n, int32_t penalty_last_n, int least)
{
    for (size_t r = 0; r < n; r++) {
        int length = lesson_settings_label_at(file, &rows[r], penalty_last_n, NULL);
        least = length > least ? length : least;
    }
    return least;
}

int lesson_count_p(const Candidates *c)
{
    int n = 0;
    for (size_t i = 0; i < c->size; i++)
        n += c->data[i].p > 0;
    return n;
}

bool lesson_same_p(const Candidates *a, const Candidates *b)
{
    size_t i = 0, j = 0;
    while (i < a->size || j < b->size) {
        bool only_a = j == b->size || (i < a->size && a->data[i].id < b->data[j].id);
        bool only_b = i == a->size || (j < b->size && b->data[j].id < a->data[i].id);
        double pa = only_b ? 0.0 : a->data[i++].p, pb = only_a ? 0.0 : b->data[j++].p;
        if (fabs(pa - pb) > 1e-12)
            return false;
    }
    return true;
}

bool lesson_note_unread_at(const char *file, const char *noun, const LessonSettings *s,
                           int32_t penalty_last_n, const Chain *ch)
{
    static const SamplingSetting settings[] = {SETTING_TEMP, SETTING_TOP_K, SETTING_TOP_P, SETTING_MIN_P,
                                               SETTING_PENALTY_REPEAT};
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);     /* in settings' order */
    SamplingParams p = lesson_sampling_params(s, penalty_last_n);
    bool any = false;
    for (size_t f = 0; f < LESSON_N(settings); f++) {
        Chain alone;
        if (chain_reads(ch, settings[f]) || chain_init(&alone, &p, 0) != SAMPLING_OK)
            continue;
        bool acts = false;      /* a stage that reads it would act, alone (stage_reads says which: chain.h) */
        for (int type = 0; type <= STAGE_MIROSTAT_V2 && !acts; type++)
            acts = stage_reads((StageType)type, settings[f]) && chain_add(&alone, (StageType)type) == SAMPLING_OK
                && !alone.stages[alone.n_stages - 1].empty;
        chain_free(&alone);
        if (!acts)
            continue;
        lesson_print_name(file);
        lesson_message("note: the %s \"", noun);
        lesson_settings_label_at(file, s, penalty_last_n, stderr);
        lesson_message("\": %s %s does nothing: no stage of order[] reads it", values[f].name,
                       lesson_number(values[f].value, 0).text);
        lesson_message_end();
        any = true;
    }
    return any;
}

bool lesson_note_unread_list_at(const char *file, const char *noun, const LessonSettings *s,
                                int32_t penalty_last_n, const SamplerType *order, size_t n)
{
    SamplingParams p = lesson_sampling_params(s, penalty_last_n);
    p.n_samplers = n < CHAIN_MAX_SAMPLERS ? n : CHAIN_MAX_SAMPLERS;
    memcpy(p.samplers, order, p.n_samplers * sizeof *order);
    Chain ch;
    if (chain_init_from_params(&ch, &p, 0) != SAMPLING_OK)
        return false;           /* a refused setting: lesson_check_params stops on it */
    bool any = lesson_note_unread_at(file, noun, s, penalty_last_n, &ch);
    chain_free(&ch);
    return any;
}
