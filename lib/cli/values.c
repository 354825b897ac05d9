/* values.c: the value readers of values.h. */
#include "cli/values.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ValueStatus parse_float(const char *s, double *out, size_t *used)
{
    char *end;
    errno = 0;
    float f = strtof(s, &end);
    if (end == s)
        return VALUE_NONE;
    if (errno == ERANGE)
        return VALUE_RANGE;
    *out = f;
    *used = (size_t)(end - s);
    return isnan(f) ? VALUE_NAN : isspace((unsigned char)s[0]) || *end != '\0' ? VALUE_LOOSE : VALUE_OK;
}

double float_value(double d)
{
    if (d > FLT_MAX || d < -FLT_MAX)
        return fabs(d) >= 0x1.ffffffp127 ? copysign(INFINITY, d) : copysign(FLT_MAX, d);
    return (float)d;
}

const char *float_text(double v, char *buf, size_t size)
{
    double f = float_value(v);
    if (isnan(f) || isinf(f)) {
        snprintf(buf, size, "%s", isnan(f) ? "nan" : f > 0 ? "inf" : "-inf");
        return buf;
    }
    for (int digits = 1; digits <= 9; digits++) {
        snprintf(buf, size, "%.*g", digits, f);
        if (strtof(buf, NULL) != f || float_value(strtod(buf, NULL)) != f)
            continue;
        /* %g writes 100 as 1e+02 at one digit: below 1e16, the same digits without an exponent. */
        const char *e = strchr(buf, 'e');
        int exponent = e != NULL ? atoi(e + 1) : 0;
        if (e != NULL && exponent > 0 && exponent < 16)
            snprintf(buf, size, "%.*f", digits - 1 - exponent > 0 ? digits - 1 - exponent : 0, f);
        return buf;
    }
    snprintf(buf, size, "%.17g", f);    /* the float exactly: both readers take it back */
    return buf;
}

const char *float_flag_text(double v, char *buf, size_t size)
{
    double f = float_value(v);
    if (f != 0 && fabs(f) < FLT_MIN) {  /* its exact decimal: at most 112 digits, as a float's are 2^-149 apart */
        char exact[160];
        snprintf(exact, sizeof exact, "%.125e", f);
        char *e = strchr(exact, 'e'), *z = e;
        while (z[-1] == '0')
            z--;
        snprintf(buf, size, "%.*s%s", (int)(z - exact), exact, e);
        return buf;
    }
    return float_text(v, buf, size);
}

bool json_number_text(const char *s)
{
    s += *s == '-';
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        s += strspn(s, "0123456789");
    else
        return false;
    if (*s == '.') {
        size_t n = strspn(s + 1, "0123456789");
        if (n == 0)
            return false;
        s += 1 + n;
    }
    if (*s == 'e' || *s == 'E') {
        s += 1 + (s[1] == '+' || s[1] == '-');
        size_t n = strspn(s, "0123456789");
        if (n == 0)
            return false;
        s += n;
    }
    return *s == '\0';
}

bool stoi_takes(const char *s)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    return end != s && errno != ERANGE && v >= INT_MIN && v <= INT_MAX;
}

/* shown, or (backslash false) shown_line; quote: shown_quoted. */
static const char *show(const char *value, char *buf, size_t size, bool backslash, bool quote)
{
    size_t len = 0;
    for (const unsigned char *v = (const unsigned char *)value; *v != '\0'; v++) {
        char piece[8];
        if (*v == '\n' || *v == '\t' || (*v == '\\' && backslash) || (*v == '"' && quote))
            snprintf(piece, sizeof piece, "\\%c", *v == '\n' ? 'n' : *v == '\t' ? 't' : *v);
        else if (*v < 0x20 || *v >= 0x7f)
            snprintf(piece, sizeof piece, "\\x%02x", *v);
        else
            snprintf(piece, sizeof piece, "%c", *v);
        if (len + strlen(piece) + 4 > size) {
            snprintf(buf + len, size - len, "...");
            return buf;
        }
        memcpy(buf + len, piece, strlen(piece) + 1);
        len += strlen(piece);
    }
    buf[len] = '\0';
    return buf;
}

const char *shown(const char *value, char *buf, size_t size)
{
    return show(value, buf, size, true, false);
}

const char *shown_quoted(const char *value, char *buf, size_t size)
{
    return show(value, buf, size, true, true);
}

const char *shown_line(const char *text, char *buf, size_t size)
{
    return show(text, buf, size, false, false);
}

bool parse_bias(const char *value, LogitBias *bias, ValueStatus *status, const char **bias_text, size_t *used)
{
    char *end;
    errno = 0;
    long long token = strtoll(value, &end, 10);
    if (end == value || errno == ERANGE || token < INT32_MIN || token > INT32_MAX)
        return false;
    while (isblank((unsigned char)*end))
        end++;
    if (*end != '+' && *end != '-')
        return false;
    const char *rest = end + 1;
    while (isblank((unsigned char)*rest))
        rest++;
    if (*rest == '\0')
        return false;
    double amount = 0;
    *bias_text = rest;
    *status = parse_float(rest, &amount, used);
    *bias = (LogitBias){(int32_t)token, *end == '-' ? -amount : amount};
    return true;
}

ValueStatus parse_integer(const char *s, long long *out, size_t *used)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s)
        return VALUE_NONE;
    if (errno == ERANGE)
        return VALUE_RANGE;
    *out = v;
    *used = (size_t)(end - s);
    return isspace((unsigned char)s[0]) || *end != '\0' ? VALUE_LOOSE : VALUE_OK;
}

ValueStatus parse_unsigned(const char *s, unsigned long *out, size_t *used)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s)
        return VALUE_NONE;
    if (errno == ERANGE)
        return VALUE_RANGE;
    *out = v;
    *used = (size_t)(end - s);
    return isspace((unsigned char)s[0]) || *end != '\0' ? VALUE_LOOSE : VALUE_OK;
}

const char *loose_reading(const char *value, size_t used, const char *reader, char *buf, size_t size)
{
    char stop[16] = "";
    bool blank = isspace((unsigned char)value[0]);
    if (value[used] != '\0') {
        char one[2] = {value[used], '\0'};
        shown(one, stop, sizeof stop);
    }
    snprintf(buf, size, "%s%s%s%s%s%s", reader, blank ? " skips the blank before it" : "",
             blank && stop[0] != '\0' ? " and" : "", stop[0] != '\0' ? " stops at '" : "", stop,
             stop[0] != '\0' ? "'" : "");
    return buf;
}

void copy_cut(char *dst, const char *value, size_t room)
{
    size_t n = strlen(value);
    if (n > room) {
        n = room;
        while (n > 0 && ((unsigned char)value[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, value, n);
    dst[n] = '\0';
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                                                                       : -1;
}

bool process_escapes(char *s)
{
    bool kept_nul = false;
    char *out = s;
    for (const char *in = s; *in != '\0'; in++) {
        if (*in != '\\' || in[1] == '\0') {
            *out++ = *in;
            continue;
        }
        const char *plain = strchr("nrt'\"\\", in[1]);
        if (plain != NULL) {
            *out++ = in[1] == 'n' ? '\n' : in[1] == 'r' ? '\r' : in[1] == 't' ? '\t' : in[1];
            in++;
        } else if (in[1] == 'x' && hex_digit(in[2]) >= 0 && hex_digit(in[3]) >= 0
                   && hex_digit(in[2]) * 16 + hex_digit(in[3]) != 0) {
            *out++ = (char)(hex_digit(in[2]) * 16 + hex_digit(in[3]));
            in += 3;
        } else {
            kept_nul = kept_nul || (in[1] == 'x' && in[2] == '0' && in[3] == '0');
            *out++ = '\\';
        }
    }
    *out = '\0';
    return kept_nul;
}

bool value_truthy(const char *v)
{
    return strcmp(v, "on") == 0 || strcmp(v, "enabled") == 0 || strcmp(v, "true") == 0 || strcmp(v, "1") == 0;
}

bool value_falsey(const char *v)
{
    return strcmp(v, "off") == 0 || strcmp(v, "disabled") == 0 || strcmp(v, "false") == 0 || strcmp(v, "0") == 0;
}
