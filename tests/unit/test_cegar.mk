# The cegar engine without its plugin descriptor (cegar.c needs the harness
# runtime), on hand-built IR programs, with the z3 plugin loaded directly.
test_cegar_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
