/* json.h: a small JSON reader for the tests: validation and the members of a top-level object.
 *
 * defines: JsonMember, json_valid, json_members.
 */
#ifndef JSON_H
#define JSON_H

#include <stdbool.h>

typedef struct {
    char key[64];       /* as written between the quotes */
    char value[1024];   /* the raw JSON text of the value */
} JsonMember;

/* True when s is exactly one valid JSON value (RFC 8259), surrounding blanks allowed. */
bool json_valid(const char *s);

/* Fills m with the members of the object s, in order; returns their count, or -1 when s is not a valid
 * object, has more than max members, or a key or value too long for JsonMember. */
int json_members(const char *s, JsonMember *m, int max);

#endif
