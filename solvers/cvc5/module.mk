# Solver plugin `cvc5`: libcvc5 (1.0.3, C++ API) behind a C shim. Built only
# where the library's header is installed, so other machines still build.
ifneq ($(wildcard /usr/include/cvc5/cvc5.h),)
PLUGINS += cvc5
cvc5_SRCS := $(wildcard solvers/cvc5/*.cpp)
cvc5_LIBS := -lcvc5
endif
