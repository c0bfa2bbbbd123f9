#!/usr/bin/env bash
# The ABI shows only itself (core/libordo.map, core/plugin.map): libordo.so
# exports ordo_-prefixed names only, each plugin its entry point only.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
command -v nm >/dev/null || { echo "no nm"; exit 77; }
lib=$BUILD/lib
exported() { nm -D --defined-only "$1" | awk '{ print $3 }'; }
check "libordo.so exports only ordo_ names" \
    test -z "$(exported "$lib/libordo.so" | grep -v '^ordo_')"
check "libordo.so exports the engine and solver API" \
    grep -qx ordo_smt_bound_begin <(exported "$lib/libordo.so")
for plugin in "$lib"/ordo/*.so; do
    check "$(basename "$plugin") exports only ordo_plugin_entry" \
        test "$(exported "$plugin")" = ordo_plugin_entry
done
finish
