test_pass_unroll_SRCS := tests/unit/ir_fixtures.c
