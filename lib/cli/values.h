/* values.h: reading one flag's value as llama.cpp's common/arg.cpp reads it (std::stof, std::stoi,
 * std::stoul, -l's TOKEN_ID(+/-)BIAS, escapes), internal to lib/cli/ (args.c). A number at the start of a
 * value is read as llama.cpp reads it, and the caller warns; NaN is the one value llama.cpp reads that this
 * workbench refuses.
 *
 * defines: ValueStatus, parse_float, float_value, float_text, float_flag_text, json_number_text, stoi_takes,
 * shown, shown_quoted, shown_line, parse_bias, parse_integer, parse_unsigned, loose_reading, copy_cut,
 * process_escapes, value_truthy, value_falsey.
 */
#ifndef CLI_VALUES_H
#define CLI_VALUES_H

#include "penalties.h"

#include "text.h"
#include <stdbool.h>
#include <stddef.h>

/* How a value reads: wholly a number; none (llama.cpp refuses it too); out of range (the reader's
 * out_of_range, which llama.cpp refuses); a number at its start, with a blank before it or anything after it,
 * which llama.cpp reads as that number (VALUE_LOOSE: the caller takes it and warns); or NaN, which llama.cpp
 * reads and this workbench refuses, since its samplers cannot compute with it (VALUE_NAN). */
typedef enum { VALUE_OK, VALUE_NONE, VALUE_RANGE, VALUE_LOOSE, VALUE_NAN } ValueStatus;

/* A number that fits a float, as std::stof reads it: strtof, with ERANGE refused, so a value past FLT_MAX (1e39) or
 * below FLT_MIN in size that is not exact (1e-40, 1e-38) is out of range, while 0, "inf" and an exact subnormal
 * (0x1p-149) are fine. *out is the float std::stof gives (0.99999999 is 1), held in a double: llama.cpp decides every
 * rule on that float; set for VALUE_OK, VALUE_LOOSE and VALUE_NAN, with *used the bytes strtof took (blanks before the
 * number included). */
ValueStatus parse_float(const char *s, double *out, size_t *used);

/* The float nearest d, as a double: the value llama.cpp holds for a setting given as d (a server body's
 * number is read as a double, then converted). Past float's range it is what IEEE rounding gives (FLT_MAX
 * within half a spacing of it, an infinity beyond), where C's own conversion would be undefined; NaN stays. */
double float_value(double d);

/* The shortest text ("%.Ng", N = 1 to 9, else 17) that std::stof (strtof) and a JSON reader (strtod, then to
 * float) both read as the float of v, into buf (size bytes); "inf", "-inf" or "nan" for those. Returns buf. */
const char *float_text(double v, char *buf, size_t size);

/* The same for a flag's value, which std::stof must take: as float_text, except that a subnormal float is
 * written as its exact decimal (up to 112 digits: 2^-149 is "1.40129846...203125e-45", 110 bytes), since
 * std::stof refuses (strtof's ERANGE) any decimal that is not exactly one; buf then needs up to 120 bytes. */
const char *float_flag_text(double v, char *buf, size_t size);


/* Whether s is exactly one JSON number (RFC 8259: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?). */
bool json_number_text(const char *s);

/* Whether std::stoi takes s: blanks, a sign, digits, anything after; the number must fit an int. */
bool stoi_takes(const char *s);

/* `value` made safe for a one-line message in buf (size bytes): printable ASCII as it is but the backslash, which is
 * \\, anything else as \n, \t or \xNN (so that a typed "\n" and a line break never read alike), cut with "..." when it
 * does not fit. */
const char *shown(const char *value, char *buf, size_t size);

/* shown, with a '"' escaped as \" too, for a JSON string shown between double quotes: what is shown reads back as the
 * string it was, a quote in it never taken for its end. */
const char *shown_quoted(const char *value, char *buf, size_t size);

/* The same for a message made of shown pieces (a warning line): its backslashes are kept as they are, since
 * each is already an escape or an escaped backslash. */
const char *shown_line(const char *text, char *buf, size_t size);

/* TOKEN_ID(+/-)BIAS, as llama.cpp reads it: an integer (blanks before it), then '+' or '-' (blanks before it),
 * then the bias (blanks before it), read with strtof (parse_float: "inf" included; a second sign is strtof's,
 * so "15--3" is 15, +3) and negated after '-'. Returns false when malformed: no integer, no sign, nothing
 * after the sign. Else *bias is what llama.cpp holds, *status how the bias read, *bias_text its first byte and
 * *used the bytes strtof took of it. */
bool parse_bias(const char *value, LogitBias *bias, ValueStatus *status, const char **bias_text, size_t *used);

/* A whole number as std::stoi's strtol reads it (base 10): VALUE_NONE without digits, VALUE_RANGE past long
 * long, VALUE_LOOSE for a blank before it or anything after; *out and *used (the bytes read) are set for
 * VALUE_OK and VALUE_LOOSE. The caller checks the int's range. */
ValueStatus parse_integer(const char *s, long long *out, size_t *used);

/* The same for std::stoul: strtoul's unsigned long, a leading '-' wrapping it (-1 is ULONG_MAX); VALUE_RANGE
 * past unsigned long's range, as std::stoul refuses. */
ValueStatus parse_unsigned(const char *s, unsigned long *out, size_t *used);

/* How a reader took a VALUE_LOOSE value, of which it read the first `used` bytes, into buf (size bytes):
 * "std::stoi skips the blank before it and stops at '.'". reader names it ("std::stoi"). Returns buf. */
const char *loose_reading(const char *value, size_t used, const char *reader, char *buf, size_t size);

/* A breaker, -p or -r value as typed, cut to `room` bytes (never inside a UTF-8 character). */
void copy_cut(char *dst, const char *value, size_t room);

/* llama.cpp's escapes, in place: \n \r \t \' \" \\ and \xHH (two hex digits); any other backslash stays as
 * it is. \x00 also stays as typed, since a C string cannot hold the NUL byte it stands for; returns whether
 * there was one, so that a warning can say so. */
bool process_escapes(char *s);

/* llama.cpp's is_truthy and is_falsey (common/arg.cpp at 0017d6fb, common_arg_utils): "on", "enabled", "true" or
 * "1"; "off", "disabled", "false" or "0". Any other text (an empty one, "yes", "True") is neither. v not NULL. */
bool value_truthy(const char *v);
bool value_falsey(const char *v);

#endif
