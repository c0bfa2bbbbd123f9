# The `ordo` command: dispatch, tasks, configs, runner, results.
ORDO_SRCS += $(wildcard harness/*.c)
ORDO_LIBS += -lyaml -lpcre2-8
