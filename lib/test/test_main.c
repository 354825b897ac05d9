/* test_main.c: runs every library test and ends with "N passed, M failed". */
#include "check.h"
#include "tests.h"

int main(void)
{
    test_rng();
    test_mt19937();
    test_candidates();
    test_penalties();
    test_filters();
    test_sample();
    test_adaptive_p();
    test_dry();
    test_chain();
    test_chain_draws();
    test_chain_pick();
    test_params_problem();
    test_args();
    test_command_line();
    test_edges();
    test_property();
    test_llama_vectors();
    test_fast_path();
    test_fast_dry();
    test_top_p_prefix();
    test_top_p_known();
    test_fast_sparse();
    test_float_rule();
    test_json_in();
    test_from_json();
    test_explain();
    test_svg();
    test_gguf();
    test_preset();
    test_props();
    test_layers();
    test_readers_memory();
    test_print();
    test_lesson_model();
    return check_summary();
}
