test_ir_smt_SRCS := tests/support/smt_load.c
