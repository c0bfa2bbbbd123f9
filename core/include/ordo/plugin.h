/*
 * ordo plugin ABI.
 *
 * A plugin is a shared object that exports one function,
 *
 *     const ordo_plugin *ordo_plugin_entry(void);
 *
 * returning a static descriptor. The harness refuses a descriptor whose
 * abi_version differs from ORDO_ABI_VERSION. Two kinds exist: engines
 * (verification algorithms, run on one task in a forked child) and solvers
 * (SMT back ends behind the interface of <ordo/smt.h>).
 *
 * Engines never print to stdout; they log through ordo_log() and report
 * numbers through the statistics sink.
 */
#ifndef ORDO_PLUGIN_H
#define ORDO_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bump on any incompatible change of the structures below or of smt.h. */
#define ORDO_ABI_VERSION 2

typedef enum { ORDO_PLUGIN_ENGINE = 1, ORDO_PLUGIN_SOLVER = 2 } ordo_plugin_kind;

typedef enum {
    ORDO_OPT_BOOL,   /* "true" / "false" */
    ORDO_OPT_INT,    /* decimal integer, optionally bounded by min/max */
    ORDO_OPT_ENUM,   /* one of `allowed`; an allowed "NAME:" admits NAME:anything */
    ORDO_OPT_STRING, /* anything */
} ordo_option_type;

typedef struct {
    const char *name;          /* e.g. "decision-procedure" (used as --NAME) */
    ordo_option_type type;
    const char *default_value; /* textual, must itself be valid */
    const char *const *allowed;/* NULL-terminated; ORDO_OPT_ENUM only */
    long min, max;             /* ORDO_OPT_INT only; min > max means unbounded */
    const char *help;
} ordo_option_desc;

typedef struct {
    const char *name; /* dotted lower-case, e.g. "oc.rf_pairs" (DESIGN.md) */
    const char *unit; /* "count", "s", "MB", "ratio", "bool", ... */
    const char *help;
} ordo_stat_desc;

/* ---- values handed to a running engine -------------------------------- */

/* Validated option values (every declared option is present, defaulted). */
typedef struct ordo_options ordo_options;
const char *ordo_opt_str(const ordo_options *o, const char *name);
long ordo_opt_int(const ordo_options *o, const char *name);
bool ordo_opt_bool(const ordo_options *o, const char *name);
/* True when `name` currently has the value `value` (for ENUM options). */
bool ordo_opt_is(const ordo_options *o, const char *name, const char *value);

/* Statistics sink: values under declared names (or "solver.*" keys). */
typedef struct ordo_stats ordo_stats;
void ordo_stat_set(ordo_stats *s, const char *name, double value);
void ordo_stat_add(ordo_stats *s, const char *name, double delta);
double ordo_stat_get(const ordo_stats *s, const char *name);

/* Deadline and cancellation of the current run. */
typedef struct ordo_deadline ordo_deadline;
/* Seconds left before the CPU or wall limit (INFINITY when none). */
double ordo_deadline_left(const ordo_deadline *d);
/* True once the run must stop (limit close, or interrupted). */
bool ordo_deadline_expired(const ordo_deadline *d);
/* A deadline that ends at d or when the process CPU time reaches
 * cpu_stop_s (<= 0: d alone; d NULL: the CPU stop alone). An engine stops
 * a part of its run early with it: solver instances made from a copy of
 * the factory carrying it end their checks there. Free with
 * ordo_deadline_free(). */
ordo_deadline *ordo_deadline_narrow(const ordo_deadline *d, double cpu_stop_s);
void ordo_deadline_free(ordo_deadline *d);
/* CPU time of the process so far, in seconds (for an engine's own
 * timing statistics). */
double ordo_process_cputime_s(void);
/* Has the process reached CPU time cpu_stop_s (0: never)? For loops that
 * poll a CPU stop: looked up only when item i is a multiple of `every`
 * (reading the clock is a system call), false otherwise. */
static inline bool ordo_cpu_stop_reached(double cpu_stop_s, size_t i, size_t every)
{
    return cpu_stop_s > 0 && i % every == 0 && ordo_process_cputime_s() >= cpu_stop_s;
}

/* Logging (to the run's log file, never stdout). */
typedef enum { ORDO_LOG_ERROR, ORDO_LOG_WARN, ORDO_LOG_INFO, ORDO_LOG_DEBUG } ordo_log_level;
void ordo_log(ordo_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- engines ----------------------------------------------------------- */

typedef enum {
    ORDO_VERDICT_SAFE,    /* property holds (possibly only up to a bound) */
    ORDO_VERDICT_UNSAFE,  /* a replayed counterexample exists */
    ORDO_VERDICT_UNKNOWN, /* gave up: reason says why */
    ORDO_VERDICT_ERROR,   /* engine failure: reason says what */
    ORDO_VERDICT_UNSUPPORTED, /* construct not handled: reason says which */
} ordo_verdict;

struct ordo_program;  /* <ordo/ir.h> */
struct ordo_trace;    /* <ordo/trace.h>: counterexample */
struct ordo_solver_factory; /* <ordo/smt.h> */

typedef struct {
    const char *source;     /* path of the task's program file */
    int data_model;         /* ordo_data_model of the task */
    const struct ordo_program *program; /* the task's IR, before any pass;
                                           NULL for ORDO_ENGINE_NO_PROGRAM */
    const ordo_options *options;
    const struct ordo_solver_factory *solvers; /* the run's --solver; NULL when
                                                  no solver plugin is installed */
    ordo_stats *stats;
    const ordo_deadline *deadline;
} ordo_engine_input;

typedef struct {
    ordo_verdict verdict;
    /* SAFE: true when the proof is complete, false when bounded. */
    bool complete;
    long bound; /* the unroll bound a bounded SAFE holds for (else -1) */
    /* UNKNOWN / ERROR / UNSUPPORTED: one line, owned by the engine
     * (static or allocated with malloc; the harness frees when owns_reason).
     * A bounded SAFE may say what bounds it besides the unroll bound. */
    char *reason;
    bool owns_reason;
    /* UNSAFE: the counterexample, replayed by the harness before reporting. */
    struct ordo_trace *trace;
} ordo_engine_result;

/* Engine flags. */
enum {
    /* The engine does not read the IR: the harness skips the front end
     * (test engines, wrappers of external tools). */
    ORDO_ENGINE_NO_PROGRAM = 1u << 0,
};

typedef struct {
    unsigned flags;
    ordo_engine_result (*run)(const ordo_engine_input *in);
} ordo_engine_ops;

/* ---- the descriptor ------------------------------------------------------ */

struct ordo_solver_ops; /* <ordo/smt.h> */

typedef struct ordo_plugin {
    unsigned abi_version; /* ORDO_ABI_VERSION */
    ordo_plugin_kind kind;
    const char *name;     /* "oc", "selftest", "z3", ... */
    const char *version;  /* plugin version; solvers: the library's version */
    const char *description;
    const ordo_option_desc *options; /* terminated by an entry with name NULL */
    const ordo_stat_desc *stats;     /* terminated by an entry with name NULL */
    const ordo_engine_ops *engine;   /* ORDO_PLUGIN_ENGINE */
    const struct ordo_solver_ops *solver; /* ORDO_PLUGIN_SOLVER */
} ordo_plugin;

typedef const ordo_plugin *(*ordo_plugin_entry_fn)(void);

/* The statistics every solver plugin reports (solver.decisions, ...), for
 * the `stats` of its descriptor; terminated by an entry with name NULL. */
extern const ordo_stat_desc ordo_smt_stat_descs[];
#define ORDO_PLUGIN_ENTRY "ordo_plugin_entry"

#ifdef __cplusplus
}
#endif
#endif
