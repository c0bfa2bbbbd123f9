# The cegar engine's ARG coverage (arg.c, cover_index.c) on hand-made
# abstract states, without the plugin descriptor (cegar.c).
test_cegar_cover_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c))
