#!/usr/bin/env bash
# Bad configurations: one line naming the problem and its place, exit
# status 2, nothing run. Bad task files: reported with path and line, and
# the benchmark goes on with the good tasks.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

expect_config_error() { # name, expected message part, config body
    printf '%s\n' "$3" >"$TMP/$1.yml"
    "$ORDO" bench "$TMP/$1.yml" --out "$TMP/out-$1" >"$TMP/$1.out" 2>"$TMP/$1.err"
    check_status 2 "$1" "$TMP/$1.err"
    check "$1: one line" [ "$(wc -l <"$TMP/$1.err")" = 1 ]
    check "$1: says '$2'" grep -qF -- "$2" "$TMP/$1.err"
    check "$1: nothing run" [ ! -e "$TMP/out-$1" ]
}
head="benchmark: bad
tasks: ['$FIXTURES/tasks/expect-true.yml']"
expect_config_error unknown-engine "unknown-engine.yml:4: unknown engine 'nope' (engines: " "$head
runs:
  - {name: a, engine: nope}" 
expect_config_error unknown-option "unknown option 'colour' of engine selftest (options: verdict," "$head
runs:
  - {name: a, engine: selftest, options: {colour: red}}"
expect_config_error bad-value "bad value 'maybe' for option 'verdict' of engine selftest (allowed: true, false, unknown, error, unsupported)" "$head
runs:
  - name: a
    engine: selftest
    matrix: {verdict: ['true', maybe]}"
expect_config_error bad-scoring "bad-scoring.yml:3: scoring must be one of: sound, svcomp" "$head
scoring: lenient
runs:
  - {name: a, engine: selftest}"
expect_config_error bad-int "bad value '-5' for option 'sleep-ms' of engine selftest (allowed: an integer in [0, 100000000])" "$head
runs:
  - {name: a, engine: selftest, options: {sleep-ms: -5}}"
expect_config_error unknown-solver "unknown solver 'yices'" "$head
runs:
  - {name: a, engine: selftest, options: {solver: yices}}"
expect_config_error unknown-key "unknown key 'limit' in the configuration (keys: benchmark," "$head
limit: {cpu_time: 5}
runs:
  - {name: a, engine: selftest}"
expect_config_error bad-limit "limits.cpu_time (s) must be a non-negative number" "$head
limits: {cpu_time: soon}
runs:
  - {name: a, engine: selftest}"
expect_config_error duplicate-run "two runs named 'a'" "$head
runs:
  - {name: a, engine: selftest}
  - {name: a, engine: selftest}"
expect_config_error malformed "malformed.yml:4: malformed YAML" "$head
runs: [
  - {name: a, engine: selftest}"
for f in unknown-engine unknown-option unknown-key; do
    check "$f: names the file and line" grep -qE "$f.yml:[0-9]+: " "$TMP/$f.err"
done
"$ORDO" bench "$TMP/no-such-config.yml" 2>"$TMP/missing.err"
check "a missing config: exit 2" [ $? = 2 ]
check "a missing config: says cannot read" grep -q "no-such-config.yml:0: cannot read" "$TMP/missing.err"

# Bad task files: the benchmark goes on.
cat >"$TMP/tasks.yml" <<YML
benchmark: tasks
tasks: ['$FIXTURES/mixed.set']
limits: {cpu_time: 5}
runs:
  - {name: t, engine: selftest, options: {verdict: 'true'}}
YML
"$ORDO" bench "$TMP/tasks.yml" --out "$TMP/out" >"$TMP/tasks.out" 2>"$TMP/tasks.err"
check_status 1 "bench with bad task files still runs the good ones" "$TMP/tasks.err"
check "malformed .yml: path and line" grep -q "bad-tasks/malformed.yml:6: malformed YAML" "$TMP/tasks.err"
check "missing program: path and line" grep -q "bad-tasks/missing-program.yml:2: input file .*no-such-file.c not found" "$TMP/tasks.err"
check "bad expected_verdict: path and line" grep -q "bad-tasks/bad-verdict.yml:5: expected_verdict must be true or false, not 'maybe'" "$TMP/tasks.err"
check "a set-file line matching nothing: set file and line" grep -q "mixed.set:5: 'tasks/does-not-exist-\*.yml' matches no task" "$TMP/tasks.err"
check "tasks without unreach-call are skipped and counted" grep -q "1 tasks without an unreach-call verdict skipped" "$TMP/tasks.err"
check "three good tasks ran" [ "$(rows "$TMP/out/results.csv" | wc -l)" = 3 ]
check "a wrong verdict is counted (true on expect-false)" grep -q "correct 2, wrong 1, unknown 0, bounded 0 (0 on true tasks, 0 on false)" "$TMP/tasks.out"
check "and scored under the default policy" grep -q "scoring sound: solved 2, wrong 1, score -28" "$TMP/tasks.out"
check "the data model does not disturb the run" [ "$(field "$TMP/out/results.csv" t status | sort -u)" = true ]

# Scoring: a bounded SAFE (selftest --bound) on a true and on a false task.
# The CSV keeps verdict, bound and completeness; the class is 'bounded' on
# both; the exit status follows the configured policy.
for policy in sound svcomp; do
    cat >"$TMP/score-$policy.yml" <<YML
benchmark: score
tasks: ['$FIXTURES/tasks/expect-true.yml', '$FIXTURES/tasks/expect-false.yml']
limits: {cpu_time: 5}
scoring: $policy
runs:
  - {name: b, engine: selftest, options: {verdict: 'true', bound: 3}}
YML
    "$ORDO" bench "$TMP/score-$policy.yml" --out "$TMP/score-$policy" >"$TMP/score-$policy.out" 2>&1
    echo $? >"$TMP/score-$policy.status"
done
check "sound: a bounded SAFE is never wrong: exit 0" [ "$(cat "$TMP/score-sound.status")" = 0 ]
check "sound: counted apart by label" grep -q "correct 0, wrong 0, unknown 0, bounded 2 (1 on true tasks, 1 on false)" "$TMP/score-sound.out"
check "sound: solved 0, score 0" grep -q "scoring sound: solved 0, wrong 0, score 0" "$TMP/score-sound.out"
check "svcomp: the SAFE on the false task is a missed bug: exit 1" [ "$(cat "$TMP/score-svcomp.status")" = 1 ]
check "svcomp: +2 - 32" grep -q "scoring svcomp: solved 1, wrong 1, score -30" "$TMP/score-svcomp.out"
check "the CSV: bounded, bound 3, not complete, on both labels" \
    [ "$(field "$TMP/score-svcomp/results.csv" b result) $(field "$TMP/score-svcomp/results.csv" b bound | sort -u) $(field "$TMP/score-svcomp/results.csv" b complete | sort -u)" = "bounded
bounded 3 false" ]
check "the policy is recorded" grep -qx "scoring: svcomp" "$TMP/score-svcomp/metadata.yml"

# Filters.
"$ORDO" bench "$TMP/tasks.yml" --out "$TMP/out2" --include 'expect-true' --exclude 'lp64' >/dev/null 2>&1
check "--include/--exclude select by task name" [ "$(rows "$TMP/out2/results.csv" | wc -l)" = 1 ]
"$ORDO" bench "$TMP/tasks.yml" --out "$TMP/out3" --include '(' 2>"$TMP/re.err"
check "a bad regex is an error naming it" grep -q "bad --include regex '('" "$TMP/re.err"

# The README's complete example is a valid configuration (its relative
# paths made absolute; a filter that selects nothing keeps it from running).
awk '/^```yaml/ { f = 1; next } /^```/ && f { exit } f' "$ORDO_ROOT/README.md" |
    sed "s#\.\./#$ORDO_ROOT/configs/../#" >"$TMP/readme.yml"
"$ORDO" bench "$TMP/readme.yml" --out "$TMP/readme" --include 'matches-no-task' 2>"$TMP/readme.err"
check "the README's example config passes validation ($(cat "$TMP/readme.err"))" \
    grep -q "selects no task" "$TMP/readme.err"

# So is every configuration ordo ships (engines, option names and values).
for cfg in "$ORDO_ROOT"/configs/*.yml; do
    name=$(basename "$cfg" .yml)
    "$ORDO" bench "$cfg" --out "$TMP/cfg-$name" --corpus "$TMP" --include 'matches-no-task' \
        2>"$TMP/cfg-$name.err"
    check "configs/$name.yml passes validation ($(cat "$TMP/cfg-$name.err"))" \
        grep -q "selects no task" "$TMP/cfg-$name.err"
done
finish
