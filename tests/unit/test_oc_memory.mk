test_oc_memory_SRCS := engines/oc/memory.c
