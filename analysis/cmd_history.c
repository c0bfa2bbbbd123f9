/* ordo history DIR...: solved count, score and CPU time on the common runs
 * across the commits the result directories were made with (README
 * "Analysis and paper"). */
#include <string.h>

#include "../common/exit_status.h"
#include "commands.h"
#include "history.h"

static const char usage_text[] =
    "usage: ordo history DIR... [--out DIR] [--format md|tex|csv] [--scoring sound|svcomp]\n"
    "Each DIR is a result directory of the same benchmark (results.csv and\n"
    "metadata.yml with ordo_commit and date). Prints a table in date order;\n"
    "with --out also writes history.{md,tex,csv} and the figure history.{png,svg}.\n"
    "--scoring: sound (default: a bounded SAFE is no answer) or svcomp (every SAFE is\n"
    "the answer true) decides what counts as solved and as wrong, and the score.\n";

int ordo_cmd_history(int argc, char **argv)
{
    const char *out_dir = NULL, *format_name = "md", *scoring_arg = scoring_name(SCORING_DEFAULT);
    char **dirs = argv + 1;
    size_t n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            return ORDO_EXIT_OK;
        }
        const char **slot = !strcmp(argv[i], "--out")       ? &out_dir
                            : !strcmp(argv[i], "--format")  ? &format_name
                            : !strcmp(argv[i], "--scoring") ? &scoring_arg
                                                            : NULL;
        if (slot && i + 1 < argc) {
            *slot = argv[++i];
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "ordo history: unknown option or missing value '%s' (see ordo history --help)\n", argv[i]);
            return ORDO_EXIT_USAGE;
        } else {
            dirs[n++] = argv[i]; /* compacts the directories in place */
        }
    }
    table_format format;
    if (table_format_parse(format_name, &format)) {
        fprintf(stderr, "ordo history: unknown --format '%s' (md, tex, csv)\n", format_name);
        return ORDO_EXIT_USAGE;
    }
    scoring_policy policy;
    if (!scoring_parse(scoring_arg, &policy)) {
        fprintf(stderr, "ordo history: unknown --scoring '%s' (%s)\n", scoring_arg, SCORING_NAMES);
        return ORDO_EXIT_USAGE;
    }
    if (!n) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    history h;
    int status = history_load(&h, dirs, n, policy);
    if (!status) {
        table t;
        history_table(&h, &t);
        table_write(&t, format, stdout);
        if (out_dir) {
            status = history_figure(&h, out_dir); /* creates OUT_DIR */
            if (!status)
                status = table_write_files(&t, out_dir, "history");
        }
        table_free(&t);
    }
    history_free(&h);
    return status;
}
