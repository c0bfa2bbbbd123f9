# ordo: top-level build.
#
# Each folder contributes a `module.mk` that appends to the variables below,
# so that parts of ordo can grow without touching this file:
#   CORE_SRCS     C sources of libordo.so (front end, IR, passes, SMT facade, ...)
#   ORDO_SRCS     C sources of the `ordo` command (harness, analysis)
#   PLUGINS       plugin names; for each NAME: NAME_SRCS, NAME_LIBS (and
#                 NAME_CXXSRCS for C++ shims); built as build/lib/ordo/NAME.so
#   UNIT_TESTS    cmocka test names; for each NAME: NAME_SRCS, NAME_LIBS
#                 (tests/unit/NAME.c is always part of it)
#
# Layout of the build tree (mirrors an installation under PREFIX):
#   build/bin/ordo  build/lib/libordo.so  build/lib/ordo/*.so  build/tests/*

PREFIX  ?= /usr/local
BUILD   ?= build
CC      ?= cc
CXX     ?= c++
LLVM_CONFIG ?= /usr/lib/llvm-14/bin/llvm-config

WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
CXXFLAGS ?= -O2 -g
SANITIZE ?=
ALL_CFLAGS   = -std=gnu11 $(WARN) -fPIC -Icore/include $(SANITIZE) $(CFLAGS)
ALL_CXXFLAGS = -std=gnu++17 $(WARN) -fPIC -Icore/include $(SANITIZE) $(CXXFLAGS)
ALL_LDFLAGS  = $(SANITIZE) $(LDFLAGS)

ORDO_VERSION := 0.1.0
ORDO_COMMIT  := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
ORDO_DIRTY   := $(shell git diff --quiet HEAD 2>/dev/null || echo -dirty)
VERSION_DEFS := -DORDO_VERSION='"$(ORDO_VERSION)"' -DORDO_COMMIT='"$(ORDO_COMMIT)$(ORDO_DIRTY)"'

CORE_SRCS :=
CORE_LIBS :=
ORDO_SRCS :=
ORDO_LIBS :=
PLUGINS   :=
UNIT_TESTS :=

include $(sort $(wildcard */module.mk */*/module.mk))

LIBORDO := $(BUILD)/lib/libordo.so
ORDO    := $(BUILD)/bin/ordo
PLUGIN_DIR := $(BUILD)/lib/ordo

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(filter %.c,$(1))) \
      $(patsubst %.cpp,$(BUILD)/obj/%.o,$(filter %.cpp,$(1)))

.PHONY: all test unit e2e demo asan deps install clean paper bench-smoke corpus-parse
all: $(LIBORDO) $(ORDO) $(foreach p,$(PLUGINS),$(PLUGIN_DIR)/$(p).so)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(VERSION_DEFS) $($(subst /,_,$(dir $<))CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(ALL_CXXFLAGS) $($(subst /,_,$(dir $<))CXXFLAGS) -MMD -MP -c $< -o $@

$(LIBORDO): $(call obj,$(CORE_SRCS))
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^ $(ALL_LDFLAGS) $(CORE_LIBS) -ldl -lm

$(ORDO): $(call obj,$(ORDO_SRCS)) $(LIBORDO)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(call obj,$(ORDO_SRCS)) $(ALL_LDFLAGS) -L$(BUILD)/lib -lordo \
	  -Wl,-rpath,'$$ORIGIN/../lib' $(ORDO_LIBS) -ldl -lm

# Plugins link libordo.so and find it next to their folder.
define plugin_rule
$(PLUGIN_DIR)/$(1).so: $(call obj,$($(1)_SRCS)) $(LIBORDO)
	@mkdir -p $$(dir $$@)
	$(if $(filter %.cpp,$($(1)_SRCS)),$$(CXX),$$(CC)) -shared -o $$@ $(call obj,$($(1)_SRCS)) \
	  $$(ALL_LDFLAGS) -L$(BUILD)/lib -lordo -Wl,-rpath,'$$$$ORIGIN/..' $($(1)_LIBS)
endef
$(foreach p,$(PLUGINS),$(eval $(call plugin_rule,$(p))))

define unit_rule
$(BUILD)/tests/$(1): $(call obj,tests/unit/$(1).c $($(1)_SRCS)) $(LIBORDO)
	@mkdir -p $$(dir $$@)
	$$(CC) -o $$@ $(call obj,tests/unit/$(1).c $($(1)_SRCS)) $$(ALL_LDFLAGS) -L$(BUILD)/lib -lordo \
	  -Wl,-rpath,'$$$$ORIGIN/../lib' $($(1)_LIBS) -lcmocka -ldl -lm
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_rule,$(t))))

UNIT_BINS := $(foreach t,$(UNIT_TESTS),$(BUILD)/tests/$(t))

# The whole suite: cmocka unit tests, then end-to-end tests of the binary.
test: all $(UNIT_BINS)
	@tests/run-all $(BUILD) $(UNIT_TESTS)

unit: all $(UNIT_BINS)
	@tests/run-all --unit-only $(BUILD) $(UNIT_TESTS)

e2e: all
	@tests/run-all --e2e-only $(BUILD)

# The whole suite under AddressSanitizer + UBSan, in its own build tree.
asan:
	$(MAKE) BUILD=build-asan SANITIZE="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	  CFLAGS="-O1 -g" CXXFLAGS="-O1 -g" ORDO_ASAN=1 test

# Debian packages ordo needs to build, test and plot.
DEB_PACKAGES := build-essential pkg-config git libclang-14-dev llvm-14-dev clang-14 libc6-dev-i386 \
  libz3-dev libcvc5-dev libyaml-dev libpcre2-dev libcmocka-dev gnuplot-nox
deps:
	@if [ "$$(id -u)" = 0 ]; then \
	  missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	  if [ -n "$$missing" ]; then \
	    echo "installing:" $$missing; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else echo "all Debian packages present"; fi; \
	else echo "run as root: apt-get install -y $(DEB_PACKAGES)"; fi

# The front end over the whole shared corpus (not part of `make test`).
corpus-parse: all
	tests/corpus-parse.sh $(ORDO)

demo: all
	$(ORDO) bench configs/demo.yml --out out/demo
	$(ORDO) report out/demo --out out/demo/report

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/ordo
	install -m 755 $(ORDO) $(DESTDIR)$(PREFIX)/bin/ordo
	install -m 644 $(LIBORDO) $(DESTDIR)$(PREFIX)/lib/libordo.so
	install -m 644 $(foreach p,$(PLUGINS),$(PLUGIN_DIR)/$(p).so) $(DESTDIR)$(PREFIX)/lib/ordo/

clean:
	rm -rf build build-asan

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
