/*
 * Figures drawn by gnuplot run as a child process: a figure NAME is
 * written as OUT/NAME.png (pngcairo) and OUT/NAME.svg from the script
 * OUT/src/NAME.gp and its data OUT/src/NAME.dat, which stay next to the
 * figure so that an author can restyle it (cd OUT/src && gnuplot NAME.gp).
 */
#ifndef ORDO_ANALYSIS_GNUPLOT_H
#define ORDO_ANALYSIS_GNUPLOT_H

#include <stdio.h>

typedef struct {
    char *src_dir;   /* OUT/src */
    char *name;
    FILE *data;      /* NAME.dat: blocks separated by two blank lines (gnuplot `index`) */
    FILE *body;      /* the settings and plot command, written by the caller */
    char *body_text;
    size_t body_len;
} figure;

/* Creates OUT/src and opens the figure's data and body. Returns 0, or
 * ORDO_EXIT_INPUT with one line printed when the directory or files
 * cannot be created. */
int figure_open(figure *f, const char *out_dir, const char *name);

/* Writes S as a gnuplot single-quoted string (quotes doubled). */
void figure_quote(FILE *out, const char *s);

/* Writes the body's first lines: "  set title 'TITLE'" and, for each of
 * XLABEL and YLABEL that is not NULL, "set xlabel" or "set ylabel" with it
 * (all quoted), without a newline after the last (the body goes on with
 * "\n  set ..."). */
void figure_titles(figure *f, const char *title, const char *xlabel, const char *ylabel);

/* Ends a data block (the next block has the next `index`). */
void figure_end_block(figure *f);

/* Writes the script (PNG and SVG terminals around the body), runs
 * gnuplot on it and frees F. Returns 0, or ORDO_EXIT_USAGE with one line
 * printed when gnuplot is missing or fails (its messages are in
 * OUT/src/NAME.log). */
int figure_render(figure *f);

/* The greatest power of ten <= X (X > 0), and the least >= X. */
double figure_decade_below(double x);
double figure_decade_above(double x);

/* The lower end of a log axis whose least value is X (X > 0): the decade
 * below X, or lower when X is within a factor 1.5 of it, so that a point
 * at X is not drawn on the axis, half hidden. */
double figure_log_axis_bottom(double x);

#endif
