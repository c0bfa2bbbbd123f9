#!/usr/bin/env bash
# The commit ordo reports (--version, metadata.yml) is the HEAD it was
# built from: the generated version file follows HEAD without a full rebuild.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
head=$(git -C "$ORDO_ROOT" rev-parse --short=12 HEAD 2>/dev/null) || { echo "no git"; exit 77; }
version=$("$ORDO" --version)
echo "$version (HEAD $head)"
check "ordo --version names HEAD" grep -qE "^ordo [0-9.]+ \($head(-dirty)?\)$" <<<"$version"
cat >"$TMP/v.yml" <<YML
benchmark: version
tasks: ['$FIXTURES/tasks/expect-true.yml']
runs:
  - {name: v, engine: selftest}
YML
"$ORDO" bench "$TMP/v.yml" --out "$TMP/out" >/dev/null 2>&1
check "metadata.yml records it" grep -qE "^ordo_commit: \"$head(-dirty)?\"$" "$TMP/out/metadata.yml"
check "and the limits mechanism" grep -q '^  memory_enforced_by: ' "$TMP/out/metadata.yml"
check "and the host" grep -qE '^  cores: [0-9]+$' "$TMP/out/metadata.yml"
check "and the config text" grep -q '^  benchmark: version$' "$TMP/out/metadata.yml"
finish
