/* The HTML report's cross-check (html_cross_check.h). */
#include "agreement_table.h"
#include "html_cross_check.h"
#include "html_json.h"

/* The lists, strongest disagreement first, and their kinds in the data. */
static const agreement listed[] = { AGREE_CONFLICT, AGREE_BOUNDED_VIOLATION, AGREE_PROOF_BOUNDED,
                                    AGREE_SAME };
static const char *const listed_kinds[] = { "conflict", "bounded-violation", "proof-bounded", "agree" };
#define N_LISTED (sizeof listed / sizeof *listed)

void html_cross_check_write(FILE *out, const run_grid *g)
{
    if (g->n_configs < 2) {
        fputs("null", out);
        return;
    }
    cross_check c;
    cross_check_build(g, &c);
    table tables[1 + N_LISTED];
    const char *kinds[1 + N_LISTED] = { "counts" };
    size_t n = 1;
    cross_check_counts_table(g, &c, &tables[0]);
    for (size_t i = 0; i < N_LISTED; i++)
        if (cross_check_list_table(g, &c, listed[i], &tables[n]))
            kinds[n++] = listed_kinds[i];
    fputs("{\"tables\":[", out);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? "," : "", out);
        json_table(out, &tables[i]);
        table_free(&tables[i]);
    }
    fputs("],\"kinds\":[", out);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? "," : "", out);
        json_string(out, kinds[i]);
    }
    fputs("]}", out);
    cross_check_free(&c);
}
