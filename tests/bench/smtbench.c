/*
 * The smtbench engine: the SMT interface's overhead over raw Z3 as an ordo
 * benchmark (configs/smt-overhead.yml). It reads no IR
 * (ORDO_ENGINE_NO_PROGRAM) and runs the fixed workload of smt_workload.c
 * `repeat` times, by raw Z3 calls or through the run's solver factory; the
 * run's CPU time is the measurement. It reports the answers' checksum
 * (equal for both interfaces) and returns UNKNOWN: it decides nothing
 * about the task, so no run scores or counts as wrong.
 */
#include <ordo/plugin.h>
#include <ordo/smt.h>

#include "smt_workload.h"

static const char *const interfaces[] = { "raw", "ordo", NULL };

static const ordo_option_desc options[] = {
    { "interface", ORDO_OPT_ENUM, "ordo", interfaces, 0, -1,
      "raw: Z3 C API calls; ordo: <ordo/smt.h> with the run's solver (z3 to compare with raw)" },
    { "repeat", ORDO_OPT_INT, "1", NULL, 1, 1000000, "how many times the workload runs" },
    { NULL, 0, NULL, NULL, 0, 0, NULL },
};

static const ordo_stat_desc stats[] = {
    { "smtbench.checksum", "hash", "checksum of the workload's answers (equal for raw and ordo)" },
    { NULL, NULL, NULL },
};

static ordo_engine_result error(char *reason, bool owned)
{
    return (ordo_engine_result){ .verdict = ORDO_VERDICT_ERROR, .bound = -1, .reason = reason,
                                 .owns_reason = owned };
}

static smt_checksum repeat_raw(long repeat)
{
    smt_checksum sum = 0;
    for (long i = 0; i < repeat; i++)
        sum = smt_workload_raw();
    return sum;
}

/* false (with *failure) when the solver failed */
static bool repeat_ordo(const ordo_solver_factory *f, long repeat, smt_checksum *sum, char **failure)
{
    /* The run's factory as engines get it, bounded by the run's deadline. */
    for (long i = 0; i < repeat; i++)
        if (!smt_workload_ordo(f, sum, failure))
            return false;
    return true;
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    long repeat = ordo_opt_int(in->options, "repeat");
    smt_checksum sum = 0;
    char *failure = NULL;
    if (ordo_opt_is(in->options, "interface", "raw"))
        sum = repeat_raw(repeat);
    else if (!in->solvers)
        return error("smtbench: no solver plugin installed", false);
    else if (!repeat_ordo(in->solvers, repeat, &sum, &failure))
        return error(failure, true);
    ordo_stat_set(in->stats, "smtbench.checksum", sum);
    return (ordo_engine_result){ .verdict = ORDO_VERDICT_UNKNOWN, .bound = -1, .reason = "benchmark" };
}

static const ordo_engine_ops ops = { ORDO_ENGINE_NO_PROGRAM, run };
static const ordo_plugin plugin = {
    .abi_version = ORDO_ABI_VERSION, .kind = ORDO_PLUGIN_ENGINE, .name = "smtbench", .version = "1.0",
    .description = "SMT interface overhead: a fixed workload by raw Z3 calls or through ordo",
    .options = options, .stats = stats, .engine = &ops,
};
const ordo_plugin *ordo_plugin_entry(void) { return &plugin; }
