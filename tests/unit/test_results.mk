test_results_SRCS := harness/results.c harness/scoring.c
