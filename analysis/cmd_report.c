/* ordo report: tables and figures from benchmark results (README
 * "Analysis and paper"). */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "commands.h"
#include "agreement_table.h"
#include "beside.h"
#include "common_table.h"
#include "figures.h"
#include "html_report.h"
#include "layout.h"
#include "../common/metadata.h"
#include "outdir.h"

static const char usage_text[] =
    "usage: ordo report DIR|CSV... [--out DIR] [--format md|tex|csv]\n"
    "                   [--common] [--group REGEX] [--same VALUE]\n"
    "                   [--columns [sum:|avg:]VALUE,...]\n"
    "                   [--table thesis-3.1|thesis-4.1|thesis-5.1] [--beside CSV]\n"
    "                   [--scatter X,Y]... [--bar VALUE]... [--scaling REGEX]\n"
    "                   [--scoring sound|svcomp] [--check-agreement]\n"
    "       ordo report DIR|CSV... --html [--out FILE] [--columns ...] [--table ...]\n"
    "Prints the summary per configuration (and a common-set table) to stdout;\n"
    "with --out also writes them as .md/.tex/.csv plus figures (PNG and SVG).\n"
    "With two or more configurations a cross-check follows: on the tasks two or\n"
    "more of them answered SAFE or UNSAFE, how many answers agree, the conflicts\n"
    "(a proof against an UNSAFE), the bounded SAFEs against an UNSAFE (a bug of\n"
    "neither) and the proofs where another configuration only bounds.\n"
    "  --common         averages over the tasks every configuration solved\n"
    "  --group REGEX    common set per family: the REGEX match (or its first\n"
    "                   group) in the configuration name, e.g. '^[^+]+'\n"
    "  --same VALUE     common set: only the tasks on which every configuration\n"
    "                   of a group has the same VALUE (e.g. oc.unroll_bound:\n"
    "                   answers from formulas of the same bound)\n"
    "  --columns LIST   values averaged (avg:, default) or summed (sum:) over the\n"
    "                   common set: cputime_s, walltime_s, memory_mb, statistics\n"
    "  --table NAME     a thesis table layout (families: name up to '+', '/', '-')\n"
    "  --beside CSV     published numbers with the --table's headers, shown beside\n"
    "  --scatter X,Y    CPU-time scatter plot of configurations X and Y\n"
    "  --bar VALUE      bar chart: solved, score or the common-set average of VALUE\n"
    "  --scaling REGEX  CPU time over a task family, N from REGEX's first group\n"
    "  --scoring P      sound (default: a SAFE that holds only up to a bound is no\n"
    "                   answer) or svcomp (every SAFE is the answer true): what every\n"
    "                   table and figure counts as solved and wrong, and the score\n"
    "  --check-agreement exit 1 when the cross-check finds a conflict\n"
    "  --html           one self-contained HTML page (to FILE or stdout): summary,\n"
    "                   cross-check, task table, plots, tables, setup; each DIR is\n"
    "                   a result set of its own, so two sides of a comparison stand\n"
    "                   side by side\n";

typedef struct {
    const char **inputs, **scatters, **bars;
    size_t n_inputs, n_scatters, n_bars;
    const char *out_dir, *columns, *group_regex, *layout_name, *beside, *scaling,
        *same;
    bool common, html, check_agreement;
    table_format format;
    scoring_policy scoring;
} report_options;

static void push(const char ***list, size_t *n, const char *item)
{
    *list = xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = item;
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "ordo report: %s '%s' (see ordo report --help)\n", what, arg);
    return ORDO_EXIT_USAGE;
}

/* Takes the value of option NAME from "--name=value" or the next argument. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n))
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] || *i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

static int parse_options(int argc, char **argv, report_options *o)
{
    const char *fmt = "md", *scoring = scoring_name(SCORING_DEFAULT);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (a[0] != '-')
            push(&o->inputs, &o->n_inputs, a);
        else if (!strcmp(a, "--common"))
            o->common = true;
        else if (!strcmp(a, "--html"))
            o->html = true;
        else if (!strcmp(a, "--check-agreement"))
            o->check_agreement = true;
        else if ((v = option_value(argc, argv, &i, "--out")))
            o->out_dir = v;
        else if ((v = option_value(argc, argv, &i, "--format")))
            fmt = v;
        else if ((v = option_value(argc, argv, &i, "--columns")))
            o->columns = v;
        else if ((v = option_value(argc, argv, &i, "--same")))
            o->same = v;
        else if ((v = option_value(argc, argv, &i, "--group")))
            o->group_regex = v;
        else if ((v = option_value(argc, argv, &i, "--table")))
            o->layout_name = v;
        else if ((v = option_value(argc, argv, &i, "--beside")))
            o->beside = v;
        else if ((v = option_value(argc, argv, &i, "--scaling")))
            o->scaling = v;
        else if ((v = option_value(argc, argv, &i, "--scatter")))
            push(&o->scatters, &o->n_scatters, v);
        else if ((v = option_value(argc, argv, &i, "--bar")))
            push(&o->bars, &o->n_bars, v);
        else if ((v = option_value(argc, argv, &i, "--scoring")))
            scoring = v;
        else
            return usage_error("unknown option or missing value", a);
    }
    if (table_format_parse(fmt, &o->format))
        return usage_error("unknown --format (md, tex, csv)", fmt);
    if (!scoring_parse(scoring, &o->scoring))
        return usage_error("unknown --scoring (" SCORING_NAMES ")", scoring);
    if (o->layout_name && !layout_named(o->layout_name))
        return usage_error("unknown --table (thesis-3.1, thesis-4.1, thesis-5.1)", o->layout_name);
    if (o->html && (o->beside || o->n_scatters || o->n_bars || o->scaling))
        return usage_error("--html draws its own plots and takes no",
                           o->beside ? "--beside" : "--scatter/--bar/--scaling");
    if (o->html && o->check_agreement)
        return usage_error("--html only shows the cross-check, drop",
                           "--check-agreement");
    if (o->beside && !o->layout_name)
        return usage_error("--beside needs --table", o->beside);
    if (!o->n_inputs) {
        fputs(usage_text, stderr);
        return ORDO_EXIT_USAGE;
    }
    return 0;
}

/* One paragraph on where the numbers come from (metadata.yml). */
static char *setup_text(const metadata *m)
{
    const char *k[] = { "ordo_version", "ordo_commit", "date", "host.cpu_model", "host.cores", "host.memory_mb",
                        "limits.cpu_s", "limits.wall_s", "limits.memory_mb", "jobs" };
    const char *v[10];
    for (size_t i = 0; i < 10; i++)
        v[i] = metadata_get(m, k[i]) ? metadata_get(m, k[i]) : "?";
    return xasprintf("Setup: ordo %s (commit %s), %s; host: %s, %s cores, %s MB; limits per run: CPU %s s, "
                     "wall %s s, memory %s MB; %s parallel runs.",
                     v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
}

typedef struct {
    table tables[3 + CROSS_CHECK_MAX_TABLES]; /* summary, common set / layout, beside, cross-check */
    const char *names[3 + CROSS_CHECK_MAX_TABLES];
    size_t n;
} report_tables;

static common_table_options table_options(const report_options *o)
{
    return (common_table_options){ o->layout_name, o->columns, o->group_regex, o->same, o->common };
}

/* The common-set or layout table, when asked for. */
static int build_common_table(const results *r, const report_options *o, config_groups *g, report_tables *rt)
{
    const common_table_options co = table_options(o);
    bool built;
    int status = common_table_build(r, &co, g, &rt->tables[rt->n], &built);
    if (status || !built)
        return status;
    const table_layout *named = o->layout_name ? layout_named(o->layout_name) : NULL;
    rt->names[rt->n++] = named ? named->name : "common";
    if (named && o->beside) {
        size_t labels = 0;
        while (labels < named->n_columns && named->columns[labels].kind <= COLUMN_VARIANT)
            labels++;
        status = beside_build(&rt->tables[rt->n - 1], labels, o->beside, "thesis", &rt->tables[rt->n]);
        if (!status)
            rt->names[rt->n++] = "beside";
        else
            table_free(&rt->tables[rt->n]);
    }
    return status;
}

static int draw_figures(const results *r, const config_groups *g, const report_options *o, double limit_s)
{
    int status = figure_quantile(r, o->out_dir);
    for (size_t i = 0; i < o->n_scatters && !status; i++) {
        char *pair = xstrdup(o->scatters[i]), *comma = strchr(pair, ',');
        if (!comma)
            status = usage_error("--scatter needs two configurations X,Y, got", pair);
        else {
            *comma = '\0';
            status = figure_scatter(r, o->out_dir, pair, comma + 1, limit_s);
        }
        free(pair);
    }
    for (size_t i = 0; i < o->n_bars && !status; i++)
        status = figure_bar(r, g, o->out_dir, o->bars[i]);
    if (o->scaling && !status)
        status = figure_scaling(r, o->out_dir, o->scaling, limit_s);
    return status;
}

/* The cross-check tables when R holds two or more configurations; returns
 * the number of conflicts. */
static unsigned add_cross_check(const results *r, report_tables *rt)
{
    if (r->n_configs < 2)
        return 0;
    run_grid g;
    run_grid_of(r, &g);
    cross_check c;
    cross_check_build(&g, &c);
    rt->n += cross_check_tables(&g, &c, &rt->tables[rt->n], &rt->names[rt->n]);
    unsigned conflicts = c.count[AGREE_CONFLICT];
    cross_check_free(&c);
    run_grid_free(&g);
    return conflicts;
}

static void print_report(const report_tables *rt, const char *setup, scoring_policy scoring,
                         table_format format, FILE *out)
{
    if (format == TABLE_MD && setup)
        fprintf(out, "%s\n\n", setup);
    if (format == TABLE_MD)
        fprintf(out, "Scoring: %s.\n\n", scoring_text(scoring));
    for (size_t i = 0; i < rt->n; i++) {
        if (i)
            fputc('\n', out);
        table_write(&rt->tables[i], format, out);
    }
}

static int write_outputs(const results *r, const config_groups *g, const report_options *o,
                         const report_tables *rt, const char *setup, double limit_s)
{
    int status = make_output_dir(o->out_dir);
    for (size_t i = 0; i < rt->n && !status; i++)
        status = table_write_files(&rt->tables[i], o->out_dir, rt->names[i]);
    char *path = xasprintf("%s/report.md", o->out_dir);
    FILE *md = status ? NULL : fopen(path, "w");
    if (md) {
        print_report(rt, setup, r->scoring, TABLE_MD, md);
        fclose(md);
    } else if (!status) {
        fprintf(stderr, "ordo: cannot write %s: %s\n", path, strerror(errno));
        status = ORDO_EXIT_INPUT;
    }
    free(path);
    return status ? status : draw_figures(r, g, o, limit_s);
}

static int report(const report_options *o)
{
    results r;
    results_init(&r);
    int status = 0;
    for (size_t i = 0; i < o->n_inputs && !status; i++)
        status = results_load(&r, o->inputs[i]);
    if (!status)
        results_rescore(&r, o->scoring);
    metadata m = { 0 };
    char *setup = NULL;
    if (!status && r.n_dirs && (status = metadata_load(&m, r.dirs[0])) < 0)
        status = 0; /* results without metadata.yml: no setup paragraph */
    else if (!status && r.n_dirs)
        setup = setup_text(&m);
    const char *limit = metadata_get(&m, "limits.cpu_s");
    double limit_s = limit ? strtod(limit, NULL) : (double)NAN;
    report_tables rt = { .n = 0 };
    config_groups g = { 0 };
    if (!status) {
        layout_summary(&r, &rt.tables[0]);
        rt.names[rt.n++] = "summary";
        status = build_common_table(&r, o, &g, &rt);
    }
    unsigned conflicts = status ? 0 : add_cross_check(&r, &rt);
    if (!status) {
        print_report(&rt, setup, r.scoring, o->format, stdout);
        if (o->out_dir)
            status = write_outputs(&r, &g, o, &rt, setup, limit_s);
    }
    for (size_t i = 0; i < rt.n; i++)
        table_free(&rt.tables[i]);
    groups_free(&g);
    metadata_free(&m);
    free(setup);
    results_free(&r);
    return !status && o->check_agreement && conflicts ? ORDO_EXIT_FINDING : status;
}

int ordo_cmd_report(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage_text, stdout);
        return ORDO_EXIT_OK;
    }
    report_options o = { 0 };
    int status = parse_options(argc, argv, &o);
    if (!status && o.html) {
        const html_options h = { o.inputs, o.n_inputs, o.out_dir, table_options(&o), o.scoring };
        status = html_report(&h);
    } else if (!status) {
        status = report(&o);
    }
    free(o.inputs);
    free(o.scatters);
    free(o.bars);
    return status;
}
