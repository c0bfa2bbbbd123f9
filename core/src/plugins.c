/*
 * Plugin discovery and loading (DESIGN.md, "Plugins"): every *.so of the
 * plugin directories is opened, its entry function called and its
 * descriptor checked; a wrong ABI version or a missing entry refuses the
 * file with one line saying why. Engines and solvers are found the same way.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/host.h>
#include <ordo/xalloc.h>

static void refuse(ordo_plugin_set *set, char *line)
{
    XGROW(set->refused, set->n_refused, set->cap_refused);
    set->refused[set->n_refused++] = line;
}

static const char *check_descriptor(const ordo_plugin *d)
{
    if (!d)
        return "its entry returned no descriptor";
    if (!d->name || !d->version)
        return "its descriptor has no name or version";
    if (d->kind == ORDO_PLUGIN_ENGINE && (!d->engine || !d->engine->run))
        return "engine without run function";
    if (d->kind == ORDO_PLUGIN_SOLVER && !d->solver)
        return "solver without operations";
    if (d->kind != ORDO_PLUGIN_ENGINE && d->kind != ORDO_PLUGIN_SOLVER)
        return "unknown plugin kind";
    return NULL;
}

bool ordo_plugins_load_file(ordo_plugin_set *set, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        refuse(set, xasprintf("refused plugin %s: %s", path, dlerror()));
        return false;
    }
    ordo_plugin_entry_fn entry;
    *(void **)&entry = dlsym(h, ORDO_PLUGIN_ENTRY);
    if (!entry) {
        refuse(set, xasprintf("refused plugin %s: no %s function", path, ORDO_PLUGIN_ENTRY));
        dlclose(h);
        return false;
    }
    const ordo_plugin *d = entry();
    /* The ABI version is the first field in every version of the struct. */
    if (d && d->abi_version != ORDO_ABI_VERSION) {
        refuse(set, xasprintf("refused plugin %s: built for plugin ABI version %u, this ordo "
                              "has ABI version %d (rebuild the plugin)",
                              path, d->abi_version, ORDO_ABI_VERSION));
        dlclose(h);
        return false;
    }
    const char *bad = check_descriptor(d);
    if (bad) {
        refuse(set, xasprintf("refused plugin %s: %s", path, bad));
        dlclose(h);
        return false;
    }
    if (ordo_plugins_find(set, d->kind, d->name)) {
        dlclose(h); /* shadowed by an earlier directory */
        return true;
    }
    XGROW(set->plugins, set->n, set->cap);
    set->plugins[set->n++] = (ordo_loaded_plugin){ xstrdup(path), h, d };
    return true;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_shared_object(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && !strcmp(name + n - 3, ".so");
}

void ordo_plugins_load_dir(ordo_plugin_set *set, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_shared_object(e->d_name))
            continue;
        XGROW(names, n, cap);
        names[n++] = xasprintf("%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n) /* qsort wants an array, even of nothing */
        qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        ordo_plugins_load_file(set, names[i]);
        free(names[i]);
    }
    free(names);
}

void ordo_plugins_discover(ordo_plugin_set *set)
{
    const char *env = getenv("ORDO_PLUGIN_PATH");
    if (env && *env) {
        char *copy = xstrdup(env), *save = NULL;
        for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
            ordo_plugins_load_dir(set, dir);
        free(copy);
    }
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *dir = xasprintf("%s/../lib/ordo", dirname(exe));
        char real[PATH_MAX];
        ordo_plugins_load_dir(set, realpath(dir, real) ? real : dir);
        free(dir);
    }
}

const ordo_plugin *ordo_plugins_find(const ordo_plugin_set *set, ordo_plugin_kind kind,
                                     const char *name)
{
    for (size_t i = 0; i < set->n; i++)
        if (set->plugins[i].desc->kind == kind && !strcmp(set->plugins[i].desc->name, name))
            return set->plugins[i].desc;
    return NULL;
}

char *ordo_plugins_names(const ordo_plugin_set *set, ordo_plugin_kind kind)
{
    size_t len = 1;
    for (size_t i = 0; i < set->n; i++)
        len += strlen(set->plugins[i].desc->name) + 2;
    char *s = xcalloc(1, len);
    for (size_t i = 0; i < set->n; i++) {
        if (set->plugins[i].desc->kind != kind)
            continue;
        if (*s)
            strcat(s, ", ");
        strcat(s, set->plugins[i].desc->name);
    }
    return s;
}

void ordo_plugins_close(ordo_plugin_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        free(set->plugins[i].path);
        dlclose(set->plugins[i].handle);
    }
    for (size_t i = 0; i < set->n_refused; i++)
        free(set->refused[i]);
    free(set->plugins);
    free(set->refused);
    *set = (ordo_plugin_set){ 0 };
}

ordo_solver_factory ordo_solver_factory_make(const ordo_plugin *solver, const ordo_deadline *d)
{
    return (ordo_solver_factory){ solver->name, solver->version, solver->solver, d };
}
