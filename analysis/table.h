/*
 * A table of text cells and its renderings: Markdown (GitHub pipes),
 * LaTeX (booktabs: \toprule, \midrule between row groups, \bottomrule)
 * and CSV (RFC 4180).
 */
#ifndef ORDO_ANALYSIS_TABLE_H
#define ORDO_ANALYSIS_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { TABLE_MD, TABLE_TEX, TABLE_CSV } table_format;

typedef struct {
    char *caption;
    char **header;        /* n_cols */
    bool *right;          /* per column: right-aligned (numbers) */
    size_t n_cols;
    char **cells;         /* n_rows x n_cols */
    bool *group_start;    /* per row: a new row group starts here */
    size_t n_rows, cap_rows;
} table;

void table_init(table *t, const char *caption, size_t n_cols);
void table_free(table *t);
/* Sets column COL's header and alignment. */
void table_column(table *t, size_t col, const char *header, bool right);
/* Appends an empty row and returns its index; GROUP_START draws a rule
 * before it in LaTeX. */
size_t table_add_row(table *t, bool group_start);
/* Sets a cell (the text is copied). */
void table_set(table *t, size_t row, size_t col, const char *text);
void table_setf(table *t, size_t row, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *table_get(const table *t, size_t row, size_t col);

void table_write(const table *t, table_format format, FILE *out);

/* Writes DIR/NAME.md, .tex and .csv. Returns 0, or ORDO_EXIT_INPUT with
 * one line printed when a file cannot be written. */
int table_write_files(const table *t, const char *dir, const char *name);

/* "md", "tex" or "csv"; returns -1 for anything else. */
int table_format_parse(const char *name, table_format *out);
/* The file name extension of a format. */
const char *table_format_ext(table_format format);

#endif
