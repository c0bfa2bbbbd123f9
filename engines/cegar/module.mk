# The `cegar` engine: abstraction-refinement state-space exploration
# (thesis Chapter 2).
PLUGINS += cegar
cegar_SRCS := $(wildcard engines/cegar/*.c)
cegar_LIBS :=
# core's private walker (ir_walk.h) until it is public
engines_cegar_CFLAGS := -Icore/src
