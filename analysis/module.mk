# `ordo report`, `ordo compare`, `ordo history`: tables and gnuplot figures.
ORDO_SRCS += $(wildcard analysis/*.c)
# The analysis sources without the command entry points, for unit tests.
ANALYSIS_LIB_SRCS := $(filter-out analysis/cmd_%.c,$(wildcard analysis/*.c)) harness/scoring.c
ANALYSIS_LIB_LIBS := -lyaml -lpcre2-8
