/* RFC 4180 CSV reading and field writing (csv.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include <ordo/csv.h>

void csv_reader_init(csv_reader *r, FILE *in, const char *name)
{
    memset(r, 0, sizeof *r);
    r->in = in;
    r->name = name;
    r->line = 1;
}

void csv_reader_free(csv_reader *r)
{
    free(r->buf);
    free(r->starts);
    free(r->fields);
    memset(r, 0, sizeof *r);
}

static void put_char(csv_reader *r, char c)
{
    XGROW(r->buf, r->len, r->cap);
    r->buf[r->len++] = c;
}

static void start_field(csv_reader *r)
{
    XGROW(r->starts, r->n_fields, r->cap_fields);
    r->starts[r->n_fields++] = r->len;
}

static int fail(csv_reader *r, unsigned line, const char *what)
{
    r->error_line = line;
    snprintf(r->error, sizeof r->error, "%s", what);
    return -1;
}

/* Reads a quoted field's body after its opening quote, up to and including
 * the closing quote. */
static int read_quoted(csv_reader *r)
{
    unsigned opened = r->line;
    for (;;) {
        int c = getc(r->in);
        if (c == EOF)
            return fail(r, opened, "unterminated quoted field");
        if (c == '\n')
            r->line++;
        if (c != '"') {
            put_char(r, (char)c);
            continue;
        }
        c = getc(r->in);
        if (c == '"') {
            put_char(r, '"');
            continue;
        }
        if (c != EOF)
            ungetc(c, r->in);
        return 0;
    }
}

/* Turns the offsets of the fields in buf into pointers. */
static void finish_record(csv_reader *r)
{
    r->fields = xrealloc(r->fields, (r->n_fields ? r->n_fields : 1) * sizeof *r->fields);
    for (size_t i = 0; i < r->n_fields; i++)
        r->fields[i] = r->buf + r->starts[i];
}

int csv_read(csv_reader *r)
{
    r->len = 0;
    r->n_fields = 0;
    r->record_line = r->line;
    int c = getc(r->in);
    while (c == '\n' || c == '\r') { /* blank lines */
        if (c == '\n')
            r->record_line = ++r->line;
        c = getc(r->in);
    }
    if (c == EOF)
        return 0;
    ungetc(c, r->in);
    start_field(r);
    bool field_quoted = false, after_quote = false;
    for (;;) {
        c = getc(r->in);
        if (c == '\r') { /* CRLF ends a record; a lone CR is data */
            int next = getc(r->in);
            if (next == '\n' || next == EOF)
                c = next;
            else
                ungetc(next, r->in);
        }
        if (c == EOF || c == '\n') {
            if (c == '\n')
                r->line++;
            put_char(r, '\0');
            break;
        }
        if (c == ',') {
            put_char(r, '\0');
            start_field(r);
            field_quoted = after_quote = false;
        } else if (after_quote) {
            return fail(r, r->line, "character after a closing quote (a quoted field must end at ',' or the line end)");
        } else if (c == '"' && r->len == r->starts[r->n_fields - 1] && !field_quoted) {
            if (read_quoted(r) < 0)
                return -1;
            field_quoted = after_quote = true;
        } else if (c == '"') {
            return fail(r, r->line, "quote inside an unquoted field");
        } else {
            put_char(r, (char)c);
        }
    }
    finish_record(r);
    return 1;
}

void csv_write_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    putc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', out);
        putc(*s, out);
    }
    putc('"', out);
}
