# The conformance suite loads the solver plugins itself (tests/support).
test_smt_conformance_SRCS := tests/support/smt_load.c tests/support/smt_problems.c
test_smt_conformance_LIBS := -lpthread
