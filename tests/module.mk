# cmocka unit tests: tests/unit/test_NAME.c, with optional extra sources and
# libraries in tests/unit/test_NAME.mk (test_NAME_SRCS, test_NAME_LIBS).
UNIT_TESTS += $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))
-include $(wildcard tests/unit/*.mk)
