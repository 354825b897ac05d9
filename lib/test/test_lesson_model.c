/* test_lesson_model.c: Example 12's model, lesson_bigram_logits (lib/lesson/chains.c): ln of each pair's count,
 * -inf for a pair never seen. The counts are worked out by hand from each corpus; each logit is expected as C's
 * log of that count, as Example 12 computed it in the program before the model moved here. */
#include "check.h"
#include "lesson/chains.h"
#include "tests.h"

#include <math.h>

static double model[LESSON_STEP_MAX][LESSON_STEP_MAX];

static void fill(double value)
{
    for (size_t a = 0; a < LESSON_STEP_MAX; a++)
        for (size_t b = 0; b < LESSON_STEP_MAX; b++)
            model[a][b] = value;
}

/* Whether every entry is -inf but those the caller checks itself, rows and columns below n. */
static bool all_unseen_from(size_t n)
{
    for (size_t a = 0; a < LESSON_STEP_MAX; a++)
        for (size_t b = 0; b < LESSON_STEP_MAX; b++)
            if ((a >= n || b >= n) && model[a][b] != -INFINITY)
                return false;
    return true;
}

void test_lesson_model(void)
{
    /* "abab": ab twice, ba once; aa and bb never. Whatever was in the array before is overwritten. */
    fill(7.0);
    lesson_bigram_logits("abab", "ab", model);
    CHECK_BITS(log(2.0), model[0][1]);
    CHECK_BITS(0.0, model[1][0]);                /* ln 1 */
    CHECK_BITS(-INFINITY, model[0][0]);
    CHECK_BITS(-INFINITY, model[1][1]);
    CHECK(all_unseen_from(2));

    /* "aaab c": aa twice, ab, b' ', ' 'c once each; the alphabet in byte order, " abc". */
    lesson_bigram_logits("aaab c", " abc", model);
    CHECK_BITS(log(2.0), model[1][1]);
    CHECK_BITS(0.0, model[1][2]);
    CHECK_BITS(0.0, model[2][0]);
    CHECK_BITS(0.0, model[0][3]);
    CHECK_BITS(-INFINITY, model[3][0]);     /* c ends the corpus: nothing follows it */
    CHECK_BITS(-INFINITY, model[0][1]);

    /* Example 12's corpus, counted by hand: 8 "the", so th and he 8 times; "t " 6 times (cat 3, sat 3); "t." 3
     * times (mat. twice, cat. once); ". " 4 times, as the fifth "." ends the corpus. */
    static const char corpus[] = "the cat sat on the mat. the dog sat on the log. the cat saw the dog. "
                                 "the dog saw the cat. a cat and a dog sat on a mat.";
    static const char alphabet[] = " .acdeghlmnostw";
    lesson_bigram_logits(corpus, alphabet, model);
    CHECK_BITS(log(8.0), model[13][7]);          /* th; alphabet[13] is t, [7] h */
    CHECK_BITS(log(8.0), model[7][5]);           /* he */
    CHECK_BITS(log(6.0), model[13][0]);          /* "t " */
    CHECK_BITS(log(3.0), model[13][1]);          /* "t." */
    CHECK_BITS(log(4.0), model[1][0]);           /* ". " */
    CHECK_BITS(-INFINITY, model[14][14]);        /* ww */

    /* A character the alphabet lacks counts for nothing, nor does a corpus of one character or none. */
    lesson_bigram_logits("axb", "ab", model);
    CHECK(all_unseen_from(0));
    lesson_bigram_logits("a", "a", model);
    CHECK(all_unseen_from(0));
    lesson_bigram_logits("", "", model);
    CHECK(all_unseen_from(0));
}
