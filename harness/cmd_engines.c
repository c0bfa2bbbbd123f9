/* ordo engines: the plugins found, their options and statistics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/host.h>

#include "commands.h"

static void print_options(const ordo_option_desc *o)
{
    if (!o || !o->name) {
        printf("  options: none\n");
        return;
    }
    printf("  options:\n");
    for (; o->name; o++) {
        char *allowed = ordo_option_allowed_text(o);
        printf("    --%-24s %-6s default %-10s allowed: %s\n", o->name,
               ordo_option_type_name(o->type), o->default_value, allowed);
        printf("      %s\n", o->help ? o->help : "");
        free(allowed);
    }
}

static void print_stats(const ordo_stat_desc *s)
{
    if (!s || !s->name) {
        printf("  statistics: none\n");
        return;
    }
    printf("  statistics:\n");
    for (; s->name; s++)
        printf("    %-32s %-6s %s\n", s->name, s->unit ? s->unit : "", s->help ? s->help : "");
}

static const struct {
    unsigned bit;
    const char *name;
} capabilities[] = {
    { ORDO_SMT_CAP_USER_PROPAGATOR, "user-propagator" },
    { ORDO_SMT_CAP_INTERPOLATION, "interpolation" },
    { ORDO_SMT_CAP_QE, "quantifier-elimination" },
    { ORDO_SMT_CAP_HORN, "horn" },
    { ORDO_SMT_CAP_QUANTIFIERS, "quantifiers" },
    { ORDO_SMT_CAP_UNSAT_CORES, "unsat-cores" },
    { ORDO_SMT_CAP_INTERRUPT, "interrupt" },
};

static void print_capabilities(unsigned caps)
{
    printf("  capabilities:");
    bool any = false;
    for (size_t i = 0; i < sizeof capabilities / sizeof *capabilities; i++)
        if (caps & capabilities[i].bit) {
            printf(" %s", capabilities[i].name);
            any = true;
        }
    printf("%s\n", any ? "" : " none");
}

static void print_kind(const ordo_plugin_set *set, ordo_plugin_kind kind)
{
    printf(kind == ORDO_PLUGIN_ENGINE ? "Engines:\n" : "\nSolvers:\n");
    size_t n = 0;
    for (size_t i = 0; i < set->n; i++) {
        const ordo_plugin *p = set->plugins[i].desc;
        if (p->kind != kind)
            continue;
        n++;
        printf("\n%s %s (%s)\n  %s\n", p->name, p->version, set->plugins[i].path,
               p->description ? p->description : "");
        if (kind == ORDO_PLUGIN_ENGINE && (p->engine->flags & ORDO_ENGINE_NO_PROGRAM))
            printf("  reads no program (the front end is skipped)\n");
        if (kind == ORDO_PLUGIN_SOLVER)
            print_capabilities(p->solver->caps);
        print_options(p->options);
        print_stats(p->stats);
    }
    if (!n)
        printf("  (none found)\n");
}

int ordo_cmd_engines(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "usage: ordo engines\n"
                        "Lists the engine and solver plugins found in <ordo>/../lib/ordo and\n"
                        "ORDO_PLUGIN_PATH, with their options and statistics.\n");
        return strcmp(argv[1], "--help") ? ORDO_EXIT_USAGE : ORDO_EXIT_OK;
    }
    ordo_plugin_set set = { 0 };
    ordo_plugins_discover(&set);
    print_kind(&set, ORDO_PLUGIN_ENGINE);
    print_kind(&set, ORDO_PLUGIN_SOLVER);
    if (set.n_refused)
        printf("\nRefused:\n");
    for (size_t i = 0; i < set.n_refused; i++)
        printf("  %s\n", set.refused[i]);
    ordo_plugins_close(&set);
    return ORDO_EXIT_OK;
}
