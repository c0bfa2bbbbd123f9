/*
 * The host side of the plugin runtime: what the harness (and tests) use to
 * find plugins, validate option values, collect statistics and set up the
 * deadline handed to an engine (plugin.h declares the engine side).
 */
#ifndef ORDO_HOST_H
#define ORDO_HOST_H

#include <stdbool.h>
#include <stdio.h>

#include <ordo/plugin.h>
#include <ordo/smt.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- options (core/src/options.c) ---------------------------------------- */

/* Every declared option of `desc`, at its default. */
ordo_options *ordo_options_new(const ordo_option_desc *desc);
void ordo_options_free(ordo_options *o);
/* Sets option `name` to `value` after checking it against its descriptor.
 * On failure returns false and sets *err (malloc'ed, one line naming the
 * option and the allowed values). `owner` names the plugin in messages. */
bool ordo_options_set(ordo_options *o, const char *owner, const char *name, const char *value,
                      char **err);
/* Checks a value against one descriptor; NULL when valid, else a message. */
char *ordo_option_check(const ordo_option_desc *d, const char *owner, const char *value);
size_t ordo_options_count(const ordo_options *o);
const char *ordo_options_name(const ordo_options *o, size_t i);
const char *ordo_options_value(const ordo_options *o, size_t i);
/* Text of the allowed values of d ("true, false", "an integer in [0, 9]"). */
char *ordo_option_allowed_text(const ordo_option_desc *d);
const char *ordo_option_type_name(ordo_option_type t);

/* ---- statistics (core/src/stats.c) --------------------------------------- */

ordo_stats *ordo_stats_new(void);
void ordo_stats_free(ordo_stats *s);
size_t ordo_stats_count(const ordo_stats *s);
const char *ordo_stats_name(const ordo_stats *s, size_t i);
double ordo_stats_value(const ordo_stats *s, size_t i);
bool ordo_stats_has(const ordo_stats *s, const char *name);
/* The names the run may set: a descriptor table (terminated by a NULL
 * name) of the engine, of its solver plugin. Once a table is declared, a
 * name in none of them is refused: its value is dropped, a log line says
 * so, and ordo_stats_refused() names the first one (the harness makes the
 * run an engine error). Without a declaration every name is kept (the
 * harness reading a report back). */
void ordo_stats_declare(ordo_stats *s, const ordo_stat_desc *table);
const char *ordo_stats_refused(const ordo_stats *s);

/* ---- deadline (core/src/deadline.c) -------------------------------------- */

struct ordo_deadline {
    double cpu_limit_s;   /* process CPU time allowed; <= 0: none */
    double wall_end;      /* CLOCK_MONOTONIC seconds; <= 0: none */
};
/* Starts the clock now: `cpu_s` of CPU time, `wall_s` of wall time (<= 0: none). */
void ordo_deadline_start(ordo_deadline *d, double cpu_s, double wall_s);
double ordo_monotonic_s(void);

/* ---- logging (core/src/log.c) ---------------------------------------------- */

/* Messages above `level` are dropped (default ORDO_LOG_INFO, or ORDO_LOG
 * from the environment: error|warn|info|debug). */
void ordo_log_set_level(ordo_log_level level);
/* Where messages go (default stderr). */
void ordo_log_set_stream(FILE *f);

/* ---- plugins (core/src/plugins.c) ---------------------------------------- */

typedef struct {
    char *path;
    void *handle;
    const ordo_plugin *desc;
} ordo_loaded_plugin;

typedef struct {
    size_t n, cap;
    ordo_loaded_plugin *plugins;
    size_t n_refused, cap_refused;
    char **refused;          /* one line per refused .so (wrong ABI, ...) */
} ordo_plugin_set;

/* Loads every *.so of <dir of the running executable>/../lib/ordo and of
 * each directory of ORDO_PLUGIN_PATH (colon-separated; searched first, so
 * a plugin there shadows an installed one of the same name). */
void ordo_plugins_discover(ordo_plugin_set *set);
/* Loads the .so files of one directory (sorted by file name). */
void ordo_plugins_load_dir(ordo_plugin_set *set, const char *dir);
/* Loads one file; false (and a line in set->refused) when refused. */
bool ordo_plugins_load_file(ordo_plugin_set *set, const char *path);
const ordo_plugin *ordo_plugins_find(const ordo_plugin_set *set, ordo_plugin_kind kind,
                                     const char *name);
/* "a, b, c": the names of the plugins of one kind. */
char *ordo_plugins_names(const ordo_plugin_set *set, ordo_plugin_kind kind);
void ordo_plugins_close(ordo_plugin_set *set);

/* The factory an engine receives for the solver plugin `solver`. */
ordo_solver_factory ordo_solver_factory_make(const ordo_plugin *solver, const ordo_deadline *d);

#ifdef __cplusplus
}
#endif
#endif
