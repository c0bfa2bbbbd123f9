# The owners and locals of PRED's predicates (pred_shape.c) on hand-built
# IR, without the plugin descriptor (cegar.c).
test_cegar_shape_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c)) \
  tests/unit/ir_fixtures.c
