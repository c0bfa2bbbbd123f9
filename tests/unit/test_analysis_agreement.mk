test_analysis_agreement_SRCS := $(ANALYSIS_LIB_SRCS)
test_analysis_agreement_LIBS := $(ANALYSIS_LIB_LIBS)
