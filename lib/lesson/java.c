/* java.c: where a lesson's Java and llama.cpp part, for the notes and stops that say so (lesson_lib.h): the
 * checks of a program's own logits and settings against what llama.cpp would do with them, the Java's rules that
 * the programs compare their rows with (the whole-history count of Examples 2 and 3, DRY's repeat length of
 * Example 9), and the notes where a cut keeps some of a group of tied tokens. */
#include "lesson/lesson_lib.h"
#include "filters.h"
#include "dry.h"
#include "penalties.h"
#include "sample.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The entry `i` of the array `name` ("logits") as a stop or note names it: `logits[4] ("dog")`. */
static LessonText entry(const char *name, size_t i, const char *const *words)
{
    LessonText t;
    snprintf(t.text, sizeof t.text, "%.40s[%zu] (\"%.60s\")", name, i, words[i]);
    return t;
}

void lesson_candidates_at(const char *file, Candidates *c, TokenData *buf, const char *name, const double *logits,
                          size_t n, const char *const *words)
{
    static const double *checked;       /* the array already checked: each is checked (and noted) once */
    size_t finite_or_inf = 0;
    LessonText where = logits != checked ? lesson_where(file, name) : (LessonText){""};
    for (size_t i = 0; i < n && logits != checked; i++) {
        if (isnan(logits[i])) {
            lesson_say(file, "", "%s is NaN%s: a logit is a number (this workbench's own refusal: llama.cpp would "
                       "take it, and its softmax, exp(NaN - max), would give every probability NaN)",
                       entry(name, i, words).text, where.text);
            exit(1);
        }
        finite_or_inf += logits[i] > -INFINITY;
        if (logits[i] == INFINITY)
            lesson_say(file, "note: ", "%s is +inf%s: the tokens at +inf share all the probability equally and every "
                       "other token gets p 0 (the limit of softmax, this workbench's rule); llama.cpp computes exp(inf "
                       "- inf) = NaN there, and every p with it, as the lesson's Java does wherever it takes a softmax",
                       entry(name, i, words).text, where.text);
        else if (logits[i] > FLT_MAX && isinf(as_float(logits[i])))
            lesson_say(file, "note: ", "%s is %s%s, +inf as the float llama.cpp holds: llama.cpp computes exp(inf - "
                       "inf) = NaN there, and every p with it, where the lesson's Java, in double, holds it as it is",
                       entry(name, i, words).text, lesson_number(logits[i], 0).text, where.text);
    }
    if (logits != checked && n > 0 && finite_or_inf == 0) {
        lesson_say(file, "", "%s[] is -inf for every word%s: no token is left to have a probability (llama.cpp's "
                   "softmax would give every p NaN); give at least one word a logit above -inf", name, where.text);
        exit(1);
    }
    checked = logits;
    lesson_check_at(file, __LINE__, "candidates_init", candidates_init(c, buf, logits, n));
}

bool lesson_java_differs(const char *format, double ours, double java)
{
    char a[64], b[64];
    if (fabs(ours) >= 1e6 && isfinite(ours))
        snprintf(a, sizeof a, "%.2e", ours);
    else
        lesson_format(a, sizeof a, format, ours);
    if (fabs(java) >= 1e6 && isfinite(java))
        snprintf(b, sizeof b, "%.2e", java);
    else
        lesson_format(b, sizeof b, format, java);
    return strcmp(a, b) != 0;
}

/* What a penalty took from logit to leave after: before minus after, and 0 where an infinity stays (inf - inf). */
static double subtracted(double logit, double after)
{
    return logit == after ? 0.0 : logit - after;
}

void lesson_check_penalty_all_at(const char *file, const PenaltyParams *pp, const double *logits,
                                 const char *const *words, size_t n, const int32_t *history, size_t n_history,
                                 bool with_subtracted)
{
    lesson_check_penalty_at(file, pp, NULL);
    if (pp->penalty_last_n >= 0 && (size_t)pp->penalty_last_n >= n_history)
        return;         /* the window holds the whole history, as the Java counts it */
    PenaltyParams whole = *pp;
    whole.penalty_last_n = INT32_MAX;
    TokenData *buf = malloc(2 * (n > 0 ? n : 1) * sizeof *buf);
    Candidates ours, java;
    bool computed = buf != NULL && candidates_init(&ours, buf, logits, n) == SAMPLING_OK
                    && candidates_init(&java, buf + n, logits, n) == SAMPLING_OK
                    && apply_penalties(&ours, history, n_history, pp) == SAMPLING_OK
                    && apply_penalties(&java, history, n_history, &whole) == SAMPLING_OK
                    && candidates_softmax(&ours, false) == SAMPLING_OK
                    && candidates_softmax(&java, false) == SAMPLING_OK;
    bool infinite = false;
    for (size_t i = 0; i < n; i++)
        infinite = infinite || logits[i] == INFINITY;
    for (size_t i = 0; computed && i < n; i++) {    /* best-effort: the program's own calls stop on a refusal */
        int count = (int)penalty_count(history, n_history, pp->penalty_last_n, (int32_t)i);
        int java_count = (int)penalty_count(history, n_history, INT32_MAX, (int32_t)i);
        if (count == java_count && !lesson_java_differs("%.2f", ours.data[i].logit, java.data[i].logit)
            && (infinite || !lesson_java_differs("%.3f", ours.data[i].p, java.data[i].p)))
            continue;
        LessonText window = lesson_setting(file, "penalty_last_n", pp->penalty_last_n);
        char p_ours[32] = "", p_java[32] = "";      /* with a logit of +inf the Java's p is NaN: not shown */
        if (!infinite) {
            lesson_format(p_ours, sizeof p_ours, ", p after %.3f", ours.data[i].p);
            lesson_format(p_java, sizeof p_java, ", p after %.3f", java.data[i].p);
        }
        double took = subtracted(logits[i], ours.data[i].logit), java_took = subtracted(logits[i], java.data[i].logit);
        char s_ours[80] = "", s_java[80] = "";      /* Example 3's column, where it differs */
        if (with_subtracted && lesson_java_differs("%.2f", took, java_took)) {
            snprintf(s_ours, sizeof s_ours, "subtracted %s, ", lesson_fixed_at(file, took, 2).text);
            snprintf(s_java, sizeof s_java, "subtracted %s, ", lesson_fixed_at(file, java_took, 2).text);
        }
        lesson_say(file, "note: ", "%s: count %d, %safter %s%s, %s %s%s; the lesson's Java counts the whole history, "
                   "%zu tokens: count %d, %safter %s%s", words[i], count, s_ours,
                   lesson_fixed_at(file, ours.data[i].logit, 2).text, p_ours,
                   pp->penalty_last_n > 0 ? "over llama.cpp's window of the newest tokens," : "as", window.text,
                   pp->penalty_last_n > 0 ? "" : " turns llama.cpp's penalties off", n_history, java_count, s_java,
                   lesson_fixed_at(file, java.data[i].logit, 2).text, p_java);
    }
    free(buf);
}

void lesson_check_limit_at(const char *file, const char *name, double limit, const void *row)
{
    char key[48];
    snprintf(key, sizeof key, "%.*s[]", (int)strcspn(name, "["), name);
    LessonText setting = lesson_setting(file, key, limit);
    if (isnan(limit)) {
        lesson_say(file, "", "%s: a limit is a probability, not NaN (this workbench's own refusal: llama.cpp builds "
                   "typical and top-p with it, as a NaN makes no sampler empty, and both keep every token, since no "
                   "running sum is above or at NaN)", setting.text);
        exit(1);
    }
    static const void *noted_row;
    static bool noted;
    if (typical_off(limit) && lesson_note_due(&noted_row, &noted, row))
        lesson_say(file, "note: ", "%s: a limit of 1 or more (as the float llama.cpp holds) turns typical sampling "
                   "off in llama.cpp, which then keeps every token in its order; the lesson's Java still orders them "
                   "by distance", setting.text);
}

void lesson_check_xtc_at(const char *file, const char *probs_name, const double *probs, size_t n_probs,
                         const char *once_name, double once, const char *probability_name, const double *probability,
                         size_t n, const char *threshold_name, double threshold)
{
    static const char coin[] = "(this workbench's own refusal: llama.cpp builds XTC with it, as a NaN makes no "
                               "sampler empty, and since no draw is above NaN, it cuts at every step)";
    lesson_check_probs_at(file, probs_name, probs, n_probs);
    char name[64];
    for (size_t i = 0; i <= n; i++) {       /* once, then each entry of the array */
        if (i == 0)
            snprintf(name, sizeof name, "%.40s", once_name);
        else
            snprintf(name, sizeof name, "%.40s[%zu]", probability_name, i - 1);
        double value = i == 0 ? once : probability[i - 1];
        if (isnan(value)) {
            lesson_say(file, "", "%s: must not be NaN %s", lesson_setting(file, name, value).text, coin);
            exit(1);
        }
    }
    if (isnan(threshold)) {
        lesson_say(file, "", "%s: must not be NaN (this workbench's own refusal: llama.cpp builds XTC with it, as a "
                   "NaN makes no sampler empty, and since no p is at or above NaN, it removes nothing)",
                   lesson_setting(file, threshold_name, threshold).text);
        exit(1);
    }
    if (!lesson_sorted(probs, n_probs))
        lesson_say(file, "note: ", "%s[] is not sorted from most to least likely: XTC cuts from the most likely "
                   "token, as llama.cpp's does, and the top token is that one; the Java takes %s[0]", probs_name,
                   probs_name);
}

int32_t lesson_java_repeat_length(const int32_t *history, size_t n, int32_t candidate)
{
    size_t best = 0;
    for (size_t end = 0; end + 1 < n; end++) {      /* an earlier occurrence of a run ends at `end` */
        if (history[end + 1] != candidate)
            continue;
        size_t len = 0;
        while (len <= end && history[end - len] == history[n - 1 - len])
            len++;
        best = len > best ? len : best;
    }
    return (int32_t)best;
}

/* "a repeat of 5 tokens and 4.288" (with the length) or "4.288": a row of Example 9 as a note names it. */
static LessonText dry_row_text(const char *file, bool with_length, int32_t length, double penalty, const char *lead)
{
    LessonText t;
    if (with_length)
        snprintf(t.text, sizeof t.text, "%s%d token%s and %s", lead, (int)length, length == 1 ? "" : "s",
                 lesson_fixed_at(file, penalty, 3).text);
    else
        snprintf(t.text, sizeof t.text, "%s", lesson_fixed_at(file, penalty, 3).text);
    return t;
}

/* The exponent cap of llama.cpp's DRY for dp (int(88.7228391 / ln base), for a base above 1.000001), or -1 for
 * none. */
static int dry_cap(const DryParams *dp)
{
    return dp->dry_base > 1.000001 ? (int)(88.7228391 / log(dp->dry_base)) : -1;
}

void lesson_note_dry_row_at(const char *file, const char *row, int32_t token, int32_t length, double penalty,
                            int32_t java_length, double java, const DryParams *dp, const int32_t *history,
                            size_t n_history)
{
    static const void *noted_row;
    static bool noted;
    bool other_length = length != java_length, other_penalty = lesson_java_differs("%.3f", penalty, java);
    if ((!other_length && !other_penalty) || !lesson_note_due(&noted_row, &noted, row))    /* a row's note: once */
        return;
    char why[640] = "";
    if (other_length) {     /* the window, or a breaker: measured again without the breakers */
        DryParams unbroken = *dp;
        unbroken.breakers = NULL;
        unbroken.n_breakers = 0;
        int32_t windowed = java_length;
        dry_repeat_length(history, n_history, &unbroken, token, &windowed);    /* dp passed dry_check already */
        size_t w = dry_window(n_history, dp->dry_penalty_last_n);
        LessonText window = lesson_setting(file, "dry_penalty_last_n", dp->dry_penalty_last_n);
        if (windowed != java_length && w == 0)
            snprintf(why, sizeof why, "its window holds no token (%s), where the lesson's Java scans the whole "
                     "history", window.text);
        else if (windowed != java_length)
            snprintf(why, sizeof why, "its window is the last %zu of the history's %zu tokens (%s), where the lesson's "
                     "Java scans them all", w, n_history, window.text);
        if (length != windowed)
            snprintf(why + strlen(why), sizeof why - strlen(why), "%sit ends a repeat at the newest sequence breaker, "
                     "%zu tokens back, where the lesson's Java has no breakers", why[0] ? "; " : "",
                     dry_repeat_limit(history, n_history, dp));
    }
    const char *off = dry_off_reason(history, n_history, dp);
    size_t head = 0;
    while (head < dp->n_breakers && !(dp->breakers[head].n == 1 && dp->breakers[head].tokens[0] == token))
        head++;
    int cap = dry_cap(dp);
    char cause[320] = "";
    if (other_penalty && off != NULL)
        snprintf(cause, sizeof cause, "it is off here, as %s", off);
    else if (other_penalty && head < dp->n_breakers)
        snprintf(cause, sizeof cause, "%s is a single-token sequence breaker (breakers[%zu]), which llama.cpp's DRY "
                 "never penalizes", row, head);
    else if (other_penalty && penalty == 0 && dp->dry_allowed_length <= 0)    /* above 0, a 0 is a short repeat */
        snprintf(cause, sizeof cause, "it penalizes only tokens that followed a repeat in the window, and %s follows "
                 "none there; the lesson's Java, with %s, penalizes every candidate, even one with no repeat", row,
                 lesson_setting(file, "dry_allowed_length", dp->dry_allowed_length).text);
    else if (other_penalty && cap >= 0 && (double)length - dp->dry_allowed_length > cap)
        snprintf(cause, sizeof cause, "it caps the exponent at %d (int(88.7228391 / ln dry_base)), so that the penalty "
                 "fits a float", cap);
    if (cause[0] != '\0')
        snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", why[0] ? "; " : "", cause);
    lesson_say(file, "note: ", "%s: llama.cpp's DRY gives %s where the lesson's Java gives %s: %s", row,
               dry_row_text(file, other_length, length, penalty, "a repeat of ").text,
               dry_row_text(file, other_length, java_length, java, "").text,
               why[0] ? why : "llama.cpp's rule differs from the lesson's Java's here");
}

void lesson_check_dry_line_at(const char *file, const DryParams *dp, const char *name, const int32_t *lengths,
                              size_t n, double (*java)(int32_t length, int32_t allowed))
{
    for (size_t i = 0; i < n; i++) {
        if (lengths[i] < 0) {
            char entry[64];
            snprintf(entry, sizeof entry, "%.40s[%zu]", name, i);
            lesson_say(file, "", "%s: a repeat is 0 tokens or more", lesson_setting(file, entry, lengths[i]).text);
            exit(1);
        }
    }
    char ours[640] = "", theirs[640] = "";
    bool capped = false;
    int cap = dry_cap(dp);
    size_t more = 0;        /* lengths that differ past the room of the note (a shown_lengths[] of dozens) */
    for (size_t i = 0; i < n; i++) {
        double p = dry_penalty(dp, lengths[i]), j = java(lengths[i], 2);     /* the Java writes it for 2 */
        if (!lesson_java_differs("%.2f", p, j))
            continue;
        if (strlen(ours) + 64 > sizeof ours || strlen(theirs) + 64 > sizeof theirs) {
            more++;
            continue;
        }
        capped = capped || (cap >= 0 && (double)lengths[i] - dp->dry_allowed_length > cap);
        snprintf(ours + strlen(ours), sizeof ours - strlen(ours), "%s%d -> %s", ours[0] ? ", " : "", (int)lengths[i],
                 lesson_fixed_at(file, p, 2).text);
        snprintf(theirs + strlen(theirs), sizeof theirs - strlen(theirs), "%s%d -> %s", theirs[0] ? ", " : "",
                 (int)lengths[i], lesson_fixed_at(file, j, 2).text);
    }
    if (ours[0] == '\0')
        return;
    char why[320] = "";
    if (as_float(dp->dry_base) < 1.0f || dp->dry_penalty_last_n <= 0)     /* where dry_penalty gives 0 */
        snprintf(why, sizeof why, "it is off here, as %s", as_float(dp->dry_base) < 1.0f ? "dry_base is below 1"
                 : "dry_penalty_last_n is 0 or less");
    else if (dp->dry_allowed_length != 2)
        snprintf(why, sizeof why, "the lesson's Java writes the line's exponents for an allowed length of 2, and this "
                 "line follows %s", lesson_setting(file, "dry_allowed_length", dp->dry_allowed_length).text);
    if (capped && why[0] == '\0')
        snprintf(why, sizeof why, "it caps the exponent at %d (int(88.7228391 / ln dry_base)), so that the penalty "
                 "fits a float", cap);
    else if (capped && strncmp(why, "it is off", 9) != 0)
        snprintf(why + strlen(why), sizeof why - strlen(why), "; and it caps the exponent at %d (int(88.7228391 / ln "
                 "dry_base)), so that the penalty fits a float", cap);
    char rest[48] = "";
    if (more > 0)
        snprintf(rest, sizeof rest, ", and %zu more lengths", more);
    lesson_say(file, "note: ", "the last line: llama.cpp's DRY gives [%s%s] where the lesson's Java gives [%s%s]: %s",
               ours, rest, theirs, rest, why[0] ? why : "llama.cpp's rule differs from the lesson's Java's here");
}

bool lesson_tied_cut(const double *by_id, size_t n, const Candidates *kept, double *value, size_t *n_tied,
                     size_t *n_kept)
{
    for (size_t k = 0; k < kept->size; k++) {
        int32_t id = kept->data[k].id;
        if (id < 0 || (size_t)id >= n || !isfinite(by_id[id]))
            continue;
        size_t tied = 0, in = 0;
        for (size_t j = 0; j < n; j++) {
            tied += by_id[j] == by_id[id];
            in += by_id[j] == by_id[id] && candidates_find(kept, (int32_t)j) >= 0;
        }
        if (in < tied) {
            *value = by_id[id];
            *n_tied = tied;
            *n_kept = in;
            return true;
        }
    }
    return false;
}

void lesson_note_tied_cut_at(const char *file, const char *stage, const char *name, const double *by_id, size_t n,
                             const Candidates *kept)
{
    static bool noted;
    double value;
    size_t tied, in;
    if (noted || !lesson_tied_cut(by_id, n, kept, &value, &tied, &in))
        return;
    noted = true;
    char all[160] = "", chosen[160] = "";
    for (size_t j = 0; j < n; j++) {
        size_t used = strlen(all), used_chosen = strlen(chosen);
        if (by_id[j] == value && used < sizeof all - 24)
            snprintf(all + used, sizeof all - used, "%s%.12s[%zu]", used ? ", " : "", name, j);
        if (by_id[j] == value && candidates_find(kept, (int32_t)j) >= 0 && used_chosen < sizeof chosen - 24)
            snprintf(chosen + used_chosen, sizeof chosen - used_chosen, "%s%.12s[%zu]", used_chosen ? ", " : "", name,
                     j);
    }
    lesson_say(file, "note: ", "%s keeps %zu of the %zu tokens tied at %s (%s): which tied tokens llama.cpp keeps is "
               "unspecified (its sort is not stable); this workbench keeps %s", stage, in, tied,
               lesson_number(value, 0).text, all, chosen);
}

double lesson_cut_key(bool typical, const double *surprise, size_t i, double entropy)
{
    return typical ? fabs(surprise[i] - entropy) : surprise[i];
}

size_t lesson_cut_ties(const TokenData *kept, size_t size, bool typical, const double *surprise, size_t n,
                       double entropy, bool *tied)
{
    size_t left_out = 0;
    for (size_t i = 0; i < n; i++)
        tied[i] = false;
    for (size_t k = 0; k < size; k++) {
        size_t id = (size_t)kept[k].id, group = 0;
        double key = lesson_cut_key(typical, surprise, id, entropy);
        for (size_t j = 0; id < n && j < n; j++)
            group += lesson_cut_key(typical, surprise, j, entropy) == key;
        for (size_t j = 0; id < n && group > 1 && j < n; j++)
            tied[j] |= lesson_cut_key(typical, surprise, j, entropy) == key;
    }
    for (size_t j = 0; j < n; j++) {
        bool in = false;
        for (size_t k = 0; k < size; k++)
            in |= kept[k].id == (int32_t)j;
        left_out += tied[j] && !in;
    }
    return left_out;
}

/* The note on one cut (typical's or top-p's, kept: its result) at limit when its sort met a tie among the
 * tokens it keeps (lesson_cut_ties): which tokens tie, on what, and how many of them it keeps. */
static void tie_note(const char *file, double limit, const Candidates *kept, bool typical,
                     const char *const *words, const double *surprise, size_t n, double entropy)
{
    bool *tied = malloc((n > 0 ? n : 1) * sizeof *tied), *listed = malloc((n > 0 ? n : 1) * sizeof *listed);
    if (tied == NULL || listed == NULL) {           /* best-effort: without memory, no note */
        free(tied);
        free(listed);
        return;
    }
    size_t left_out = lesson_cut_ties(kept->data, kept->size, typical, surprise, n, entropy, tied), count = 0;
    char groups[512] = "";
    for (size_t i = 0; i < n; i++) {
        listed[i] = false;
        count += tied[i];
    }
    for (size_t i = 0; i < n; i++) {                /* each group: its words, then the key they tie on */
        if (!tied[i] || listed[i])
            continue;
        double key = lesson_cut_key(typical, surprise, i, entropy);
        for (size_t j = i; j < n; j++) {
            if (tied[j] && lesson_cut_key(typical, surprise, j, entropy) == key) {
                listed[j] = true;
                size_t used = strlen(groups);
                snprintf(groups + used, sizeof groups - used, "%s%.100s", j == i ? (used ? "; " : "") : ", ",
                         words[j]);
            }
        }
        double p = 0;                               /* a kept token of the group has the p they share */
        for (size_t k = 0; k < kept->size; k++)
            p = lesson_cut_key(typical, surprise, (size_t)kept->data[k].id, entropy) == key ? kept->data[k].p : p;
        size_t used = strlen(groups);
        if (typical)
            snprintf(groups + used, sizeof groups - used, ": %.3f nats away", key);
        else
            snprintf(groups + used, sizeof groups - used, ": p %.60s", lesson_number(p, 1).text);
    }
    const char *what = typical ? "typical" : "top-p", *on = typical ? "in their distance from the entropy" : "in p";
    if (left_out > 0)
        lesson_say(file, "note: ", "limit %s: %s keeps %zu of the %zu tokens tied %s (%s): which tied tokens "
                   "llama.cpp keeps, and in what order, is unspecified (its sort is not stable); this workbench takes "
                   "them in their order in probs[]", lesson_number(limit, 2).text, what, count - left_out, count, on,
                   groups);
    else if (count > 0)
        lesson_say(file, "note: ", "limit %s: %s keeps the tokens tied %s (%s) in an order llama.cpp leaves "
                   "unspecified (its sort is not stable); this workbench takes them in their order in probs[]",
                   lesson_number(limit, 2).text, what, on, groups);
    free(tied);
    free(listed);
}

void lesson_note_cut_ties_at(const char *file, double limit, const Candidates *typ, const Candidates *top,
                             const char *const *words, const double *surprise, size_t n, double entropy)
{
    if (!typical_off(limit))
        tie_note(file, limit, typ, true, words, surprise, n, entropy);
    if (!top_p_off(limit))
        tie_note(file, limit, top, false, words, surprise, n, entropy);
}

void lesson_sorted_cut(LessonSortedCut *tally, const double *logits, size_t n, double mu, size_t kept)
{
    TokenData *buf = malloc((n > 0 ? n : 1) * sizeof *buf);
    Candidates c;
    if (buf == NULL || candidates_init(&c, buf, logits, n) != SAMPLING_OK || candidates_softmax(&c, true) != SAMPLING_OK
        || mirostat_v2_cut(&c, mu) != SAMPLING_OK) {
        free(buf);
        return;         /* best-effort: the program's own cut stops on what these refuse */
    }
    tally->more += c.size > kept;
    tally->ties += c.size > 0 && c.size < n && buf[c.size - 1].logit == buf[c.size].logit;
    free(buf);
}

void lesson_check_mu_at(const char *file, double mu, int step, const char *tau_name, double tau, const char *eta_name,
                        double eta)
{
    if (isfinite(mu))
        return;
    char key[48];
    snprintf(key, sizeof key, "%.*s[]", (int)strcspn(tau_name, "["), tau_name);
    lesson_say(file, "", "mu is %s at step %d: it starts at 2 * tau and moves by eta * (tau - surprise), and %s with "
               "%s do not keep it a finite number (this workbench's own stop: llama.cpp would go on, its cut keeping "
               "%s)", lesson_number(mu, 0).text, step, lesson_setting(file, strchr(tau_name, '[') ? key : tau_name,
               tau).text, lesson_setting(file, eta_name, eta).text, mu < 0 ? "only the most likely token"
                                                                          : "every token, as no surprise is above it");
    exit(1);
}

void lesson_note_mirostat_at(const char *file, const double *tau, const LessonSortedCut *tally, int steps)
{
    int more = tally->more, ties = tally->ties;
    static const void *noted_more, *noted_ties;
    static bool more_noted, ties_noted;
    if (more > 0 && lesson_note_due(&noted_more, &more_noted, tau))
        lesson_say(file, "note: ", "tau %s: llama.cpp's mirostat-v2 sorts the tokens before it cuts at mu; this table "
                   "cuts them in vocabulary order, as the lesson's Java does, and at %d of its %d steps the sorted cut "
                   "would keep more tokens", lesson_number(*tau, 1).text, more, steps);
    if (ties > 0 && lesson_note_due(&noted_ties, &ties_noted, tau))
        lesson_say(file, "note: ", "tau %s: at %d of its %d steps every surprise is above mu, and llama.cpp's sorted "
                   "cut keeps one of the tokens tied at the top, which one being unspecified (its sort is not "
                   "stable); this table keeps the first of the vocabulary, as the lesson's Java does",
                   lesson_number(*tau, 1).text, ties, steps);
}
