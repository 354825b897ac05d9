/* body.h: reading a request body's fields, internal to lib/cli/ (from_json.c reads the body and the chat
 * conversion, body_fields.c the fields of server-schema.cpp).
 *
 * defines: Body, body_refuse, body_member, body_fields, body_sets_field, BODY_MAX_UNREAD,
 * server_reads_field, body_unread.
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

/* The member `key` of v when v is an object, as nlohmann's json_value reads it; NULL otherwise. */
const JsonValue *body_member(const Body *b, const JsonValue *v, const char *key);

/* Reads every field of server-schema.cpp in its order onto b->params (from_json.h says how); chat skips the
 * fields the chat conversion sets itself. Returns false at the first one llama-server refuses. */
bool body_fields(Body *b, bool chat);

/* The name by which b's body sets the field of server-schema.cpp named field (its first name: "n_predict"), or
 * NULL when it does not: the first of the field's names present and not null, as llama-server takes them
 * ("max_tokens" for n_predict: reference section 7). */
const char *body_sets_field(const Body *b, const char *field);

#define BODY_MAX_UNREAD 256         /* members llama-server does not read that body_unread examines (this tool's
                                     * limit; past it a warning counts the rest) */

/* Whether llama-server reads a top-level body field of this name (NUL-terminated), sampling or not: every field
 * of server-schema.cpp at 0177c342 and the few read outside it (unread.c names them and their sources). */
bool server_reads_field(const char *name);

/* Each top-level member of b's body that llama-server does not read (server_reads_field), which it ignores
 * without a word (reference section 11): its key goes to b->params->unread, which --explain prints, once; and
 * one that looks like a sampling setting gets a warning in b->params->warnings, naming it as written and the
 * field meant where one is near ('"temp": llama-server ignores it; the field is "temperature"'): a name
 * within two edits of a field or flag that sets one of the chain's settings (one edit for four letters or
 * fewer), a name another engine gives a sampling setting (repetition_penalty, rep_pen, top_a, tfs_z, ...: the
 * one list, with its sources, in unread.c), or an object whose keys are such names or llama-server's own
 * sampling fields (Ollama's "options"), each key named. At most BODY_MAX_UNREAD members are examined, and a
 * warning counts the rest. */
void body_unread(Body *b);

#endif
