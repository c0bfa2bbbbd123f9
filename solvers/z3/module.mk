# Solver plugin `z3`: libz3 (4.8.12) behind the interface of <ordo/smt.h>.
PLUGINS += z3
z3_SRCS := $(wildcard solvers/z3/*.c)
z3_LIBS := -lz3
