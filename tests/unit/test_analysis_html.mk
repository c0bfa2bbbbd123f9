test_analysis_html_SRCS := $(ANALYSIS_LIB_SRCS)
test_analysis_html_LIBS := $(ANALYSIS_LIB_LIBS)
