test_pass_lbe_SRCS := tests/unit/ir_fixtures.c
