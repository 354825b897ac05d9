/* args.c: a llama.cpp command line, table-driven. Each row of `specs` is one flag of common/arg.cpp (commit
 * 0017d6fb, see args.h) with its spellings, how many values it takes, which of the three tools take it, and
 * what it does here: a sampling flag names the field it sets and how its value is read; a flag that does not
 * change sampling is K_IGNORED. Rows follow arg.cpp's order. Left out, as none of the three tools takes them:
 * the flags of llama-perplexity, -imatrix, -embedding, -bench, -tokenize, -tts, -finetune and the other
 * examples, and the fork-only flags of that copy (Tessera, OpenTelemetry, admission control). */
#include "cli/args.h"

#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    K_IGNORED,      /* accepted, its values skipped, its name added to CliParams.ignored */
    K_FLOAT,        /* a number that fits a float, into a double field */
    K_TEMP,         /* K_FLOAT, negative clamped to 0 */
    K_DRY_BASE,     /* K_FLOAT; below 1 ignored with a warning */
    K_REPEAT,       /* K_FLOAT; finite, above 0, with a float reciprocal that does not overflow */
    K_FINITE,       /* K_FLOAT; finite */
    K_INT,          /* a whole number in [min, max] into an int32_t field */
    K_SEED,         /* -1 or 0..4294967295 */
    K_BIAS,         /* TOKEN_ID(+/-)BIAS, appended */
    K_SAMPLERS,     /* names separated by ';' */
    K_SAMPLER_SEQ,  /* one letter per sampler */
    K_BREAKER,      /* a DRY sequence breaker; the first use clears the defaults */
    K_IGNORE_EOS,
    K_PROMPT,       /* -p: the body's prompt */
    K_STOP,         /* -r: a stop string, appended */
    K_ESCAPE,       /* -e/--escape on, --no-escape off */
    K_NO_ESCAPE,
    K_PRESET,       /* --gpt-oss-*-default: temp 1, top_p 1, top_k 0, min_p 0.01 (and a model, ignored) */
    K_REMOVED,      /* arg.cpp refuses it: "the argument has been removed" */
    K_JSON, K_JSON_ALL, K_OPENAI, K_HELP   /* the workbench's own */
} ArgKind;

enum { T_CLI = 1, T_COMP = 2, T_SRV = 4, T_ALL = 7 };  /* ArgSpec.tools: which programs take the flag */

typedef struct {
    const char *names[4];   /* the spellings, NULL-padded; for a switch, its "--no-" forms too */
    unsigned char arity;    /* values after the flag: 0, 1 or 2 */
    unsigned char tools;    /* T_* bits */
    ArgKind kind;
    int setting;            /* the ArgsSetting it sets, or -1 */
    size_t offset;          /* of the field in CliParams, for K_FLOAT..K_INT */
    long long min, max;     /* K_INT's range */
    const char *meta;       /* the value's name in the help text */
    const char *help;
} ArgSpec;

#define SP(field) offsetof(CliParams, sampling.field)
#define CP(field) offsetof(CliParams, field)
/* A sampling flag; an ignored flag of 0 or 1 value; a workbench flag. */
#define ACT(kind, setting, offset, min, max, meta, help, ...) \
    {{__VA_ARGS__}, (meta) != NULL, T_ALL, kind, setting, offset, min, max, meta, help}
#define IGN0(tools, ...) {{__VA_ARGS__}, 0, tools, K_IGNORED, -1, 0, 0, 0, NULL, NULL}
#define IGN1(tools, ...) {{__VA_ARGS__}, 1, tools, K_IGNORED, -1, 0, 0, 0, NULL, NULL}
#define OWN(kind, help, ...) {{__VA_ARGS__}, 0, T_ALL, kind, -1, 0, 0, 0, NULL, help}
#define T_CS (T_CLI | T_SRV)
#define T_CP (T_CLI | T_COMP)

static const ArgSpec specs[] = {
    OWN(K_HELP, "print this help", "-h", "--help", "--usage"),
    IGN0(T_ALL, "--version"), IGN0(T_ALL, "-cl", "--cache-list"), IGN0(T_ALL, "--completion-bash"),
    IGN1(T_CLI, "--server-base"), IGN0(T_CP, "--verbose-prompt"),
    IGN0(T_CP, "--display-prompt", "--no-display-prompt"), IGN1(T_CP, "-co", "--color"),
    IGN1(T_ALL, "-t", "--threads"), IGN1(T_ALL, "-tb", "--threads-batch"), IGN1(T_ALL, "-C", "--cpu-mask"),
    IGN1(T_ALL, "-Cr", "--cpu-range"), IGN1(T_ALL, "--cpu-strict"), IGN1(T_ALL, "--prio"), IGN1(T_ALL, "--poll"),
    IGN1(T_ALL, "-Cb", "--cpu-mask-batch"), IGN1(T_ALL, "-Crb", "--cpu-range-batch"),
    IGN1(T_ALL, "--cpu-strict-batch"), IGN1(T_ALL, "--prio-batch"), IGN1(T_ALL, "--poll-batch"),
    IGN1(T_SRV, "-lcs", "--lookup-cache-static"), IGN1(T_SRV, "-lcd", "--lookup-cache-dynamic"),
    {{"-c", "--ctx-size"}, 1, T_ALL, K_INT, -1, CP(n_ctx), INT32_MIN, INT32_MAX, "N",
     "context size; a window of -1 becomes it (0 = the model's, unknown here)"},
    {{"-n", "--predict", "--n-predict"}, 1, T_ALL, K_INT, SET_N_PREDICT, CP(n_predict), INT32_MIN, INT32_MAX, "N",
     "tokens to predict (-1 = no limit)"},
    IGN1(T_ALL, "-b", "--batch-size"), IGN1(T_ALL, "-ub", "--ubatch-size"), IGN1(T_ALL, "--keep"),
    IGN0(T_ALL, "--swa-full"), IGN1(T_CS, "-ctxcp", "--ctx-checkpoints", "--swa-checkpoints"),
    IGN1(T_SRV, "-cms", "--checkpoint-min-step"), IGN1(T_CS, "-cram", "--cache-ram"),
    IGN0(T_SRV, "-kvu", "--kv-unified", "-no-kvu", "--no-kv-unified"),
    IGN0(T_SRV, "--cache-idle-slots", "--no-cache-idle-slots"),
    IGN0(T_ALL, "--context-shift", "--no-context-shift"), IGN1(T_ALL, "-fa", "--flash-attn"),
    {{"-p", "--prompt"}, 1, T_CP, K_PROMPT, SET_PROMPT, 0, 0, 0, "TEXT", "the prompt (escapes processed)"},
    IGN1(T_CP, "-sys", "--system-prompt"), IGN0(T_ALL, "--perf", "--no-perf"),
    IGN0(T_CLI, "--show-timings", "--no-show-timings"), IGN1(T_CP, "-f", "--file"),
    IGN1(T_CP, "-sysf", "--system-prompt-file"), IGN1(T_CP, "-bf", "--binary-file"),
    OWN(K_ESCAPE, "process escapes (\\n \\r \\t \\' \\\" \\\\ \\xHH) in breakers, -p and -r (default)",
        "-e", "--escape"),
    OWN(K_NO_ESCAPE, "take breakers, -p and -r as typed", "--no-escape"),
    IGN1(T_COMP, "-ptc", "--print-token-count"), IGN1(T_COMP, "--prompt-cache"),
    IGN0(T_COMP, "--prompt-cache-all"), IGN0(T_COMP, "--prompt-cache-ro"),
    {{"-r", "--reverse-prompt"}, 1, T_ALL, K_STOP, SET_STOP, 0, 0, 0, "TEXT",
     "stop at TEXT (repeatable; escapes processed)"},
    IGN0(T_ALL, "-sp", "--special"), IGN0(T_CP, "-cnv", "--conversation", "-no-cnv", "--no-conversation"),
    IGN0(T_CP, "-st", "--single-turn"), IGN0(T_COMP, "-i", "--interactive"),
    IGN0(T_COMP, "-if", "--interactive-first"), IGN0(T_CP, "-mli", "--multiline-input"),
    IGN0(T_COMP, "--in-prefix-bos"), IGN1(T_COMP, "--in-prefix"), IGN1(T_COMP, "--in-suffix"),
    IGN0(T_ALL, "--warmup", "--no-warmup"), IGN0(T_SRV, "--spm-infill"),
    ACT(K_SAMPLERS, SET_SAMPLERS, 0, 0, 0, "LIST", "sampler order, names separated by ';'", "--samplers"),
    ACT(K_SEED, SET_SEED, 0, 0, 0, "N", "seed; -1 is llama.cpp's 'random' (wraps to 4294967295)", "-s", "--seed"),
    ACT(K_SAMPLER_SEQ, SET_SAMPLERS, 0, 0, 0, "LETTERS", "sampler order as letters", "--sampler-seq",
        "--sampling-seq"),
    ACT(K_IGNORE_EOS, SET_IGNORE_EOS, 0, 0, 0, NULL, "ban end-of-generation tokens (puts logit-bias first)",
        "--ignore-eos"),
    ACT(K_TEMP, SET_TEMP, SP(temp), 0, 0, "T", "temperature; <= 0 greedy, negative clamped to 0", "--temp",
        "--temperature"),
    ACT(K_INT, SET_TOP_K, SP(top_k), INT32_MIN, INT32_MAX, "N", "top-k; <= 0 off", "--top-k"),
    ACT(K_FLOAT, SET_TOP_P, SP(top_p), 0, 0, "P", "top-p (nucleus); 1.0 off", "--top-p"),
    ACT(K_FLOAT, SET_MIN_P, SP(min_p), 0, 0, "P", "min-p; 0.0 off", "--min-p"),
    ACT(K_FLOAT, SET_TOP_N_SIGMA, SP(top_n_sigma), 0, 0, "N", "top-n-sigma; <= 0 off", "--top-nsigma",
        "--top-n-sigma"),
    ACT(K_FLOAT, SET_XTC_PROBABILITY, SP(xtc_probability), 0, 0, "P", "XTC probability; 0.0 off",
        "--xtc-probability"),
    ACT(K_FLOAT, SET_XTC_THRESHOLD, SP(xtc_threshold), 0, 0, "T", "XTC threshold; > 0.5 off", "--xtc-threshold"),
    ACT(K_FLOAT, SET_TYP_P, SP(typ_p), 0, 0, "P", "locally typical; 1.0 off", "--typical", "--typical-p"),
    ACT(K_INT, SET_REPEAT_LAST_N, SP(penalty_last_n), -1, INT32_MAX, "N", "penalty window; 0 off, -1 = -c",
        "--repeat-last-n"),
    ACT(K_REPEAT, SET_REPEAT_PENALTY, SP(penalty_repeat), 0, 0, "R", "repetition penalty; 1.0 off, must be > 0",
        "--repeat-penalty"),
    ACT(K_FINITE, SET_PRESENCE, SP(penalty_present), 0, 0, "P", "presence penalty; 0.0 off", "--presence-penalty"),
    ACT(K_FINITE, SET_FREQUENCY, SP(penalty_freq), 0, 0, "F", "frequency penalty; 0.0 off",
        "--frequency-penalty"),
    ACT(K_FLOAT, SET_DRY_MULTIPLIER, SP(dry_multiplier), 0, 0, "M", "DRY multiplier; 0.0 off", "--dry-multiplier"),
    ACT(K_DRY_BASE, SET_DRY_BASE, SP(dry_base), 0, 0, "B", "DRY base; below 1 ignored", "--dry-base"),
    ACT(K_INT, SET_DRY_ALLOWED_LENGTH, SP(dry_allowed_length), 0, INT32_MAX, "N", "DRY free repeat length",
        "--dry-allowed-length"),
    ACT(K_INT, SET_DRY_LAST_N, SP(dry_penalty_last_n), -1, INT32_MAX, "N", "DRY window; 0 off, -1 = -c",
        "--dry-penalty-last-n"),
    ACT(K_BREAKER, SET_DRY_BREAKERS, 0, 0, 0, "S", "DRY breaker (repeatable; 'none' clears)",
        "--dry-sequence-breaker"),
    IGN1(T_ALL, "--adaptive-target"), IGN1(T_ALL, "--adaptive-decay"),
    ACT(K_FLOAT, SET_DYNATEMP_RANGE, SP(dynatemp_range), 0, 0, "D", "dynamic temperature range; 0.0 off",
        "--dynatemp-range"),
    ACT(K_FLOAT, SET_DYNATEMP_EXPONENT, SP(dynatemp_exponent), 0, 0, "E", "dynamic temperature exponent",
        "--dynatemp-exp"),
    ACT(K_INT, SET_MIROSTAT, SP(mirostat), 0, 2, "N", "0 off, 1 mirostat, 2 mirostat 2.0", "--mirostat"),
    ACT(K_FLOAT, SET_MIROSTAT_ETA, SP(mirostat_eta), 0, 0, "ETA", "mirostat learning rate", "--mirostat-lr"),
    ACT(K_FLOAT, SET_MIROSTAT_TAU, SP(mirostat_tau), 0, 0, "TAU", "mirostat target surprise, bits",
        "--mirostat-ent"),
    ACT(K_BIAS, SET_LOGIT_BIAS, 0, 0, 0, "ID(+/-)BIAS", "add BIAS to token ID (repeatable; -inf bans)", "-l",
        "--logit-bias"),
    IGN1(T_ALL, "--grammar"), IGN1(T_ALL, "--grammar-file"), IGN1(T_ALL, "-j", "--json-schema"),
    IGN1(T_ALL, "-jf", "--json-schema-file"), IGN0(T_ALL, "-bs", "--backend-sampling"),
    IGN1(T_SRV, "--pooling"), IGN1(T_ALL, "--rope-scaling"), IGN1(T_ALL, "--rope-scale"),
    IGN1(T_ALL, "--rope-freq-base"), IGN1(T_ALL, "--rope-freq-scale"), IGN1(T_ALL, "--yarn-orig-ctx"),
    IGN1(T_ALL, "--yarn-ext-factor"), IGN1(T_ALL, "--yarn-attn-factor"), IGN1(T_ALL, "--yarn-beta-slow"),
    IGN1(T_ALL, "--yarn-beta-fast"), IGN1(T_COMP, "-gan", "--grp-attn-n"), IGN1(T_COMP, "-gaw", "--grp-attn-w"),
    IGN0(T_ALL, "-kvo", "--kv-offload", "-nkvo", "--no-kv-offload"), IGN0(T_ALL, "--repack", "-nr", "--no-repack"),
    IGN0(T_ALL, "--no-host"), IGN1(T_ALL, "-ctk", "--cache-type-k"), IGN1(T_ALL, "-ctv", "--cache-type-v"),
    IGN1(T_ALL, "-dt", "--defrag-thold"), IGN1(T_ALL, "-np", "--parallel"),
    IGN0(T_SRV, "-cb", "--cont-batching", "-nocb", "--no-cont-batching"), IGN1(T_CS, "-mm", "--mmproj"),
    IGN1(T_CS, "-mmu", "--mmproj-url"), IGN0(T_CS, "--mmproj-auto", "--no-mmproj", "--no-mmproj-auto"),
    IGN0(T_CS, "--no-embedded-mtp"), IGN0(T_CS, "--mmproj-offload", "--no-mmproj-offload"),
    IGN1(T_CLI, "--image", "--audio", "--video"), IGN1(T_CS, "--image-min-tokens"),
    IGN1(T_CS, "--image-max-tokens"), IGN1(T_SRV, "--mtmd-batch-max-tokens"), IGN1(T_ALL, "--rpc"),
    IGN0(T_ALL, "--mlock"), IGN0(T_ALL, "--mmap", "--no-mmap"), IGN0(T_ALL, "-dio", "--direct-io", "-ndio",
    "--no-direct-io"), IGN1(T_ALL, "-lm", "--load-mode"), IGN1(T_ALL, "--numa"), IGN1(T_ALL, "-dev", "--device"),
    IGN0(T_ALL, "--list-devices"), IGN1(T_ALL, "-ot", "--override-tensor"), IGN0(T_ALL, "-cmoe", "--cpu-moe"),
    IGN1(T_ALL, "-ncmoe", "--n-cpu-moe"), IGN1(T_ALL, "-ngl", "--gpu-layers", "--n-gpu-layers"),
    IGN1(T_ALL, "-sm", "--split-mode"), IGN1(T_ALL, "-ts", "--tensor-split"), IGN1(T_ALL, "-mg", "--main-gpu"),
    IGN1(T_ALL, "-fit", "--fit"), IGN1(T_ALL, "-fitt", "--fit-target"), IGN1(T_ALL, "-fitc", "--fit-ctx"),
    IGN0(T_ALL, "--check-tensors"), IGN1(T_ALL, "--override-kv"), IGN0(T_ALL, "--op-offload", "--no-op-offload"),
    IGN1(T_ALL, "--lora"), IGN1(T_ALL, "--lora-scaled"), IGN1(T_ALL, "--control-vector"),
    IGN1(T_ALL, "--control-vector-scaled"),
    {{"--control-vector-layer-range"}, 2, T_ALL, K_IGNORED, -1, 0, 0, 0, NULL, NULL},
    IGN1(T_SRV, "-a", "--alias"), IGN1(T_SRV, "--tags"), IGN1(T_ALL, "-m", "--model"),
    IGN1(T_ALL, "-mu", "--model-url"), IGN1(T_ALL, "-dr", "--docker-repo"), IGN1(T_ALL, "-hf", "-hfr", "--hf-repo"),
    IGN1(T_ALL, "-hff", "--hf-file"), IGN1(T_ALL, "-hfv", "-hfrv", "--hf-repo-v"),
    IGN1(T_ALL, "-hffv", "--hf-file-v"),
    IGN1(T_ALL, "-hft", "--hf-token"), IGN1(T_CLI, "-o", "--output", "--output-file"),
    IGN1(T_SRV, "--embd-normalize"), IGN1(T_SRV, "--host"), IGN1(T_SRV, "--port"), IGN0(T_SRV, "--reuse-port"),
    IGN1(T_SRV, "--path"), IGN1(T_SRV, "--cors-origins"), IGN1(T_SRV, "--cors-methods"),
    IGN1(T_SRV, "--cors-headers"), IGN0(T_SRV, "--cors-credentials", "--no-cors-credentials"),
    IGN1(T_SRV, "--api-prefix"), IGN1(T_SRV, "--ui-config", "--webui-config"),
    IGN1(T_SRV, "--ui-config-file", "--webui-config-file"),
    IGN0(T_SRV, "--ui-mcp-proxy", "--webui-mcp-proxy", "--no-ui-mcp-proxy", "--no-webui-mcp-proxy"),
    IGN1(T_SRV, "--tools"), IGN0(T_SRV, "-ag", "--agent", "-no-ag", "--no-agent"),
    IGN0(T_SRV, "--ui", "--webui", "--no-ui", "--no-webui"), IGN0(T_SRV, "--embedding", "--embeddings"),
    IGN0(T_SRV, "--rerank", "--reranking"), IGN1(T_SRV, "--api-key"), IGN1(T_SRV, "--api-key-file"),
    IGN1(T_SRV, "--ssl-key-file"), IGN1(T_SRV, "--ssl-cert-file"), IGN1(T_CS, "--chat-template-kwargs"),
    IGN1(T_SRV, "-to", "--timeout"), IGN1(T_SRV, "--sse-ping-interval"), IGN1(T_SRV, "--threads-http"),
    IGN0(T_SRV, "--cache-prompt", "--no-cache-prompt"), IGN1(T_SRV, "--cache-reuse"), IGN0(T_SRV, "--metrics"),
    IGN0(T_SRV, "--props"), IGN0(T_SRV, "--slots", "--no-slots"), IGN1(T_SRV, "--slot-save-path"),
    IGN1(T_SRV, "--media-path"), IGN1(T_SRV, "--models-dir"), IGN1(T_SRV, "--models-preset"),
    IGN1(T_SRV, "--models-max"), IGN0(T_SRV, "--models-autoload", "--no-models-autoload"),
    IGN0(T_ALL, "--jinja", "--no-jinja"), IGN1(T_ALL, "--reasoning-format"), IGN1(T_ALL, "-rea", "--reasoning"),
    IGN1(T_ALL, "--reasoning-budget"), IGN1(T_ALL, "--reasoning-budget-message"),
    IGN0(T_ALL, "--reasoning-preserve", "--no-reasoning-preserve"), IGN1(T_ALL, "--chat-template"),
    IGN1(T_ALL, "--chat-template-file"), IGN0(T_ALL, "--skip-chat-parsing", "--no-skip-chat-parsing"),
    IGN0(T_SRV, "--prefill-assistant", "--no-prefill-assistant"), IGN1(T_SRV, "-sps", "--slot-prompt-similarity"),
    IGN0(T_SRV, "--lora-init-without-apply"), IGN1(T_SRV, "--sleep-idle-seconds"), IGN0(T_CP, "--simple-io"),
    IGN0(T_ALL, "--log-disable"), IGN1(T_ALL, "--log-file"), IGN1(T_CS, "--log-prompts-dir"),
    IGN1(T_ALL, "--log-colors"), IGN0(T_ALL, "-v", "--verbose", "--log-verbose"), IGN0(T_ALL, "--offline"),
    IGN1(T_ALL, "-lv", "--verbosity", "--log-verbosity"), IGN0(T_ALL, "--log-prefix", "--no-log-prefix"),
    IGN0(T_ALL, "--log-timestamps", "--no-log-timestamps"),
    /* speculative decoding */
    IGN1(T_CS, "--spec-draft-hf", "-hfd", "-hfrd", "--hf-repo-draft"),
    IGN1(T_CS, "--spec-draft-threads", "-td", "--threads-draft"),
    IGN1(T_CS, "--spec-draft-threads-batch", "-tbd", "--threads-batch-draft"),
    IGN1(T_CS, "--spec-draft-cpu-mask", "-Cd", "--cpu-mask-draft"),
    IGN1(T_CS, "--spec-draft-cpu-range", "-Crd", "--cpu-range-draft"),
    IGN1(T_CS, "--spec-draft-cpu-strict", "--cpu-strict-draft"), IGN1(T_CS, "--spec-draft-prio", "--prio-draft"),
    IGN1(T_CS, "--spec-draft-poll", "--poll-draft"),
    IGN1(T_CS, "--spec-draft-cpu-mask-batch", "-Cbd", "--cpu-mask-batch-draft"),
    IGN1(T_CS, "--spec-draft-cpu-strict-batch", "--cpu-strict-batch-draft"),
    IGN1(T_CS, "--spec-draft-prio-batch", "--prio-batch-draft"),
    IGN1(T_CS, "--spec-draft-poll-batch", "--poll-batch-draft"),
    IGN1(T_ALL, "--spec-draft-type-k", "-ctkd", "--cache-type-k-draft"),
    IGN1(T_ALL, "--spec-draft-type-v", "-ctvd", "--cache-type-v-draft"),
    IGN1(T_CS, "--spec-draft-override-tensor", "-otd", "--override-tensor-draft"),
    IGN0(T_CS, "--spec-draft-cpu-moe", "-cmoed", "--cpu-moe-draft"),
    IGN1(T_CS, "--spec-draft-n-cpu-moe", "--spec-draft-ncmoe", "-ncmoed", "--n-cpu-moe-draft"),
    IGN1(T_CS, "--spec-draft-n-max"), IGN1(T_CS, "--spec-draft-n-min"),
    IGN1(T_CS, "--spec-draft-p-split", "--draft-p-split"), IGN1(T_CS, "--spec-draft-p-min", "--draft-p-min"),
    IGN0(T_CS, "--spec-draft-backend-sampling", "--no-spec-draft-backend-sampling"),
    IGN1(T_CS, "--spec-draft-device", "-devd", "--device-draft"),
    IGN1(T_CS, "--spec-draft-ngl", "-ngld", "--gpu-layers-draft", "--n-gpu-layers-draft"),
    IGN1(T_CS, "--spec-draft-model", "-md", "--model-draft"), IGN1(T_CS, "--spec-type"),
    IGN1(T_CS, "--spec-ngram-mod-n-min"), IGN1(T_CS, "--spec-ngram-mod-n-max"),
    IGN1(T_CS, "--spec-ngram-mod-n-match"), IGN1(T_CS, "--spec-ngram-simple-size-n"),
    IGN1(T_CS, "--spec-ngram-simple-size-m"), IGN1(T_CS, "--spec-ngram-simple-min-hits"),
    IGN1(T_CS, "--spec-ngram-map-k-size-n"), IGN1(T_CS, "--spec-ngram-map-k-size-m"),
    IGN1(T_CS, "--spec-ngram-map-k-min-hits"), IGN1(T_CS, "--spec-ngram-map-k4v-size-n"),
    IGN1(T_CS, "--spec-ngram-map-k4v-size-m"), IGN1(T_CS, "--spec-ngram-map-k4v-min-hits"),
    {{"--draft", "--draft-n", "--draft-max"}, 1, T_CS, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-draft-n-max"},
    {{"--draft-min", "--draft-n-min"}, 1, T_CS, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-draft-n-min"},
    {{"--spec-ngram-size-n"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-size-n"},
    {{"--spec-ngram-size-m"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-size-m"},
    {{"--spec-ngram-min-hits"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-min-hits"},
    /* text to speech, presets */
    IGN1(T_SRV, "-mv", "--model-vocoder"), IGN0(T_SRV, "--tts-use-guide-tokens"),
    IGN0(T_SRV, "--embd-gemma-default"), IGN0(T_SRV, "--fim-qwen-1.5b-default"),
    IGN0(T_SRV, "--fim-qwen-3b-default"), IGN0(T_SRV, "--fim-qwen-7b-default"), IGN0(T_SRV, "--fim-qwen-7b-spec"),
    IGN0(T_SRV, "--fim-qwen-14b-spec"), IGN0(T_SRV, "--fim-qwen-30b-default"),
    {{"--gpt-oss-20b-default"}, 0, T_CS, K_PRESET, -1, 0, 0, 0, NULL, NULL},
    {{"--gpt-oss-120b-default"}, 0, T_CS, K_PRESET, -1, 0, 0, 0, NULL, NULL},
    IGN0(T_CS, "--vision-gemma-4b-default"), IGN0(T_CS, "--vision-gemma-12b-default"),
    IGN0(T_CS, "--spec-default"),
    /* the workbench's own */
    OWN(K_JSON, "print the llama-server /completion body: the settings given, -p, -n", "--json"),
    OWN(K_JSON_ALL, "print the /completion body with every sampling field", "--json-all"),
    OWN(K_OPENAI, "print the OpenAI-style /v1/chat/completions body", "--openai"),
};

#define N_SPECS (sizeof specs / sizeof specs[0])

static const char *const default_breakers[] = {"\n", ":", "\"", "*"};

/* The request field of each ArgsSetting, and whether OpenAI's chat API has a parameter of that name. */
static const struct { const char *field; bool openai; } settings[SET_COUNT] = {
    [SET_TEMP] = {"temperature", true}, [SET_TOP_K] = {"top_k", false}, [SET_TOP_P] = {"top_p", true},
    [SET_MIN_P] = {"min_p", false}, [SET_TYP_P] = {"typical_p", false},
    [SET_REPEAT_LAST_N] = {"repeat_last_n", false}, [SET_REPEAT_PENALTY] = {"repeat_penalty", false},
    [SET_PRESENCE] = {"presence_penalty", true}, [SET_FREQUENCY] = {"frequency_penalty", true},
    [SET_DRY_MULTIPLIER] = {"dry_multiplier", false}, [SET_DRY_BASE] = {"dry_base", false},
    [SET_DRY_ALLOWED_LENGTH] = {"dry_allowed_length", false}, [SET_DRY_LAST_N] = {"dry_penalty_last_n", false},
    [SET_DRY_BREAKERS] = {"dry_sequence_breakers", false}, [SET_XTC_PROBABILITY] = {"xtc_probability", false},
    [SET_XTC_THRESHOLD] = {"xtc_threshold", false}, [SET_TOP_N_SIGMA] = {"top_n_sigma", false},
    [SET_DYNATEMP_RANGE] = {"dynatemp_range", false}, [SET_DYNATEMP_EXPONENT] = {"dynatemp_exponent", false},
    [SET_MIROSTAT] = {"mirostat", false}, [SET_MIROSTAT_TAU] = {"mirostat_tau", false},
    [SET_MIROSTAT_ETA] = {"mirostat_eta", false}, [SET_SAMPLERS] = {"samplers", false}, [SET_SEED] = {"seed", true},
    [SET_IGNORE_EOS] = {"ignore_eos", false}, [SET_LOGIT_BIAS] = {"logit_bias", true},
    [SET_PROMPT] = {"prompt", true}, [SET_N_PREDICT] = {"n_predict", true}, [SET_STOP] = {"stop", true},
};

const char *args_setting_field(ArgsSetting s, bool *openai)
{
    if ((unsigned)s >= SET_COUNT)
        return NULL;
    if (openai != NULL)
        *openai = settings[s].openai;
    return settings[s].field;
}

static void mark(CliParams *out, int setting)
{
    if (setting >= 0)
        out->set |= 1u << setting;
}


/* ===== Values ===== */

/* A value that is wholly a number and fits a float, as std::stof reads it: no blank before or after, no NaN
 * (refused here though stof reads it), no finite value past FLT_MAX (stof's out_of_range, which sets
 * *overflow). "inf" is a number. */
static bool parse_float(const char *s, double *out, bool *overflow)
{
    char *end;
    *overflow = false;
    if (isspace((unsigned char)s[0]))
        return false;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || isnan(v))
        return false;
    if ((errno == ERANGE && isinf(v)) || (isfinite(v) && fabs(v) > FLT_MAX)) {
        *overflow = true;
        return false;
    }
    *out = v;
    return true;
}

/* `value` made safe for a one-line message in buf (size bytes): printable ASCII as it is, anything else as
 * \n, \t or \xNN, cut with "..." when it does not fit. */
static const char *shown(const char *value, char *buf, size_t size)
{
    size_t len = 0;
    for (const unsigned char *v = (const unsigned char *)value; *v != '\0'; v++) {
        char piece[8];
        if (*v == '\n' || *v == '\t')
            snprintf(piece, sizeof piece, "\\%c", *v == '\n' ? 'n' : 't');
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

/* Appends one warning line (fmt with `what`, shown safely). Room for a last "more warnings" line is always
 * kept, so a flood of warnings ends with that line instead of a cut one. */
static void warn(CliParams *out, const char *fmt, const char *what)
{
    static const char more[] = "more warnings not shown\n";
    char safe[80], line[160];
    size_t len = strlen(out->warnings);
    snprintf(line, sizeof line, fmt, shown(what, safe, sizeof safe));
    if (len >= sizeof more - 1 && strcmp(out->warnings + len - (sizeof more - 1), more) == 0)
        return;
    const char *add = len + strlen(line) + sizeof more <= sizeof out->warnings ? line : more;
    snprintf(out->warnings + len, sizeof out->warnings - len, "%s", add);
}

/* --samplers names: llama.cpp's current table (reference section 6), matched after lowercasing. */
static const struct { const char *name; SamplerType type; } sampler_names[] = {
    {"penalties", SAMPLER_PENALTIES}, {"dry", SAMPLER_DRY},
    {"top_n_sigma", SAMPLER_TOP_N_SIGMA}, {"top-n-sigma", SAMPLER_TOP_N_SIGMA}, {"topnsigma", SAMPLER_TOP_N_SIGMA},
    {"top_k", SAMPLER_TOP_K}, {"top-k", SAMPLER_TOP_K}, {"topk", SAMPLER_TOP_K},
    {"typ_p", SAMPLER_TYPICAL_P}, {"typ-p", SAMPLER_TYPICAL_P}, {"typp", SAMPLER_TYPICAL_P}, {"typ", SAMPLER_TYPICAL_P},
    {"top_p", SAMPLER_TOP_P}, {"top-p", SAMPLER_TOP_P}, {"topp", SAMPLER_TOP_P}, {"nucleus", SAMPLER_TOP_P},
    {"min_p", SAMPLER_MIN_P}, {"min-p", SAMPLER_MIN_P}, {"minp", SAMPLER_MIN_P},
    {"xtc", SAMPLER_XTC}, {"temperature", SAMPLER_TEMPERATURE}, {"temp", SAMPLER_TEMPERATURE},
    {"infill", SAMPLER_INFILL},
    {"adaptive_p", SAMPLER_ADAPTIVE_P}, {"adaptive-p", SAMPLER_ADAPTIVE_P}, {"adaptivep", SAMPLER_ADAPTIVE_P},
};

bool sampler_from_name(const char *name, SamplerType *type)
{
    if (name == NULL)
        return false;
    char lower[32];
    size_t n = strlen(name);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    for (size_t i = 0; i < sizeof sampler_names / sizeof sampler_names[0]; i++) {
        if (strcmp(lower, sampler_names[i].name) == 0) {
            *type = sampler_names[i].type;
            return true;
        }
    }
    return false;
}

/* One letter per SamplerType, in the enum's order: e = penalties, d = dry, ... (llama.cpp's letters). */
static const char sampler_letters[] = "edskypmxtia";

bool sampler_from_char(char letter, SamplerType *type)
{
    const char *hit = letter != '\0' ? strchr(sampler_letters, letter) : NULL;
    if (hit == NULL)
        return false;
    *type = (SamplerType)(hit - sampler_letters);
    return true;
}

/* Appends one sampler to the list; false when the list is full. */
static bool add_sampler(SamplingParams *sp, SamplerType type)
{
    if (sp->n_samplers == CHAIN_MAX_SAMPLERS)
        return false;
    sp->samplers[sp->n_samplers++] = type;
    return true;
}

static bool set_samplers(CliParams *out, const char *value)
{
    out->sampling.n_samplers = 0;
    const char *piece = value;
    for (;;) {
        size_t n = strcspn(piece, ";");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), piece);
        SamplerType type;
        if (n > 0 && sampler_from_name(name, &type)) {
            if (!add_sampler(&out->sampling, type))
                return false;
        } else if (n > 0) {
            warn(out, "unable to match sampler by name '%s'\n", name);
        }
        if (piece[n] == '\0')
            return true;
        piece += n + 1;
    }
}

static bool set_sampler_seq(CliParams *out, const char *value)
{
    out->sampling.n_samplers = 0;
    for (const char *s = value; *s != '\0'; s++) {
        SamplerType type;
        if (sampler_from_char(*s, &type)) {
            if (!add_sampler(&out->sampling, type))
                return false;
        } else {
            char letter[2] = {*s, '\0'};
            warn(out, "unable to match sampler by char '%s'\n", letter);
        }
    }
    return true;
}

/* TOKEN_ID(+/-)BIAS: an integer, then '+' or '-' (blanks allowed before it), then a number, "inf" included.
 * llama.cpp ignores junk after the number; here the value must be wholly a number. */
static bool parse_bias(const char *value, LogitBias *bias)
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
    double amount;
    bool overflow;
    if (*rest == '+' || *rest == '-' || !parse_float(rest, &amount, &overflow))
        return false;       /* a second sign ("15--3") is malformed too */
    *bias = (LogitBias){(int32_t)token, *end == '-' ? -amount : amount};
    return true;
}


static bool parse_integer(const char *s, long long *out)
{
    char *end;
    if (isspace((unsigned char)s[0]))
        return false;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

/* A breaker, -p or -r value as typed, cut to `room` bytes (never inside a UTF-8 character). */
static void copy_cut(char *dst, const char *value, size_t room)
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

static bool add_breaker(CliParams *out, const char *value, bool *cleared)
{
    if (!*cleared) {
        out->n_dry_breakers = 0;
        *cleared = true;
    }
    if (strcmp(value, "none") == 0) {
        out->n_dry_breakers = 0;
        return true;
    }
    if (out->n_dry_breakers == ARGS_MAX_BREAKERS)
        return false;
    copy_cut(out->dry_breakers[out->n_dry_breakers++], value, ARGS_MAX_BREAKER_RAW);
    return true;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                                                                       : -1;
}

/* llama.cpp's escapes, in place: \n \r \t \' \" \\ and \xHH (two hex digits); any other backslash stays as
 * it is. \x00 also stays as typed, since a C string cannot hold the NUL byte it stands for. */
static void process_escapes(char *s)
{
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
            *out++ = '\\';
        }
    }
    *out = '\0';
}

/* Where a flag, shown safely, sits in the ignored list ("-m, -c, --port"), or NULL. */
static char *find_ignored(CliParams *out, const char *safe)
{
    for (char *p = out->ignored; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n == strlen(safe) && strncmp(p, safe, n) == 0)
            return p;
        p += n + (p[n] == ',' ? 2 : 0);
    }
    return NULL;
}

/* Adds a flag, as typed and shown safely, to the ignored list once; "..." ends a full list. */
static void add_ignored(CliParams *out, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    size_t len = strlen(out->ignored);
    if (find_ignored(out, safe) != NULL || (len >= 3 && strcmp(out->ignored + len - 3, "...") == 0))
        return;
    if (len + strlen(safe) + 2 + 4 < sizeof out->ignored)
        snprintf(out->ignored + len, sizeof out->ignored - len, "%s%s", len ? ", " : "", safe);
    else
        snprintf(out->ignored + len, sizeof out->ignored - len, "%s...", len ? ", " : "");
}

/* Takes a flag out of the ignored list again (-c, once a window of -1 has used it). */
static void remove_ignored(CliParams *out, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    char *at = find_ignored(out, safe);
    if (at == NULL)
        return;
    char *next = at + strlen(safe);
    if (*next == ',')
        next += 2;                          /* the item and its ", " */
    else if (at > out->ignored)
        at -= 2;                            /* the last item and the ", " before it */
    memmove(at, next, strlen(next) + 1);
}

void args_defaults(CliParams *out)
{
    if (out == NULL)
        return;
    memset(out, 0, sizeof *out);
    out->sampling = sampling_params_default();
    for (size_t i = 0; i < sizeof default_breakers / sizeof default_breakers[0]; i++)
        copy_cut(out->dry_breakers[out->n_dry_breakers++], default_breakers[i], ARGS_MAX_BREAKER_RAW);
    out->n_predict = -1;
    out->escape = true;
}

/* The row for a flag (already with '_' turned to '-') that `tools` take, or NULL; *other_tool tells whether
 * some other tool takes it. */
static const ArgSpec *find_spec(const char *flag, unsigned tools, bool *other_tool)
{
    *other_tool = false;
    for (size_t i = 0; i < N_SPECS; i++) {
        for (size_t j = 0; j < 4 && specs[i].names[j] != NULL; j++) {
            if (strcmp(flag, specs[i].names[j]) != 0)
                continue;
            if (specs[i].tools & tools)
                return &specs[i];
            *other_tool = true;
        }
    }
    return NULL;
}

/* Reads a float value for K_FLOAT..K_FINITE and applies the kind's rule. */
static bool apply_float(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                        char *err, size_t err_size)
{
    double d;
    bool overflow;
    if (!parse_float(value, &d, &overflow)) {
        snprintf(err, err_size, "%s: '%s' is %s", flag, v, overflow ? "out of range for a float" : "not a number");
        return false;
    }
    float single = (float)d;            /* llama.cpp's field is a float; d fits one (parse_float) */
    if (spec->kind == K_REPEAT && !(single > 0 && isfinite(single) && isfinite(1.0f / single))) {
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (a repeat penalty must be finite and above 0, "
                 "with 1/penalty finite in float)", flag, v);
        return false;
    }
    if (spec->kind == K_FINITE && !isfinite(d)) {
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (this penalty must be finite)", flag, v);
        return false;
    }
    if (spec->kind == K_TEMP && d < 0)
        d = 0;                          /* llama.cpp clamps --temp to >= 0 */
    if (spec->kind == K_DRY_BASE && d < 1) {
        warn(out, "--dry-base %s is below 1: ignored, as llama.cpp does\n", value);
        return true;
    }
    memcpy((char *)out + spec->offset, &d, sizeof d);
    mark(out, spec->setting);
    return true;
}

/* The gpt-oss presets' sampling settings (arg.cpp sets them along with the model and server options). */
static void apply_preset(CliParams *out)
{
    out->sampling.temp = 1.0;
    out->sampling.top_p = 1.0;
    out->sampling.top_k = 0;
    out->sampling.min_p = 0.01;
    mark(out, SET_TEMP);
    mark(out, SET_TOP_P);
    mark(out, SET_TOP_K);
    mark(out, SET_MIN_P);
}

/* Reads a whole number for K_INT and K_SEED. */
static bool apply_int(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                      char *err, size_t err_size)
{
    long long n;
    if (!parse_integer(value, &n)) {
        snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
        return false;
    }
    if (spec->kind == K_SEED) {
        if (n < -1 || n > UINT32_MAX) {
            snprintf(err, err_size, "%s: %s is out of range (-1 to 4294967295)", flag, v);
            return false;
        }
        out->sampling.seed = (uint32_t)(n == -1 ? UINT32_MAX : n);     /* -1 wraps, as stoul does */
        mark(out, SET_SEED);
        return true;
    }
    if (n < spec->min || n > spec->max) {
        snprintf(err, err_size, "%s: %s is out of range (%lld to %lld)", flag, v, spec->min, spec->max);
        return false;
    }
    int32_t i32 = (int32_t)n;
    memcpy((char *)out + spec->offset, &i32, sizeof i32);
    mark(out, spec->setting);
    return true;
}

/* The flags that append to a list or replace one: -l, --samplers, --sampler-seq, breakers, -r. */
static bool apply_list(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                       bool *breakers_cleared, char *err, size_t err_size)
{
    const char *too_many = NULL;
    int limit = 0;
    switch (spec->kind) {
    case K_BIAS:
        if (out->sampling.n_logit_bias == CHAIN_MAX_BIASES) {
            too_many = "bias";
            limit = CHAIN_MAX_BIASES;
            break;
        }
        if (!parse_bias(value, &out->sampling.logit_bias[out->sampling.n_logit_bias])) {
            snprintf(err, err_size, "%s: '%s' is not TOKEN_ID(+/-)BIAS", flag, v);
            return false;
        }
        out->sampling.n_logit_bias++;
        break;
    case K_SAMPLERS:
    case K_SAMPLER_SEQ:
        if (!(spec->kind == K_SAMPLERS ? set_samplers(out, value) : set_sampler_seq(out, value))) {
            snprintf(err, err_size, "%s: '%s' names more than %d samplers", flag, v, CHAIN_MAX_SAMPLERS);
            return false;
        }
        break;
    case K_BREAKER:
        if (!add_breaker(out, value, breakers_cleared)) {
            too_many = "breaker";
            limit = ARGS_MAX_BREAKERS;
        }
        break;
    default:        /* K_STOP */
        if (out->n_stop == ARGS_MAX_STOPS) {
            too_many = "stop string";
            limit = ARGS_MAX_STOPS;
        } else {
            if (strlen(value) > ARGS_MAX_STOP_LEN)
                warn(out, "%s: longer than the 255 bytes kept here; the rest is cut\n", flag);
            copy_cut(out->stop[out->n_stop++], value, ARGS_MAX_STOP_LEN);
        }
        break;
    }
    if (too_many != NULL) {
        snprintf(err, err_size, "%s: '%s' is one %s too many (at most %d)", flag, v, too_many, limit);
        return false;
    }
    mark(out, spec->setting);
    return true;
}

/* Applies one flag with its value (NULL for a switch). Returns false with err filled on bad input. */
static bool apply_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *value,
                       bool *breakers_cleared, char *err, size_t err_size)
{
    char v[80] = "";
    if (value != NULL)
        shown(value, v, sizeof v);      /* the value as error messages show it */
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE:
        return apply_float(out, spec, flag, value, v, err, err_size);
    case K_INT: case K_SEED:
        return apply_int(out, spec, flag, value, v, err, err_size);
    case K_BIAS: case K_SAMPLERS: case K_SAMPLER_SEQ: case K_BREAKER: case K_STOP:
        return apply_list(out, spec, flag, value, v, breakers_cleared, err, err_size);
    case K_PROMPT:
        if (strlen(value) > ARGS_MAX_PROMPT)
            warn(out, "%s: longer than the 4095 bytes kept here; the rest is cut\n", flag);
        copy_cut(out->prompt, value, ARGS_MAX_PROMPT);
        mark(out, SET_PROMPT);
        return true;
    case K_REMOVED:
        snprintf(err, err_size, "%s: the argument has been removed from llama.cpp; use %s", flag, spec->help);
        return false;
    case K_IGNORE_EOS: out->sampling.ignore_eos = true; mark(out, SET_IGNORE_EOS); return true;
    case K_ESCAPE:     out->escape = true; return true;
    case K_NO_ESCAPE:  out->escape = false; return true;
    case K_PRESET:     apply_preset(out); return true;
    case K_JSON:       out->output = OUTPUT_JSON; return true;
    case K_JSON_ALL:   out->output = OUTPUT_JSON_ALL; return true;
    case K_OPENAI:     out->output = OUTPUT_OPENAI; return true;
    case K_HELP:       out->help = true; return true;
    case K_IGNORED:    add_ignored(out, flag); return true;
    }
    return true;
}

/* The tool a leading program word names (a path ending in it too), or TOOL_ANY. */
static ArgsTool tool_from_word(const char *word)
{
    static const struct { const char *name; ArgsTool tool; } words[] = {
        {"llama-cli", TOOL_CLI}, {"llama-completion", TOOL_COMPLETION}, {"llama-server", TOOL_SERVER}};
    const char *base = strrchr(word, '/');
    base = base != NULL ? base + 1 : word;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(base, words[i].name) == 0)
            return words[i].tool;
    return TOOL_ANY;
}

/* After the flags, as llama.cpp does after parsing: a window of -1 becomes the context size, escapes are
 * processed, breakers are cut to 40 bytes. ctx_flag is -c as typed (listed as ignored until a window uses
 * it), or NULL. */
static void finish(CliParams *out, const char *ctx_flag)
{
    int32_t *windows[] = {&out->sampling.penalty_last_n, &out->sampling.dry_penalty_last_n};
    static const char *const window_flags[] = {"--repeat-last-n", "--dry-penalty-last-n"};
    bool ctx_used = false;
    for (size_t i = 0; i < 2; i++) {
        if (*windows[i] != -1)
            continue;
        if (out->n_ctx > 0) {
            *windows[i] = out->n_ctx;
            ctx_used = true;
        } else {
            warn(out, "%s -1 means the context size, which the model sets here: give -c N (current llama.cpp "
                      "disables a window of -1)\n", window_flags[i]);
        }
    }
    if (ctx_flag != NULL && ctx_used)
        remove_ignored(out, ctx_flag);
    if (out->escape) {
        process_escapes(out->prompt);
        for (size_t i = 0; i < out->n_stop; i++)
            process_escapes(out->stop[i]);
        for (size_t i = 0; i < out->n_dry_breakers; i++)
            process_escapes(out->dry_breakers[i]);
    }
    for (size_t i = 0; i < out->n_dry_breakers; i++) {
        char cut[ARGS_MAX_BREAKER_LEN + 1];
        copy_cut(cut, out->dry_breakers[i], ARGS_MAX_BREAKER_LEN);
        memcpy(out->dry_breakers[i], cut, sizeof cut);
    }
}

bool args_parse(int argc, char *const argv[], CliParams *out, char *err, size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (out == NULL || (argv == NULL && argc > 0)) {
        snprintf(err, err_size, "no arguments to parse");
        return false;
    }
    args_defaults(out);
    int i = 1;
    if (argc > 1 && argv[1] != NULL && (out->tool = tool_from_word(argv[1])) != TOOL_ANY)
        i = 2;
    static const unsigned tool_bits[] = {T_ALL, T_CLI, T_COMP, T_SRV};
    static const char *const tool_names[] = {"", "llama-cli", "llama-completion", "llama-server"};
    bool breakers_cleared = false;
    const char *ctx_flag = NULL;
    for (; i < argc; i++) {
        const char *flag = argv[i];
        char f[80], normal[96];
        if (flag == NULL) {
            snprintf(err, err_size, "unknown flag '(null)'");
            return false;
        }
        snprintf(normal, sizeof normal, "%s", flag);
        if (strncmp(normal, "--", 2) == 0)      /* llama.cpp turns '_' into '-' in every "--" flag */
            for (char *c = normal; *c != '\0'; c++)
                *c = *c == '_' ? '-' : *c;
        bool other_tool = false;
        const ArgSpec *spec = strlen(flag) < sizeof normal ? find_spec(normal, tool_bits[out->tool], &other_tool)
                                                           : NULL;
        if (spec == NULL) {
            snprintf(err, err_size, "unknown flag '%s'%s%s%s", shown(flag, f, sizeof f),
                     other_tool ? " (" : "", other_tool ? tool_names[out->tool] : "",
                     other_tool ? " does not take it)" : "");
            return false;
        }
        const char *value = NULL;
        for (int k = 0; k < spec->arity; k++) {
            if (i + 1 >= argc || argv[i + 1] == NULL) {
                snprintf(err, err_size, "%s: missing value", shown(flag, f, sizeof f));
                return false;
            }
            value = argv[++i];      /* a 2-value flag (only ignored ones have two) keeps its last */
        }
        if (spec->kind == K_INT && spec->offset == CP(n_ctx)) {
            ctx_flag = flag;
            add_ignored(out, flag);
        }
        if (!apply_flag(out, spec, flag, value, &breakers_cleared, err, err_size))
            return false;
    }
    finish(out, ctx_flag);
    return true;
}


/* ===== Help ===== */

static void help_default(Text *t, const ArgSpec *spec, const CliParams *defaults)
{
    const char *field = (const char *)defaults + spec->offset;
    double d;
    int32_t i32;
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE:
        memcpy(&d, field, sizeof d);
        text_add(t, " (default: %g)", d);
        break;
    case K_INT:
        memcpy(&i32, field, sizeof i32);
        text_add(t, " (default: %d)", (int)i32);
        break;
    case K_SEED:
        text_add(t, " (default: -1)");
        break;
    case K_SAMPLERS:                    /* both derived from the default order, so they cannot drift */
    case K_SAMPLER_SEQ:
        text_add(t, " (default: ");
        for (size_t i = 0; i < defaults->sampling.n_samplers; i++) {
            SamplerType type = defaults->sampling.samplers[i];
            if (spec->kind == K_SAMPLERS)
                text_add(t, "%s%s", i ? ";" : "", sampler_type_name(type));
            else
                text_add(t, "%c", sampler_letters[type]);
        }
        text_add(t, ")");
        break;
    case K_BREAKER:
        text_add(t, " (default: '\\n' ':' '\"' '*')");
        break;
    default:
        break;
    }
}

/* The left column of a flag's help line: its spellings and its value's name. */
static void help_names(char *left, size_t size, const ArgSpec *spec)
{
    left[0] = '\0';
    for (size_t j = 0; j < 4 && spec->names[j] != NULL; j++)
        snprintf(left + strlen(left), size - strlen(left), "%s%s", j ? ", " : "", spec->names[j]);
    if (spec->meta != NULL)
        snprintf(left + strlen(left), size - strlen(left), " %s", spec->meta);
}

/* The sampling and request flags, one line each, with the request field they map to. */
static void help_acting(Text *t, const CliParams *defaults)
{
    for (size_t i = 0; i < N_SPECS; i++) {
        const ArgSpec *spec = &specs[i];
        if (spec->kind == K_IGNORED || spec->kind == K_REMOVED || spec->kind == K_PRESET || spec->help == NULL
            || spec->kind >= K_JSON || spec->kind == K_ESCAPE || spec->kind == K_NO_ESCAPE)
            continue;
        char left[96];
        help_names(left, sizeof left, spec);
        text_add(t, "  %-40s %s", left, spec->help);
        help_default(t, spec, defaults);
        bool openai;
        const char *field = args_setting_field((ArgsSetting)spec->setting, &openai);
        if (spec->setting == SET_N_PREDICT)
            text_add(t, " [OpenAI max_tokens; llama.cpp n_predict]");
        else if (spec->setting == SET_PROMPT)
            text_add(t, " [OpenAI messages; llama.cpp prompt]");
        else if (field != NULL)
            text_add(t, " [%s %s]", openai ? "OpenAI" : "llama.cpp", field);
        text_add(t, "\n");
    }
}

/* Every spelling of the rows of one kind, wrapped at about 110 columns. */
static void help_list(Text *t, ArgKind kind)
{
    size_t col = 0;
    for (size_t i = 0; i < N_SPECS; i++) {
        if (specs[i].kind != kind)
            continue;
        for (size_t j = 0; j < 4 && specs[i].names[j] != NULL; j++) {
            size_t n = strlen(specs[i].names[j]);
            if (col > 0 && col + n + 1 > 110) {
                text_add(t, "\n");
                col = 0;
            }
            text_add(t, "%s%s", col == 0 ? "  " : " ", specs[i].names[j]);
            col += n + (col == 0 ? 2 : 1);
        }
    }
    text_add(t, "\n");
}

size_t args_help(char *buf, size_t size)
{
    Text t = text_start(buf, size);
    CliParams defaults;
    args_defaults(&defaults);
    text_add(&t, "usage: 11_sampler_chain [llama-cli|llama-completion|llama-server] [llama.cpp flags]\n"
                 "Prints the 'sampler chain:' line llama.cpp logs for a llama.cpp command line, or a request body\n"
                 "llama-server accepts for the same settings. With no flags, prints the lesson's three lines.\n"
                 "Flags follow common/arg.cpp; a '--' flag may use '_' for '-'. [OpenAI x] marks a setting\n"
                 "sent under OpenAI's parameter name x; [llama.cpp x] one of llama.cpp's own fields.\n\n"
                 "Sampling and request flags:\n");
    help_acting(&t, &defaults);
    text_add(&t, "\nThis tool's own:\n");
    for (size_t i = 0; i < N_SPECS; i++) {
        if (specs[i].kind >= K_JSON || specs[i].kind == K_ESCAPE || specs[i].kind == K_NO_ESCAPE) {
            char left[96];
            help_names(left, sizeof left, &specs[i]);
            text_add(&t, "  %-40s %s\n", left, specs[i].help);
        }
    }
    text_add(&t, "\n--samplers names (any case; ';' between):\n  ");
    for (size_t i = 0; i < sizeof sampler_names / sizeof sampler_names[0]; i++)
        text_add(&t, "%s%s", sampler_names[i].name,
                 i + 1 < sizeof sampler_names / sizeof sampler_names[0] ? " " : "\n");
    text_add(&t, "--sampler-seq letters:\n ");
    for (size_t i = 0; sampler_letters[i] != '\0'; i++)
        text_add(&t, " %c=%s", sampler_letters[i], sampler_type_name((SamplerType)i));
    text_add(&t, "\n\nAccepted and ignored, named in one note on stderr (they do not change the chain here: model,\n"
                 "context, GPU, server, chat and log settings; --grammar and -j, whose sampler is outside the chain;\n"
                 "--adaptive-target/-decay and -bs). -c is used for a window of -1. --gpt-oss-*-default sets temp 1,\n"
                 "top_p 1, top_k 0 and min_p 0.01, as llama.cpp does:\n");
    help_list(&t, K_IGNORED);
    text_add(&t, "Removed from llama.cpp, refused:\n");
    help_list(&t, K_REMOVED);
    return t.len;
}
