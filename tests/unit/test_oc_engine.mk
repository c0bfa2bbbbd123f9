# The oc engine without its plugin descriptor (oc.c needs the harness
# runtime), on hand-built IR programs, with the z3 plugin loaded directly.
test_oc_engine_SRCS := $(filter-out engines/oc/oc.c,$(wildcard engines/oc/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c
