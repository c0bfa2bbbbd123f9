/*
 * JSON values written for the HTML report's data block. The text is safe
 * inside a <script type="application/json"> element: '<', '>' and '&' are
 * written as \u escapes, so no task name can close the element.
 */
#ifndef ORDO_ANALYSIS_HTML_JSON_H
#define ORDO_ANALYSIS_HTML_JSON_H

#include <stdio.h>

#include "table.h"

/* A string (NULL: null). */
void json_string(FILE *out, const char *s);
/* A number; NAN and infinities: null. */
void json_number(FILE *out, double v);
/* A table: {"caption", "header", "right", "rows", "groups"}. */
void json_table(FILE *out, const table *t);

/* Text for HTML element content or attribute values: &, <, >, " and '
 * escaped. */
void html_text(FILE *out, const char *s);

#endif
