test_analysis_csv_SRCS := $(ANALYSIS_LIB_SRCS)
test_analysis_csv_LIBS := $(ANALYSIS_LIB_LIBS)
