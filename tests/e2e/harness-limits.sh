#!/usr/bin/env bash
# Resource limits of the runner, driven by the selftest engine (issue 2):
# CPU timeout, a spinning grandchild counted and killed, a wall timeout, a
# crash by SIGSEGV and by a stack overflow (each reported with a backtrace
# in the run's log), an engine stopping at its deadline (a timeout that
# keeps its statistics); after each of them the benchmark goes on (the
# next run succeeds). Its times hold on a loaded machine: each is bounded
# by what the runner guarantees, in the clock it counts (lib/harness.bash).
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
# Under AddressSanitizer a SIGSEGV would be ASan's report, not a crash.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:handle_segv=0"

cat >"$TMP/limits.yml" <<YML
benchmark: limits
tasks: ['$FIXTURES/tasks/expect-true.yml']
# No wall limit: however loaded the machine (a spin got 2.6 s of CPU time
# in 30 s of wall time under test-loaded), only the CPU limit ends a run.
limits: {cpu_time: 2, wall_time: 0}
jobs: 2
runs:
  - {name: spin, engine: selftest, options: {spin-ms: 100000}}
  - {name: after-spin, engine: selftest, options: {verdict: 'true'}}
  - {name: grandchild-cpu, engine: selftest, options: {fork-spin: 'true', sleep-ms: 100000}}
  - {name: grandchild-left, engine: selftest, options: {fork-spin: 'true', verdict: 'true'}}
  - {name: segv, engine: selftest, options: {crash: SIGSEGV}}
  - {name: after-segv, engine: selftest, options: {verdict: 'true'}}
  - {name: stack-overflow, engine: selftest, options: {crash: stack-overflow}}
  - {name: deadline, engine: selftest, options: {spin-ms: 100000, spin-checks-deadline: 'true', stats: selftest.work=42}}
YML
cat >"$TMP/wall.yml" <<YML
benchmark: wall
tasks: ['$FIXTURES/tasks/expect-true.yml']
limits: {cpu_time: 10, wall_time: 1.5}
runs:
  - {name: sleep, engine: selftest, options: {sleep-ms: 100000}}
  - {name: after-sleep, engine: selftest, options: {verdict: 'true'}}
YML
bench_pids=
for b in limits wall; do
    "$ORDO" bench "$TMP/$b.yml" --out "$TMP/$b" >"$TMP/$b.stdout" 2>"$TMP/$b.stderr" &
    bench_pids="$bench_pids $!"
    wait $!
    echo "bench $b: exit status $?"
    cat "$TMP/$b.stdout" "$TMP/$b.stderr" "$TMP/$b/results.csv"
done
csv=$TMP/limits/results.csv

check "spin under a 2 s CPU limit ends as timeout" [ "$(field "$csv" spin status)" = timeout ]
check_cpu_timeout "$csv" spin 2
check "a sleeping run whose grandchild spins ends as timeout (tree CPU)" \
    [ "$(field "$csv" grandchild-cpu status)" = timeout ]
check_cpu_timeout "$csv" grandchild-cpu 2 100
check "a run that leaves a spinning grandchild still reports its verdict" \
    [ "$(field "$csv" grandchild-left status)" = true ]
pids=$(grep -ho 'spinning grandchild pid [0-9]*' "$TMP"/limits/logs/grandchild-*/*.log | awk '{print $NF}')
check "two grandchild pids were logged" [ "$(echo $pids | wc -w)" = 2 ]
check "the spinning grandchildren are gone" gone $pids
check "SIGSEGV ends as crash (SIGSEGV)" [ "$(field "$csv" segv status)" = "crash (SIGSEGV)" ]
check "a stack overflow ends as crash (SIGSEGV)" \
    [ "$(field "$csv" stack-overflow status)" = "crash (SIGSEGV)" ]
# The child's crash report (harness/crash_report.c); ASan reports crashes itself.
if [ "${ORDO_ASAN:-}" != 1 ]; then
    segv_log=$(echo "$TMP"/limits/logs/segv/*.log)
    overflow_log=$(echo "$TMP"/limits/logs/stack-overflow/*.log)
    cat "$segv_log"
    head -8 "$overflow_log"
    check "the SIGSEGV run's log names the crash" \
        grep -qx 'ordo: engine crashed: SIGSEGV (raised by the engine itself)' "$segv_log"
    check "and has a backtrace frame in the engine" grep -q '/selftest\.so(+0x[0-9a-f]*)\[0x' "$segv_log"
    check "the stack overflow's log says so" \
        grep -Eqx 'ordo: engine crashed: SIGSEGV \(address 0x[0-9a-f]+, possibly a stack overflow\)' \
        "$overflow_log"
    check "and shows the recursing frame once with its count" \
        grep -Eqx '  \.\.\. [0-9]+ more times' "$overflow_log"
fi
wall=$TMP/wall/results.csv
check "a sleep past the 1.5 s wall limit ends as timeout" [ "$(field "$wall" sleep status)" = timeout ]
check "by the wall limit ($(field "$wall" sleep reason))" [ "$(field "$wall" sleep reason)" = "wall time limit of 1.5 s" ]
t=$(field "$wall" sleep walltime_s)
check "killed no earlier than limit + grace, in wall time: $t >= 2.5" at_least "$t" 2.5
check "and at most $WAKE_SLACK s later: $t <= 2.5 + $WAKE_SLACK" at_most "$t" "2.5 + $WAKE_SLACK"
check "the benchmark goes on: after-sleep is true" [ "$(field "$wall" after-sleep status)" = true ]
check "an engine stopping at its deadline ends as timeout" [ "$(field "$csv" deadline status)" = timeout ]
# In CPU time, which the deadline and the kill both count: stopped at the
# 2 s deadline, it reported before the runner's kill at 3 s.
t=$(field "$csv" deadline cputime_s)
check "not before its deadline: cputime $t >= 2" at_least "$t" 2
check "within the grace: cputime $t < 3" below "$t" 3
check "its statistics are kept" [ "$(field "$csv" deadline selftest.work)" = 42 ]
for r in after-spin after-segv; do
    check "the benchmark goes on: $r is true" [ "$(field "$csv" $r status)" = true ]
    check "$r is scored correct" [ "$(field "$csv" $r result)" = correct ]
done
check "one row per run" [ "$(rows "$csv" | wc -l)" = 8 ]
for p in $bench_pids; do
    check "no cgroup of benchmark $p is left" \
        [ -z "$(find /sys/fs/cgroup -maxdepth 5 -name "ordo-$p-*" 2>/dev/null | head -1)" ]
done
finish
