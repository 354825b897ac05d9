/* bench.c: what the library costs at real vocabulary sizes (make bench). Microseconds per token, the median of
 * repeated runs, for one pass over the logits at memory speed (the floor), llama.cpp's default chain, the same
 * chain with top-k 0, llama.cpp's default settings alone and with a repeat penalty, a logit bias,
 * --ignore-eos's bans or adaptive-p in place of dist, building the candidates with top-k 40, each stage alone,
 * and DRY over growing windows, also with llama.cpp's default breakers beside an earlier commit's DRY (old_dry.h);
 * then the ratios measured in this one run. Timing
 * uses C11's timespec_get. Figures vary with the machine; the ratios are what to compare across runs. */
#include "bench/old_dry.h"
#include "chain.h"
#include "cli/gguf.h"
#include "dry.h"
#include "fast/fast.h"
#include "filters.h"
#include "penalties.h"
#include "rng.h"
#include "sample.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BIG 152064          /* Qwen2's vocabulary */
#define SMALL 32000         /* Llama 2's */
#define RUNS 15             /* repetitions; the median is reported */

static double now_us(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median over RUNS of (time of `reps` calls of fn) / reps, in microseconds. */
static double median_us(void (*fn)(void *), void *arg, int reps)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = now_us();
        for (int i = 0; i < reps; i++)
            fn(arg);
        t[r] = (now_us() - start) / reps;
    }
    qsort(t, RUNS, sizeof t[0], by_value);
    return t[RUNS / 2];
}

/* ===== The inputs ===== */

static double normal_big[BIG], normal_small[SMALL], flat_big[BIG];
static int32_t history[64];

static void make_inputs(void)
{
    Rng r;
    rng_seed(&r, 1);
    for (int i = 0; i < BIG; i++)
        normal_big[i] = 3.0 * rng_next_gaussian(&r);
    for (int i = 0; i < SMALL; i++)
        normal_small[i] = 3.0 * rng_next_gaussian(&r);
    for (int i = 0; i < BIG; i++)
        flat_big[i] = 2.0 * rng_next_double(&r) - 1.0;
    for (int i = 0; i < 64; i++)
        history[i] = rng_next_int(&r, SMALL);
}

/* ===== The floor: read every logit once ===== */

typedef struct {
    const double *logits;
    size_t n;
    double sink;            /* keeps the compiler from dropping the work */
} Pass;

static inline double larger(double a, double b)
{
    return a > b ? a : b;
}

#define PASS_LANES 4        /* a group of independent running maxima; one_pass keeps two groups */
#define PASS_BLOCK 64       /* logits per block: the lanes restart in each, as top-k's blocks do */

/* The floor every ratio is measured against: the maximum of the logits, block by block, in two groups of four
 * independent lanes that the compiler keeps two to an SSE2 register (four maxpd on eight doubles at a time), so
 * no comparison waits on the one before it and the pass runs about as fast as the logits can be read: the
 * fastest plain reading of the logits written here (a single loop over all of them measured slower). */
static void one_pass(void *arg)
{
    Pass *p = arg;
    const double *x = p->logits;
    double max = -INFINITY;
    size_t n_blocks = p->n / PASS_BLOCK;
    for (size_t blk = 0; blk < n_blocks; blk++, x += PASS_BLOCK) {
        double a[PASS_LANES], b[PASS_LANES];
        for (int j = 0; j < PASS_LANES; j++) {
            a[j] = x[j];
            b[j] = x[PASS_LANES + j];
        }
        for (int i = 2 * PASS_LANES; i < PASS_BLOCK; i += 2 * PASS_LANES) {
            for (int j = 0; j < PASS_LANES; j++)
                a[j] = larger(a[j], x[i + j]);
            for (int j = 0; j < PASS_LANES; j++)
                b[j] = larger(b[j], x[i + PASS_LANES + j]);
        }
        max = larger(max, larger(larger(larger(a[0], a[1]), larger(a[2], a[3])),
                                 larger(larger(b[0], b[1]), larger(b[2], b[3]))));
    }
    for (size_t i = n_blocks * PASS_BLOCK; i < p->n; i++)
        max = larger(max, p->logits[i]);
    p->sink += max;
}

static Pass floor_input;    /* the floor's input: the 152,064 normal logits */

/* The floor, measured now. Rows measured far apart in one run can meet the machine in another state (its
 * clock, other jobs), so each ratio divides its row by a floor measured right after that row. */
static double floor_us(void)
{
    return median_us(one_pass, &floor_input, 200);
}

/* The same maximum with one running value, which waits on each comparison: the floor this benchmark used to
 * measure against, shown for comparison. */
static void one_pass_serial(void *arg)
{
    Pass *p = arg;
    double max = -INFINITY;
    for (size_t i = 0; i < p->n; i++)
        if (p->logits[i] > max)
            max = p->logits[i];
    p->sink += max;
}

/* ===== The chain ===== */

typedef struct {
    Chain chain;
    const double *logits;
    size_t n;
} ChainRun;

/* penalties over a 64-token history, top-k, top-p 0.95, min-p 0.05, temperature 0.8, dist. */
static void bench_chain_setup(ChainRun *run, const double *logits, size_t n, int32_t top_k)
{
    SamplingParams p = sampling_params_default();
    static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                        SAMPLER_TEMPERATURE};
    memcpy(p.samplers, order, sizeof order);
    p.n_samplers = sizeof order / sizeof order[0];
    p.penalty_repeat = 1.1;
    p.top_k = top_k;
    p.seed = 7;
    run->logits = logits;
    run->n = n;
    if (chain_init_from_params(&run->chain, &p, n) != SAMPLING_OK) {
        fprintf(stderr, "bench: chain_init_from_params failed\n");
        exit(1);
    }
    for (int i = 0; i < 64; i++)
        (void)chain_accept(&run->chain, history[i]);  /* a refused accept only shortens the window */
}

static void bench_chain_step(void *arg)
{
    ChainRun *run = arg;
    int32_t token;
    if (chain_sample(&run->chain, run->logits, run->n, &token) != SAMPLING_OK) {
        fprintf(stderr, "bench: chain_sample failed\n");
        exit(1);
    }
    /* Keep the history at the same 64 tokens, so every step does the same work. */
}

static double bench_chain_us(const double *logits, size_t n, int32_t top_k, int reps)
{
    ChainRun run;
    bench_chain_setup(&run, logits, n, top_k);
    double us = median_us(bench_chain_step, &run, reps);
    chain_free(&run.chain);
    return us;
}

/* What is added to llama.cpp's default settings (sampling_params_default: penalties off, top-k 40, top-p 0.95,
 * min-p 0.05, temp 0.8, dist, top-k the first stage that acts): nothing, a 1.1 repeat penalty over the 64-token
 * history, a bias on 8 ids, --ignore-eos's bans on 3 end-of-generation ids, or adaptive_p in the sampler list
 * (target 0.55, decay 0.9), which ends the chain with adaptive-p in place of dist. In each, top-k picks its 40
 * straight from the logits (with the few changed tokens' new logits). */
typedef enum { ADD_NOTHING, ADD_REPEAT, ADD_BIAS, ADD_IGNORE_EOS, ADD_ADAPTIVE_P } DefaultsPlus;

static const int32_t eog_ids[] = {151643, 151645, 151662};      /* Qwen2-like end-of-generation ids */

static double defaults_us(const double *logits, size_t n, DefaultsPlus plus, int reps)
{
    ChainRun run = {.logits = logits, .n = n};
    SamplingParams p = sampling_params_default();
    p.seed = 7;
    if (plus == ADD_REPEAT)
        p.penalty_repeat = 1.1;
    for (int i = 0; plus == ADD_BIAS && i < 8; i++)
        p.logit_bias[p.n_logit_bias++] = (LogitBias){history[i * 8] + 17, i % 2 ? -2.0 : 3.0};
    p.ignore_eos = plus == ADD_IGNORE_EOS;
    if (plus == ADD_ADAPTIVE_P) {
        p.samplers[p.n_samplers++] = SAMPLER_ADAPTIVE_P;
        p.adaptive_target = 0.55;
    }
    p.eog_tokens = eog_ids;
    p.n_eog_tokens = sizeof eog_ids / sizeof eog_ids[0];
    if (chain_init_from_params(&run.chain, &p, n) != SAMPLING_OK) {
        fprintf(stderr, "bench: chain_init_from_params failed\n");
        exit(1);
    }
    for (int i = 0; i < 64; i++)
        (void)chain_accept(&run.chain, history[i]);
    double us = median_us(bench_chain_step, &run, reps);
    chain_free(&run.chain);
    return us;
}

/* Building the candidates plus top-k 40, as the chain does it: fast_candidates_init_top_k. */
typedef struct {
    TokenData *buf;
    const double *logits;
    size_t n;
} BuildRun;

static void build_top_k_step(void *arg)
{
    BuildRun *run = arg;
    Candidates c;
    if (fast_candidates_init_top_k(&c, run->buf, run->logits, run->n, 40) != SAMPLING_OK) {
        fprintf(stderr, "bench: fast_candidates_init_top_k failed\n");
        exit(1);
    }
}

/* ===== One stage alone on BIG normal logits (each call starts from fresh candidates), as the chain runs it
 * on an array this large: the speed layer's twin where there is one (lib/fast/fast.h), else the plain rule. */

typedef struct {
    const char *name;
    SamplingStatus (*apply)(Candidates *c, Rng *rng);
} StageBench;

static int32_t scratch[8192];
static TokenData typical_scratch[BIG];

static SamplingStatus st_init(Candidates *c, Rng *rng) { (void)c; (void)rng; return SAMPLING_OK; }
static SamplingStatus st_penalties(Candidates *c, Rng *rng)
{
    (void)rng;
    PenaltyParams pp = {64, 1.1, 0.0, 0.0};
    return fast_apply_penalties(c, history, 64, &pp, scratch, fast_penalties_scratch_len(64, 64), false);
}
static SamplingStatus st_bias(Candidates *c, Rng *rng)
{
    (void)rng;
    return apply_logit_bias(c, &(LogitBias){15, -INFINITY}, 1);
}
static SamplingStatus st_dry(Candidates *c, Rng *rng)
{
    (void)rng;
    DryParams dp = {0.8, 1.75, 2, 64, NULL, 0};
    return fast_apply_dry(c, history, 64, &dp, scratch, fast_dry_scratch_len(64, 64));
}
static SamplingStatus st_top_n_sigma(Candidates *c, Rng *rng) { (void)rng; return apply_top_n_sigma(c, 2.0); }
static SamplingStatus st_top_k(Candidates *c, Rng *rng) { (void)rng; return fast_apply_top_k(c, 40); }
static SamplingStatus st_typical(Candidates *c, Rng *rng)
{
    (void)rng;
    return fast_apply_typical(c, 0.9, 0, typical_scratch, BIG);
}
static SamplingStatus st_top_p(Candidates *c, Rng *rng) { (void)rng; return fast_apply_top_p(c, 0.95, 0); }
static SamplingStatus st_min_p(Candidates *c, Rng *rng) { (void)rng; return apply_min_p(c, 0.05, 0); }
static SamplingStatus st_xtc(Candidates *c, Rng *rng) { (void)rng; return fast_apply_xtc(c, 1.0, 0.1, 0, 0.0); }
static SamplingStatus st_temp(Candidates *c, Rng *rng) { (void)rng; return apply_temp(c, 0.8); }
static SamplingStatus st_temp_ext(Candidates *c, Rng *rng) { (void)rng; return fast_apply_temp_ext(c, 0.8, 0.5, 1.0); }
static SamplingStatus st_dist(Candidates *c, Rng *rng) { return sample_dist(c, rng_next_double(rng)); }
static double java_coin(void *rng) { return rng_next_double(rng); }
static SamplingStatus st_mirostat_v2(Candidates *c, Rng *rng)
{
    MirostatState st;
    mirostat_init(&st, 5.0, 0.1);
    return fast_sample_mirostat_v2(c, &st, java_coin, rng);
}
static float adaptive_cache[BIG];
static SamplingStatus st_adaptive_p(Candidates *c, Rng *rng)
{
    AdaptivePState st;
    adaptive_p_init(&st, 0.55, 0.9);
    return sample_adaptive_p(c, &st, adaptive_cache, java_coin, rng);
}

static const StageBench stages[] = {
    {"build candidates only", st_init}, {"logit-bias", st_bias}, {"penalties (64)", st_penalties},
    {"dry (64)", st_dry}, {"top-n-sigma 2", st_top_n_sigma}, {"top-k 40", st_top_k},
    {"typical 0.9", st_typical}, {"top-p 0.95", st_top_p}, {"min-p 0.05", st_min_p},
    {"xtc 0.1 (fires)", st_xtc}, {"temp 0.8", st_temp}, {"temp-ext 0.8 +- 0.5", st_temp_ext},
    {"dist", st_dist}, {"mirostat-v2", st_mirostat_v2}, {"adaptive-p 0.55", st_adaptive_p},
};

typedef struct {
    const StageBench *stage;
    TokenData *buf;
    Rng rng;
} StageRun;

static void stage_step(void *arg)
{
    StageRun *run = arg;
    Candidates c;
    candidates_init(&c, run->buf, normal_big, BIG);
    if (run->stage->apply(&c, &run->rng) != SAMPLING_OK) {
        fprintf(stderr, "bench: %s failed\n", run->stage->name);
        exit(1);
    }
}

/* ===== DRY over a long, repetitive history (the speed layer's, in linear time) ===== */

typedef struct {
    const int32_t *history;
    size_t n_history;
    int32_t last_n;
    TokenData *buf;
} DryRun;

#define DRY_VOCAB 1000      /* small, so that the window, not the vocabulary, sets the cost */

static void dry_step(void *arg)
{
    DryRun *run = arg;
    static double zeros[DRY_VOCAB];
    static int32_t dry_scratch[65536 * 8];      /* the repeat lengths and the map of a 65,536-token window */
    Candidates c;
    candidates_init(&c, run->buf, zeros, DRY_VOCAB);
    DryParams dp = {0.8, 1.75, 2, run->last_n, NULL, 0};
    size_t len = fast_dry_scratch_len(run->n_history, run->last_n);
    if (len > sizeof dry_scratch / sizeof dry_scratch[0]
        || fast_apply_dry(&c, run->history, run->n_history, &dp, dry_scratch, len) != SAMPLING_OK) {
        fprintf(stderr, "bench: fast_apply_dry failed\n");
        exit(1);
    }
}

static double dry_us(const int32_t *h, size_t n, int32_t last_n, TokenData *buf)
{
    DryRun run = {h, n, last_n, buf};
    int reps = last_n >= 16384 ? 3 : 50;
    return median_us(dry_step, &run, reps);
}

/* ===== Reading a model's metadata ===== */

#define GGUF_TOKENS 262144              /* a large tokenizer's strings (Gemma's 262,144) */
#define GGUF_TENSOR_BYTES (1L << 30)    /* 1 GB of tensor data after the metadata, never written: a sparse file */

typedef struct {
    char path[512];
    long metadata_bytes;                /* the header and the key/value pairs */
    unsigned char *buf;                 /* (metadata_bytes,) for the fread the reading is measured against */
    double fread_us, read_us, read_small_us;
    bool ok;
} GgufBench;

static void put_le(FILE *f, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        fputc((int)(v >> (8 * i) & 0xFF), f);
}

static void put_str(FILE *f, const char *s)
{
    put_le(f, strlen(s), 8);
    fputs(s, f);
}

/* A GGUF with the sampling keys on both sides of a GGUF_TOKENS-string tokenizer and its scores, one tensor
 * description, then tensor_bytes of data: fseek past the end and one byte, so the filesystem keeps a hole. */
static bool write_bench_gguf(const char *path, long tensor_bytes, long *metadata_bytes)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return false;
    fwrite("GGUF", 1, 4, f);
    put_le(f, 3, 4), put_le(f, 1, 8), put_le(f, 6, 8);
    put_str(f, "general.name"), put_le(f, GGUF_STRING, 4), put_str(f, "Bench 1B");
    put_str(f, "general.sampling.top_k"), put_le(f, GGUF_UINT32, 4), put_le(f, 20, 4);
    put_str(f, "tokenizer.ggml.tokens"), put_le(f, GGUF_ARRAY, 4), put_le(f, GGUF_STRING, 4), put_le(f, GGUF_TOKENS, 8);
    for (int i = 0; i < GGUF_TOKENS; i++) {
        char token[16];
        snprintf(token, sizeof token, "\xe2\x96\x81t%d", i);     /* "▁t123": a sentencepiece-like piece */
        put_str(f, token);
    }
    put_str(f, "tokenizer.ggml.scores"), put_le(f, GGUF_ARRAY, 4), put_le(f, GGUF_FLOAT32, 4);
    put_le(f, GGUF_TOKENS, 8);
    for (int i = 0; i < GGUF_TOKENS; i++)
        put_le(f, 0xBF800000u, 4);                                  /* -1.0f */
    put_str(f, "general.sampling.temp"), put_le(f, GGUF_FLOAT32, 4), put_le(f, 0x3F19999Au, 4);    /* 0.6f */
    put_str(f, "general.sampling.top_p"), put_le(f, GGUF_FLOAT32, 4), put_le(f, 0x3F733333u, 4);   /* 0.95f */
    *metadata_bytes = ftell(f);
    put_str(f, "token_embd.weight"), put_le(f, 1, 4), put_le(f, (uint64_t)tensor_bytes / 4, 8);
    put_le(f, 0, 4), put_le(f, 0, 8);                               /* f32, at offset 0 */
    bool ok = fseek(f, tensor_bytes - 1, SEEK_CUR) == 0 && fputc(0, f) == 0;
    return fclose(f) == 0 && ok && *metadata_bytes > 0;
}

static void gguf_fread_step(void *arg)
{
    GgufBench *b = arg;
    FILE *f = fopen(b->path, "rb");
    b->ok = b->ok && f != NULL && fread(b->buf, 1, (size_t)b->metadata_bytes, f) == (size_t)b->metadata_bytes;
    if (f != NULL)
        fclose(f);
}

static void gguf_read_step(void *arg)
{
    static GgufInfo info;
    GgufBench *b = arg;
    char err[300];
    b->ok = b->ok && gguf_read_file(b->path, &info, err, sizeof err) && info.n_keys == 3;
}

/* The row: one fread of the metadata, then gguf_read of the sampling keys with 1 GB and with 1 KB of tensor
 * data after it. dir: the bench's build directory, from argv[0] (build-bench/bin/bench). */
static GgufBench bench_gguf(const char *program)
{
    GgufBench b = {.ok = true};
    const char *bin = program != NULL ? strstr(program, "/bin/bench") : NULL;
    int dir = bin != NULL ? (int)(bin - program) : 1;
    const char *base = bin != NULL ? program : ".";
    char small[sizeof b.path];
    snprintf(b.path, sizeof b.path - 8, "%.*s/bench_model.gguf", dir, base);
    snprintf(small, sizeof small, "%.*s/bench_model_1k.gguf", dir, base);
    long small_bytes = 0;
    b.ok = write_bench_gguf(b.path, GGUF_TENSOR_BYTES, &b.metadata_bytes)
           && write_bench_gguf(small, 1024, &small_bytes) && small_bytes == b.metadata_bytes;
    b.buf = b.ok ? malloc((size_t)b.metadata_bytes) : NULL;
    b.ok = b.ok && b.buf != NULL;
    /* The three measured in turns, round after round, so that the machine's other work weighs on each alike;
     * the median of each over the rounds. */
    double t[3][RUNS];
    char big[sizeof b.path];
    snprintf(big, sizeof big, "%s", b.path);
    for (int r = 0; b.ok && r < RUNS; r++) {
        t[0][r] = median_us(gguf_fread_step, &b, 1);
        t[1][r] = median_us(gguf_read_step, &b, 1);
        snprintf(b.path, sizeof b.path, "%s", small);
        t[2][r] = median_us(gguf_read_step, &b, 1);
        snprintf(b.path, sizeof b.path, "%s", big);
    }
    for (int k = 0; b.ok && k < 3; k++)
        qsort(t[k], RUNS, sizeof t[k][0], by_value);
    if (b.ok) {
        b.fread_us = t[0][RUNS / 2];
        b.read_us = t[1][RUNS / 2];
        b.read_small_us = t[2][RUNS / 2];
    }
    free(b.buf);
    printf("\nA model's metadata: %d tokenizer strings and their scores between the sampling keys, %ld bytes,\n"
           "then 1 GB of tensor data (a sparse file, %s):\n", GGUF_TOKENS, b.metadata_bytes, b.path);
    if (!b.ok) {
        printf("  could not be written or read here\n");
        return b;
    }
    printf("  one fread of its metadata bytes          %9.1f\n", b.fread_us);
    printf("  gguf_read of its sampling keys           %9.1f\n", b.read_us);
    printf("  the same, 1 KB of tensor data after it   %9.1f\n\n", b.read_small_us);
    return b;
}

static void print_gguf_ratios(const GgufBench *b)
{
    if (!b->ok)
        return;
    printf("ratio gguf_vs_fread %.2f      (gguf_read of the sampling keys \xc3\xb7 one fread of the metadata bytes; "
           "at most 2)\n", b->read_us / b->fread_us);
    printf("ratio gguf_tensor_data %.2f   (gguf_read with 1 GB of tensor data \xc3\xb7 with 1 KB; 1.0: it reads "
           "none)\n", b->read_us / b->read_small_us);
}

/* ===== DRY with llama.cpp's four default breakers: this build against an earlier commit's (old_dry.h) ===== */

/* llama.cpp's default sequence breakers "\n", ":", "\"" and "*" (common_params_sampling's dry_sequence_breakers).
 * This workbench has no tokenizer, so each is one single-token breaker, the token whose id is its character's
 * code, as in a byte-level vocabulary (a real vocabulary has many tokens that hold a "\n": each is a head). */
static const int32_t brk_newline[] = {'\n'}, brk_colon[] = {':'}, brk_quote[] = {'"'}, brk_star[] = {'*'};
static const DryBreaker default_breakers[] = {{brk_newline, 1}, {brk_colon, 1}, {brk_quote, 1}, {brk_star, 1}};
/* The same four as tokens the history never holds (ids past the 1,000 of the vocabulary), so the search for the
 * newest breaker reads the whole window. */
static const int32_t brk_absent[] = {DRY_VOCAB, DRY_VOCAB + 1, DRY_VOCAB + 2, DRY_VOCAB + 3};
static const DryBreaker absent_breakers[] = {{brk_absent, 1}, {brk_absent + 1, 1}, {brk_absent + 2, 1},
                                             {brk_absent + 3, 1}};

typedef SamplingStatus (*DryFn)(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                                int32_t *scratch, size_t scratch_len);

/* DRY alone, again and again on the same candidates: its work does not depend on their logits, which only move
 * further down (each run is one more DRY penalty), so building them is left out of the time. */
typedef struct {
    DryFn apply;
    Candidates c;           /* DRY_VOCAB candidates in id order, as built from logits */
    const int32_t *history;
    size_t n_history;
    DryParams params;
    int32_t *scratch;
    size_t scratch_len;
} DryPairRun;

static void dry_pair_step(void *arg)
{
    DryPairRun *run = arg;
    if (run->apply(&run->c, run->history, run->n_history, &run->params, run->scratch, run->scratch_len)
        != SAMPLING_OK) {
        fprintf(stderr, "bench: DRY with breakers failed\n");
        exit(1);
    }
}

/* The medians over RUNS of `reps` calls of fn_a and then of fn_b, timed in turns so that a machine that grows
 * busier during the row slows both alike; in microseconds per call. */
static void median_pair_us(void (*fn_a)(void *), void *a, void (*fn_b)(void *), void *b, int reps, double *us_a,
                           double *us_b)
{
    double ta[RUNS], tb[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = now_us();
        for (int i = 0; i < reps; i++)
            fn_a(a);
        double mid = now_us();
        for (int i = 0; i < reps; i++)
            fn_b(b);
        ta[r] = (mid - start) / reps;
        tb[r] = (now_us() - mid) / reps;
    }
    qsort(ta, RUNS, sizeof ta[0], by_value);
    qsort(tb, RUNS, sizeof tb[0], by_value);
    *us_a = ta[RUNS / 2];
    *us_b = tb[RUNS / 2];
}

#define N_BREAKER_ROWS 5

static struct {
    double us[N_BREAKER_ROWS], old_us[N_BREAKER_ROWS];     /* old_us is 0 when the old build is missing */
} breaker_rows;

/* The rows: penalty_last_n 64, 1,024, 8,192 and 65,536 with the default breakers, and 65,536 with breakers the
 * window never holds; each this build's fast_apply_dry and, in turns, old_dry_commit's on the same inputs. */
static void dry_breaker_rows(const int32_t *h, size_t n, TokenData *buf)
{
    static const int32_t windows[N_BREAKER_ROWS] = {64, 1024, 8192, 65536, 65536};
    static const char *const labels[N_BREAKER_ROWS] = {"64", "1,024", "8,192", "65,536",
                                                       "65,536, breakers absent"};
    static double zeros[DRY_VOCAB];
    const char *old = old_dry_commit;
    printf("DRY with llama.cpp's four default breakers (\"\\n\" \":\" \"\\\"\" \"*\" as tokens 10 58 34 42), 1,000 "
           "candidates, the same\nhistory (its newest breaker is %zu tokens back), this build against ",
           dry_repeat_limit(h, n, &(DryParams){0.8, 1.75, 2, 65536, default_breakers, 4}));
    if (old != NULL)
        printf("commit %s's, timed in turns:\n", old);
    else
        printf("an earlier commit's: skipped\n  (make bench could not build it: it needs git and the commit DRY_OLD)\n");
    printf("  penalty_last_n            this build \xc2\xb5s   ns per window token   %7s \xc2\xb5s   this \xc3\xb7 %s\n",
           old != NULL ? old : "old", old != NULL ? old : "old");
    for (int i = 0; i < N_BREAKER_ROWS; i++) {
        const DryBreaker *breakers = i == N_BREAKER_ROWS - 1 ? absent_breakers : default_breakers;
        DryParams dp = {0.8, 1.75, 2, windows[i], breakers, 4};
        size_t len = fast_dry_scratch_len(n, windows[i]), old_len = old_fast_dry_scratch_len(n, windows[i]);
        int32_t *s = malloc((len > old_len ? len : old_len) * sizeof *s);
        if (s == NULL) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        DryPairRun now = {fast_apply_dry, {0}, h, n, dp, s, len};
        DryPairRun then = {old_fast_apply_dry, {0}, h, n, dp, s, old_len};
        candidates_init(&now.c, buf, zeros, DRY_VOCAB);
        candidates_init(&then.c, buf + DRY_VOCAB, zeros, DRY_VOCAB);
        int reps = 262144 / windows[i] + 3;
        breaker_rows.old_us[i] = 0.0;
        if (old != NULL)
            median_pair_us(dry_pair_step, &now, dry_pair_step, &then, reps, &breaker_rows.us[i],
                           &breaker_rows.old_us[i]);
        else
            breaker_rows.us[i] = median_us(dry_pair_step, &now, reps);
        free(s);
        double us = breaker_rows.us[i], old_us = breaker_rows.old_us[i];
        printf("  %-24s %15.1f %21.2f", labels[i], us, us * 1000.0 / windows[i]);
        if (old != NULL)
            printf(" %13.1f %15.2f\n", old_us, us / old_us);
        else
            printf(" %13s %15s\n", "skipped", "skipped");
    }
    printf("\n");
}

/* The ratios of those rows: the growth per window token, and this build against the old one. */
static void dry_breaker_ratios(void)
{
    const double *us = breaker_rows.us, *old_us = breaker_rows.old_us;
    printf("ratio dry_per_token %.2f      (DRY with breakers, ns per window token at 65,536 \xc3\xb7 at 1,024; "
           "goal <= 1.5)\n", (us[3] / 65536) / (us[1] / 1024));
    if (old_dry_commit == NULL) {
        printf("ratio dry_vs_old: skipped (no build of an earlier commit's DRY: needs git and the commit)\n");
        return;
    }
    double worst = 0.0;
    for (int i = 0; i < N_BREAKER_ROWS; i++)
        worst = us[i] / old_us[i] > worst ? us[i] / old_us[i] : worst;
    printf("ratio dry_vs_old %.2f         (DRY with breakers, this build \xc3\xb7 commit %s's, the largest of the "
           "%d rows; goal <= 0.4)\n", worst, old_dry_commit, N_BREAKER_ROWS);
}

int main(int argc, char **argv)
{
    make_inputs();
    printf("sampler workbench benchmark: microseconds per token, median of %d runs\n\n", RUNS);

    Pass pass_big = {normal_big, BIG, 0}, pass_small = {normal_small, SMALL, 0};
    floor_input = pass_big;
    double pass_us = median_us(one_pass, &pass_big, 200);
    double pass_small_us = median_us(one_pass, &pass_small, 200);
    double serial_us = median_us(one_pass_serial, &pass_big, 200);
    printf("one pass (the maximum, 8 lanes), %d logits     %9.1f   <- the floor; each ratio measures it again\n",
           BIG, pass_us);
    printf("one pass (the maximum, 8 lanes), %d logits      %9.1f\n", SMALL, pass_small_us);
    printf("one pass (one running maximum), %d logits      %9.1f\n\n", BIG, serial_us);

    double chain_big = bench_chain_us(normal_big, BIG, 40, 20), chain_floor = floor_us();
    double chain_small = bench_chain_us(normal_small, SMALL, 40, 50);
    double chain_flat = bench_chain_us(flat_big, BIG, 40, 20);
    double topk0_big = bench_chain_us(normal_big, BIG, 0, 5), topk0_floor = floor_us();
    double topk0_flat = bench_chain_us(flat_big, BIG, 0, 3);
    printf("default chain, %d normal logits (sd 3)         %9.1f\n", BIG, chain_big);
    printf("default chain, %d normal logits (sd 3)          %9.1f\n", SMALL, chain_small);
    printf("default chain, %d flat logits in [-1, 1]       %9.1f\n", BIG, chain_flat);
    printf("chain with top-k 0, %d normal logits           %9.1f\n", BIG, topk0_big);
    printf("chain with top-k 0, %d flat logits             %9.1f\n", BIG, topk0_flat);

    static TokenData buf[BIG];
    double defaults_big = defaults_us(normal_big, BIG, ADD_NOTHING, 50), defaults_floor = floor_us();
    double repeat_big = defaults_us(normal_big, BIG, ADD_REPEAT, 50), repeat_floor = floor_us();
    double bias_big = defaults_us(normal_big, BIG, ADD_BIAS, 50), bias_floor = floor_us();
    double eos_big = defaults_us(normal_big, BIG, ADD_IGNORE_EOS, 50), eos_floor = floor_us();
    double adaptive_big = defaults_us(normal_big, BIG, ADD_ADAPTIVE_P, 50), adaptive_floor = floor_us();
    BuildRun build = {buf, normal_big, BIG};
    double topk40_big = median_us(build_top_k_step, &build, 50), topk40_floor = floor_us();
    printf("llama.cpp's defaults (no penalties), %d logits %9.1f\n", BIG, defaults_big);
    printf("  + a 1.1 repeat penalty over 64 tokens           %9.1f\n", repeat_big);
    printf("  + a logit bias on 8 ids                         %9.1f\n", bias_big);
    printf("  + --ignore-eos (3 end-of-generation bans)       %9.1f\n", eos_big);
    printf("  + adaptive-p (0.55, 0.9) in place of dist       %9.1f\n", adaptive_big);
    printf("building + top-k 40, %d normal logits          %9.1f\n\n", BIG, topk40_big);

    printf("each stage alone on %d normal logits (includes building the candidates):\n", BIG);
    for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++) {
        StageRun run = {&stages[i], buf, {0}};
        rng_seed(&run.rng, 3);
        printf("  %-24s %9.1f\n", stages[i].name, median_us(stage_step, &run, 10));
    }

    /* A history of 65,536 tokens that repeats a 500-token passage with a few changes. */
    static int32_t long_history[65536];
    Rng r;
    rng_seed(&r, 5);
    for (size_t i = 0; i < 65536; i++)
        long_history[i] = rng_next_int(&r, 50) == 0 ? rng_next_int(&r, DRY_VOCAB)
                                                     : (int32_t)((i % 500) * 7 % DRY_VOCAB);
    double dry_1k = dry_us(long_history, 65536, 1024, buf);
    double dry_16k = dry_us(long_history, 65536, 16384, buf);
    double dry_64k = dry_us(long_history, 65536, 65536, buf);
    printf("\nDRY over a repetitive history, %d candidates:\n", DRY_VOCAB);
    printf("  penalty_last_n 1,024             %9.1f\n", dry_1k);
    printf("  penalty_last_n 16,384            %9.1f\n", dry_16k);
    printf("  penalty_last_n 65,536            %9.1f\n\n", dry_64k);
    dry_breaker_rows(long_history, 65536, buf);
    GgufBench gguf = bench_gguf(argc > 0 ? argv[0] : NULL);

    printf("ratio chain_vs_pass %.1f      (default chain \xc3\xb7 one pass, 152,064 normal logits)\n",
           chain_big / chain_floor);
    printf("ratio topk0_vs_pass %.1f      (chain with top-k 0 \xc3\xb7 one pass, 152,064 normal logits)\n",
           topk0_big / topk0_floor);
    printf("ratio dry_linearity %.2f      ((DRY at 65,536 \xc3\xb7 DRY at 1,024) \xc3\xb7 64; 1.0 is linear)\n",
           dry_64k / dry_1k / 64);
    printf("ratio defaults_vs_pass %.2f   (llama.cpp's default settings, penalties off \xc3\xb7 one pass, "
           "152,064 normal logits)\n",
           defaults_big / defaults_floor);
    printf("ratio topk40_vs_pass %.2f     (building the candidates + top-k 40 \xc3\xb7 one pass, "
           "152,064 normal logits)\n", topk40_big / topk40_floor);
    printf("ratio repeat_vs_pass %.2f     (the defaults + a 1.1 repeat penalty over 64 tokens \xc3\xb7 one pass)\n",
           repeat_big / repeat_floor);
    printf("ratio bias_vs_pass %.2f       (the defaults + a logit bias on 8 ids \xc3\xb7 one pass)\n",
           bias_big / bias_floor);
    printf("ratio eos_vs_pass %.2f        (the defaults + --ignore-eos's 3 bans \xc3\xb7 one pass)\n",
           eos_big / eos_floor);
    printf("ratio adaptive_vs_pass %.2f   (the defaults ending in adaptive-p instead of dist \xc3\xb7 one pass)\n",
           adaptive_big / adaptive_floor);
    dry_breaker_ratios();
    print_gguf_ratios(&gguf);
    return pass_big.sink + pass_small.sink == 0.123456 ? 1 : 0;    /* uses the sink; never true */
}
