test_scoring_SRCS := common/scoring.c
