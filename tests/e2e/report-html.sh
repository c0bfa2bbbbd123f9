#!/usr/bin/env bash
# ordo report --html in a real browser: headless Chromium opens the page,
# the view's state is set through location.hash, and the checks read the
# DOM the script built (--dump-dom): the task table's rows, sorting by CPU,
# the filters on a hand-made CSV (disagree, solved by A not B, status,
# changed between two sets), the cross-check section, HTML-escaped task
# names, log links that resolve, no script error in the page's error sink,
# and a screenshot that is not blank. Skipped (77) only when chromium cannot be installed.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

if ! command -v chromium >/dev/null && [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1
fi
command -v chromium >/dev/null || { echo "SKIP: chromium is not installed and cannot be"; exit 77; }

# browse PAGE HASH [chromium options...]: the DOM after the script ran.
browse() {
    local page=$1 hash=$2 profile
    shift 2
    profile=$(mktemp -d "$TMP/profile.XXXXXX")
    timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$profile" \
        --virtual-time-budget=5000 "$@" "file://$page#$hash" 2>"$TMP/chromium.err"
}
dom() { # PAGE HASH: the DOM in dom.html, the task table's rows in rows.html
    browse "$1" "$2" --dump-dom >"$TMP/dom.html"
    sed -n 's/.*<tbody id="task-body">//; s/<\/tbody>.*//p' "$TMP/dom.html" | sed 's/<tr>/\n&/g' >"$TMP/rows.html"
}
# the task names of the table's rows, in order
task_rows() { grep -o '<td class="task"[^>]*>[^<]*' "$TMP/rows.html" | sed 's/.*>//'; }
# the values of one column (data-k) of the table's rows, in order
column() { grep -o "data-k=\"$1\">[^<]*" "$TMP/rows.html" | sed 's/.*>//'; }
no_script_error() {
    check "$1: no script error" grep -q '<ul id="errors" data-count="0"' "$TMP/dom.html"
    grep -o '<ul id="errors".*</ul>' "$TMP/dom.html" | grep -v 'data-count="0"'
}
shown() { grep -o '<span id="count" data-shown="[0-9]*"' "$TMP/dom.html" | grep -o '[0-9]*'; }

# --- a hand-made CSV: which tasks disagree, solved by one and not another
header=benchmark,run,engine,options,task,expected,status,verdict,result,bound,complete,cputime_s,walltime_s,memory_mb,reason
mkdir -p "$TMP/base" "$TMP/new"
cat >"$TMP/base/results.csv" <<CSV
$header
h,X,oc,,agree.yml,true,true,true,correct,,true,1.5,1.6,10,
h,Y,oc,,agree.yml,true,true,true,correct,,true,2.5,2.6,10,
h,Z,oc,,agree.yml,true,timeout,,unknown,,,60,60,10,CPU time limit
h,X,oc,,split1.yml,true,true,true,correct,,true,1,1,10,
h,Y,oc,,split1.yml,true,false,false,wrong,,,1,1,10,
h,Z,oc,,split1.yml,true,true,true,correct,,true,1,1,10,
h,X,oc,,split2.yml,false,false,false,correct,,,1,1,10,
h,Y,oc,,split2.yml,false,timeout,,unknown,,,60,60,10,
h,Z,oc,,split2.yml,false,true,true,bounded,2,false,1,1,10,
h,X,oc,,none.yml,false,timeout,,unknown,,,60,60,10,
h,Y,oc,,none.yml,false,unknown,,unknown,,,1,1,10,
h,X,oc,,odd/<img src=x>&.yml,false,false,false,correct,,,0.2,1,10,
h,Y,oc,,odd/<img src=x>&.yml,false,false,false,correct,,,0.3,1,10,
h,Z,oc,,odd/<img src=x>&.yml,false,false,false,correct,,,0.4,1,10,
CSV
"$ORDO" report "$TMP/base" --html --out "$TMP/hand/index.html" >"$TMP/out" 2>&1
check_status 0 "report --html of the hand-made CSV" "$TMP/out"
page=$TMP/hand/index.html
dom "$page" "ps=0"
check "hand: 5 task rows" [ "$(task_rows | wc -l)" = 5 ]
check "hand: the task name is escaped" grep -qF 'odd/&lt;img src=x&gt;&amp;.yml' "$TMP/dom.html"
check "hand: no element from a task name" not grep -q '<img' "$TMP/dom.html"
check "hand: no log links without logs" not grep -q '<a href' "$TMP/rows.html"
no_script_error hand
# the sink sees an error: the "no script error" checks can fail
sed 's/const T = D.tasks.length;/const T = D.tasks.length; null.broken;/' "$TMP/hand/index.html" >"$TMP/hand/broken.html"
dom "$TMP/hand/broken.html" ""
check "a script error is written into the page" grep -q '<ul id="errors" data-count="1"><li>script error: .*null' "$TMP/dom.html"

dom "$page" "dis=1"
check "disagree: exactly split1 and split2" [ "$(task_rows | tr '\n' ' ')" = "split1.yml split2.yml " ]
dom "$page" "a=2&b=1"
check "solved by Z, not by Y: exactly split1" [ "$(task_rows | tr '\n' ' ')" = "split1.yml " ]
dom "$page" "st=timeout"
check "a timeout: agree, split2, none" [ "$(task_rows | tr '\n' ' ')" = "agree.yml split2.yml none.yml " ]
dom "$page" "sort=c1.cputime_s&desc=1"
check "Y's CPU descending" [ "$(column c1.cputime_s | tr '\n' ' ')" = "60 2.50 1 1 0.30 " ]
dom "$page" "sort=c2.cputime_s"
check "Z's CPU ascending, its missing run last" [ "$(column c2.cputime_s | tr '\n' ' ')" = "0.40 1 1 60  " ]
check "Z's missing run: an empty status" grep -q '<td class="st missing" data-k="c2.st"></td>' "$TMP/rows.html"
no_script_error "hand sorted"

# --- the cross-check of the columns (analysis.sh's data): the counts of the
# text report, the conflict listed and highlighted, the other lists folded
agree=$ORDO_ROOT/tests/data/agreement-results.csv
"$ORDO" report "$agree" --html --out "$TMP/agree/index.html" >"$TMP/out" 2>&1
check_status 0 "report --html of the cross-check data" "$TMP/out"
"$ORDO" report "$agree" >"$TMP/text" 2>&1
dom "$TMP/agree/index.html" ""
cross=$(grep -o '<section id="cross-check">.*' "$TMP/dom.html" | sed 's/<\/section>.*//')
check "cross-check: the section" [ -n "$cross" ]
count_of() { grep -o "<td class=\"\">$1</td><td class=\"r\">[0-9]*<" <<<"$cross" | sed 's/.*">//; s/<$//'; }
check "cross-check: exactly 1 conflict" [ "$(count_of 'conflict: a proof against an UNSAFE')" = 1 ]
for what in 'agree (the same answer)' 'a bounded SAFE against an UNSAFE' 'a proof against a bounded SAFE' \
    'proved by X, only bounded by another' 'proved by Y, only bounded by another'; do
    text=$(grep -F "| $what |" "$TMP/text" | sed 's/.* | \([0-9]*\) |$/\1/')
    check "cross-check: $what: $(count_of "$what"), as in the text report" [ "$(count_of "$what")" = "$text" ]
done
check "cross-check: the conflict c1, highlighted" grep -q '<table class="static conflict" data-tasks="1">.*<td class="">c1.yml</td><td class="">true</td><td class="">SAFE (proof)</td><td class="">UNSAFE</td><td class="">timeout</td>' <<<"$cross"
for list in bounded-violation:1 proof-bounded:1 agree:2; do
    check "cross-check: ${list#*:} task(s) in the folded list ${list%:*}" \
        grep -q "<details data-kind=\"${list%:*}\" data-tasks=\"${list#*:}\">" <<<"$cross"
done
no_script_error cross-check
# opened, a folded list builds its table
sed 's#</body>#<script>document.querySelectorAll("details").forEach(function (d) { d.open = true; });</script></body>#' \
    "$TMP/agree/index.html" >"$TMP/agree/opened.html"
dom "$TMP/agree/opened.html" ""
agreeing=$(grep -o '<details data-kind="agree" data-tasks="2" open="">.*</details>' "$TMP/dom.html")
check "cross-check: the opened agree list has a table" grep -q '^<details [^>]*><summary>[^<]*</summary><table class="static">' <<<"$agreeing"
check "cross-check: its rows are a1 and a2" \
    [ "$(grep -o '<tr class=""><td class="">[^<]*' <<<"$agreeing" | sed 's/.*>//' | tr '\n' ' ')" = "a1.yml a2.yml " ]
no_script_error "cross-check opened"

# --- two sets side by side: a changed status and a CPU ratio beyond 1.5
sed -e 's/^h,Y,oc,,split1.yml,true,false,false,wrong,,,/h,Y,oc,,split1.yml,true,true,true,correct,,true,/' \
    -e 's/^h,X,oc,,agree.yml,true,true,true,correct,,true,1.5,/h,X,oc,,agree.yml,true,true,true,correct,,true,6.0,/' \
    "$TMP/base/results.csv" >"$TMP/new/results.csv"
"$ORDO" report "$TMP/base" "$TMP/new" --html --out "$TMP/two/index.html" >"$TMP/out" 2>&1
check_status 0 "report --html of two sets" "$TMP/out"
dom "$TMP/two/index.html" "chg=1"
check "changed: exactly agree and split1" [ "$(task_rows | tr '\n' ' ')" = "agree.yml split1.yml " ]
check "one status marked changed" [ "$(grep -o 'class="st [a-z]* changed"' "$TMP/rows.html" | wc -l)" = 1 ]
check "one CPU time marked slower" [ "$(grep -o 'class="r slower"' "$TMP/rows.html" | wc -l)" = 1 ]
labels=$(grep -o '<th colspan="[0-9]*" class="config"[^>]*>[^<]*' "$TMP/dom.html" | sed 's/.*>//' | tr '\n' ',')
check "a configuration's sets side by side" [ "$labels" = "X @ base,X @ new,Y @ base,Y @ new,Z @ base,Z @ new," ]
check "the cross-check names the columns so" grep -q '<td class="">proved by Z @ new, only bounded by another</td>' "$TMP/dom.html"
no_script_error "two sets"

# --- a benchmark's results: log links relative to the page resolve
cat >"$TMP/sel.yml" <<YML
benchmark: sel
tasks: ['$FIXTURES/tasks/expect-*.yml']
limits: {cpu_time: 20}
runs:
  - {name: says/true, engine: selftest, options: {verdict: 'true'}}
  - {name: says-false, engine: selftest, options: {verdict: 'false'}}
YML
"$ORDO" bench "$TMP/sel.yml" --out "$TMP/sel" >/dev/null 2>&1
"$ORDO" report "$TMP/sel" --html --out "$TMP/sel/report/index.html" >"$TMP/out" 2>&1
check_status 0 "report --html of a benchmark" "$TMP/out"
dom "$TMP/sel/report/index.html" ""
check "bench: one row per task" [ "$(task_rows | wc -l)" = "$(ls "$FIXTURES"/tasks/expect-*.yml | wc -l)" ]
links=$(grep -o '<td class="st [^"]*" data-k="c[0-9]*.st"><a href="[^"]*"' "$TMP/rows.html" | sed 's/.*href="//; s/"$//')
check "bench: every run links its log" [ "$(echo "$links" | wc -l)" = $((2 * $(task_rows | wc -l))) ]
for l in $links; do
    f=$TMP/sel/report/$(printf '%b' "${l//%/\\x}")
    check "log link $l resolves" [ -f "$f" ]
done
no_script_error bench

# --- a larger synthetic set: rows, pages, sorting by CPU, tables, plots
mkdir -p "$TMP/ch5"
awk -v TASKS=300 -f tests/data/gen-results.awk >"$TMP/ch5/results.csv"
# recorded as svcomp: the page shows the policy the report applies (--scoring, default sound)
printf 'ordo_commit: abc123\nlimits:\n  cpu_s: 60\nscoring: svcomp\n' >"$TMP/ch5/metadata.yml"
tasks=$(awk -F, 'NR > 1 { t[$5] } END { print length(t) }' "$TMP/ch5/results.csv")
"$ORDO" report "$TMP/ch5" --html --out "$TMP/ch5/index.html" --table thesis-5.1 \
    --columns oc.refinement_clauses >"$TMP/out" 2>&1
check_status 0 "report --html of the synthetic set" "$TMP/out"
page=$TMP/ch5/index.html
dom "$page" ""
check "synthetic: $tasks tasks counted" [ "$(shown)" = "$tasks" ]
check "synthetic: the first page has 100 rows" [ "$(task_rows | wc -l)" = 100 ]
check "synthetic: the thesis table" grep -q 'Table 5.1' "$TMP/dom.html"
check "synthetic: the scoring in force (the report's, not the recorded one)" grep -q '<dd class="scoring">sound</dd>' "$TMP/dom.html"
check "synthetic: the scatter plot has points" grep -q 'id="scatter-holder" data-points="[1-9]' "$TMP/dom.html"
check "synthetic: the quantile plot has its curves" [ "$(grep -o '<polyline' "$TMP/dom.html" | wc -l)" = 4 ]
no_script_error synthetic
dom "$page" "ps=0&sort=c1.cputime_s"
check "synthetic: all $tasks rows" [ "$(task_rows | wc -l)" = "$tasks" ]
column c1.cputime_s >"$TMP/cpu"
check "synthetic: sorted by BASIC+OPT's CPU, ascending" sort -g -c "$TMP/cpu"
check "synthetic: really sorted (not all equal)" [ "$(sort -u "$TMP/cpu" | wc -l)" -gt 10 ]
dom "$page" "ps=0&sort=c1.cputime_s&desc=1"
column c1.cputime_s >"$TMP/cpu"
check "synthetic: descending" sort -g -r -c "$TMP/cpu"
no_script_error "synthetic sorted"

# --- the screenshot is not blank: much larger than one of an empty page
echo '<!DOCTYPE html><html><body></body></html>' >"$TMP/blank.html"
browse "$TMP/blank.html" "" --window-size=1200,900 --screenshot="$TMP/blank.png" >/dev/null
browse "$page" "" --window-size=1200,900 --screenshot="$TMP/page.png" >/dev/null
check "a PNG screenshot" [ "$(head -c 4 "$TMP/page.png" | tail -c 3)" = PNG ]
blank=$(stat -c %s "$TMP/blank.png") shot=$(stat -c %s "$TMP/page.png")
check "the screenshot is not blank ($shot bytes, blank $blank)" [ "$shot" -gt $((10 * blank)) ]

# --- bad input: one line, the input status
"$ORDO" report "$TMP/no-such-dir" --html --out "$TMP/x.html" >"$TMP/out" 2>&1
check_status 4 "a missing input" "$TMP/out"
check "no page for a missing input" [ ! -e "$TMP/x.html" ]
"$ORDO" report "$TMP/base" --html --scatter X,Y >"$TMP/out" 2>&1
check_status 2 "--html with --scatter" "$TMP/out"
finish
