/* body.h: reading a request body's fields, internal to lib/cli/ (from_json.c reads the body and the chat
 * conversion, body_fields.c the fields of server-schema.cpp).
 *
 * defines: Body, body_refuse, body_type_error, body_member, body_fields.
 */
#ifndef CLI_BODY_H
#define CLI_BODY_H

#include "cli/args.h"
#include "cli/json_in.h"

#include "text.h"

#include <stdbool.h>
#include <stddef.h>

/* One body being read: the JSON, the settings it goes onto, and where its notes and refusal go. */
typedef struct {
    const JsonDoc *doc;
    const JsonValue *body;      /* the top-level object */
    CliParams *params;          /* the server's defaults on entry, the body's settings after */
    double default_dry_base;    /* the server's own, for a dry_base below 1 */
    Text notes;                 /* what the chain line or the flags cannot say */
    char *err;                  /* (err_size,) the one-line refusal */
    size_t err_size;
} Body;

/* Writes "name: " and fmt (with what in its one %s) to b->err; returns false. */
bool body_refuse(Body *b, const char *name, const char *fmt, const char *what);

/* Writes nlohmann's type_error as llama-server's 400 quotes it ("Field 'top_k': [json.exception.type_error.302]
 * type must be number, but is string") to b->err; returns false. */
bool body_type_error(Body *b, const char *name, const char *want, const JsonValue *v);

/* The member `key` of v when v is an object, as nlohmann's json_value reads it; NULL otherwise. */
const JsonValue *body_member(const Body *b, const JsonValue *v, const char *key);

/* Reads every field of server-schema.cpp in its order onto b->params (from_json.h says how); chat skips the
 * fields the chat conversion sets itself. Returns false at the first one llama-server refuses. */
bool body_fields(Body *b, bool chat);

#endif
