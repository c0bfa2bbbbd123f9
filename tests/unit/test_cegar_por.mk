# The cegar engine's partial-order reduction (thesis Chapter 3) on
# hand-built IR programs, without the plugin descriptor (cegar.c).
test_cegar_por_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c
