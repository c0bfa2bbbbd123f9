#!/usr/bin/env bash
# The smtbench engine (configs/smt-overhead.yml): listed by ordo engines;
# one pass of its workload by raw Z3 calls and one through the z3 plugin
# give the same nonzero checksum, and the run ends "unknown" (benchmark).
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
T=$FIXTURES/tasks

"$ORDO" engines >"$TMP/engines.txt"
check "ordo engines lists smtbench" grep -q '^smtbench 1.0 ' "$TMP/engines.txt"
check "with its interface option" grep -q -- '--interface .*enum .*default ordo .*allowed: raw, ordo' "$TMP/engines.txt"
check "and its checksum statistic" grep -q 'smtbench.checksum ' "$TMP/engines.txt"

# checksum OUTPUT: the smtbench.checksum statistic ordo verify printed.
checksum() { sed -n 's/^  smtbench.checksum  *\([0-9]*\)$/\1/p' "$1"; }

for interface in raw ordo; do
    "$ORDO" verify "$T/expect-true.yml" --engine smtbench --interface $interface --repeat 1 \
        --solver z3 >"$TMP/$interface" 2>&1
    check_status 1 "$interface: no verdict" "$TMP/$interface"
    check "$interface: status unknown" grep -q '^status:   unknown$' "$TMP/$interface"
    check "$interface: reason benchmark" grep -q '^reason:   benchmark$' "$TMP/$interface"
done
raw=$(checksum "$TMP/raw") ordo=$(checksum "$TMP/ordo")
check "raw reports a nonzero checksum ($raw)" [ -n "$raw" -a "$raw" != 0 ]
check "ordo reports the same checksum ($ordo)" [ "$ordo" = "$raw" ]
finish
