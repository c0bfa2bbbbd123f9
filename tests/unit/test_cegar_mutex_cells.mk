# The candidate cells of split mutexes (mutex_cells.c) and the predicate
# "the address is a candidate" (mutex_learn.c), without the plugin
# descriptor (cegar.c).
test_cegar_mutex_cells_SRCS := $(filter-out engines/cegar/cegar.c,$(wildcard engines/cegar/*.c))
