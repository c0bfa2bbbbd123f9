# `ordo report`, `ordo compare`, `ordo history`: tables and gnuplot figures.
ORDO_SRCS += $(wildcard analysis/*.c)
# The HTML report's script and styles (analysis/html/), embedded as C arrays
# by xxd -i: report_js, report_js_len, ...
HTML_ASSETS := analysis/html/errors.js analysis/html/report.js analysis/html/report.css
HTML_ASSETS_C := $(BUILD)/gen/html_assets.c
ORDO_SRCS += $(HTML_ASSETS_C)
$(HTML_ASSETS_C): $(HTML_ASSETS)
	@mkdir -p $(dir $@)
	(cd analysis/html && for f in $(notdir $(HTML_ASSETS)); do xxd -i $$f; done) | sed 's/^unsigned/const unsigned/' >$@.tmp
	mv $@.tmp $@
# The analysis sources without the command entry points, for unit tests.
ANALYSIS_LIB_SRCS := $(filter-out analysis/cmd_%.c,$(wildcard analysis/*.c)) $(HTML_ASSETS_C) \
  $(wildcard common/*.c)
ANALYSIS_LIB_LIBS := -lyaml -lpcre2-8
