/* tests.h: one entry point per test file; test_main.c runs them all. And N_OF, which the tests share. */
#ifndef TESTS_H
#define TESTS_H

/* The number of elements of an array (not of a pointer). */
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

void test_rng(void);
void test_mt19937(void);
void test_candidates(void);
void test_penalties(void);
void test_filters(void);
void test_sample(void);
void test_adaptive_p(void);
void test_dry(void);
void test_chain(void);
void test_chain_draws(void);
void test_chain_pick(void);
void test_params_problem(void);
void test_args(void);
void test_command_line(void);
void test_edges(void);
void test_property(void);
void test_llama_vectors(void);
void test_fast_path(void);
void test_fast_dry(void);
void test_top_p_prefix(void);
void test_top_p_known(void);
void test_fast_sparse(void);
void test_float_rule(void);
void test_json_in(void);
void test_from_json(void);
void test_explain(void);
void test_svg(void);
void test_gguf(void);
void test_preset(void);
void test_props(void);
void test_layers(void);
void test_readers_memory(void);
void test_print(void);
void test_lesson_model(void);

#endif
