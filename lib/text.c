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

size_t utf8_char_length(const unsigned char *s, size_t n)
{
    unsigned char lead = s[0];
    size_t len = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
               : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((lead == 0xE0 && s[1] < 0xA0) || (lead == 0xED && s[1] >= 0xA0) || (lead == 0xF0 && s[1] < 0x90)
        || (lead == 0xF4 && s[1] >= 0x90))
        return 0;
    return len;
}
