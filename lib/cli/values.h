/* values.h: reading one flag's value as llama.cpp's common/arg.cpp reads it (std::stof, std::stoi, -l's
 * TOKEN_ID(+/-)BIAS, escapes), internal to lib/cli/ (args.c). Each says where this workbench is stricter.
 *
 * defines: ValueStatus, BiasStatus, parse_float, float_value, float_text, float_flag_text, utf8_char_length,
 * json_number_text, stoi_takes, shown, parse_bias, parse_integer, copy_cut, process_escapes.
 */
#ifndef CLI_VALUES_H
#define CLI_VALUES_H

#include "penalties.h"

#include <stdbool.h>
#include <stddef.h>

/* How a value reads: a number; none (llama.cpp refuses it too); out of range (std::stof's or std::stoi's
 * out_of_range, which llama.cpp refuses); or a number llama.cpp would read but this workbench refuses, being
 * stricter: a blank before it, anything after it, NaN. */
typedef enum { VALUE_OK, VALUE_NONE, VALUE_RANGE, VALUE_STRICTER } ValueStatus;

/* A value that is wholly a number and fits a float. The range is std::stof's: strtof, with ERANGE refused,
 * so a value past FLT_MAX (1e39) or below FLT_MIN in size that is not exact (1e-40, 1e-38) is out of range,
 * while 0, "inf" and an exact subnormal (0x1p-149) are fine. On VALUE_STRICTER, lenient (lenient_size bytes)
 * gets what stof would read ("0.9" for "0.9x", "nan"). *out is the float std::stof gives (0.99999999 is 1),
 * held in a double: llama.cpp decides every rule on that float (issue 17). */
ValueStatus parse_float(const char *s, double *out, char *lenient, size_t lenient_size);

/* The float nearest d, as a double: the value llama.cpp holds for a setting given as d (a server body's
 * number is read as a double, then converted). Past float's range it is what IEEE rounding gives (FLT_MAX
 * within half a spacing of it, an infinity beyond), where C's own conversion would be undefined; NaN stays. */
double float_value(double d);

/* The shortest text ("%.Ng", N = 1 to 9, else 17) that std::stof (strtof) and a JSON reader (strtod, then to
 * float) both read as the float of v, into buf (size bytes); "inf", "-inf" or "nan" for those. Returns buf. */
const char *float_text(double v, char *buf, size_t size);

/* The same for a flag's value, which std::stof must take: as float_text, except that a subnormal float is
 * written in hex ("0x1p-149"), since std::stof refuses (ERANGE) any decimal that is not exactly one. */
const char *float_flag_text(double v, char *buf, size_t size);

/* The length of the valid UTF-8 character at s (1 to 4 bytes, of the n there), or 0 when the bytes there are
 * not one: a stray continuation byte, an overlong form, a surrogate, a value past U+10FFFF, a cut sequence.
 * In a NUL-terminated string n may be 4 anywhere: the NUL, not a continuation byte, ends a cut sequence. */
size_t utf8_char_length(const unsigned char *s, size_t n);

/* Whether s is exactly one JSON number (RFC 8259: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?). */
bool json_number_text(const char *s);

/* Whether std::stoi takes s: blanks, a sign, digits, anything after; the number must fit an int. */
bool stoi_takes(const char *s);

/* `value` made safe for a one-line message in buf (size bytes): printable ASCII as it is, anything else as
 * \n, \t or \xNN, cut with "..." when it does not fit. */
const char *shown(const char *value, char *buf, size_t size);

/* How -l's value reads: malformed, well formed (the bias itself then read by parse_float), or with a second
 * sign after the first, which llama.cpp reads ("15--3" is 15, +3: strtof takes the second sign) and this tool
 * refuses. */
typedef enum { BIAS_MALFORMED, BIAS_OK, BIAS_SECOND_SIGN } BiasStatus;

/* TOKEN_ID(+/-)BIAS, as llama.cpp reads it: an integer (blanks before it), then '+' or '-' (blanks before it),
 * then the bias (blanks before it), a number ("inf" included). BIAS_MALFORMED: no integer, no sign, nothing
 * after the sign. BIAS_SECOND_SIGN: lenient gets what llama.cpp would read ("15+3" for "15--3"). BIAS_OK:
 * *status says how the bias read (parse_float), with *bias_text at its first byte. */
BiasStatus parse_bias(const char *value, LogitBias *bias, ValueStatus *status, const char **bias_text,
                      char *lenient, size_t lenient_size);

/* A whole number, wholly: VALUE_NONE without digits, VALUE_RANGE past long long, VALUE_STRICTER (with
 * *lenient, what std::stoi would read) for a blank before it or anything after. */
ValueStatus parse_integer(const char *s, long long *out, long long *lenient);

/* A breaker, -p or -r value as typed, cut to `room` bytes (never inside a UTF-8 character). */
void copy_cut(char *dst, const char *value, size_t room);

/* llama.cpp's escapes, in place: \n \r \t \' \" \\ and \xHH (two hex digits); any other backslash stays as
 * it is. \x00 also stays as typed, since a C string cannot hold the NUL byte it stands for; returns whether
 * there was one, so that a warning can say so. */
bool process_escapes(char *s);

#endif
