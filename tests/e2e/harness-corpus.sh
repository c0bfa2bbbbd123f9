#!/usr/bin/env bash
# The shared corpus through the corpus set files: every task's .yml is read
# (input file, unreach-call verdict, data model) and its expected verdict
# matches MANIFEST.tsv; the corpus location comes from --corpus, the config
# key `corpus`, or ORDO_CORPUS.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
corpus=${SV_BENCHMARKS:-$ORDO_ROOT/../shared/sv-benchmarks}
[ -f "$corpus/MANIFEST.tsv" ] || { echo "no corpus at $corpus"; exit 77; }

cat >"$TMP/all.yml" <<YML
benchmark: corpus
tasks: ['$ORDO_ROOT/sv-benchmarks/corpus/all.set']
limits: {cpu_time: 10}
jobs: 2
runs:
  - {name: nothing, engine: selftest}
YML
ORDO_CORPUS=$corpus "$ORDO" bench "$TMP/all.yml" --out "$TMP/out" >"$TMP/all.out" 2>"$TMP/all.err"
st=$?
tail -3 "$TMP/all.out"; grep -v '^\[' "$TMP/all.err"
check "the whole corpus runs (exit $st)" [ $st = 0 ]
n=$(tail -n +2 "$corpus/MANIFEST.tsv" | wc -l)
check "one row per MANIFEST task ($n)" [ "$(rows "$TMP/out/results.csv" | wc -l)" = "$n" ]
check "no task file is reported as bad" not grep -q 'ordo bench: .*yml:' "$TMP/all.err"
# task names are relative to the corpus's c/ folder; expected verdicts as in the MANIFEST
awk "$CSV_AWK"' NR > 1 { split_csv($0, f); print f[5] "\t" f[6] }' "$TMP/out/results.csv" | sort >"$TMP/got"
tail -n +2 "$corpus/MANIFEST.tsv" | awk -F'\t' '{ print $1 "/" $2 "\t" $4 }' | sort >"$TMP/want"
check "task names and expected verdicts match MANIFEST.tsv" diff "$TMP/want" "$TMP/got"

sed -e "s|corpus/all.set|corpus/pthread-theta.set|" "$TMP/all.yml" >"$TMP/theta.yml"
"$ORDO" bench "$TMP/theta.yml" --out "$TMP/theta" --corpus "$corpus" >/dev/null 2>&1
want=$(grep -c '^pthread-theta' "$corpus/MANIFEST.tsv")
check "--corpus selects the corpus ($want pthread-theta tasks)" [ "$(rows "$TMP/theta/results.csv" | wc -l)" = "$want" ]
printf 'corpus: %s\n' "$corpus" >>"$TMP/theta.yml"
ORDO_CORPUS=/nonexistent "$ORDO" bench "$TMP/theta.yml" --out "$TMP/theta2" >/dev/null 2>&1
check "the config key corpus wins over ORDO_CORPUS" [ "$(rows "$TMP/theta2/results.csv" | wc -l)" = "$want" ]
ORDO_CORPUS=/nonexistent "$ORDO" bench "$TMP/all.yml" --out "$TMP/none" >/dev/null 2>"$TMP/none.err"
check "a wrong corpus: every set line reports no match, exit 4" [ $? = 4 ]
check "naming the set file and line" grep -q 'all.set:2: .* matches no task' "$TMP/none.err"
finish
