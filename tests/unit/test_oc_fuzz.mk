test_oc_fuzz_SRCS := $(filter-out engines/oc/oc.c,$(wildcard engines/oc/*.c)) \
  tests/unit/ir_fixtures.c tests/support/smt_load.c
