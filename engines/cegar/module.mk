# The `cegar` engine: abstraction-refinement state-space exploration
# (thesis Chapter 2).
PLUGINS += cegar
cegar_SRCS := $(wildcard engines/cegar/*.c)
cegar_LIBS :=
