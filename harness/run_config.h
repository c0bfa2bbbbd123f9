/* One configuration of a benchmark: an engine, a solver and validated
 * option values (what a column `run` of the results names). */
#ifndef ORDO_HARNESS_RUN_CONFIG_H
#define ORDO_HARNESS_RUN_CONFIG_H

#include <ordo/host.h>

#define ORDO_DEFAULT_SOLVER "z3"

typedef struct {
    char *name;
    const ordo_plugin *engine;
    const ordo_plugin *solver; /* NULL when no solver plugin is installed */
    char *solver_name;
    ordo_options *options;
    char *options_text;        /* "k=v;k=v", sorted by key, with solver= */
} run_config;

/* A key/value list, e.g. from `--OPTION VALUE` or a config's options. */
typedef struct {
    size_t n, cap;
    char **keys, **values;
} kv_list;

void kv_add(kv_list *l, const char *key, const char *value);
void kv_free(kv_list *l);

/* Builds a run of engine `engine` with the options in kv (the key
 * "solver" selects the solver; default z3). On a bad engine, solver,
 * option or value returns false with *err (one line naming the allowed
 * values; the caller prefixes the place). */
bool run_config_build(run_config *rc, const char *name, const char *engine, const kv_list *kv,
                      const ordo_plugin_set *plugins, char **err);
void run_config_free(run_config *rc);

#endif
