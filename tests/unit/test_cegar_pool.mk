# The cegar engine's thread pools (pool.h): like test_cegar.mk, no descriptor.
test_cegar_pool_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
