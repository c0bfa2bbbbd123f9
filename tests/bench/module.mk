# SMT layer benchmarks, outside `make test` (slow):
#   make bench-smt  interface overhead over raw Z3: callgrind instruction
#                   counts of tests/bench/smt_overhead.c (ratio ordo/raw),
#                   then the CPU times of configs/smt-overhead.yml (the
#                   smtbench engine: the same workload under the harness);
#                   SMT_OVERHEAD_OUT=DIR for its results (out/smt-overhead)
#   make smt-soak   10,000 create/solve/destroy cycles per solver plugin,
#                   plain (resident size) and under AddressSanitizer
#                   (leaks fail the run);
#                   SOAK_CYCLES=N to change the count
# (Paths are spelled out: this file is read before the Makefile defines
# LIBORDO and obj.)
SOAK_CYCLES ?= 10000
SMT_OVERHEAD_OUT ?= out/smt-overhead
SMT_BENCH_SUPPORT := $(BUILD)/obj/tests/support/smt_load.o $(BUILD)/obj/tests/support/smt_problems.o
SMT_BENCH_LIBS := -L$(BUILD)/lib -lordo -Wl,-rpath,'$$ORIGIN/../lib' -lz3 -ldl -lm

$(BUILD)/bench/%: $(BUILD)/obj/tests/bench/%.o $(SMT_BENCH_SUPPORT) \
                  $(BUILD)/lib/libordo.so
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(filter %.o,$^) $(ALL_LDFLAGS) $(SMT_BENCH_LIBS)
$(BUILD)/bench/smt_overhead: $(BUILD)/obj/tests/bench/smt_workload.o

# The smtbench engine: smt_overhead's workload as a plugin, for ordo bench.
PLUGINS += smtbench
smtbench_SRCS := tests/bench/smtbench.c tests/bench/smt_workload.c tests/support/smt_problems.c
smtbench_LIBS := -lz3

.PHONY: bench-smt smt-soak
.SECONDARY: $(BUILD)/obj/tests/bench/smt_soak.o $(BUILD)/obj/tests/bench/smt_overhead.o
bench-smt: all $(BUILD)/bench/smt_overhead
	@tests/bench/smt-overhead $(BUILD)
	$(BUILD)/bin/ordo bench configs/smt-overhead.yml --out $(SMT_OVERHEAD_OUT)
	@tests/bench/smt-cpu-ratio $(SMT_OVERHEAD_OUT)

# Resident size is only meaningful without ASan (its quarantine holds freed
# memory), so the soak runs twice: plain for growth, under ASan for leaks.
smt-soak: all $(BUILD)/bench/smt_soak
	$(BUILD)/bench/smt_soak $(SOAK_CYCLES)
	$(MAKE) BUILD=build-asan SANITIZE="-fsanitize=address,undefined -fno-omit-frame-pointer" \
	  CFLAGS="-O1 -g" CXXFLAGS="-O1 -g" all build-asan/bench/smt_soak
	ASAN_OPTIONS=detect_leaks=1 build-asan/bench/smt_soak $(SOAK_CYCLES)
