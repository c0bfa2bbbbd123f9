/* JSON and HTML text escaping for the HTML report (html_json.h). */
#include <math.h>

#include "html_json.h"

void json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\t': fputs("\\t", out); break;
        case '<': case '>': case '&': fprintf(out, "\\u%04x", *p); break;
        default:
            if (*p < 0x20)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

void json_number(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, "%.10g", v);
    else
        fputs("null", out);
}

static void json_bools(FILE *out, const bool *values, size_t n)
{
    fputc('[', out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s%d", i ? "," : "", values[i] ? 1 : 0);
    fputc(']', out);
}

void json_table(FILE *out, const table *t)
{
    fputs("{\"caption\":", out);
    json_string(out, t->caption);
    fputs(",\"header\":[", out);
    for (size_t c = 0; c < t->n_cols; c++) {
        fputs(c ? "," : "", out);
        json_string(out, t->header[c]);
    }
    fputs("],\"right\":", out);
    json_bools(out, t->right, t->n_cols);
    fputs(",\"rows\":[", out);
    for (size_t r = 0; r < t->n_rows; r++) {
        fputs(r ? ",[" : "[", out);
        for (size_t c = 0; c < t->n_cols; c++) {
            fputs(c ? "," : "", out);
            json_string(out, table_get(t, r, c));
        }
        fputc(']', out);
    }
    fputs("],\"groups\":", out);
    json_bools(out, t->group_start, t->n_rows);
    fputc('}', out);
}

void html_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
    }
}
