test_analysis_summary_SRCS := $(ANALYSIS_LIB_SRCS)
test_analysis_summary_LIBS := $(ANALYSIS_LIB_LIBS)
