test_pass_run_SRCS := tests/unit/ir_fixtures.c
