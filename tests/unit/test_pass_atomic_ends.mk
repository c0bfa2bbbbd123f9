test_pass_atomic_ends_SRCS := tests/unit/ir_fixtures.c
