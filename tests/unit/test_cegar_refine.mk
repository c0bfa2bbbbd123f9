# The cegar engine's refinement options (--pred-split, --refinement
# bin-itp, --prune lazy): like test_cegar.mk, the engine without its plugin
# descriptor, with the z3 plugin loaded directly.
test_cegar_refine_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
