# The cegar engine's explicit-value domain beyond the thesis' core:
# learning from assumptions and copy facts, dead locals, the slice
# fallback of unsat-core refinement (like test_cegar.mk: no descriptor).
test_cegar_expl_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c tests/support/cegar_verify.c
