# libordo.so: front end, IR, passes, interpreter, SMT facade, runtime
# services for plugins (options, statistics, deadline, logging).
CORE_SRCS += $(wildcard core/src/*.c)
core_src_CFLAGS := -I/usr/lib/llvm-14/include
CORE_LIBS += -L/usr/lib/llvm-14/lib -Wl,-rpath,/usr/lib/llvm-14/lib -lclang -lyaml -lpcre2-8
