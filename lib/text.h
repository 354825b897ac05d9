/* text.h: text appended to a caller's buffer the way snprintf writes: never past its size, always
 * NUL-terminated when the size is above 0, and counting the full length so that a caller can learn how much
 * room the whole text needs. Internal to lib/ (chain lines, --help, the server's JSON).
 *
 * defines: Text, text_start, text_add, utf8_char_length.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>

typedef struct {
    char *buf;      /* (size,) the caller's buffer; NULL is allowed and then nothing is written */
    size_t size;
    size_t len;     /* the full length of the text so far, even past size */
} Text;

/* A text writing into buf (size bytes; buf may be NULL): empties buf when it can. */
Text text_start(char *buf, size_t size);

/* Appends printf-style; whatever does not fit is counted but not written. */
void text_add(Text *t, const char *fmt, ...);

/* The length of the well-formed UTF-8 character at s (1 to 4 bytes, of the n there; 1 for ASCII), or 0 when the
 * bytes there are not one: a stray continuation byte, an overlong form, a surrogate, a value past U+10FFFF, a cut
 * sequence (RFC 3629). In a NUL-terminated string n may be 4 anywhere: the NUL, not a continuation byte, ends a
 * cut sequence. The one UTF-8 rule of lib/: a body's strings, the lessons' columns and escapes, the pictures' text. */
size_t utf8_char_length(const unsigned char *s, size_t n);

#endif
