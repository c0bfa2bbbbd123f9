/* Reproduced numbers beside published ones (beside.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "beside.h"
#include <ordo/csv.h>

/* Reads the published table into PUB (header and rows as cells). */
static int read_published(const char *path, const table *ours, table *pub)
{
    table_init(pub, "", ours->n_cols);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ordo: %s: cannot read: %s\n", path, strerror(errno));
        return ORDO_EXIT_INPUT;
    }
    csv_reader in;
    csv_reader_init(&in, f, path);
    int status = 0, got = csv_read(&in);
    if (got <= 0 || in.n_fields != ours->n_cols) {
        fprintf(stderr, "ordo: %s:%u: %s\n", path, got < 0 ? in.error_line : 1,
                got < 0 ? in.error : "the header must have the columns of the reproduced table");
        status = ORDO_EXIT_INPUT;
    }
    for (size_t c = 0; !status && c < in.n_fields; c++)
        if (strcmp(in.fields[c], ours->header[c])) {
            fprintf(stderr, "ordo: %s:1: column %zu is '%s', the reproduced table has '%s'\n", path, c + 1,
                    in.fields[c], ours->header[c]);
            status = ORDO_EXIT_INPUT;
        }
    while (!status && (got = csv_read(&in)) > 0) {
        if (in.n_fields != ours->n_cols) {
            fprintf(stderr, "ordo: %s:%u: %zu fields, the header has %zu\n", path, in.record_line, in.n_fields,
                    ours->n_cols);
            status = ORDO_EXIT_INPUT;
            break;
        }
        size_t row = table_add_row(pub, false);
        for (size_t c = 0; c < in.n_fields; c++)
            table_set(pub, row, c, in.fields[c]);
    }
    if (got < 0 && !status) {
        fprintf(stderr, "ordo: %s:%u: %s\n", path, in.error_line, in.error);
        status = ORDO_EXIT_INPUT;
    }
    csv_reader_free(&in);
    fclose(f);
    return status;
}

static bool same_labels(const table *a, size_t ra, const table *b, size_t rb, size_t n_labels)
{
    for (size_t c = 0; c < n_labels; c++)
        if (strcmp(table_get(a, ra, c), table_get(b, rb, c)))
            return false;
    return true;
}

/* Appends one merged row: labels from SRC row, values from OURS / PUB
 * (either may be absent: "–"). */
static void merge_row(table *out, const table *src, size_t src_row, const table *ours, long our_row,
                      const table *pub, long pub_row, size_t n_labels)
{
    size_t row = table_add_row(out, false);
    for (size_t c = 0; c < n_labels; c++)
        table_set(out, row, c, table_get(src, src_row, c));
    for (size_t c = n_labels; c < ours->n_cols; c++) {
        size_t at = n_labels + 2 * (c - n_labels);
        table_set(out, row, at, our_row >= 0 ? table_get(ours, (size_t)our_row, c) : "–");
        table_set(out, row, at + 1, pub_row >= 0 ? table_get(pub, (size_t)pub_row, c) : "–");
    }
}

static void merge(const table *ours, const table *pub, size_t n_labels, const char *source, table *out)
{
    char *caption = xasprintf("%s, beside the %s' numbers", ours->caption, source);
    table_init(out, caption, n_labels + 2 * (ours->n_cols - n_labels));
    free(caption);
    for (size_t c = 0; c < ours->n_cols; c++) {
        if (c < n_labels) {
            table_column(out, c, ours->header[c], false);
            continue;
        }
        size_t at = n_labels + 2 * (c - n_labels);
        char *h = xasprintf("%s (ordo)", ours->header[c]);
        table_column(out, at, h, true);
        free(h);
        h = xasprintf("%s (%s)", ours->header[c], source);
        table_column(out, at + 1, h, true);
        free(h);
    }
    bool *used = xcalloc(pub->n_rows + 1, sizeof *used);
    for (size_t r = 0; r < ours->n_rows; r++) {
        long match = -1;
        for (size_t p = 0; p < pub->n_rows && match < 0; p++)
            if (!used[p] && same_labels(ours, r, pub, p, n_labels))
                match = (long)p;
        if (match >= 0)
            used[match] = true;
        merge_row(out, ours, r, ours, (long)r, pub, match, n_labels);
    }
    for (size_t p = 0; p < pub->n_rows; p++)
        if (!used[p])
            merge_row(out, pub, p, ours, -1, pub, (long)p, n_labels);
    free(used);
}

int beside_build(const table *ours, size_t n_labels, const char *csv_path, const char *source, table *out)
{
    table pub;
    int status = read_published(csv_path, ours, &pub);
    if (!status)
        merge(ours, &pub, n_labels, source, out);
    table_free(&pub);
    return status;
}
