/*
 * The selftest engine: exercises the harness, not a program. It reads no
 * IR (ORDO_ENGINE_NO_PROGRAM) and, in this order, sets the statistics
 * its options ask for (so that a run stopped later still has them), prints
 * to stdout, forks a spinning grandchild, allocates and touches memory,
 * spins on the CPU, sleeps, raises a signal (or overflows its stack), and
 * finally returns the verdict its options ask for. The runner's own tests drive it.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ordo/plugin.h>
#include <ordo/xalloc.h>

static const char *const verdicts[] = { "true", "false", "unknown", "error", "unsupported", NULL };
static const char *const signals[] = { "none", "SIGSEGV", "SIGABRT", "SIGFPE", "SIGBUS",
                                       "SIGKILL", "stack-overflow", NULL };
static const int signal_numbers[] = { 0, SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGKILL, 0 };

static const ordo_option_desc options[] = {
    { "verdict", ORDO_OPT_ENUM, "unknown", verdicts, 0, -1,
      "verdict to return: true (SAFE), false (UNSAFE, without trace), unknown, error, unsupported" },
    { "bound", ORDO_OPT_INT, "-1", NULL, -1, 1000000,
      "with verdict true: the unroll bound the SAFE holds for (-1: complete proof)" },
    { "stats", ORDO_OPT_STRING, "", NULL, 0, -1,
      "statistics to report, NAME=VALUE[,NAME=VALUE...]" },
    { "print", ORDO_OPT_STRING, "", NULL, 0, -1, "a line to print on stdout" },
    { "print-kb", ORDO_OPT_INT, "0", NULL, 0, 1000000, "KB of filler to print on stdout" },
    { "fork-spin", ORDO_OPT_BOOL, "false", NULL, 0, -1,
      "fork a grandchild that spins on the CPU forever" },
    { "alloc-mb", ORDO_OPT_INT, "0", NULL, 0, 1000000, "MB to allocate and touch" },
    { "spin-ms", ORDO_OPT_INT, "0", NULL, 0, 100000000, "CPU milliseconds to spin" },
    { "spin-checks-deadline", ORDO_OPT_BOOL, "false", NULL, 0, -1,
      "stop spinning (verdict unknown) when the deadline expires" },
    { "sleep-ms", ORDO_OPT_INT, "0", NULL, 0, 100000000, "milliseconds to sleep" },
    { "crash", ORDO_OPT_ENUM, "none", signals, 0, -1, "signal to raise before returning, or stack-overflow: recurse without end" },
    { NULL, 0, NULL, NULL, 0, 0, NULL },
};

static const ordo_stat_desc stats[] = {
    { "selftest.work", "count", "a number chosen through the stats option" },
    { "selftest.time_s", "s", "a time chosen through the stats option" },
    { NULL, NULL, NULL },
};

static void report_stats(const char *spec, ordo_stats *out)
{
    char *copy = xstrdup(spec), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            continue;
        *eq = '\0';
        ordo_stat_set(out, item, strtod(eq + 1, NULL));
    }
    free(copy);
}

static void print_filler(long kb)
{
    static const char line[64] = "selftest filler line, printed to exercise the log cap......\n";
    for (long i = 0; i < kb * 16; i++)
        fwrite(line, 1, sizeof line - 1, stdout);
    fflush(stdout);
}

static void spin_forever(void)
{
    for (volatile unsigned long x = 0;; x++)
        ;
}

/* Touches every page so the memory is really resident. */
static char **allocate(long mb)
{
    char **blocks = xcalloc((size_t)mb + 1, sizeof *blocks);
    for (long i = 0; i < mb; i++) {
        blocks[i] = xmalloc(1 << 20);
        memset(blocks[i], (int)i | 1, 1 << 20);
    }
    return blocks;
}

static void release(char **blocks)
{
    for (size_t i = 0; blocks[i]; i++)
        free(blocks[i]);
    free(blocks);
}

/* Spins until `ms` of CPU time are used; false when stopped by the deadline. */
static bool spin(long ms, const ordo_deadline *deadline)
{
    double end = ordo_process_cputime_s() + (double)ms / 1000.0;
    for (unsigned long i = 0;; i++) {
        if (deadline && (i & 0xffff) == 0 && ordo_deadline_expired(deadline))
            return false;
        if (ordo_cpu_stop_reached(end, 0, 1))
            return true;
    }
}

/* Recursion the compiler cannot make a loop: each frame is used after the
 * call returns, and the end is a value it cannot know. */
static volatile unsigned long never_reached = ~0UL;
static unsigned long recurse(unsigned long depth)
{
    volatile char frame[256];
    frame[0] = (char)depth;
    if (depth == never_reached)
        return 0;
    return recurse(depth + 1) + (unsigned long)frame[0];
}

static ordo_engine_result result_of(const ordo_options *o)
{
    ordo_engine_result r = { .verdict = ORDO_VERDICT_UNKNOWN, .complete = true, .bound = -1 };
    if (ordo_opt_is(o, "verdict", "true")) {
        r.verdict = ORDO_VERDICT_SAFE;
        r.bound = ordo_opt_int(o, "bound");
        r.complete = r.bound < 0;
    } else if (ordo_opt_is(o, "verdict", "false")) {
        r.verdict = ORDO_VERDICT_UNSAFE;
    } else if (ordo_opt_is(o, "verdict", "error")) {
        r.verdict = ORDO_VERDICT_ERROR;
        r.reason = "selftest: error as asked";
    } else if (ordo_opt_is(o, "verdict", "unsupported")) {
        r.verdict = ORDO_VERDICT_UNSUPPORTED;
        r.reason = "unsupported: selftest as asked (selftest.c:0)";
    } else {
        r.reason = "selftest: unknown as asked";
    }
    return r;
}

static ordo_engine_result run(const ordo_engine_input *in)
{
    const ordo_options *o = in->options;
    report_stats(ordo_opt_str(o, "stats"), in->stats);
    if (*ordo_opt_str(o, "print")) {
        printf("%s\n", ordo_opt_str(o, "print"));
        fflush(stdout);
    }
    print_filler(ordo_opt_int(o, "print-kb"));
    if (ordo_opt_bool(o, "fork-spin")) {
        pid_t pid = fork();
        if (pid == 0)
            spin_forever();
        ordo_log(ORDO_LOG_INFO, "selftest: spinning grandchild pid %d", (int)pid);
    }
    char **blocks = allocate(ordo_opt_int(o, "alloc-mb"));
    bool checks = ordo_opt_bool(o, "spin-checks-deadline");
    if (!spin(ordo_opt_int(o, "spin-ms"), checks ? in->deadline : NULL)) {
        release(blocks);
        return (ordo_engine_result){ .verdict = ORDO_VERDICT_UNKNOWN, .bound = -1,
                                     .reason = "selftest: deadline expired" };
    }
    long sleep_ms = ordo_opt_int(o, "sleep-ms");
    nanosleep(&(struct timespec){ sleep_ms / 1000, (sleep_ms % 1000) * 1000000 }, NULL);
    release(blocks);
    for (size_t i = 0; signals[i]; i++)
        if (ordo_opt_is(o, "crash", signals[i]) && signal_numbers[i])
            raise(signal_numbers[i]);
    if (ordo_opt_is(o, "crash", "stack-overflow"))
        recurse(0);
    return result_of(o);
}

static const ordo_engine_ops ops = { ORDO_ENGINE_NO_PROGRAM, run };

static const ordo_plugin plugin = {
    .abi_version = ORDO_ABI_VERSION,
    .kind = ORDO_PLUGIN_ENGINE,
    .name = "selftest",
    .version = "1.0",
    .description = "harness self-test: sleeps, spins, allocates, crashes, returns a chosen verdict",
    .options = options,
    .stats = stats,
    .engine = &ops,
};

const ordo_plugin *ordo_plugin_entry(void)
{
    return &plugin;
}
