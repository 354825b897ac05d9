/* json.c: a small JSON reader of our own for the tests (RFC 8259): whether a text is one valid value, and the
 * members of a top-level object. */
#include "json.h"

#include <string.h>


static const char *json_value(const char *s);

static const char *json_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

static const char *json_string_end(const char *s)
{
    if (*s++ != '"')
        return NULL;
    for (; *s != '"'; s++) {
        if ((unsigned char)*s < 0x20)
            return NULL;                            /* control characters must be escaped */
        if (*s == '\\') {
            s++;
            if (*s == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", s[i]) || s[i] == '\0')
                        return NULL;
                s += 4;
            } else if (*s == '\0' || !strchr("\"\\/bfnrt", *s)) {
                return NULL;
            }
        }
    }
    return s + 1;
}

static const char *json_number_end(const char *s)
{
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        while (*s >= '0' && *s <= '9')
            s++;
    else
        return NULL;
    if (*s == '.') {
        if (!(*++s >= '0' && *s <= '9'))
            return NULL;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return NULL;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return s;
}

/* The elements of an array or members of an object, after its opening bracket. */
static const char *json_items(const char *s, char close, bool members)
{
    s = json_space(s);
    if (*s == close)
        return s + 1;
    for (;;) {
        if (members) {
            if ((s = json_string_end(json_space(s))) == NULL || *(s = json_space(s)) != ':')
                return NULL;
            s++;
        }
        if ((s = json_value(s)) == NULL)
            return NULL;
        s = json_space(s);
        if (*s == close)
            return s + 1;
        if (*s++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *s)
{
    s = json_space(s);
    switch (*s) {
    case '{': return json_items(s + 1, '}', true);
    case '[': return json_items(s + 1, ']', false);
    case '"': return json_string_end(s);
    case 't': return strncmp(s, "true", 4) == 0 ? s + 4 : NULL;
    case 'f': return strncmp(s, "false", 5) == 0 ? s + 5 : NULL;
    case 'n': return strncmp(s, "null", 4) == 0 ? s + 4 : NULL;
    default:  return json_number_end(s);
    }
}

bool json_valid(const char *s)
{
    const char *end = json_value(s);
    return end != NULL && *json_space(end) == '\0';
}


/* The members of the top-level object s, in order: key (unescaped only for plain keys) and the raw text of
 * the value. Returns the count, or -1 when s is not a valid object or has more than max members. */
int json_members(const char *s, JsonMember *m, int max)
{
    if (!json_valid(s) || *(s = json_space(s)) != '{')
        return -1;
    s = json_space(s + 1);
    int n = 0;
    while (*s == '"') {
        const char *key_end = json_string_end(s);
        if (n == max || (size_t)(key_end - s - 2) >= sizeof m[n].key)
            return -1;
        memcpy(m[n].key, s + 1, (size_t)(key_end - s - 2));
        m[n].key[key_end - s - 2] = '\0';
        const char *value = json_space(json_space(key_end) + 1);
        const char *value_end = json_value(value);
        size_t len = (size_t)(value_end - value);
        if (len >= sizeof m[n].value)
            return -1;
        memcpy(m[n].value, value, len);
        m[n].value[len] = '\0';
        n++;
        s = json_space(value_end);
        s = json_space(s + (*s == ','));
    }
    return n;
}
