# The selftest engine: drives the harness's own tests of limits and statuses.
PLUGINS += selftest
selftest_SRCS := engines/selftest/selftest.c
selftest_LIBS :=
