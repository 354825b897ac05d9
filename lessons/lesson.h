/* lesson.h: the one header of the thirteen lesson programs.
 *
 * What the programs share is compiled once, under lib/lesson/ and lib/picture/, so that a lesson builds about as
 * fast as a hello-world and reads like its Java:
 *   lib/lesson/lesson_lib.h     the one-line checks and notes, the ids from words, the labels and numbers
 *                               (lesson_check, lesson_require, lesson_note, lesson_ids, lesson_number, ...)
 *   lib/picture/picture.h       each example's picture, written when LESSON_PICTURE names a file (make pictures)
 *   lib/lesson/chains.h         Example 12's step view, --trace and notes, and lib/lesson/presets.h, Example
 *                               13's preset runs and notes (they include them themselves, through
 *                               lib/picture/picture_chains.h, whose picture_chain_record and
 *                               picture_preset_stage they pass them)
 * and the sampling library itself (lib/), which the programs call for every number they print. The programs
 * print with lesson_printf, which is printf except that each %f rounds as the lesson's Java does (0.125 to two
 * places is 0.13 in Java, 0.12 in C's printf), so that an edited table reads as the Java would print it.
 */
#ifndef LESSON_H
#define LESSON_H

#include "lesson/lesson_lib.h"
#include "picture/picture.h"

#endif
