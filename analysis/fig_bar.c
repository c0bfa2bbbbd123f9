/* Bar chart of one value per configuration (figures.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "gnuplot.h"
#include "figures.h"

/* The unit of a value, from its name's suffix (DESIGN.md "Statistics"). */
static const char *unit_of(const char *name)
{
    size_t n = strlen(name);
    if (n > 2 && !strcmp(name + n - 2, "_s"))
        return "s";
    if (n > 3 && !strcmp(name + n - 3, "_mb"))
        return "MB";
    if (n > 6 && !strcmp(name + n - 6, "_ratio"))
        return "ratio";
    return "count";
}

/* The bar of CONFIG, NAN when it has no value. */
static double bar_value(const results *r, const config_groups *g, unsigned config, const char *value, int stat)
{
    config_summary s;
    if (!strcmp(value, "solved") || !strcmp(value, "score")) {
        summarize_config(r, config, &s);
        return !strcmp(value, "solved") ? s.solved : (double)s.score;
    }
    return summary_aggregate(r, config, g->groups[g->group_of[config]].common, stat, AGG_AVG);
}

static void write_body(figure *f, const char *value, bool negative, scoring_policy scoring)
{
    bool solved = !strcmp(value, "solved"), score = !strcmp(value, "score");
    const char *policy = scoring_name(scoring);
    char *title = solved  ? xasprintf("Solved tasks (correct answers, scoring %s) per configuration", policy)
                  : score ? xasprintf("Score per configuration (scoring %s)", policy)
                          : xasprintf("Average %s per task over the common set of each family", value);
    char *ylabel = solved  ? xstrdup("solved tasks")
                   : score ? xasprintf("score, %s (points)", policy)
                           : xasprintf("average %s (%s)", value, unit_of(value));
    figure_titles(f, title, NULL, ylabel);
    /* each value labelled above its bar, below it when negative */
    fprintf(f->body,
            "\n  set xlabel 'configuration'\n  set style fill solid 0.75 border -1\n  set boxwidth 0.6\n"
            "  set yrange [*<0:0<*]\n  set offsets 0.5, 0.5, graph 0.1, %s\n  set xtics rotate by -25 noenhanced\n"
            "  set grid ytics\n  unset key\n"
            "  plot data using 0:2:xtic(1) with boxes lc rgb '#4a7ebb', \\\n"
            "    '' using 0:($2 >= 0 ? $2 : NaN):(sprintf('%%.3g', $2)) with labels offset 0,0.8, \\\n"
            "    '' using 0:($2 < 0 ? $2 : NaN):(sprintf('%%.3g', $2)) with labels offset 0,-0.8\n",
            negative ? "graph 0.1" : "0");
    free(title);
    free(ylabel);
}

int figure_bar(const results *r, const config_groups *g, const char *out_dir, const char *value)
{
    bool counted = !strcmp(value, "solved") || !strcmp(value, "score");
    int stat = counted ? 0 : results_value_index(r, value);
    if (stat == RESULTS_NO_VALUE) {
        fprintf(stderr, "ordo: unknown column '%s' for --bar (solved, score, cputime_s, walltime_s, memory_mb or a statistic)\n",
                value);
        return ORDO_EXIT_USAGE;
    }
    char *name = xasprintf("bar-%s", value);
    figure f;
    int status = figure_open(&f, out_dir, name);
    free(name);
    if (status)
        return status;
    bool negative = false;
    for (size_t c = 0; c < r->n_configs; c++) {
        double v = bar_value(r, g, (unsigned)c, value, stat);
        negative |= v < 0;
        fputc('"', f.data); /* gnuplot data strings are double-quoted */
        for (const char *p = r->configs[c]; *p; p++)
            fputc(*p == '"' ? '\'' : *p, f.data);
        fprintf(f.data, isnan(v) ? "\" NaN\n" : "\" %.6g\n", v);
    }
    write_body(&f, value, negative, r->scoring);
    return figure_render(&f);
}
