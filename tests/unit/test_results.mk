test_results_SRCS := harness/results_file.c common/scoring.c common/results_format.c
