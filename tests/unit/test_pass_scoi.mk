test_pass_scoi_SRCS := tests/unit/ir_fixtures.c
