/* 11_sampler_chain: Example 11, llama.cpp's sampler chain, --samplers, and the API mapping.
 *
 * The lesson's three llama-completion command lines go through the flag parser a real command line goes
 * through (lib/cli: args_parse, llama.cpp's defaults and value rules), then llama.cpp's chain builder, which
 * puts the stages in its fixed order and marks with "?" the ones their parameters disable
 * (chain_init_from_params), then its log line (chain_describe). llama.cpp's line ends with a space; the
 * lesson's, and ours, does not. "2>&1 | grep 'sampler chain'" is the shell's, so it is not here; -m and -p
 * name the model and the prompt, which the chain does not read. With arguments this program is a tool
 * (lib/cli/README.md): paste a llama.cpp command line for its chain line; --explain, --json, --from-json ...
 */
#include "cli/main.h"
#include "lesson.h"
#include "picture/picture_chains.h"

static const char program[] = "11_sampler_chain";

/* The first turns on every sampler, the second mirostat, the third sets a logit bias (token 15, -100). */
static char *const every_sampler[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "--repeat-penalty", "1.1", "--presence-penalty", "0.1", "--dry-multiplier", "0.8", "--xtc-probability", "0.5",
    "--typical", "0.9", "--top-n-sigma", "2", NULL};
static char *const with_mirostat[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7", NULL};
static char *const with_bias[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "-l", "15-100", NULL};
/* Each with its length (CLI_COMMAND), so that a line without its NULL stops instead of being read past its end. */
static const CliCommand commands[] = {CLI_COMMAND(every_sampler), CLI_COMMAND(with_mirostat), CLI_COMMAND(with_bias)};

/* Where a message about command line *(size_t *)line stands, as cli_chain names it at the message's end: the line
 * of its element `element` (a stop about a value, "with_bias[11] (line 27)"), or for -1 the array it is in. */
static void where_of(void *line, int element, char *where, size_t size)
{
    size_t i = *(const size_t *)line;
    snprintf(where, size, "the lesson's command line %zu of %zu, %s", i + 1, LESSON_N(commands),
             lesson_element_where_in(__FILE__, "commands", i, element).text);
}

int main(int argc, char *argv[])
{
    Picture pic = picture_start(__FILE__);      /* LESSON_PICTURE: each chain, its stages as llama.cpp builds them */
    if (argc > 1) {                             /* a command line of your own: the tool */
        int status = cli_main(program, argc, argv, picture_chain_line_of, &pic);
        return status != 0 ? status : picture_sampler_chain(&pic);
    }
    for (size_t i = 0; i < LESSON_N(commands); i++) {
        Chain chain;
        int status = cli_chain(program, commands[i], where_of, &i, &chain);  /* the flags read as llama.cpp reads them */
        if (status != 0)
            return 1;       /* cli_chain printed the stop, naming where (where_of) */
        lesson_printf("sampler chain: ");
        lesson_print_describe(&chain);
        picture_chain_line(&pic, commands[i].words, &chain);
        chain_free(&chain);
    }
    return picture_sampler_chain(&pic);
}
