test_analysis_compare_SRCS := $(ANALYSIS_LIB_SRCS)
test_analysis_compare_LIBS := $(ANALYSIS_LIB_LIBS)
