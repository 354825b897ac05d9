/* text.c: snprintf-style appending. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>

Text text_start(char *buf, size_t size)
{
    Text t = {buf, buf != NULL ? size : 0, 0};
    if (t.size > 0)
        buf[0] = '\0';
    return t;
}

void text_add(Text *t, const char *fmt, ...)
{
    va_list ap;
    size_t room = t->len < t->size ? t->size - t->len : 0;
    va_start(ap, fmt);
    int n = vsnprintf(room > 0 ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}
