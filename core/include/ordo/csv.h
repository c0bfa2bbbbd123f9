/*
 * CSV files as RFC 4180 defines them: comma-separated fields, a field may be
 * quoted with '"' (then it may hold commas, line breaks and "" for a quote),
 * records end with CRLF or LF. The reader keeps the line number where each
 * record starts so that errors can name FILE:LINE.
 */
#ifndef ORDO_CSV_H
#define ORDO_CSV_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *in;
    const char *name;     /* file name, for messages */
    unsigned line;        /* current line (1-based) */
    unsigned record_line; /* line where the last record started */
    char *buf;            /* the last record's fields, NUL-separated */
    size_t len, cap;
    size_t *starts;       /* offset of each field in buf */
    size_t n_fields, cap_fields;
    char **fields;        /* pointers into buf, valid until the next read */
    char error[160];      /* what went wrong when csv_read returned -1 */
    unsigned error_line;  /* and where (an unterminated quote: where it opened) */
} csv_reader;

/* Short names in the tree; exported with the ordo_ prefix. */
#define csv_reader_init ordo_csv_reader_init
#define csv_reader_free ordo_csv_reader_free
#define csv_read ordo_csv_read
#define csv_write_field ordo_csv_write_field

void csv_reader_init(csv_reader *r, FILE *in, const char *name);
void csv_reader_free(csv_reader *r);

/* Reads the next record into r->fields / r->n_fields. Blank lines are
 * skipped. Returns 1 on a record, 0 at end of input, -1 on malformed input
 * (r->error says what, r->error_line where). */
int csv_read(csv_reader *r);

/* Writes S as one CSV field, quoted when it holds a comma, quote or line
 * break. */
void csv_write_field(FILE *out, const char *s);

#endif
