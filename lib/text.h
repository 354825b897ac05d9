/* text.h: text appended to a caller's buffer the way snprintf writes: never past its size, always
 * NUL-terminated when the size is above 0, and counting the full length so that a caller can learn how much
 * room the whole text needs. Internal to lib/ (chain lines, --help, the server's JSON).
 *
 * defines: Text, text_start, text_add.
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

#endif
