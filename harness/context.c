/* Plugins and corpus for the commands that run tasks (context.h). */
#include <stdio.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "context.h"

void context_load_plugins(ordo_plugin_set *set)
{
    ordo_plugins_discover(set);
    for (size_t i = 0; i < set->n_refused; i++)
        fprintf(stderr, "ordo: %s\n", set->refused[i]);
}

static char *relative_to(const char *dir, const char *path)
{
    return path[0] == '/' || !dir ? xstrdup(path) : xasprintf("%s/%s", dir, path);
}

char *context_corpus(const char *cli, const char *config_value, const char *config_dir,
                     const char *repo)
{
    if (cli)
        return xstrdup(cli);
    if (config_value)
        return relative_to(config_dir, config_value);
    const char *env = getenv("ORDO_CORPUS");
    if (env && *env)
        return xstrdup(env);
    return relative_to(repo, ORDO_DEFAULT_CORPUS);
}
