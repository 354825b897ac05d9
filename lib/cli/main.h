/* main.h: Example 11 as a tool, the program behind `build/bin/11_sampler_chain ARGS...` (README.md), and the
 * lesson's own command lines read the same way. The lesson (lessons/11_sampler_chain.c) calls cli_main when it
 * is given arguments, and cli_chain for each of the three command lines it holds.
 *
 * Streams: the chain line, a request body, the help and --explain go to stdout; warnings (what llama.cpp would
 * log and go on), notes and the one-line refusals go to stderr, each line "<program>: warning: ...",
 * "<program>: note: ..." or "<program>: <message>".
 *
 * Not reentrant: call one of them at a time (not from two threads, nor cli_main from on_chain). Each call keeps
 * its CliParams (about 220 KB) on the heap and frees it, but both also keep state in static storage while they
 * run: main.c's notes, the lesson's line being read, the environment's line, the layers' and /props' notes and
 * values, and layers.c's model, preset and child line. One call after another, as the lesson makes them, is fine.
 *
 * defines: CliChainFn, cli_main, CliWhereFn, CliCommand, CLI_COMMAND, cli_chain.
 */
#ifndef CLI_MAIN_H
#define CLI_MAIN_H

#include "chain.h"

/* Called after each "sampler chain:" line is printed, with the command line it came from (command, its words
 * as main's argv holds them, NULL-terminated) and the chain built from it (the lesson draws it: picture.h).
 * Returns an exit status: 0 goes on, anything else becomes the program's status. */
typedef int (*CliChainFn)(void *user, char *const *command, const Chain *chain);

/* The tool: argv[1..argc) is one llama.cpp command line (args_parse: with or without its program word). Prints
 * its "sampler chain:" line, as llama.cpp logs it without the trailing space (chain_init_from_params,
 * chain_describe), then on_chain(user, argv + 1, chain) when on_chain is not NULL; with --from-json FILE the
 * body's chain line and the flags that build it (command.h), with --explain each stage in the lesson's words
 * (explain.h), with --json, --json-all or --openai the request body instead of the line (request.h), with -h
 * the help (args_help). On stderr: warnings, and a note naming the flags ignored (they do not change
 * sampling), the flag that names a model, the flags that act outside the chain line, and each setting no stage
 * of the chain reads (dropped.h). Under the line, llama.cpp's LLAMA_ARG_* variables are read as llama.cpp reads
 * them (env.h), with a note for each one set that is not. program names the program in every message.
 *
 * Returns the exit status: 0; 2 for a command line llama.cpp refuses (one line on stderr naming the flag and the
 * value, nothing on stdout) or a body llama-server refuses; 1 when the library refuses the parameters or memory
 * runs out; or on_chain's status when it is not 0. argv is main's: argv[argc] is NULL. */
int cli_main(const char *program, int argc, char *argv[], CliChainFn on_chain, void *user);

/* One of the lesson's command lines: command (its words, command.words[0] the program word, "llama-completion",
 * NULL-terminated: CliCommand) parsed as cli_main parses it and its chain built into *chain, without printing the line:
 * the lesson prints it. On stderr, as cli_main: warnings, the -bs note, and each setting no stage reads; not
 * the notes on flags that do not change sampling (-m, -no-cnv: the lesson's lines name a model and a prompt).
 * The environment is never read: the lesson's lines are the lesson's.
 * Returns 0 with *chain built (free it with chain_free); otherwise the exit status as cli_main's, with the
 * message printed and nothing to free. Refused (2) besides what cli_main refuses: the tool's own flags (--json,
 * --json-all, --openai, --from-json, --explain, -h), which print something other than the chain line: the
 * message says to give them as the program's arguments; an element of blanks alone, or one that begins with a
 * blank (a C array is no shell's paste: the message says to remove it); an array whose last element is not NULL
 * (the message says to add it). A NULL command.words refuses too. where names the
 * line (NULL for none): where(line, element, buf, size) writes to buf where element `element` of the command
 * stands ("the lesson's command line 3 of 3, with_bias[11] (line 27)"), or for 0 the line as a whole
 * ("..., with_bias[] (line 25)"). Each warning and note ends "(that is WHERE)" for the line as a whole, and a
 * stop, in its one message, for the element it is about (the value it could not read, "15-nan" of "-l", else
 * the flag; the line as a whole when it is about no element). Every message is wrapped at 120 columns as the other
 * lessons' are (lesson/print.h); after a stop the lesson has nothing more to print. */
typedef void CliWhereFn(void *line, int element, char *buf, size_t size);

/* One of the lesson's command lines for cli_chain: its array and the array's length, both from the array itself
 * (CLI_COMMAND), so that an array whose last element is not NULL is refused, never read past its end. */
typedef struct {
    char *const *words;     /* (n,) the words, words[n - 1] NULL as main's argv ends */
    size_t n;               /* the array's elements, its NULL counted */
} CliCommand;

/* A CliCommand for the array `array` (an array, not a pointer: its length is its sizeof). */
#define CLI_COMMAND(array) {(array), sizeof(array) / sizeof((array)[0])}

int cli_chain(const char *program, CliCommand command, CliWhereFn *where, void *line, Chain *chain);

#endif
