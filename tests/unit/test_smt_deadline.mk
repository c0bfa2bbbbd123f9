# Loads the solver plugins itself (tests/support).
test_smt_deadline_SRCS := tests/support/smt_load.c tests/support/smt_problems.c
