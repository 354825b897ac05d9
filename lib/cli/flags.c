/* flags.c: llama.cpp's flags as data. Each row of arg_specs is one flag of common/arg.cpp (commit 0017d6fb, see
 * args.h) with its spellings, how many values it takes, which of the three tools take it, and what it does
 * here: a sampling flag names the field it sets and how its value is read; a flag that does not change
 * sampling is K_IGNORED, with the values arg.cpp checks for it (choices: a fixed set such as -fa's on|off|auto,
 * or a whole number for the flags arg.cpp reads with std::stoi). Not checked: values arg.cpp checks against
 * the machine (devices, files, directories, buffer types), --spec-type's list, stoul's --cpu-strict and
 * --poll, --control-vector-layer-range's two numbers, and the ranges some int flags add (--prio, -np 0). Rows
 * follow arg.cpp's order. Left out, as none of the three tools takes them: the flags of llama-perplexity,
 * -imatrix, -embedding, -bench, -tokenize, -tts, -finetune and the other examples, and the fork-only flags of
 * that copy (Tessera, OpenTelemetry, admission control). After them come the flags older llama.cpp took that
 * arg.cpp no longer has (K_OLD, K_OLD_SAMPLING), so that an old paste still gets its chain line. */
#include "cli/flags.h"

#include <stdint.h>
#include <string.h>

#define SP(field) offsetof(CliParams, sampling.field)
#define CP(field) offsetof(CliParams, field)
/* A sampling flag; an ignored flag of 0 or 1 value; a workbench flag. */
#define ACT(kind, setting, offset, min, max, meta, help, ...) \
    {{__VA_ARGS__}, (meta) != NULL, T_ALL, kind, setting, offset, min, max, meta, help, NULL}
#define IGN0(tools, ...) {{__VA_ARGS__}, 0, tools, K_IGNORED, -1, 0, 0, 0, NULL, NULL, NULL}
#define IGN1(tools, ...) {{__VA_ARGS__}, 1, tools, K_IGNORED, -1, 0, 0, 0, NULL, NULL, NULL}
#define OUT1(tools, ...) {{__VA_ARGS__}, 1, tools, K_OUTSIDE, -1, 0, 0, 0, NULL, NULL, NULL}
#define OUTI(tools, ...) {{__VA_ARGS__}, 1, tools, K_OUTSIDE, -1, 0, 0, 0, NULL, NULL, "#"}   /* std::stoi's */
/* An ignored flag whose value arg.cpp checks: against a fixed set (ArgSpec.choices), or with std::stoi. */
#define IGNC(tools, choices, ...) {{__VA_ARGS__}, 1, tools, K_IGNORED, -1, 0, 0, 0, NULL, NULL, choices}
#define IGNI(tools, ...) IGNC(tools, "#", __VA_ARGS__)
/* arg.cpp's is_truthy, is_falsey and is_autoy words; '!': older llama.cpp took the flag alone. */
#define ON_OFF_AUTO "on|off|auto/enabled|disabled|true|false|1|0|-1"
#define WAS_SWITCH_ON_OFF_AUTO "!" ON_OFF_AUTO
#define ON_OFF "on|off/enabled|disabled|true|false|1|0"
/* kv_cache_types, as ggml_type_name spells them. */
#define CACHE_TYPES "f32|f16|bf16|q8_0|q4_0|q4_1|iq4_nl|q5_0|q5_1|q2_K|q3_K|q4_K"
#define GPU_LAYERS "auto|all|#"     /* -ngl: 'auto', 'all' or std::stoi */
/* Older llama.cpp's flags (flags.h: K_OLD, K_OLD_SAMPLING): the values they took, what they were, the fix. */
#define OLD(arity, was, fix, ...) {{__VA_ARGS__}, arity, T_ALL, K_OLD, -1, 0, 0, 0, was, fix, NULL}
#define OLDS(arity, was, now, ...) {{__VA_ARGS__}, arity, T_ALL, K_OLD_SAMPLING, -1, 0, 0, 0, was, now, NULL}
#define OWN(kind, help, ...) {{__VA_ARGS__}, 0, T_ALL, kind, -1, 0, 0, 0, NULL, help, NULL}
#define T_CS (T_CLI | T_SRV)
#define T_CP (T_CLI | T_COMP)

const ArgSpec arg_specs[] = {
    OWN(K_HELP, "print this help", "-h", "--help", "--usage"),
    IGN0(T_ALL, "--version"), IGN0(T_ALL, "-cl", "--cache-list"), IGN0(T_ALL, "--completion-bash"),
    IGN1(T_CLI, "--server-base"), IGN0(T_CP, "--verbose-prompt"),
    IGN0(T_CP, "--display-prompt", "--no-display-prompt"), IGNC(T_CP, WAS_SWITCH_ON_OFF_AUTO, "-co", "--color"),
    IGNI(T_ALL, "-t", "--threads"), IGNI(T_ALL, "-tb", "--threads-batch"), IGN1(T_ALL, "-C", "--cpu-mask"),
    IGN1(T_ALL, "-Cr", "--cpu-range"), IGN1(T_ALL, "--cpu-strict"), IGNI(T_ALL, "--prio"), IGN1(T_ALL, "--poll"),
    IGN1(T_ALL, "-Cb", "--cpu-mask-batch"), IGN1(T_ALL, "-Crb", "--cpu-range-batch"),
    IGNI(T_ALL, "--cpu-strict-batch"), IGNI(T_ALL, "--prio-batch"), IGNI(T_ALL, "--poll-batch"),
    IGN1(T_SRV, "-lcs", "--lookup-cache-static"), IGN1(T_SRV, "-lcd", "--lookup-cache-dynamic"),
    IGNI(T_ALL, "-c", "--ctx-size"),
    {{"-n", "--predict", "--n-predict"}, 1, T_ALL, K_INT, SET_N_PREDICT, CP(n_predict), INT32_MIN, INT32_MAX, "N",
     "tokens to predict (-1 = no limit)", NULL},
    IGNI(T_ALL, "-b", "--batch-size"), IGNI(T_ALL, "-ub", "--ubatch-size"), IGNI(T_ALL, "--keep"),
    IGN0(T_ALL, "--swa-full"), IGNI(T_CS, "-ctxcp", "--ctx-checkpoints", "--swa-checkpoints"),
    IGNI(T_SRV, "-cms", "--checkpoint-min-step"), IGNI(T_CS, "-cram", "--cache-ram"),
    IGN0(T_SRV, "-kvu", "--kv-unified", "-no-kvu", "--no-kv-unified"),
    IGN0(T_SRV, "--cache-idle-slots", "--no-cache-idle-slots"),
    IGN0(T_ALL, "--context-shift", "--no-context-shift"), IGNC(T_ALL, WAS_SWITCH_ON_OFF_AUTO, "-fa", "--flash-attn"),
    {{"-p", "--prompt"}, 1, T_CP, K_PROMPT, SET_PROMPT, 0, 0, 0, "TEXT", "the prompt (escapes processed)", NULL},
    {{"-sys", "--system-prompt"}, 1, T_CP, K_SYSTEM, -1, 0, 0, 0, "TEXT",
     "system prompt: the chat body's system message", NULL}, IGN0(T_ALL, "--perf", "--no-perf"),
    IGN0(T_CLI, "--show-timings", "--no-show-timings"),
    {{"-f", "--file"}, 1, T_CP, K_PROMPT_FILE, SET_PROMPT, 0, 0, 0, "FILE",
     "read the prompt from FILE (escapes processed)", NULL},
    {{"-sysf", "--system-prompt-file"}, 1, T_CP, K_SYSTEM_FILE, -1, 0, 0, 0, "FILE",
     "read the system prompt from FILE", NULL}, IGN1(T_CP, "-bf", "--binary-file"),
    OWN(K_ESCAPE, "process escapes (\\n \\r \\t \\' \\\" \\\\ \\xHH) in breakers, -p and -r (default)",
        "-e", "--escape"),
    OWN(K_NO_ESCAPE, "take breakers, -p and -r as typed", "--no-escape"),
    IGNI(T_COMP, "-ptc", "--print-token-count"), IGN1(T_COMP, "--prompt-cache"),
    IGN0(T_COMP, "--prompt-cache-all"), IGN0(T_COMP, "--prompt-cache-ro"),
    {{"-r", "--reverse-prompt"}, 1, T_ALL, K_STOP, SET_STOP, 0, 0, 0, "TEXT",
     "stop at TEXT (repeatable; escapes processed)", NULL},
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
    ACT(K_INT, SET_REPEAT_LAST_N, SP(penalty_last_n), -1, INT32_MAX, "N",
        "penalty window; 0 off; -1 off here (current libllama clamps it to 0; see the warning)", "--repeat-last-n"),
    ACT(K_REPEAT, SET_REPEAT_PENALTY, SP(penalty_repeat), 0, 0, "R", "repetition penalty; 1.0 off, must be > 0",
        "--repeat-penalty"),
    ACT(K_FINITE, SET_PRESENCE, SP(penalty_present), 0, 0, "P", "presence penalty; 0.0 off", "--presence-penalty"),
    ACT(K_FINITE, SET_FREQUENCY, SP(penalty_freq), 0, 0, "F", "frequency penalty; 0.0 off",
        "--frequency-penalty"),
    ACT(K_FLOAT, SET_DRY_MULTIPLIER, SP(dry_multiplier), 0, 0, "M", "DRY multiplier; 0.0 off", "--dry-multiplier"),
    ACT(K_DRY_BASE, SET_DRY_BASE, SP(dry_base), 0, 0, "B", "DRY base; below 1 ignored", "--dry-base"),
    ACT(K_INT, SET_DRY_ALLOWED_LENGTH, SP(dry_allowed_length), INT32_MIN, INT32_MAX, "N", "DRY free repeat length",
        "--dry-allowed-length"),
    ACT(K_INT, SET_DRY_LAST_N, SP(dry_penalty_last_n), -1, INT32_MAX, "N",
        "DRY window; 0 off; -1 off here (current libllama clamps it to 0; see the warning)", "--dry-penalty-last-n"),
    ACT(K_BREAKER, SET_DRY_BREAKERS, 0, 0, 0, "S", "DRY breaker (repeatable; 'none' clears)",
        "--dry-sequence-breaker"),
    ACT(K_FLOAT, SET_ADAPTIVE_TARGET, SP(adaptive_target), 0, 0, "P",
        "adaptive-p's target probability; below 0 it draws as dist does", "--adaptive-target"),
    ACT(K_FLOAT, SET_ADAPTIVE_DECAY, SP(adaptive_decay), 0, 0, "D",
        "adaptive-p's decay of its average of recent choices; clamped to [0, 0.99]", "--adaptive-decay"),
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
    OUT1(T_ALL, "--grammar"), OUT1(T_ALL, "--grammar-file"), OUT1(T_ALL, "-j", "--json-schema"),
    OUT1(T_ALL, "-jf", "--json-schema-file"),
    {{"-bs", "--backend-sampling"}, 0, T_ALL, K_BACKEND, -1, 0, 0, 0, NULL, NULL, NULL},
    IGNC(T_SRV, "none|mean|cls|last|rank", "--pooling"), IGNC(T_ALL, "none|linear|yarn", "--rope-scaling"),
    IGN1(T_ALL, "--rope-scale"),
    IGN1(T_ALL, "--rope-freq-base"), IGN1(T_ALL, "--rope-freq-scale"), IGNI(T_ALL, "--yarn-orig-ctx"),
    IGN1(T_ALL, "--yarn-ext-factor"), IGN1(T_ALL, "--yarn-attn-factor"), IGN1(T_ALL, "--yarn-beta-slow"),
    IGN1(T_ALL, "--yarn-beta-fast"), IGNI(T_COMP, "-gan", "--grp-attn-n"), IGNI(T_COMP, "-gaw", "--grp-attn-w"),
    IGN0(T_ALL, "-kvo", "--kv-offload", "-nkvo", "--no-kv-offload"), IGN0(T_ALL, "--repack", "-nr", "--no-repack"),
    IGN0(T_ALL, "--no-host"), IGNC(T_ALL, CACHE_TYPES, "-ctk", "--cache-type-k"),
    IGNC(T_ALL, CACHE_TYPES, "-ctv", "--cache-type-v"),
    IGN1(T_ALL, "-dt", "--defrag-thold"), IGNI(T_ALL, "-np", "--parallel"),
    IGN0(T_SRV, "-cb", "--cont-batching", "-nocb", "--no-cont-batching"), IGN1(T_CS, "-mm", "--mmproj"),
    IGN1(T_CS, "-mmu", "--mmproj-url"), IGN0(T_CS, "--mmproj-auto", "--no-mmproj", "--no-mmproj-auto"),
    IGN0(T_CS, "--no-embedded-mtp"), IGN0(T_CS, "--mmproj-offload", "--no-mmproj-offload"),
    IGN1(T_CLI, "--image", "--audio", "--video"), IGNI(T_CS, "--image-min-tokens"),
    IGNI(T_CS, "--image-max-tokens"), IGNI(T_SRV, "--mtmd-batch-max-tokens"), IGN1(T_ALL, "--rpc"),
    IGN0(T_ALL, "--mlock"), IGN0(T_ALL, "--mmap", "--no-mmap"), IGN0(T_ALL, "-dio", "--direct-io", "-ndio",
    "--no-direct-io"), IGNC(T_ALL, "none|mmap|mlock|dio", "-lm", "--load-mode"),
    IGNC(T_ALL, "distribute|isolate|numactl/", "--numa"), IGN1(T_ALL, "-dev", "--device"),
    IGN0(T_ALL, "--list-devices"), IGN1(T_ALL, "-ot", "--override-tensor"), IGN0(T_ALL, "-cmoe", "--cpu-moe"),
    IGNI(T_ALL, "-ncmoe", "--n-cpu-moe"), IGNC(T_ALL, GPU_LAYERS, "-ngl", "--gpu-layers", "--n-gpu-layers"),
    IGNC(T_ALL, "none|layer|row|tensor", "-sm", "--split-mode"), IGN1(T_ALL, "-ts", "--tensor-split"),
    IGNI(T_ALL, "-mg", "--main-gpu"),
    IGNC(T_ALL, ON_OFF, "-fit", "--fit"), IGN1(T_ALL, "-fitt", "--fit-target"), IGNI(T_ALL, "-fitc", "--fit-ctx"),
    IGN0(T_ALL, "--check-tensors"), IGN1(T_ALL, "--override-kv"), IGN0(T_ALL, "--op-offload", "--no-op-offload"),
    IGN1(T_ALL, "--lora"), IGNC(T_ALL, ":", "--lora-scaled"), IGN1(T_ALL, "--control-vector"),
    IGNC(T_ALL, ":", "--control-vector-scaled"),
    {{"--control-vector-layer-range"}, 2, T_ALL, K_IGNORED, -1, 0, 0, 0, NULL, NULL, NULL},
    IGN1(T_SRV, "-a", "--alias"), IGN1(T_SRV, "--tags"), IGN1(T_ALL, "-m", "--model"),
    IGN1(T_ALL, "-mu", "--model-url"), IGN1(T_ALL, "-dr", "--docker-repo"), IGN1(T_ALL, "-hf", "-hfr", "--hf-repo"),
    IGN1(T_ALL, "-hff", "--hf-file"), IGN1(T_ALL, "-hfv", "-hfrv", "--hf-repo-v"),
    IGN1(T_ALL, "-hffv", "--hf-file-v"),
    IGN1(T_ALL, "-hft", "--hf-token"), IGN1(T_CLI, "-o", "--output", "--output-file"),
    IGNI(T_SRV, "--embd-normalize"), IGN1(T_SRV, "--host"), IGNI(T_SRV, "--port"), IGN0(T_SRV, "--reuse-port"),
    IGN1(T_SRV, "--path"), IGN1(T_SRV, "--cors-origins"), IGN1(T_SRV, "--cors-methods"),
    IGN1(T_SRV, "--cors-headers"), IGN0(T_SRV, "--cors-credentials", "--no-cors-credentials"),
    IGN1(T_SRV, "--api-prefix"), IGN1(T_SRV, "--ui-config", "--webui-config"),
    IGN1(T_SRV, "--ui-config-file", "--webui-config-file"),
    IGN0(T_SRV, "--ui-mcp-proxy", "--webui-mcp-proxy", "--no-ui-mcp-proxy", "--no-webui-mcp-proxy"),
    IGN1(T_SRV, "--tools"), IGN0(T_SRV, "-ag", "--agent", "-no-ag", "--no-agent"),
    IGN0(T_SRV, "--ui", "--webui", "--no-ui", "--no-webui"), IGN0(T_SRV, "--embedding", "--embeddings"),
    IGN0(T_SRV, "--rerank", "--reranking"), IGN1(T_SRV, "--api-key"), IGN1(T_SRV, "--api-key-file"),
    IGN1(T_SRV, "--ssl-key-file"), IGN1(T_SRV, "--ssl-cert-file"), IGN1(T_CS, "--chat-template-kwargs"),
    IGNI(T_SRV, "-to", "--timeout"), IGNI(T_SRV, "--sse-ping-interval"), IGNI(T_SRV, "--threads-http"),
    IGN0(T_SRV, "--cache-prompt", "--no-cache-prompt"), IGNI(T_SRV, "--cache-reuse"), IGN0(T_SRV, "--metrics"),
    {{"--props"}, 0, T_SRV, K_PROPS, -1, 0, 0, 0, NULL, NULL, NULL}, IGN0(T_SRV, "--slots", "--no-slots"),
    IGN1(T_SRV, "--slot-save-path"),
    IGN1(T_SRV, "--media-path"), {{"--models-dir"}, 1, T_SRV, K_ROUTER, -1, 0, 0, 0, "DIR", NULL, NULL},
    {{"--models-preset"}, 1, T_SRV, K_ROUTER, -1, 0, 0, 0, "FILE", NULL, NULL},
    IGNI(T_SRV, "--models-max"), IGN0(T_SRV, "--models-autoload", "--no-models-autoload"),
    IGN0(T_ALL, "--jinja", "--no-jinja"), IGNC(T_ALL, "none|auto|deepseek|deepseek-legacy", "--reasoning-format"),
    IGNC(T_ALL, ON_OFF_AUTO, "-rea", "--reasoning"),
    OUTI(T_ALL, "--reasoning-budget"), IGN1(T_ALL, "--reasoning-budget-message"),
    IGN0(T_ALL, "--reasoning-preserve", "--no-reasoning-preserve"), IGN1(T_ALL, "--chat-template"),
    IGN1(T_ALL, "--chat-template-file"), IGN0(T_ALL, "--skip-chat-parsing", "--no-skip-chat-parsing"),
    IGN0(T_SRV, "--prefill-assistant", "--no-prefill-assistant"), IGN1(T_SRV, "-sps", "--slot-prompt-similarity"),
    IGN0(T_SRV, "--lora-init-without-apply"), IGNI(T_SRV, "--sleep-idle-seconds"), IGN0(T_CP, "--simple-io"),
    IGN0(T_ALL, "--log-disable"), IGN1(T_ALL, "--log-file"), IGN1(T_CS, "--log-prompts-dir"),
    IGNC(T_ALL, WAS_SWITCH_ON_OFF_AUTO, "--log-colors"), IGN0(T_ALL, "-v", "--verbose", "--log-verbose"),
    IGN0(T_ALL, "--offline"),
    IGNI(T_ALL, "-lv", "--verbosity", "--log-verbosity"), IGN0(T_ALL, "--log-prefix", "--no-log-prefix"),
    IGN0(T_ALL, "--log-timestamps", "--no-log-timestamps"),
    /* speculative decoding */
    IGN1(T_CS, "--spec-draft-hf", "-hfd", "-hfrd", "--hf-repo-draft"),
    IGNI(T_CS, "--spec-draft-threads", "-td", "--threads-draft"),
    IGNI(T_CS, "--spec-draft-threads-batch", "-tbd", "--threads-batch-draft"),
    IGN1(T_CS, "--spec-draft-cpu-mask", "-Cd", "--cpu-mask-draft"),
    IGN1(T_CS, "--spec-draft-cpu-range", "-Crd", "--cpu-range-draft"),
    IGNI(T_CS, "--spec-draft-cpu-strict", "--cpu-strict-draft"), IGNI(T_CS, "--spec-draft-prio", "--prio-draft"),
    IGNI(T_CS, "--spec-draft-poll", "--poll-draft"),
    IGN1(T_CS, "--spec-draft-cpu-mask-batch", "-Cbd", "--cpu-mask-batch-draft"),
    IGNI(T_CS, "--spec-draft-cpu-strict-batch", "--cpu-strict-batch-draft"),
    IGNI(T_CS, "--spec-draft-prio-batch", "--prio-batch-draft"),
    IGNI(T_CS, "--spec-draft-poll-batch", "--poll-batch-draft"),
    IGNC(T_ALL, CACHE_TYPES, "--spec-draft-type-k", "-ctkd", "--cache-type-k-draft"),
    IGNC(T_ALL, CACHE_TYPES, "--spec-draft-type-v", "-ctvd", "--cache-type-v-draft"),
    IGN1(T_CS, "--spec-draft-override-tensor", "-otd", "--override-tensor-draft"),
    IGN0(T_CS, "--spec-draft-cpu-moe", "-cmoed", "--cpu-moe-draft"),
    IGNI(T_CS, "--spec-draft-n-cpu-moe", "--spec-draft-ncmoe", "-ncmoed", "--n-cpu-moe-draft"),
    IGNI(T_CS, "--spec-draft-n-max"), IGNI(T_CS, "--spec-draft-n-min"),
    IGN1(T_CS, "--spec-draft-p-split", "--draft-p-split"), IGN1(T_CS, "--spec-draft-p-min", "--draft-p-min"),
    IGN0(T_CS, "--spec-draft-backend-sampling", "--no-spec-draft-backend-sampling"),
    IGN1(T_CS, "--spec-draft-device", "-devd", "--device-draft"),
    IGNC(T_CS, GPU_LAYERS, "--spec-draft-ngl", "-ngld", "--gpu-layers-draft", "--n-gpu-layers-draft"),
    IGN1(T_CS, "--spec-draft-model", "-md", "--model-draft"), IGN1(T_CS, "--spec-type"),
    IGNI(T_CS, "--spec-ngram-mod-n-min"), IGNI(T_CS, "--spec-ngram-mod-n-max"),
    IGNI(T_CS, "--spec-ngram-mod-n-match"), IGNI(T_CS, "--spec-ngram-simple-size-n"),
    IGNI(T_CS, "--spec-ngram-simple-size-m"), IGNI(T_CS, "--spec-ngram-simple-min-hits"),
    IGNI(T_CS, "--spec-ngram-map-k-size-n"), IGNI(T_CS, "--spec-ngram-map-k-size-m"),
    IGNI(T_CS, "--spec-ngram-map-k-min-hits"), IGNI(T_CS, "--spec-ngram-map-k4v-size-n"),
    IGNI(T_CS, "--spec-ngram-map-k4v-size-m"), IGNI(T_CS, "--spec-ngram-map-k4v-min-hits"),
    {{"--draft", "--draft-n", "--draft-max"}, 1, T_CS, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-draft-n-max", NULL},
    {{"--draft-min", "--draft-n-min"}, 1, T_CS, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-draft-n-min", NULL},
    {{"--spec-ngram-size-n"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-size-n", NULL},
    {{"--spec-ngram-size-m"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-size-m", NULL},
    {{"--spec-ngram-min-hits"}, 1, T_SRV, K_REMOVED, -1, 0, 0, 0, NULL, "--spec-ngram-*-min-hits", NULL},
    /* text to speech, presets */
    IGN1(T_SRV, "-mv", "--model-vocoder"), IGN0(T_SRV, "--tts-use-guide-tokens"),
    IGN0(T_SRV, "--embd-gemma-default"), IGN0(T_SRV, "--fim-qwen-1.5b-default"),
    IGN0(T_SRV, "--fim-qwen-3b-default"), IGN0(T_SRV, "--fim-qwen-7b-default"), IGN0(T_SRV, "--fim-qwen-7b-spec"),
    IGN0(T_SRV, "--fim-qwen-14b-spec"), IGN0(T_SRV, "--fim-qwen-30b-default"),
    {{"--gpt-oss-20b-default"}, 0, T_CS, K_PRESET, -1, 0, 0, 0, NULL, NULL, NULL},
    {{"--gpt-oss-120b-default"}, 0, T_CS, K_PRESET, -1, 0, 0, 0, NULL, NULL, NULL},
    IGN0(T_CS, "--vision-gemma-4b-default"), IGN0(T_CS, "--vision-gemma-12b-default"),
    IGN0(T_CS, "--spec-default"),
    /* Older llama.cpp's flags that arg.cpp 0017d6fb does not have (its message: "error: invalid argument"), from
     * its READMEs and the parsers before arg.cpp: utils.cpp (March 2023), examples/common.cpp (April to August
     * 2023), common/common.cpp (to mid 2024), the old server's own parser, and arg.cpp of September 2024, none of
     * which the workbench's reference covers (messages say so: NOT_CHECKED). Each with the values it took then;
     * what it was (meta) and the fix (help: an instruction, with no claim of history). */
    OLD(0, "instruction mode for Alpaca models", "drop it, or write -cnv (--conversation)", "-ins", "--instruct"),
    OLD(0, "ChatML mode", "drop it, or write -cnv (--conversation)", "-cml", "--chatml"),
    OLD(0, "interactive mode that waits for input first", "write -if (--interactive-first)", "--interactive-start"),
    OLD(0, "random prompt", "drop it, and give the prompt with -p", "--random-prompt"),
    OLD(0, "KV cache precision switch", "drop it, or set the KV cache types with -ctk and -ctv", "--memory-f32",
        "--memory-f16"),
    OLD(0, "memory test", "drop it", "--mtest"), OLD(1, "model part count for GGML files", "drop it", "--n-parts"),
    OLD(0, "perplexity switch", "drop it, or use llama-perplexity", "--perplexity", "--all-logits"),
    OLD(1, "session file", "write --prompt-cache FILE instead", "--session"),
    OLD(1, "grouped-query attention factor for GGML files", "drop it", "-gqa", "--gqa"),
    OLD(1, "RMS norm epsilon for GGML files", "drop it", "-eps", "--rms-norm-eps"),
    OLD(0, "CUDA low-VRAM switch", "drop it", "--low-vram"),
    OLD(0, "switch that turned CUDA's mul_mat_q kernels off", "drop it", "-nommq", "--no-mul-mat-q"),
    OLD(0, "switch that turned CUDA's mul_mat_q kernels on", "drop it", "-mmq", "--mul-mat-q"),
    OLD(0, "computation graph export", "drop it", "--export"),
    OLD(1, "YAML log directory", "drop it", "-ld", "--logdir"),
    OLD(0, "KV cache dump", "drop it", "-dkvc", "--dump-kv-cache"),
    OLD(0, "log switch", "drop it, or write --log-file FILE for a log", "--log-test", "--log-enable", "--log-new",
        "--log-append"),
    OLD(1, "speculative decoding split probability", "drop it, or write --spec-draft-p-split P", "-ps", "--p-split"),
    OLD(1, "speculative decoding acceptance probability", "drop it", "-pa", "--p-accept"),
    OLD(1, "sequence count for llama-parallel", "drop it", "-ns", "--sequences"),
    OLD(0, "infill mode", "drop it", "--infill"),
    OLD(1, "LoRA base model", "drop it, and give the adapter with --lora", "--lora-base"),
    OLD(1, "system prompt file for llama-server", "drop it: send the system prompt in each request's messages", "-spf"),
    OLDS(1, "tail-free sampling", "current llama.cpp's sampler chain has no tail-free sampler", "--tfs"),
    OLDS(0, "switch that let the repeat penalties reach the newline token",
         "current llama.cpp's penalties treat the newline token as any other", "--penalize-nl"),
    OLDS(0, "switch that kept the repeat penalties off the newline token",
         "current llama.cpp's penalties treat the newline token as any other", "--no-penalize-nl"),
    OLDS(1, "classifier-free guidance negative prompt",
         "current llama.cpp's sampler chain has no classifier-free guidance", "--cfg-negative-prompt"),
    OLDS(1, "classifier-free guidance negative prompt file",
         "current llama.cpp's sampler chain has no classifier-free guidance", "--cfg-negative-prompt-file"),
    OLDS(1, "classifier-free guidance scale", "current llama.cpp's sampler chain has no classifier-free guidance",
         "--cfg-scale"),
    /* the workbench's own */
    OWN(K_JSON, "print the llama-server /completion body: the settings given, -p, -n", "--json"),
    OWN(K_JSON_ALL, "print the /completion body with every sampling field", "--json-all"),
    OWN(K_OPENAI, "print the OpenAI-style /v1/chat/completions body", "--openai"),
    {{"--from-json", "--request"}, 1, T_ALL, K_FROM_JSON, -1, 0, 0, 0, "FILE",
     "read a /completion or chat body (-: stdin); print its chain line and the flags for it", NULL},
    {{"--preset-model"}, 1, T_ALL, K_PRESET_MODEL, -1, 0, 0, 0, "NAME",
     "with --models-preset and no request: the preset's section for NAME", NULL},
    OWN(K_EXPLAIN, "under the chain line, each stage in the lesson's words, then the OpenAI names", "--explain"),
};

const size_t n_arg_specs = sizeof arg_specs / sizeof arg_specs[0];

const ArgSpec *number_spec(ArgsSetting s)
{
    for (size_t i = 0; i < n_arg_specs; i++)
        if (arg_specs[i].setting == (int)s && arg_specs[i].kind >= K_FLOAT && arg_specs[i].kind <= K_INT)
            return &arg_specs[i];
    return NULL;
}

/* --samplers names: llama.cpp's current table (reference section 6), matched after lowercasing. */
const SamplerName sampler_names[] = {
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

/* One letter per SamplerType, in the enum's order: e = penalties, d = dry, ... (llama.cpp's letters). */
const char sampler_letters[] = "edskypmxtia";

const size_t n_sampler_names = sizeof sampler_names / sizeof sampler_names[0];

/* The environment variable of each flag that has one (common/arg.cpp at 0017d6fb, each flag's set_env),
 * by the flag's first spelling (ArgSpec.names[0]); a preset file (--models-preset) takes it as a key, as it
 * takes the flag's spellings. Of the sampling flags only --top-k has one there. A column of arg_specs kept
 * as a table of its own, so that the rows above read as before: arg_env finds a row's. */
const ArgEnv arg_envs[] = {
    {"-t", "LLAMA_ARG_THREADS"}, {"-c", "LLAMA_ARG_CTX_SIZE"}, {"-n", "LLAMA_ARG_N_PREDICT"},
    {"-b", "LLAMA_ARG_BATCH"}, {"-ub", "LLAMA_ARG_UBATCH"}, {"--swa-full", "LLAMA_ARG_SWA_FULL"},
    {"-ctxcp", "LLAMA_ARG_CTX_CHECKPOINTS"}, {"-cms", "LLAMA_ARG_CHECKPOINT_MIN_SPACING_NT"},
    {"-cram", "LLAMA_ARG_CACHE_RAM"}, {"-kvu", "LLAMA_ARG_KV_UNIFIED"},
    {"--cache-idle-slots", "LLAMA_ARG_CACHE_IDLE_SLOTS"}, {"--context-shift", "LLAMA_ARG_CONTEXT_SHIFT"},
    {"-fa", "LLAMA_ARG_FLASH_ATTN"}, {"--perf", "LLAMA_ARG_PERF"}, {"--show-timings", "LLAMA_ARG_SHOW_TIMINGS"},
    {"--top-k", "LLAMA_ARG_TOP_K"}, {"-bs", "LLAMA_ARG_BACKEND_SAMPLING"}, {"--pooling", "LLAMA_ARG_POOLING"},
    {"--rope-scaling", "LLAMA_ARG_ROPE_SCALING_TYPE"}, {"--rope-scale", "LLAMA_ARG_ROPE_SCALE"},
    {"--rope-freq-base", "LLAMA_ARG_ROPE_FREQ_BASE"}, {"--rope-freq-scale", "LLAMA_ARG_ROPE_FREQ_SCALE"},
    {"--yarn-orig-ctx", "LLAMA_ARG_YARN_ORIG_CTX"}, {"--yarn-ext-factor", "LLAMA_ARG_YARN_EXT_FACTOR"},
    {"--yarn-attn-factor", "LLAMA_ARG_YARN_ATTN_FACTOR"}, {"--yarn-beta-slow", "LLAMA_ARG_YARN_BETA_SLOW"},
    {"--yarn-beta-fast", "LLAMA_ARG_YARN_BETA_FAST"}, {"-gan", "LLAMA_ARG_GRP_ATTN_N"},
    {"-gaw", "LLAMA_ARG_GRP_ATTN_W"}, {"-kvo", "LLAMA_ARG_KV_OFFLOAD"}, {"--repack", "LLAMA_ARG_REPACK"},
    {"--no-host", "LLAMA_ARG_NO_HOST"}, {"-ctk", "LLAMA_ARG_CACHE_TYPE_K"}, {"-ctv", "LLAMA_ARG_CACHE_TYPE_V"},
    {"-dt", "LLAMA_ARG_DEFRAG_THOLD"}, {"-np", "LLAMA_ARG_N_PARALLEL"}, {"-cb", "LLAMA_ARG_CONT_BATCHING"},
    {"-mm", "LLAMA_ARG_MMPROJ"}, {"-mmu", "LLAMA_ARG_MMPROJ_URL"}, {"--mmproj-auto", "LLAMA_ARG_MMPROJ_AUTO"},
    {"--no-embedded-mtp", "LLAMA_ARG_NO_EMBEDDED_MTP"}, {"--mmproj-offload", "LLAMA_ARG_MMPROJ_OFFLOAD"},
    {"--image-min-tokens", "LLAMA_ARG_IMAGE_MIN_TOKENS"}, {"--image-max-tokens", "LLAMA_ARG_IMAGE_MAX_TOKENS"},
    {"--mtmd-batch-max-tokens", "LLAMA_ARG_MTMD_BATCH_MAX_TOKENS"}, {"--rpc", "LLAMA_ARG_RPC"},
    {"--mlock", "LLAMA_ARG_MLOCK"}, {"--mmap", "LLAMA_ARG_MMAP"}, {"-dio", "LLAMA_ARG_DIO"},
    {"-lm", "LLAMA_ARG_LOAD_MODE"}, {"--numa", "LLAMA_ARG_NUMA"}, {"-dev", "LLAMA_ARG_DEVICE"},
    {"-ot", "LLAMA_ARG_OVERRIDE_TENSOR"}, {"-cmoe", "LLAMA_ARG_CPU_MOE"}, {"-ncmoe", "LLAMA_ARG_N_CPU_MOE"},
    {"-ngl", "LLAMA_ARG_N_GPU_LAYERS"}, {"-sm", "LLAMA_ARG_SPLIT_MODE"}, {"-ts", "LLAMA_ARG_TENSOR_SPLIT"},
    {"-mg", "LLAMA_ARG_MAIN_GPU"}, {"-fit", "LLAMA_ARG_FIT"}, {"-fitt", "LLAMA_ARG_FIT_TARGET"},
    {"-fitc", "LLAMA_ARG_FIT_CTX"}, {"-a", "LLAMA_ARG_ALIAS"}, {"--tags", "LLAMA_ARG_TAGS"},
    {"-m", "LLAMA_ARG_MODEL"}, {"-mu", "LLAMA_ARG_MODEL_URL"}, {"-dr", "LLAMA_ARG_DOCKER_REPO"},
    {"-hf", "LLAMA_ARG_HF_REPO"}, {"-hff", "LLAMA_ARG_HF_FILE"}, {"-hfv", "LLAMA_ARG_HF_REPO_V"},
    {"-hffv", "LLAMA_ARG_HF_FILE_V"}, {"-hft", "HF_TOKEN"}, {"--host", "LLAMA_ARG_HOST"},
    {"--port", "LLAMA_ARG_PORT"}, {"--reuse-port", "LLAMA_ARG_REUSE_PORT"}, {"--path", "LLAMA_ARG_STATIC_PATH"},
    {"--cors-origins", "LLAMA_ARG_CORS_ORIGINS"}, {"--cors-methods", "LLAMA_ARG_CORS_METHODS"},
    {"--cors-headers", "LLAMA_ARG_CORS_HEADERS"}, {"--cors-credentials", "LLAMA_ARG_CORS_CREDENTIALS"},
    {"--api-prefix", "LLAMA_ARG_API_PREFIX"}, {"--ui-config", "LLAMA_ARG_UI_CONFIG"},
    {"--ui-config-file", "LLAMA_ARG_UI_CONFIG_FILE"}, {"--ui-mcp-proxy", "LLAMA_ARG_UI_MCP_PROXY"},
    {"--tools", "LLAMA_ARG_TOOLS"}, {"-ag", "LLAMA_ARG_AGENT"}, {"--ui", "LLAMA_ARG_UI"},
    {"--embedding", "LLAMA_ARG_EMBEDDINGS"}, {"--rerank", "LLAMA_ARG_RERANKING"}, {"--api-key", "LLAMA_API_KEY"},
    {"--api-key-file", "LLAMA_ARG_API_KEY_FILE"}, {"--ssl-key-file", "LLAMA_ARG_SSL_KEY_FILE"},
    {"--ssl-cert-file", "LLAMA_ARG_SSL_CERT_FILE"}, {"--chat-template-kwargs", "LLAMA_ARG_CHAT_TEMPLATE_KWARGS"},
    {"-to", "LLAMA_ARG_TIMEOUT"}, {"--sse-ping-interval", "LLAMA_ARG_SSE_PING_INTERVAL"},
    {"--threads-http", "LLAMA_ARG_THREADS_HTTP"}, {"--cache-prompt", "LLAMA_ARG_CACHE_PROMPT"},
    {"--cache-reuse", "LLAMA_ARG_CACHE_REUSE"}, {"--metrics", "LLAMA_ARG_ENDPOINT_METRICS"},
    {"--props", "LLAMA_ARG_ENDPOINT_PROPS"}, {"--slots", "LLAMA_ARG_ENDPOINT_SLOTS"},
    {"--models-dir", "LLAMA_ARG_MODELS_DIR"}, {"--models-preset", "LLAMA_ARG_MODELS_PRESET"},
    {"--models-max", "LLAMA_ARG_MODELS_MAX"}, {"--models-autoload", "LLAMA_ARG_MODELS_AUTOLOAD"},
    {"--jinja", "LLAMA_ARG_JINJA"}, {"--reasoning-format", "LLAMA_ARG_THINK"}, {"-rea", "LLAMA_ARG_REASONING"},
    {"--reasoning-budget", "LLAMA_ARG_THINK_BUDGET"},
    {"--reasoning-budget-message", "LLAMA_ARG_THINK_BUDGET_MESSAGE"},
    {"--reasoning-preserve", "LLAMA_ARG_REASONING_PRESERVE"}, {"--chat-template", "LLAMA_ARG_CHAT_TEMPLATE"},
    {"--chat-template-file", "LLAMA_ARG_CHAT_TEMPLATE_FILE"}, {"--skip-chat-parsing", "LLAMA_ARG_SKIP_CHAT_PARSING"},
    {"--prefill-assistant", "LLAMA_ARG_PREFILL_ASSISTANT"}, {"--log-file", "LLAMA_ARG_LOG_FILE"},
    {"--log-colors", "LLAMA_ARG_LOG_COLORS"}, {"--offline", "LLAMA_ARG_OFFLINE"}, {"-lv", "LLAMA_ARG_LOG_VERBOSITY"},
    {"--log-prefix", "LLAMA_ARG_LOG_PREFIX"}, {"--log-timestamps", "LLAMA_ARG_LOG_TIMESTAMPS"},
    {"--spec-draft-hf", "LLAMA_ARG_SPEC_DRAFT_HF_REPO"}, {"--spec-draft-type-k", "LLAMA_ARG_SPEC_DRAFT_CACHE_TYPE_K"},
    {"--spec-draft-type-v", "LLAMA_ARG_SPEC_DRAFT_CACHE_TYPE_V"},
    {"--spec-draft-cpu-moe", "LLAMA_ARG_SPEC_DRAFT_CPU_MOE"},
    {"--spec-draft-n-cpu-moe", "LLAMA_ARG_SPEC_DRAFT_N_CPU_MOE"},
    {"--spec-draft-n-max", "LLAMA_ARG_SPEC_DRAFT_N_MAX"}, {"--spec-draft-n-min", "LLAMA_ARG_SPEC_DRAFT_N_MIN"},
    {"--spec-draft-p-split", "LLAMA_ARG_SPEC_DRAFT_P_SPLIT"}, {"--spec-draft-p-min", "LLAMA_ARG_SPEC_DRAFT_P_MIN"},
    {"--spec-draft-backend-sampling", "LLAMA_ARG_SPEC_DRAFT_BACKEND_SAMPLING"},
    {"--spec-draft-ngl", "LLAMA_ARG_N_GPU_LAYERS_DRAFT"}, {"--spec-draft-model", "LLAMA_ARG_SPEC_DRAFT_MODEL"},
    {"--spec-type", "LLAMA_ARG_SPEC_TYPE"}, {"--draft", "LLAMA_ARG_DRAFT_MAX"},
    {"--draft-min", "LLAMA_ARG_DRAFT_MIN"},
};

const size_t n_arg_envs = sizeof arg_envs / sizeof arg_envs[0];

const char *arg_env(const ArgSpec *spec)
{
    for (size_t i = 0; spec != NULL && spec->names[0] != NULL && i < n_arg_envs; i++)
        if (strcmp(arg_envs[i].flag, spec->names[0]) == 0)
            return arg_envs[i].env;
    return NULL;
}
