# `ordo report`, `ordo compare`, `ordo history`: tables and gnuplot figures.
ORDO_SRCS += $(wildcard analysis/*.c)
