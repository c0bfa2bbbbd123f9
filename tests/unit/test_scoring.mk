test_scoring_SRCS := harness/scoring.c
