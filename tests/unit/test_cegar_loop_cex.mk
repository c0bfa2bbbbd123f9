# Counterexamples behind counted loops (cex_loops.h): like test_cegar.mk,
# the engine without its plugin descriptor, with the z3 plugin loaded
# directly.
test_cegar_loop_cex_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
