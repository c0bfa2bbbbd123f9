# The cegar engine's precision from the start (sync_prec.c, initprec*.c)
# on hand-built IR programs, without the plugin descriptor (cegar.c).
test_cegar_prec_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c
