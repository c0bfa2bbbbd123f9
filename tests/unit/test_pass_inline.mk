test_pass_inline_SRCS := tests/unit/ir_fixtures.c
