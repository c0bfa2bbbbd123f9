test_interp_SRCS := tests/unit/ir_fixtures.c
