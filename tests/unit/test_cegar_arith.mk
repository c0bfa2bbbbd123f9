# The cegar engine's --arith (arith.h): the choice and verdicts in Int
# against bit-vectors (like test_cegar.mk: no descriptor).
test_cegar_arith_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
