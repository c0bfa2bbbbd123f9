test_results_SRCS := harness/results.c
