/* print.h: the one printer of the lessons' notes and stops, for lib/lesson/'s own files (the lessons print through
 * lesson_say, lesson_stop, lesson_require and lesson_note, lesson_lib.h, which use it).
 *
 * A message is put together piece by piece (lesson_print_name, lesson_message, a label written to stderr with
 * lesson_label_to) and printed on stderr by lesson_message_end, wrapped at LESSON_COLUMNS columns: each line
 * breaks at its last space that fits, the space itself giving way to a new line that starts with two spaces, so
 * that a continuation line joined back to the one before (its two spaces read as one) gives the message as it
 * was put together; a word longer than a line stays whole, on a line of its own.
 *
 * defines: LESSON_COLUMNS, lesson_escape, lesson_message, lesson_vmessage, lesson_message_end, lesson_message_clear,
 * lesson_print_wrapped; and what lib/lesson/'s files share of one another (stops.c's): lesson_program_name,
 * lesson_line_of, lesson_control_char, LESSON_ONE_LINE.
 */
#ifndef LESSON_PRINT_H
#define LESSON_PRINT_H

#include "lesson/lesson_lib.h"
#include <stdarg.h>

#define LESSON_COLUMNS 120      /* the widest line a note or stop prints, in characters */

/* The program's name in file, "07_typical" of lessons/07_typical.c: its *n characters at the result. */
const char *lesson_program_name(const char *file, int *n);

/* The line of this lesson's source (file, as __FILE__ names it) where needle first occurs (with setting, only
 * where it is a setting given a value), or 0 when there is none or the source cannot be read (the program was
 * started from another directory): the line a stop names. */
int lesson_line_of(const char *file, const char *needle, bool setting);

/* The first control character of s (below ' ', or DEL), which would break a table row or hide in a message; NULL
 * when it has none. */
const char *lesson_control_char(const char *s);

/* Why a word or a label stops on a control character, after "is printed in its table row, ". */
#define LESSON_ONE_LINE "which is one line, so it holds no control character (the lesson's Java would print it as " \
                        "it is, breaking the row): write it without"

/* A control character c (below ' ', and DEL) as C writes it in a literal, "\\n", "\\0" or "\\x7f", in buf (or a
 * constant); NULL for any other byte. A note or stop shows each control character of a %c or %s argument so (its
 * own text holds none), so that a NUL cannot end it and a newline cannot split it. */
const char *lesson_escape(unsigned char c, char buf[5]);

/* Appends printf-style text to the message being put together, each %f rounded as lesson_printf rounds it, each
 * control character of a %c or %s argument escaped (lesson_escape), and a %c argument past ASCII as "\\xc8" too
 * (one byte of its own is never a UTF-8 character; a %s argument's UTF-8 is printed as it is). A %s with a width
 * pads to that many columns (lesson_columns, an escape as the characters it prints), as lesson_printf's does. */
void lesson_message(const char *format, ...) LESSON_PRINTF_LIKE(1, 2);

/* lesson_message with its arguments in args. */
void lesson_vmessage(const char *format, va_list args);

/* Prints the message put together so far on stderr, wrapped (lesson_print_wrapped, width LESSON_COLUMNS, indent
 * 2), ending in a newline, and starts the next one. */
void lesson_message_end(void);

/* Drops the message put together so far, unprinted: a stop found while a message was being put together (a
 * label's unknown {name}) prints its own instead. */
void lesson_message_clear(void);

/* Writes text to out, each of its lines (text split at '\n', a newline after each) wrapped at width columns:
 * where a line is longer, it breaks at the last space that fits (one not after another space), which becomes a
 * newline and `indent` spaces; a word longer than the room stays whole and breaks at the first space after it.
 * With indent 2, joining each continuation line to the one before, its two spaces read as one, gives text. */
void lesson_print_wrapped(FILE *out, const char *text, int width, int indent);

#endif
