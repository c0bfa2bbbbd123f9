test_oc_cell_ranges_SRCS := engines/oc/cell_ranges.c engines/oc/memory.c
