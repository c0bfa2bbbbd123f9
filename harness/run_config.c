/* Runs: engine + solver + validated options (run_config.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "run_config.h"

void kv_add(kv_list *l, const char *key, const char *value)
{
    size_t cap = l->cap;
    XGROW(l->keys, l->n, l->cap);
    if (cap != l->cap)
        l->values = xrealloc(l->values, l->cap * sizeof *l->values);
    l->keys[l->n] = xstrdup(key);
    l->values[l->n++] = xstrdup(value);
}

void kv_free(kv_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->keys[i]);
        free(l->values[i]);
    }
    free(l->keys);
    free(l->values);
    *l = (kv_list){ 0 };
}

static int by_key(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "k=v;k=v" of every option (defaults included) plus the solver. */
static char *options_text(const run_config *rc)
{
    size_t n = ordo_options_count(rc->options);
    char **pairs = xcalloc(n + 1, sizeof *pairs);
    size_t len = 1;
    for (size_t i = 0; i < n; i++) {
        pairs[i] = xasprintf("%s=%s", ordo_options_name(rc->options, i),
                             ordo_options_value(rc->options, i));
        len += strlen(pairs[i]) + 1;
    }
    pairs[n] = xasprintf("solver=%s", rc->solver_name);
    len += strlen(pairs[n]) + 1;
    qsort(pairs, n + 1, sizeof *pairs, by_key);
    char *s = xcalloc(1, len);
    for (size_t i = 0; i <= n; i++) {
        if (i)
            strcat(s, ";");
        strcat(s, pairs[i]);
        free(pairs[i]);
    }
    free(pairs);
    return s;
}

static bool choose_solver(run_config *rc, const kv_list *kv, const ordo_plugin_set *plugins,
                          char **err)
{
    const char *wanted = NULL;
    for (size_t i = 0; i < kv->n; i++)
        if (!strcmp(kv->keys[i], "solver"))
            wanted = kv->values[i];
    rc->solver_name = xstrdup(wanted ? wanted : ORDO_DEFAULT_SOLVER);
    rc->solver = ordo_plugins_find(plugins, ORDO_PLUGIN_SOLVER, rc->solver_name);
    if (!rc->solver && wanted) {
        char *names = ordo_plugins_names(plugins, ORDO_PLUGIN_SOLVER);
        *err = xasprintf("unknown solver '%s' (solvers: %s)", wanted, *names ? names : "none");
        free(names);
        return false;
    }
    return true;
}

bool run_config_build(run_config *rc, const char *name, const char *engine, const kv_list *kv,
                      const ordo_plugin_set *plugins, char **err)
{
    *rc = (run_config){ 0 };
    rc->name = xstrdup(name);
    rc->engine = ordo_plugins_find(plugins, ORDO_PLUGIN_ENGINE, engine);
    if (!rc->engine) {
        char *names = ordo_plugins_names(plugins, ORDO_PLUGIN_ENGINE);
        *err = xasprintf("unknown engine '%s' (engines: %s)", engine, *names ? names : "none");
        free(names);
        return false;
    }
    if (!choose_solver(rc, kv, plugins, err))
        return false;
    rc->options = ordo_options_new(rc->engine->options);
    char *owner = xasprintf("engine %s", engine);
    bool ok = true;
    for (size_t i = 0; ok && i < kv->n; i++)
        if (strcmp(kv->keys[i], "solver"))
            ok = ordo_options_set(rc->options, owner, kv->keys[i], kv->values[i], err);
    free(owner);
    if (ok)
        rc->options_text = options_text(rc);
    return ok;
}

void run_config_free(run_config *rc)
{
    free(rc->name);
    free(rc->solver_name);
    ordo_options_free(rc->options);
    free(rc->options_text);
    *rc = (run_config){ 0 };
}
