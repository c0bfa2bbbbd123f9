/*
 * ordo parse FILE|TASK [--format text|dot] [--data-model ILP32|LP64]
 *                      [--pass inline[=D]|unroll[=K]|lbe|scoi ...]
 *
 * Prints the IR the front end makes of a C file (.c/.i, ILP32 unless
 * --data-model LP64) or of an SV-COMP task (.yml: its input_files and
 * options.data_model), after the given IR passes in order (passes.h).
 * Exit: 0 printed, 2 usage, 3 unsupported construct, 4 unreadable or
 * ill-formed input.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir.h>
#include <ordo/ir_print.h>
#include <ordo/passes.h>
#include <ordo/xalloc.h>

#include "../common/yaml_doc.h"
#include "commands.h"

static void usage(FILE *out)
{
    fputs("usage: ordo parse FILE|TASK [--format text|dot] [--data-model ILP32|LP64]\n"
          "                  [--pass inline[=D]|unroll[=K]|lbe|scoi ...]\n"
          "  FILE: a C file (.c is preprocessed, .i is parsed as is), ILP32 by default\n"
          "  TASK: an SV-COMP task (.yml): its input file and data model\n"
          "  --pass: IR passes applied in the order given (unroll: K = 2 by default;\n"
          "          inline=D: recursion up to D activations)\n",
          out);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* Reads the input file (relative to the task) and data model of a task.
 * Returns 0 or an exit status after printing the problem. */
static int read_task(const char *task, char **input, ordo_data_model *dm)
{
    yaml_file f;
    yaml_load_error e;
    if (!yaml_file_read(&f, task, &e)) {
        if (e.unopened)
            fprintf(stderr, "ordo parse: cannot open the task (%s:0)\n", task);
        else
            fprintf(stderr, "ordo parse: invalid YAML: %s (%s:%lu)\n", e.problem ? e.problem : "?",
                    task, e.line);
        return ORDO_EXIT_INPUT;
    }
    const char *file = yaml_scalar(yaml_sole_item(&f, yaml_map_get(&f, f.root, "input_files")));
    const char *model = yaml_scalar(
        yaml_sole_item(&f, yaml_map_get(&f, yaml_map_get(&f, f.root, "options"), "data_model")));
    int status = 0;
    if (!file) {
        fprintf(stderr, "ordo parse: the task has no single input file (%s:0)\n", task);
        status = ORDO_EXIT_INPUT;
    } else if (model && strcmp(model, "ILP32") && strcmp(model, "LP64")) {
        fprintf(stderr, "ordo parse: unknown data model '%s' (%s:0)\n", model, task);
        status = ORDO_EXIT_INPUT;
    } else {
        char *copy = xstrdup(task);
        *input = xasprintf("%s/%s", dirname(copy), file);
        free(copy);
        *dm = model && !strcmp(model, "LP64") ? ORDO_DM_LP64 : ORDO_DM_ILP32;
    }
    yaml_file_free(&f);
    return status;
}

enum { MAX_PASSES = 16 };

/* Applies one pass (passes.h, ordo_pass_run); its summary goes to stderr.
 * Returns 0 or ORDO_FRONTEND_UNSUPPORTED with *err set. */
static int apply_pass(ordo_program *p, const char *name, char **err)
{
    char *summary = NULL;
    int r = ordo_pass_run(p, name, &summary, err);
    if (!r)
        fprintf(stderr, "%s\n", summary);
    free(summary);
    return r;
}

int ordo_cmd_parse(int argc, char **argv)
{
    const char *path = NULL, *format = "text", *model = NULL;
    const char *passes[MAX_PASSES];
    unsigned n_passes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return ORDO_EXIT_OK;
        } else if ((!strcmp(a, "--format") || !strcmp(a, "--data-model")) && i + 1 < argc) {
            *(!strcmp(a, "--format") ? &format : &model) = argv[++i];
        } else if (!strcmp(a, "--pass") && i + 1 < argc) {
            if (!ordo_pass_known(argv[++i]) || n_passes == MAX_PASSES) {
                fprintf(stderr, "ordo parse: unknown pass '%s' (allowed: %s; at most %d)\n",
                        argv[i], ordo_pass_names, MAX_PASSES);
                return ORDO_EXIT_USAGE;
            }
            passes[n_passes++] = argv[i];
        } else if (a[0] == '-' || path) {
            fprintf(stderr, "ordo parse: unexpected argument '%s'\n", a);
            usage(stderr);
            return ORDO_EXIT_USAGE;
        } else {
            path = a;
        }
    }
    if (!path || (strcmp(format, "text") && strcmp(format, "dot")) ||
        (model && strcmp(model, "ILP32") && strcmp(model, "LP64"))) {
        fprintf(stderr, "ordo parse: %s\n", !path ? "missing FILE or TASK"
                        : strcmp(format, "text") && strcmp(format, "dot")
                            ? "--format must be text or dot" : "--data-model must be ILP32 or LP64");
        usage(stderr);
        return ORDO_EXIT_USAGE;
    }
    char *input = NULL;
    ordo_data_model dm = model && !strcmp(model, "LP64") ? ORDO_DM_LP64 : ORDO_DM_ILP32;
    if (ends_with(path, ".yml") || ends_with(path, ".yaml")) {
        int st = read_task(path, &input, &dm);
        if (st)
            return st;
    } else {
        input = xstrdup(path);
    }
    int status;
    char *err;
    ordo_program *p = ordo_frontend_parse(input, dm, &status, &err);
    free(input);
    for (unsigned i = 0; p && i < n_passes; i++)
        if (apply_pass(p, passes[i], &err)) {
            ordo_program_free(p);
            p = NULL;
            status = ORDO_FRONTEND_UNSUPPORTED;
        }
    if (!p) {
        fprintf(stderr, "%s\n", err);
        free(err);
        return status == ORDO_FRONTEND_UNSUPPORTED ? ORDO_EXIT_UNSUPPORTED : ORDO_EXIT_INPUT;
    }
    if (!strcmp(format, "dot"))
        ordo_print_program_dot(stdout, p);
    else
        ordo_print_program(stdout, p);
    ordo_program_free(p);
    return ORDO_EXIT_OK;
}
