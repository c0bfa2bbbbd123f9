/* Tables of text cells rendered as Markdown, LaTeX booktabs or CSV
 * (table.h). */
#define _GNU_SOURCE /* vasprintf */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include <ordo/csv.h>
#include "table.h"

void table_init(table *t, const char *caption, size_t n_cols)
{
    memset(t, 0, sizeof *t);
    t->caption = xstrdup(caption);
    t->n_cols = n_cols;
    t->header = xcalloc(n_cols, sizeof *t->header);
    t->right = xcalloc(n_cols, sizeof *t->right);
}

void table_free(table *t)
{
    for (size_t c = 0; c < t->n_cols; c++)
        free(t->header[c]);
    for (size_t i = 0; i < t->n_rows * t->n_cols; i++)
        free(t->cells[i]);
    free(t->caption);
    free(t->header);
    free(t->right);
    free(t->cells);
    free(t->group_start);
    memset(t, 0, sizeof *t);
}

void table_column(table *t, size_t col, const char *header, bool right)
{
    free(t->header[col]);
    t->header[col] = xstrdup(header);
    t->right[col] = right;
}

size_t table_add_row(table *t, bool group_start)
{
    if (t->n_rows == t->cap_rows) {
        t->cap_rows = t->cap_rows ? 2 * t->cap_rows : 8;
        t->cells = xrealloc(t->cells, t->cap_rows * t->n_cols * sizeof *t->cells);
        t->group_start = xrealloc(t->group_start, t->cap_rows * sizeof *t->group_start);
    }
    for (size_t c = 0; c < t->n_cols; c++)
        t->cells[t->n_rows * t->n_cols + c] = NULL;
    t->group_start[t->n_rows] = group_start;
    return t->n_rows++;
}

void table_set(table *t, size_t row, size_t col, const char *text)
{
    char **cell = &t->cells[row * t->n_cols + col];
    free(*cell);
    *cell = xstrdup(text);
}

void table_setf(table *t, size_t row, size_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text;
    if (vasprintf(&text, fmt, ap) < 0)
        text = NULL;
    va_end(ap);
    table_set(t, row, col, text ? text : "");
    free(text);
}

const char *table_get(const table *t, size_t row, size_t col)
{
    const char *s = t->cells[row * t->n_cols + col];
    return s ? s : "";
}

/* Markdown: '|' inside a cell is escaped. */
static void md_cell(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            putc('\\', out);
        putc(*s, out);
    }
}

static void write_md(const table *t, FILE *out)
{
    fprintf(out, "%s\n\n|", t->caption);
    for (size_t c = 0; c < t->n_cols; c++) {
        putc(' ', out);
        md_cell(out, t->header[c] ? t->header[c] : "");
        fputs(" |", out);
    }
    fputs("\n|", out);
    for (size_t c = 0; c < t->n_cols; c++)
        fputs(t->right[c] ? " ---: |" : " :--- |", out);
    putc('\n', out);
    for (size_t r = 0; r < t->n_rows; r++) {
        putc('|', out);
        for (size_t c = 0; c < t->n_cols; c++) {
            putc(' ', out);
            md_cell(out, table_get(t, r, c));
            fputs(" |", out);
        }
        putc('\n', out);
    }
}

/* LaTeX: the ten special characters are escaped. */
static void tex_cell(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
            fprintf(out, "\\%c", *s);
            break;
        case '~': fputs("\\textasciitilde{}", out); break;
        case '^': fputs("\\textasciicircum{}", out); break;
        case '\\': fputs("\\textbackslash{}", out); break;
        default: putc(*s, out);
        }
    }
}

static void tex_row(FILE *out, const table *t, const char *const *cells)
{
    for (size_t c = 0; c < t->n_cols; c++) {
        if (c)
            fputs(" & ", out);
        tex_cell(out, cells[c] ? cells[c] : "");
    }
    fputs(" \\\\\n", out);
}

static void write_tex(const table *t, FILE *out)
{
    fputs("% needs \\usepackage{booktabs}\n\\begin{table}\n\\centering\n\\caption{", out);
    tex_cell(out, t->caption);
    fputs("}\n\\begin{tabular}{", out);
    for (size_t c = 0; c < t->n_cols; c++)
        putc(t->right[c] ? 'r' : 'l', out);
    fputs("}\n\\toprule\n", out);
    tex_row(out, t, (const char *const *)t->header);
    fputs("\\midrule\n", out);
    for (size_t r = 0; r < t->n_rows; r++) {
        if (r && t->group_start[r])
            fputs("\\midrule\n", out);
        tex_row(out, t, (const char *const *)&t->cells[r * t->n_cols]);
    }
    fputs("\\bottomrule\n\\end{tabular}\n\\end{table}\n", out);
}

static void csv_row(FILE *out, const table *t, char *const *cells)
{
    for (size_t c = 0; c < t->n_cols; c++) {
        if (c)
            putc(',', out);
        csv_write_field(out, cells[c] ? cells[c] : "");
    }
    putc('\n', out);
}

static void write_csv(const table *t, FILE *out)
{
    csv_row(out, t, t->header);
    for (size_t r = 0; r < t->n_rows; r++)
        csv_row(out, t, &t->cells[r * t->n_cols]);
}

void table_write(const table *t, table_format format, FILE *out)
{
    switch (format) {
    case TABLE_MD: write_md(t, out); break;
    case TABLE_TEX: write_tex(t, out); break;
    case TABLE_CSV: write_csv(t, out); break;
    }
}

static const char *const format_names[] = { "md", "tex", "csv" };

int table_write_files(const table *t, const char *dir, const char *name)
{
    for (int f = TABLE_MD; f <= TABLE_CSV; f++) {
        char *path = xasprintf("%s/%s.%s", dir, name, format_names[f]);
        FILE *out = fopen(path, "w");
        if (out) {
            table_write(t, (table_format)f, out);
            if (fclose(out))
                out = NULL;
        }
        if (!out)
            fprintf(stderr, "ordo: cannot write %s: %s\n", path, strerror(errno));
        free(path);
        if (!out)
            return ORDO_EXIT_INPUT;
    }
    return 0;
}

int table_format_parse(const char *name, table_format *out)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, format_names[i])) {
            *out = (table_format)i;
            return 0;
        }
    return -1;
}

const char *table_format_ext(table_format format)
{
    return format_names[format];
}
