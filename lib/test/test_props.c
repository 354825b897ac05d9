/* test_props.c: lib/cli/props.c, a saved GET /props read as the server layer. The text is shaped as
 * task_params::to_json prints it (server-task.cpp at 00efb3e), floats as the doubles of their floats
 * (0.95f prints 0.949999988079071); each expected value is that float, worked out from the printed text. */
#include "check.h"
#include "cli/props.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char server[] =
    "{\"default_generation_settings\":{\"id\":0,\"n_ctx\":4096,\"params\":{\"seed\":4294967295,"
    "\"temperature\":0.6000000238418579,\"dynatemp_range\":0.0,\"dynatemp_exponent\":1.0,\"top_k\":20,"
    "\"top_p\":0.949999988079071,\"min_p\":0.0,\"top_n_sigma\":-1.0,\"xtc_probability\":0.0,"
    "\"xtc_threshold\":0.10000000149011612,\"typical_p\":1.0,\"repeat_last_n\":64,\"repeat_penalty\":1.0,"
    "\"presence_penalty\":1.5,\"frequency_penalty\":0.0,\"dry_multiplier\":0.0,\"dry_base\":1.75,"
    "\"dry_allowed_length\":2,\"dry_penalty_last_n\":4096,\"dry_sequence_breakers\":[\"\\n\",\":\",\"\\\"\",\"*\"],"
    "\"mirostat\":0,\"mirostat_tau\":5.0,\"mirostat_eta\":0.10000000149011612,\"stop\":[\"</s>\"],\"max_tokens\":-1,"
    "\"n_predict\":512,\"n_keep\":0,\"n_discard\":0,\"ignore_eos\":false,\"stream\":true,"
    "\"logit_bias\":[{\"bias\":null,\"token\":151643},{\"bias\":-1.5,\"token\":3}],\"n_probs\":0,\"min_keep\":0,"
    "\"grammar\":\"\",\"grammar_lazy\":false,\"grammar_triggers\":[],\"preserved_tokens\":[],"
    "\"chat_format\":\"Content-only\",\"reasoning_format\":\"none\",\"reasoning_in_content\":false,"
    "\"thinking_forced_open\":false,\"samplers\":[\"penalties\",\"dry\",\"top_k\",\"typ_p\",\"top_p\",\"min_p\","
    "\"xtc\",\"temperature\"],\"speculative.n_max\":16,\"speculative.n_min\":0,\"speculative.p_min\":0.75,"
    "\"timings_per_token\":false,\"post_sampling_probs\":false,\"backend_sampling\":true,\"lora\":[],"
    "\"top_a\":0.0}},\"total_slots\":1,\"model_path\":\"/models/qwen3-8b.gguf\",\"chat_template\":\"{{ x }}\"}";

static CliParams params;
static PropsInfo info;

static const PropsField *field(const char *name)
{
    for (size_t i = 0; i < info.n_fields; i++)
        if (strcmp(info.fields[i].field, name) == 0)
            return &info.fields[i];
    return NULL;
}

static void test_server(void)
{
    char err[400];
    args_defaults(&params);
    CHECK(props_read(server, strlen(server), "props.json", &params, &info, err, sizeof err));
    SamplingParams *sp = &params.sampling;
    CHECK(sp->temp == (double)0.6f && sp->top_p == (double)0.95f && sp->top_k == 20 && sp->min_p == 0);
    CHECK(sp->xtc_threshold == (double)0.1f && sp->mirostat_eta == (double)0.1f && sp->penalty_present == 1.5);
    CHECK(sp->seed == 4294967295u && sp->penalty_last_n == 64 && sp->dry_penalty_last_n == 4096);
    CHECK(params.n_predict == 512 && params.n_stop == 1 && strcmp(params.stop[0], "</s>") == 0);
    CHECK(params.n_dry_breakers == 4 && strcmp(params.dry_breakers[0], "\n") == 0
          && strcmp(params.dry_breakers[2], "\"") == 0);
    CHECK(sp->n_samplers == 8 && sp->samplers[0] == SAMPLER_PENALTIES && sp->samplers[2] == SAMPLER_TOP_K
          && sp->samplers[7] == SAMPLER_TEMPERATURE);
    CHECK(params.backend_sampling && !sp->ignore_eos);
    /* The ban prints as null (nlohmann writes no infinity); the other bias is -1.5. */
    CHECK(sp->n_logit_bias == 2 && sp->logit_bias[0].token == 151643 && isinf(sp->logit_bias[0].bias)
          && sp->logit_bias[0].bias < 0 && sp->logit_bias[1].token == 3 && sp->logit_bias[1].bias == -1.5);
    CHECK(strstr(info.notes, "params.logit_bias: 1 entry has a null bias, which is how nlohmann::json prints a bias "
                 "that is not finite: taken as a ban (-inf)") != NULL);
    /* Each field as printed, with the flag that sets it. */
    const PropsField *f = field("top_p");
    CHECK(f != NULL && f->present && strcmp(f->written, "0.949999988079071") == 0 && f->setting == SET_TOP_P
          && strcmp(f->flag, "--top-p") == 0);
    f = field("repeat_last_n");
    CHECK(f != NULL && strcmp(f->written, "64") == 0 && strcmp(f->flag, "--repeat-last-n") == 0);
    f = field("dry_sequence_breakers");
    CHECK(f != NULL && strcmp(f->written, "[\"\\n\", \":\", \"\\\"\", \"*\"]") == 0);
    f = field("logit_bias");
    CHECK(f != NULL && strcmp(f->written, "[[151643, null], [3, -1.5]]") == 0);
    f = field("adaptive_target");       /* an older server prints none */
    CHECK(f != NULL && !f->present);
    CHECK(strcmp(info.unread, "top_a") == 0);
    CHECK(strcmp(info.model_path, "/models/qwen3-8b.gguf") == 0);
    CHECK(params.set == 0);             /* the caller marks the sources */
}

#define REFUSED(text, words) do { \
        char err_[400]; \
        args_defaults(&params); \
        bool ok_ = props_read(text, strlen(text), "props.json", &params, &info, err_, sizeof err_); \
        check_true(__FILE__, __LINE__, !ok_ && strstr(err_, words) != NULL, err_); \
    } while (0)

static void test_refusals(void)
{
    REFUSED("{\"default_generation_settings\": {\"params\": {\"temperature\": \"hot\"}}}",
            "props.json: params.temperature is not a number (llama-server prints it otherwise): not a /props this "
            "tool can read");
    REFUSED("{\"default_generation_settings\": {\"params\": {\"top_k\": 40.5}}}", "params.top_k is not a whole number");
    REFUSED("{\"default_generation_settings\": {\"params\": {\"top_k\": 3000000000}}}",
            "params.top_k is a whole number past an int32's range");
    REFUSED("{\"default_generation_settings\": {\"params\": {\"seed\": -1}}}", "past a uint32's range");
    REFUSED("{\"default_generation_settings\": {\"params\": {\"samplers\": [1]}}}",
            "params.samplers is an array holding something else than strings");
    REFUSED("{\"default_generation_settings\": {}}", "props.json: no default_generation_settings.params object: not a "
            "saved GET /props response");
    REFUSED("[1, 2]", "no default_generation_settings.params object");
    REFUSED("{\"a\": }", "props.json: not JSON (line 1, column 7: unexpected '}': not the start of a JSON value)");
    char err[400];
    CHECK(!props_read_file("no/such.json", &params, &info, err, sizeof err)
          && strcmp(err, "cannot read 'no/such.json': No such file or directory") == 0);
    CHECK(!props_read(NULL, 0, "x", &params, &info, err, sizeof err) && strcmp(err, "no /props to read") == 0);
    /* An unknown sampler name is llama.cpp's warning; a grammar gets a note. */
    args_defaults(&params);
    static const char text[] = "{\"default_generation_settings\": {\"params\": {\"samplers\": [\"top_k\", "
                               "\"typical\"], \"grammar\": \"root ::= [a-z]+\", \"adaptive_target\": 0.5}}}";
    CHECK(props_read(text, strlen(text), "p", &params, &info, err, sizeof err));
    CHECK(params.sampling.n_samplers == 1 && strstr(params.warnings, "unable to match sampler by name 'typical'\n"));
    CHECK(strstr(info.notes, "params.grammar: the server has a grammar") != NULL);
    CHECK(params.sampling.adaptive_target == 0.5);
}

void test_props(void)
{
    test_server();
    test_refusals();
}
