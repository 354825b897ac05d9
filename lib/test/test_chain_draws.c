/* test_chain_draws.c: the chain draws as llama.cpp draws (issue 10): discrete_distribution's pick, the
 * mirostats asking for a coin only when they have a choice, and whole chains against llama.cpp's picks.
 *
 * Where the numbers came from: a throwaway C++ program (not committed), built with GCC 12.2 and its libstdc++,
 * that reimplements llama.cpp's samplers in float as src/llama-sampler.cpp computes them (penalties, top-k,
 * top-p, min-p, XTC, temp, dist, mirostat, mirostat-v2; the rules of the reference, sections 4 and 5) and draws
 * with std::mt19937, std::uniform_real_distribution<float> (XTC), <double> (dist) and
 * std::discrete_distribution<int> over the float p (the mirostats), one generator per sampler seeded with the
 * chain seed. Ties in a sort go to the lower id on both sides (llama.cpp leaves their order open). Shapes 5 to 7
 * (adaptive-p) came from a second such program, written from the reference's section 4.15 (adaptive-p's steps
 * in float, std::discrete_distribution on its own std::mt19937), which first reproduced shapes 1 and 4. */
#include "chain.h"
#include "check.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* std::discrete_distribution<int>(weights) on std::mt19937(seed): the first eight picks, and the engine's
 * next output after them (so each pick is seen to take exactly two outputs, and a single weight none). The
 * weights are the C++ program's floats. */
static void test_discrete(void)
{
    static const struct {
        float w[5];
        size_t n;
        uint32_t seed;
        int picks[8];
        uint32_t next;
    } cases[] = {
        {{0.5f, 0.3f, 0.2f}, 3, 0, {1, 2, 2, 2, 1, 0, 0, 0}, 4138900056u},
        {{0.5f, 0.3f, 0.2f}, 3, 1, {2, 2, 0, 2, 0, 0, 0, 1}, 1704103302u},
        {{0.5f, 0.3f, 0.2f}, 3, 42, {1, 0, 1, 1, 0, 0, 0, 0}, 2581769315u},
        {{1, 1, 1, 1}, 4, 42, {3, 0, 3, 2, 1, 0, 1, 1}, 2581769315u},
        {{0.45f, 0.35f, 0.2f}, 3, 42, {1, 0, 1, 1, 0, 0, 1, 0}, 2581769315u},
        {{0.7f}, 1, 0, {0, 0, 0, 0, 0, 0, 0, 0}, 2357136044u},
        {{0.1f, 0.9f}, 2, 0, {1, 1, 1, 1, 1, 1, 1, 0}, 4138900056u},
        {{3, 0, 1, 0, 2}, 5, 1, {4, 4, 0, 4, 0, 0, 0, 4}, 1704103302u},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        TokenData data[5];
        Mt19937 mt;
        mt19937_seed(&mt, cases[k].seed);
        for (int d = 0; d < 8; d++) {
            for (size_t i = 0; i < cases[k].n; i++)
                data[i] = (TokenData){(int32_t)i, 0.0, cases[k].w[i]};
            Candidates c = {.data = data, .size = cases[k].n, .selected = -1};
            double coin = cases[k].n >= 2 ? mt19937_next_double(&mt) : 0.0;
            CHECK_INT(SAMPLING_OK, sample_discrete(&c, coin));
            CHECK_INT(cases[k].picks[d], (long long)c.selected);
        }
        CHECK_INT(cases[k].next, mt19937_next(&mt));
    }

    /* The rule by hand: weights 1, 1, 2 give running sums 0.25, 0.5, 1; a coin on a sum picks that index
     * (>=), one just above it the next. Weights need not be normalized, and p is left as it was. */
    TokenData data[3] = {{0, 0, 1}, {1, 0, 1}, {2, 0, 2}};
    Candidates c = {.data = data, .size = 3, .selected = -1};
    const struct { double coin; ptrdiff_t index; } picks[] = {
        {0.0, 0}, {0.25, 0}, {nextafter(0.25, 1), 1}, {0.5, 1}, {nextafter(0.5, 1), 2}, {nextafter(1.0, 0), 2}};
    for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++) {
        CHECK_INT(SAMPLING_OK, sample_discrete(&c, picks[i].coin));
        CHECK_INT(picks[i].index, (long long)c.selected);
    }
    CHECK_BITS(2.0, data[2].p);
    /* Seven weights of 0.3: the running sum of the normalized weights ends at 0.9999999999999998 by rounding,
     * so the largest coin below 1 would find no index if the last sum did not count as exactly 1. */
    TokenData sevenths[7];
    double sum = 0, total = 0;
    for (int i = 0; i < 7; i++) {
        sevenths[i] = (TokenData){i, 0, 0.3};
        total += 0.3;
    }
    for (int i = 0; i < 7; i++)
        sum += 0.3 / total;
    CHECK(sum < nextafter(1.0, 0));
    c = (Candidates){.data = sevenths, .size = 7, .selected = -1};
    CHECK_INT(SAMPLING_OK, sample_discrete(&c, nextafter(1.0, 0)));
    CHECK_INT(6, (long long)c.selected);

    /* Bad input. */
    CHECK_INT(SAMPLING_ERR_PARAM, sample_discrete(&c, 1.0));
    CHECK_INT(-1, (long long)c.selected);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_discrete(&c, NAN));
    sevenths[3].p = -0.1;
    CHECK_INT(SAMPLING_ERR_PARAM, sample_discrete(&c, 0.5));
    sevenths[3].p = NAN;
    CHECK_INT(SAMPLING_ERR_PARAM, sample_discrete(&c, 0.5));
    for (int i = 0; i < 7; i++)
        sevenths[i].p = 0;
    CHECK_INT(SAMPLING_ERR_PARAM, sample_discrete(&c, 0.5));
    c.size = 0;
    CHECK_INT(SAMPLING_ERR_EMPTY, sample_discrete(&c, 0.5));
    CHECK_INT(SAMPLING_ERR_NULL, sample_discrete(NULL, 0.5));
}

/* The mirostats ask for a coin only when their cut leaves a choice, as discrete_distribution draws nothing
 * for one weight. Surprises 1, 2, 3, 3 bits: mu 1.5 keeps one token, mu 2.5 keeps two. */
static void test_mirostat_lazy_coin(void)
{
    const double logits[] = {log(0.5), log(0.25), log(0.125), log(0.125)};
    TokenData buf[4];
    Candidates c;
    MirostatState st;
    const struct { double tau; size_t kept; int calls; } v2[] = {{0.75, 1, 0}, {1.25, 2, 1}};
    for (size_t i = 0; i < 2; i++) {
        CountingCoin cc = {0, 0.9};
        mirostat_init(&st, v2[i].tau, 0.1);
        candidates_init(&c, buf, logits, 4);
        CHECK_INT(SAMPLING_OK, sample_mirostat_v2(&c, &st, counting_coin, &cc));
        CHECK_INT((long long)v2[i].kept, (long long)c.size);
        CHECK_INT(v2[i].calls, cc.calls);
        CHECK_INT((long long)v2[i].kept - 1, (long long)c.selected);  /* coin 0.9 picks the last kept */
    }
    /* Mirostat 1 on a Zipf law with s = 2 (test_sample.c): tau 0.5 keeps one token, tau 1 keeps two. */
    const double zipf[] = {0.0, log(0.25), log(1.0 / 9), log(1.0 / 16)};
    const struct { double tau; size_t kept; int calls; } v1[] = {{0.5, 1, 0}, {1.0, 2, 1}};
    for (size_t i = 0; i < 2; i++) {
        CountingCoin cc = {0, 0.5};
        mirostat_init(&st, v1[i].tau, 0.1);
        candidates_init(&c, buf, zipf, 4);
        CHECK_INT(SAMPLING_OK, sample_mirostat(&c, &st, 100, 4, counting_coin, &cc));
        CHECK_INT((long long)v1[i].kept, (long long)c.size);
        CHECK_INT(v1[i].calls, cc.calls);
    }
    /* A bad coin is refused after the cut; mu stays. A NULL coin source is refused up front. */
    CountingCoin bad = {0, 1.0};
    mirostat_init(&st, 1.25, 0.1);
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_mirostat_v2(&c, &st, counting_coin, &bad));
    CHECK_INT(-1, (long long)c.selected);
    CHECK_BITS(2.5, st.mu);
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_ERR_NULL, sample_mirostat(&c, &st, 100, 4, NULL, NULL));
    CHECK_INT(SAMPLING_ERR_NULL, sample_mirostat_v2(&c, &st, NULL, NULL));
}

/* ===== Whole chains against the C++ program ===== */

enum { N_VOCAB = 32, STEPS = 2000, N_SHAPES = 8 };

/* The logits of step `step`: -0.25 * i plus noise in [-2, 2) in steps of 1/128, all exact in float, so that
 * both programs start from the same numbers. */
static double logit_at(uint32_t salt, uint32_t step, uint32_t i)
{
    uint32_t h = salt ^ (step * 2654435761u) ^ (i * 2246822519u);
    h ^= h >> 15;
    h *= 2246822507u;
    h ^= h >> 13;
    h *= 3266489909u;
    h ^= h >> 16;
    return -0.25 * i + ((int32_t)(h % 512u) - 256) / 128.0;
}

/* The five chain shapes the C++ program runs:
 * 0: penalties (last 64, repeat 2, present 0.125) -> top-k 40 -> top-p 0.95 -> min-p 0.05 -> xtc (0.5, 0.1)
 *    -> temp-ext 0.8 -> dist, accepting each pick (penalties that are exact in float and double: with 1.1,
 *    one run of the 30 made a penalized logit tie another in float but not in double, see chain.h);
 * 1: xtc (0.3, 0.15) -> dist (0.3 is not a float: XTC compares with (float)0.3);
 * 2: temp 0.7 -> mirostat-v2 (tau 1.5, eta 0.1): some steps keep a single token and draw nothing;
 * 3: temp 1 -> mirostat (tau 1.2, eta 0.1, m 100; see chain.h on where mirostat's float mu parts ways);
 * 4: top-k 5 -> xtc (1.0, 0.2) -> temp-ext 1.3 -> dist;
 * 5: the default chain ending in adaptive-p (target 0.5, decay 0.9), temp 0.5: top-k 40 -> top-p 0.95 ->
 *    min-p 0.05 -> temp-ext 0.5 -> adaptive-p, on arrays flagged sorted (top-k sorts): the data[0] shift;
 * 6: min-p 0.05 -> adaptive-p (0.3, decay 0.5), on arrays in id order, unsorted: the largest logit's shift;
 * 7: top-k 10 -> adaptive-p with the default target -1: a plain draw. */
static SamplingParams shape_params(int shape, uint32_t seed)
{
    SamplingParams p = sampling_params_default();
    p.seed = seed;
    switch (shape) {
    case 0:
        p.penalty_repeat = 2.0;
        p.penalty_present = 0.125;
        p.xtc_probability = 0.5;
        p.xtc_threshold = 0.1;
        break;
    case 1:
        p.top_k = 0;
        p.top_p = 1.0;
        p.min_p = 0.0;
        p.temp = 1.0;
        p.xtc_probability = 0.3;
        p.xtc_threshold = 0.15;
        break;
    case 2:
        p.mirostat = 2;
        p.mirostat_tau = 1.5;
        p.temp = 0.7;
        break;
    case 3:
        p.mirostat = 1;
        p.mirostat_tau = 1.2;
        p.temp = 1.0;
        break;
    case 5:
        p.temp = 0.5;
        p.adaptive_target = 0.5;
        p.samplers[p.n_samplers++] = SAMPLER_ADAPTIVE_P;
        break;
    case 6:
        p.adaptive_target = 0.3;
        p.adaptive_decay = 0.5;
        p.n_samplers = 2;
        p.samplers[0] = SAMPLER_MIN_P;
        p.samplers[1] = SAMPLER_ADAPTIVE_P;
        break;
    case 7:
        p.top_k = 10;
        p.n_samplers = 2;
        p.samplers[0] = SAMPLER_TOP_K;
        p.samplers[1] = SAMPLER_ADAPTIVE_P;
        break;
    default:
        p.top_k = 5;
        p.xtc_probability = 1.0;
        p.xtc_threshold = 0.2;
        p.temp = 1.3;
        p.n_samplers = 3;
        p.samplers[0] = SAMPLER_TOP_K;
        p.samplers[1] = SAMPLER_XTC;
        p.samplers[2] = SAMPLER_TEMPERATURE;
        break;
    }
    return p;
}

static char token_char(int32_t token)
{
    return token >= 0 && token < 10 ? (char)('0' + token) : token < N_VOCAB ? (char)('a' + token - 10) : '?';
}

/* Runs a shape for `steps` steps; writes the first 40 picks as characters (0-9, a-v) and returns the FNV-1a
 * hash of all of them (0 on a library error). */
static uint64_t run_shape(int shape, uint32_t seed, int steps, char first[41])
{
    SamplingParams p = shape_params(shape, seed);
    uint32_t salt = seed ^ (uint32_t)shape * 0x9E3779B9u;
    Chain ch;
    if (chain_init_from_params(&ch, &p, N_VOCAB) != SAMPLING_OK)
        return 0;
    uint64_t hash = UINT64_C(1469598103934665603);
    memset(first, 0, 41);
    double logits[N_VOCAB];
    for (int step = 0; step < steps; step++) {
        for (uint32_t i = 0; i < N_VOCAB; i++)
            logits[i] = logit_at(salt, (uint32_t)step, i);
        int32_t token;
        if (chain_sample(&ch, logits, N_VOCAB, &token) != SAMPLING_OK || chain_accept(&ch, token) != SAMPLING_OK) {
            chain_free(&ch);
            return 0;
        }
        hash = (hash ^ (uint64_t)token) * UINT64_C(1099511628211);
        if (step < 40)
            first[step] = token_char(token);
    }
    chain_free(&ch);
    return hash;
}

static void test_chains_against_cpp(void)
{
    /* Printed by the C++ program: shape, seed, the first 40 picks, and the FNV-1a hash of all 2,000 picks
     * (hash = (hash ^ token) * 1099511628211 from 1469598103934665603). XTC acted on about half of shape 0's
     * steps, 22% of shape 1's and 72% of shape 4's; mirostat-v2 kept a single token (and drew nothing) on 40
     * to 68 steps per seed, mirostat on 18 to 49. */
    static const struct {
        int shape;
        uint32_t seed;
        const char *first;
        uint64_t hash;
    } runs[] = {
        {0, 0u, "3570520121931ba00c4e41238607382563301814", UINT64_C(0xc559b0fc60d77b69)},
        {0, 1u, "e45b86600c24915820a47931df43123122077013", UINT64_C(0x5bb6e8e962b04cd4)},
        {0, 2u, "0f212633c3480240b48702440802803865790702", UINT64_C(0x23658e07c63c738b)},
        {0, 42u, "b34512029783f5c63024006015d6273015102770", UINT64_C(0x66b7171e569edd43)},
        {0, 1234u, "86658032215d359022040fc00056a453427005b2", UINT64_C(0x071a290ee4312714)},
        {0, 4294967295u, "9910025062252040e70131g2403ac18621690023", UINT64_C(0xc3527d30e115110e)},
        {1, 0u, "47a8111003633537141936324035021710201081", UINT64_C(0xbe3a63fc9c10b121)},
        {1, 1u, "mb0t1604ic64721a12a74812a75216550220a423", UINT64_C(0xd703fd92fd5038f8)},
        {1, 2u, "02c1215035591433122g0111560501364555l437", UINT64_C(0x2e41cb65842c8a2a)},
        {1, 42u, "a24520200465e0k1640030c2061f271309260185", UINT64_C(0x5470e9f1ad411808)},
        {1, 1234u, "142341040114671041014de02117132c05160443", UINT64_C(0xcbb8fc28533e79b0)},
        {1, 4294967295u, "2037317452892281a00520im221144gp21140331", UINT64_C(0xbe5d870e1aacf040)},
        {2, 0u, "3205511001312017001103213186232126310011", UINT64_C(0xf004860b7569682b)},
        {2, 1u, "3311320113692201083210223108022623426163", UINT64_C(0xafd1ccc804ec913e)},
        {2, 2u, "0900113200130532220000130113003352432220", UINT64_C(0xa152108324599e8c)},
        {2, 42u, "4408212100410454113013007014008398346012", UINT64_C(0x3a7c0064b5b5b1be)},
        {2, 1234u, "1321000112125005112205067210750140312010", UINT64_C(0xb1e10183a039414f)},
        {2, 4294967295u, "3740200141121243051394126205026124313451", UINT64_C(0x8d0dcac19dfbe860)},
        {3, 0u, "1042353101203111512171334560202252830201", UINT64_C(0x42056fa875570cf4)},
        {3, 1u, "0585010607120263000355016544134321010020", UINT64_C(0x5a64680ab740a848)},
        {3, 2u, "1184611341100104450527321321025210322434", UINT64_C(0xa8d98e81e76467ab)},
        {3, 42u, "2250301130222250960000000100325042320224", UINT64_C(0x3e67911382d7a6a5)},
        {3, 1234u, "6182132050544100220041024032130032101212", UINT64_C(0x0d534e61a9a30573)},
        {3, 4294967295u, "0206202125108410102100143541200352210363", UINT64_C(0x1182a8205ca6b581)},
        {4, 0u, "69242853302037101132436a1967112a32221630", UINT64_C(0xdbb36640494d4251)},
        {4, 1u, "5300801247556235642746511231147304005112", UINT64_C(0x5a982ea4ab526b66)},
        {4, 2u, "3502248006518442530261243420062955414104", UINT64_C(0x54502d93768599de)},
        {4, 42u, "576b34400332329633517665133b252128291120", UINT64_C(0x2af1a8cb952fca11)},
        {4, 1234u, "6b38163312050533212501102703554724222213", UINT64_C(0x010e166f5b729637)},
        {4, 4294967295u, "123a027257479621645353721302664302141471", UINT64_C(0x4f3261fa468d65f9)},
        {5, 0u, "0730220151224160341017110205201101203001", UINT64_C(0xc523f046bdd95f68)},
        {5, 1u, "0031210120300610464010214083044342502110", UINT64_C(0x54114fa256652ee6)},
        {5, 2u, "2462141033111214430761030004203410019131", UINT64_C(0x0021a82265e7b0bc)},
        {5, 42u, "520323000310405004164444531a141134120056", UINT64_C(0x0d2aabb9b0337759)},
        {5, 1234u, "3100117251221512210100c22015103404003260", UINT64_C(0x222ba34c624e5801)},
        {5, 4294967295u, "3600020201601204110235300116411910122451", UINT64_C(0xe65f6f2530353102)},
        {6, 0u, "6537600102813925253135503342022001101352", UINT64_C(0x1e34503c9ed4b7c3)},
        {6, 1u, "b40i21208230200a006012504260213552002006", UINT64_C(0x31861563142ac214)},
        {6, 2u, "1454304201750521250814003322512027128258", UINT64_C(0x62ea853fd4c8d817)},
        {6, 42u, "23432335070450d1801401900319072207230206", UINT64_C(0xbf37d631fdb92a0c)},
        {6, 1234u, "4452121610032300200274820016143301002480", UINT64_C(0x9877d3c7daf0d107)},
        {6, 4294967295u, "2034417742453001601312992111564a09142340", UINT64_C(0x96e25ae306005724)},
        {7, 0u, "20e0b5352285120572241b05333e210902001214", UINT64_C(0x1ae6341b81375935)},
        {7, 1u, "35000211a122253860c1200391a7731334411224", UINT64_C(0x71f86589d265bbc1)},
        {7, 2u, "0e24010006642100140073005703130309152000", UINT64_C(0x0497389700a0f921)},
        {7, 42u, "41b01071141a82b10044174305038a5916460404", UINT64_C(0x55b120172febe537)},
        {7, 1234u, "554540053313031013143be35234543220201342", UINT64_C(0xb0a3658aeb4f0469)},
        {7, 4294967295u, "3433552901500004001b216f1046721d60040262", UINT64_C(0xd8702cb66a70b786)},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char first[41];
        uint64_t hash = run_shape(runs[r].shape, runs[r].seed, STEPS, first);
        if (strcmp(runs[r].first, first) != 0 || hash != runs[r].hash) {
            check_true(__FILE__, __LINE__, 0, "chain picks = llama.cpp's");
            fprintf(stderr, "  shape %d seed %u: expected %s (hash %016llx), got %s (hash %016llx)\n",
                    runs[r].shape, (unsigned)runs[r].seed, runs[r].first, (unsigned long long)runs[r].hash,
                    first, (unsigned long long)hash);
        } else {
            check_true(__FILE__, __LINE__, 1, "");
        }
    }
}

/* A chain "logits -> xtc -> dist" (or "logits -> dist" with xtc_probability 0) over n logits. */
static void init_xtc_chain(Chain *ch, uint32_t seed, double probability, double threshold, size_t n)
{
    SamplingParams p = sampling_params_default();
    p.seed = seed;
    p.xtc_probability = probability;
    p.xtc_threshold = threshold;
    p.n_samplers = probability > 0 ? 1 : 0;
    p.samplers[0] = SAMPLER_XTC;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(ch, &p, n));
}

/* XTC and dist draw from generators of their own. Before, both took the same java.util.Random number, so XTC
 * fired only on small coins and the draw then could not reach the first tokens (4.6% and 0% below). Each
 * count is fixed once the seeds are; the C++ program printed the same counts (1137 and 4457). The tolerances
 * state the statistical claim with room: 0.03 is four standard deviations of a 4,000-draw rate near 0.3
 * (0.0072), 0.02 over six of a 20,000-draw rate near 0.225 (0.003). */
static void test_xtc_then_dist_rates(void)
{
    /* p = 0.6, 0.4; XTC (0.5, 0.35) removes token 0 half the time: rate 0.5 * 0.6 = 0.30. */
    const double two[] = {log(0.6), log(0.4)};
    int zeros = 0, errors = 0;
    for (uint32_t seed = 1; seed <= 4000; seed++) {
        Chain ch;
        int32_t token = -1;
        init_xtc_chain(&ch, seed, 0.5, 0.35, 2);
        errors += chain_sample(&ch, two, 2, &token) != SAMPLING_OK;
        zeros += token == 0;
        chain_free(&ch);
    }
    CHECK_INT(0, errors);
    CHECK_INT(1137, zeros);
    CHECK_NEAR(0.30, zeros / 4000.0, 0.03);

    /* p = 0.45, 0.35, 0.2; XTC (0.5, 0.3): rate 0.5 * 0.45 = 0.225, over 20,000 steps of one chain. */
    const double three[] = {log(0.45), log(0.35), log(0.2)};
    Chain ch;
    init_xtc_chain(&ch, 7, 0.5, 0.3, 3);
    zeros = 0;
    for (int step = 0; step < 20000; step++) {
        int32_t token = -1;
        errors += chain_sample(&ch, three, 3, &token) != SAMPLING_OK;
        zeros += token == 0;
    }
    chain_free(&ch);
    CHECK_INT(0, errors);
    CHECK_INT(4457, zeros);
    CHECK_NEAR(0.225, zeros / 20000.0, 0.02);
}

/* Small seeds no longer draw alike: "logits -> dist" on eight equal logits, fresh chains seeded 0 to 12. The
 * C++ program's first picks: */
static void test_small_seeds(void)
{
    static const int32_t expected[13] = {4, 7, 1, 0, 7, 0, 7, 1, 0, 2, 2, 0, 3};
    const double equal[8] = {0};
    int32_t got[13];
    for (uint32_t seed = 0; seed <= 12; seed++) {
        Chain ch;
        init_xtc_chain(&ch, seed, 0.0, 0.1, 8);
        got[seed] = -1;
        CHECK_INT(SAMPLING_OK, chain_sample(&ch, equal, 8, &got[seed]));
        chain_free(&ch);
    }
    CHECK_IDS(expected, 13, got, 13);
    bool all_same = true;
    for (int s = 1; s <= 12; s++)
        all_same = all_same && got[s] == got[0];
    CHECK(!all_same);
}

/* XTC compares its float draw with the probability as a float, as llama.cpp stores it. Seed 0's first float
 * is 0x1.18fe16p-1 (0.548814). A probability of 0x1.18fe15fffffffp-1, the double just below it, is that
 * float once rounded: llama.cpp fires (u > p is false), removes token 0 and dist must pick token 1. The
 * float just below, 0x1.18fe14p-1, does not fire, and dist's first double (0.5928) picks token 0 of
 * 0.6, 0.4. The C++ program printed both picks. */
static void test_xtc_float_boundary(void)
{
    const double two[] = {log(0.6), log(0.4)};
    const struct { double probability; int32_t token; } cases[] = {{0x1.18fe15fffffffp-1, 1}, {0x1.18fe14p-1, 0}};
    for (size_t i = 0; i < 2; i++) {
        Chain ch;
        int32_t token = -1;
        init_xtc_chain(&ch, 0, cases[i].probability, 0.35, 2);
        CHECK_INT(SAMPLING_OK, chain_sample(&ch, two, 2, &token));
        CHECK_INT(cases[i].token, token);
        chain_free(&ch);
    }
}

/* chain_reset starts over: the same picks again, mu back at 2 * tau, adaptive-p's average at its target, the
 * history empty. */
static void test_chain_reset(void)
{
    for (int shape = 0; shape < N_SHAPES; shape++) {
        SamplingParams p = shape_params(shape, 42);
        uint32_t salt = 42u ^ (uint32_t)shape * 0x9E3779B9u;
        Chain ch;
        CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p, N_VOCAB));
        int32_t first[30], again[30];
        double logits[N_VOCAB];
        for (int pass = 0; pass < 2; pass++) {
            int32_t *out = pass == 0 ? first : again;
            for (int step = 0; step < 30; step++) {
                for (uint32_t i = 0; i < N_VOCAB; i++)
                    logits[i] = logit_at(salt, (uint32_t)step, i);
                out[step] = -1;
                CHECK_INT(SAMPLING_OK, chain_sample(&ch, logits, N_VOCAB, &out[step]));
                CHECK_INT(SAMPLING_OK, chain_accept(&ch, out[step]));
            }
            if (pass == 0) {
                if (shape == 2)
                    CHECK(ch.mirostat.mu != 3.0);
                chain_reset(&ch);
                CHECK_INT(0, (long long)ch.n_history);
                CHECK_BITS(2 * p.mirostat_tau, ch.mirostat.mu);
                CHECK_BITS((float)p.adaptive_target / (1.0f - ch.adaptive.decay), ch.adaptive.weighted_sum);
                CHECK(!ch.adaptive.pending);
            }
        }
        CHECK_IDS(first, 30, again, 30);
        chain_free(&ch);
    }
    chain_reset(NULL);
}

/* With a target below 0, adaptive-p draws as dist does, from a generator seeded alike: "top-k 10 ->
 * adaptive-p" and "top-k 10 -> dist" pick the same tokens on the same logits, 2,000 steps for each of six
 * seeds (the reference says the same of llama.cpp's two; float and double could part only on a coin within
 * rounding of a boundary, which these runs do not meet). */
static void test_below_zero_draws_like_dist(void)
{
    static const uint32_t seeds[] = {0u, 1u, 2u, 42u, 1234u, 4294967295u};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        SamplingParams with_dist = shape_params(7, seeds[k]);
        with_dist.n_samplers = 1;
        SamplingParams adaptive = shape_params(7, seeds[k]);
        Chain a, d;
        CHECK_INT(SAMPLING_OK, chain_init_from_params(&a, &adaptive, N_VOCAB));
        CHECK_INT(SAMPLING_OK, chain_init_from_params(&d, &with_dist, N_VOCAB));
        int same = 0;
        double logits[N_VOCAB];
        for (int step = 0; step < STEPS; step++) {
            for (uint32_t i = 0; i < N_VOCAB; i++)
                logits[i] = logit_at(seeds[k], (uint32_t)step, i);
            int32_t x = -1, y = -2;
            chain_sample(&a, logits, N_VOCAB, &x);
            chain_sample(&d, logits, N_VOCAB, &y);
            chain_accept(&a, x);
            chain_accept(&d, y);
            same += x == y;
        }
        CHECK_INT(STEPS, same);
        chain_free(&a);
        chain_free(&d);
    }
}

void test_chain_draws(void)
{
    test_discrete();
    test_mirostat_lazy_coin();
    test_chains_against_cpp();
    test_xtc_then_dist_rates();
    test_small_seeds();
    test_xtc_float_boundary();
    test_chain_reset();
    test_below_zero_draws_like_dist();
}
