/* test_mt19937.c: mt19937.c against the C++ standard and GCC's libstdc++. The 10,000th output of a
 * default-seeded engine is the value the standard requires of std::mt19937 ([rand.predef]). Every other value
 * was printed once by a throwaway C++ program built with GCC 12.2 (libstdc++ 12, Debian 12.2.0-14): the
 * outputs of std::mt19937(seed), and std::uniform_real_distribution<float>(0, 1) and <double>(0, 1) on fresh
 * engines, printed with %a so that they compare bit for bit. */
#include "check.h"
#include "mt19937.h"
#include "tests.h"

#include <string.h>

typedef struct {
    uint32_t seed;
    uint32_t out[5];    /* the first five outputs */
    float u_float[3];   /* uniform_real_distribution<float>: one output each */
    double u_double[3]; /* uniform_real_distribution<double>: two outputs each */
} CppStream;

static const CppStream cpp[] = {
    {0, {2357136044u, 2546248239u, 3071714933u, 3626093760u, 2588848963u},
     {0x1.18fe16p-1f, 0x1.2f8954p-1f, 0x1.6e2d4cp-1f},
     {0x1.2f89545f18fe1p-1, 0x1.b04399816e2d5p-1, 0x1.b744a5f7349d6p-1}},
    {1, {1791095845u, 4282876139u, 3093770124u, 4005303368u, 491263u},
     {0x1.ab07dp-2f, 0x1.fe8f02p-1f, 0x1.70ce6p-1f},
     {0x1.fe8f01d6d583fp-1, 0x1.dd78289170ce6p-1, 0x1.06661c48003bfp-3}},
    {42, {1608637542u, 3421126067u, 4083286876u, 787846414u, 3143890026u},
     {0x1.7f8772p-2f, 0x1.97d47cp-1f, 0x1.e6c406p-1f},
     {0x1.97d47b66bfc3cp-1, 0x1.77aca8779b102p-3, 0x1.8f33a88f76c7fp-1}},
    {5489, {3499211612u, 581869302u, 3890346734u, 3586334585u, 545404204u},
     {0x1.a12376p-1f, 0x1.1574f8p-3f, 0x1.cfc3f6p-1f},
     {0x1.1574f7b6848dep-3, 0x1.ab863ef3cfc3fp-1, 0x1.f00f6fbe41047p-1}},
    {4294967295u, {419326371u, 479346978u, 3918654476u, 2416749639u, 3388880820u},
     {0x1.8fe69ap-4f, 0x1.c92412p-4f, 0x1.d323d8p-1f},
     {0x1.c92412218fe6ap-4, 0x1.2019588fd323ep-1, 0x1.0d79fc8193fc7p-1}},
    {123456789u, {2288500408u, 4254805660u, 2294099250u, 56498137u, 2188513626u},
     {0x1.10cf7ep-1f, 0x1.fb365ep-1f, 0x1.117a5ap-1f},
     {0x1.fb365d3910cf8p-1, 0x1.af0becc45e96ap-7, 0x1.729e863b04e42p-1}},
};

static void test_standard_value(void)
{
    Mt19937 mt;
    mt19937_seed(&mt, 5489);
    uint32_t v = 0;
    for (int i = 0; i < 10000; i++)     /* 10,000 outputs span 17 twists */
        v = mt19937_next(&mt);
    CHECK_INT(4123659995u, v);
}

static void test_streams(void)
{
    for (size_t s = 0; s < sizeof cpp / sizeof cpp[0]; s++) {
        Mt19937 mt;
        mt19937_seed(&mt, cpp[s].seed);
        for (int i = 0; i < 5; i++)
            CHECK_INT(cpp[s].out[i], mt19937_next(&mt));
        mt19937_seed(&mt, cpp[s].seed);
        for (int i = 0; i < 3; i++)
            CHECK_BITS(cpp[s].u_float[i], mt19937_next_float(&mt));
        mt19937_seed(&mt, cpp[s].seed);
        for (int i = 0; i < 3; i++)
            CHECK_BITS(cpp[s].u_double[i], mt19937_next_double(&mt));
    }
    /* The reference's seed-0 values, to the digits it prints: a float draw takes one output, a double two
     * (the double's b = 2546248239 is the second output, so its value is close to 2546248239 / 2^32). */
    Mt19937 mt;
    mt19937_seed(&mt, 0);
    CHECK_NEAR(0.548814, mt19937_next_float(&mt), 5e-7);
    mt19937_seed(&mt, 0);
    CHECK_NEAR(0.592844617, mt19937_next_double(&mt), 5e-10);
    CHECK_INT(3071714933u, mt19937_next(&mt));
    /* Reseeding starts the stream over. */
    mt19937_next(&mt);
    mt19937_seed(&mt, 0);
    CHECK_INT(2357136044u, mt19937_next(&mt));
}

/* Both draws clamp a value that rounds up to 1. The engine state below was loaded into a std::mt19937 with
 * operator>> (words 0 and 1 set, the rest 0, position 0), so that its next outputs are 4294967204 and
 * 4294967295: as a float, 4294967204 rounds to 2^32 and u to 1; as a double, 4294967204 + 4294967295 * 2^32
 * rounds to 2^64. libstdc++ printed 0x1.fffffep-1 and 0x1.fffffffffffffp-1. */
static void test_rounds_to_one(void)
{
    Mt19937 mt;
    memset(&mt, 0, sizeof mt);
    mt.state[0] = 50060192u;
    mt.state[1] = 316513203u;
    mt.index = 0;
    Mt19937 copy = mt;
    CHECK_INT(4294967204u, mt19937_next(&copy));
    CHECK_INT(4294967295u, mt19937_next(&copy));
    copy = mt;
    CHECK_BITS(0x1.fffffep-1f, mt19937_next_float(&copy));
    copy = mt;
    CHECK_BITS(0x1.fffffffffffffp-1, mt19937_next_double(&copy));
}

static void test_null(void)
{
    mt19937_seed(NULL, 1);
    CHECK_INT(0, mt19937_next(NULL));
    CHECK_BITS(0.0, mt19937_next_float(NULL));
    CHECK_BITS(0.0, mt19937_next_double(NULL));
}

void test_mt19937(void)
{
    test_standard_value();
    test_streams();
    test_rounds_to_one();
    test_null();
}
