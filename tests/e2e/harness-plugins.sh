#!/usr/bin/env bash
# Plugin discovery: the build tree, ORDO_PLUGIN_PATH, an installation under
# PREFIX; a plugin of another ABI version is refused with a clear line.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

"$ORDO" engines >"$TMP/engines.txt"
check "ordo engines lists selftest from the build tree" grep -q '^selftest 1.0 ' "$TMP/engines.txt"
check "with its options, types, defaults and allowed values" \
    grep -q -- '--verdict .*enum .*default unknown .*allowed: true, false, unknown, error, unsupported' "$TMP/engines.txt"
check "and its statistics" grep -q 'selftest.work .*count' "$TMP/engines.txt"

mkdir -p "$TMP/plugins"
cat >"$TMP/old.c" <<'C'
#include <ordo/plugin.h>
static ordo_engine_result run(const ordo_engine_input *in) { (void)in; return (ordo_engine_result){ 0 }; }
static const ordo_engine_ops ops = { 0, run };
static const ordo_plugin p = { ORDO_ABI_VERSION + 41, ORDO_PLUGIN_ENGINE, "old", "0.1", "an old engine",
                               0, 0, &ops, 0 };
const ordo_plugin *ordo_plugin_entry(void) { return &p; }
C
sed -e 's/ORDO_ABI_VERSION + 41/ORDO_ABI_VERSION/' -e 's/"old"/"extra"/' "$TMP/old.c" >"$TMP/extra.c"
printf 'int not_a_plugin;\n' >"$TMP/none.c"
for p in old extra none; do
    cc -shared -fPIC -I"$ORDO_ROOT/core/include" -o "$TMP/plugins/$p.so" "$TMP/$p.c" || fail "compile $p"
done
ORDO_PLUGIN_PATH="$TMP/nowhere:$TMP/plugins" "$ORDO" engines >"$TMP/engines2.txt" 2>&1
cat "$TMP/engines2.txt" | tail -5
check "a plugin from ORDO_PLUGIN_PATH is listed" grep -q '^extra 0.1 ' "$TMP/engines2.txt"
abi=$(sed -n 's/^#define ORDO_ABI_VERSION \([0-9]*\)$/\1/p' "$ORDO_ROOT/core/include/ordo/plugin.h")
check "the wrong ABI version is refused with a clear line" \
    grep -q "refused plugin $TMP/plugins/old.so: built for plugin ABI version $((abi + 41)), this ordo has ABI version $abi (rebuild the plugin)" "$TMP/engines2.txt"
check "a .so without entry is refused" grep -q "refused plugin $TMP/plugins/none.so: no ordo_plugin_entry function" "$TMP/engines2.txt"
check "the old engine is not listed" not grep -q '^old ' "$TMP/engines2.txt"
ORDO_PLUGIN_PATH="$TMP/plugins" "$ORDO" verify "$FIXTURES/tasks/expect-true.yml" --engine old >/dev/null 2>"$TMP/old.err"
check "verify with the refused engine: exit 2" [ $? = 2 ]
check "and the refusal is shown" grep -q "refused plugin .*old.so" "$TMP/old.err"

# An installation works without the build tree.
make -s -C "$ORDO_ROOT" BUILD="$BUILD" install PREFIX="$TMP/prefix" >/dev/null 2>&1 || fail "make install"
"$TMP/prefix/bin/ordo" engines >"$TMP/installed.txt" 2>&1
check "the installed ordo finds the installed selftest" grep -q "^selftest 1.0 ($TMP/prefix/lib/ordo/selftest.so)" "$TMP/installed.txt"
"$TMP/prefix/bin/ordo" verify "$FIXTURES/tasks/expect-false.yml" --engine selftest --verdict false >"$TMP/inst.out" 2>&1
check "the installed ordo verifies a task" grep -q '^verdict:  false (expected false: correct)' "$TMP/inst.out"
finish
