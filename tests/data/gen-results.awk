# Writes a synthetic results.csv in the format of BRIEF.md "Results format"
# for analysis tests: the Chapter 5 matrix (BASIC, BASIC+OPT, PROP,
# PROP+OPT) over TASKS pseudo-random tasks plus the scaling family
# fig32/fig32-N.yml (N = 1, 2, 4, ..., 256). Deterministic in any awk
# (Park-Miller generator), seeded with SEED.
#   awk -v TASKS=60 -v SEED=7 -v SLOW=1.0 -f gen-results.awk > results.csv
# SLOW multiplies every CPU time (to fake a slowdown).
function rnd() { state = (state * 16807) % 2147483647; return state / 2147483647 }
function row(run, task, expected, cpu, solved, base,    status, verdict, result, bound, complete, reason, prop, ref) {
    status = expected; verdict = expected; result = "correct"; bound = ""; reason = ""
    complete = expected == "true" ? "true" : ""
    if (!solved) { status = "timeout"; verdict = ""; result = "unknown"; cpu = LIMIT; reason = "CPU time limit"; complete = "" }
    else if (expected == "false" && base % 23 == 5) {
        status = "true"; verdict = "true"; result = "bounded"; bound = 2; complete = "false" }
    prop = run ~ /^PROP/ ? int(base * (run ~ /OPT/ ? 0.6 : 1)) : 0
    ref = run ~ /^BASIC/ ? int(base * (run ~ /OPT/ ? 0.4 : 1)) : 0
    printf "ch5,%s,oc,%s,%s,%s,%s,%s,%s,%s,%s,%.3f,%.3f,%d,%s,%d,%d,%.3f,%d,%d,%.2f\n", run, \
        (run ~ /OPT/ ? "opt=true;" : "opt=false;") "solver=z3", task, expected, status, verdict, result, \
        bound, complete, cpu, cpu * 1.02, 50 + base % 200, reason, prop, ref, cpu * 0.6, base * 37, base * 410, \
        (base % 9) / 2
}
BEGIN {
    if (!TASKS) TASKS = 60
    if (!SLOW) SLOW = 1.0
    state = SEED ? SEED : 7
    LIMIT = 60
    split("BASIC BASIC+OPT PROP PROP+OPT", runs, " ")
    print "benchmark,run,engine,options,task,expected,status,verdict,result,bound,complete,cputime_s,walltime_s,memory_mb,reason,oc.propagated_clauses,oc.refinement_clauses,solver.time_s,solver.decisions,solver.propagations,solver.restarts"
    for (t = 1; t <= TASKS; t++) {
        expected = rnd() < 0.5 ? "true" : "false"
        hard = exp(log(0.02) + rnd() * log(4000))   # 0.02 s .. 80 s, log-uniform
        base = int(hard * 100) + t
        for (i = 1; i <= 4; i++) {
            cpu = hard * (runs[i] ~ /OPT/ ? 0.45 + 0.4 * rnd() : 0.9 + 0.2 * rnd()) * (runs[i] ~ /^PROP/ ? 0.9 : 1) * SLOW
            row(runs[i], sprintf("pthread/task-%03d.yml", t), expected, cpu, cpu < LIMIT, base)
        }
    }
    for (n = 1; n <= 256; n *= 2)
        for (i = 1; i <= 4; i++) {
            cpu = 0.05 * n ^ (runs[i] ~ /OPT/ ? 1.2 : 1.9) * SLOW
            row(runs[i], sprintf("fig32/fig32-%d.yml", n), "true", cpu, cpu < LIMIT, n)
        }
}
