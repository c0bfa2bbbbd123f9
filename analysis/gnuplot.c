/* Running gnuplot on a generated script (gnuplot.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "../common/exit_status.h"
#include "gnuplot.h"
#include "outdir.h"

int figure_open(figure *f, const char *out_dir, const char *name)
{
    memset(f, 0, sizeof *f);
    f->src_dir = xasprintf("%s/src", out_dir);
    f->name = xstrdup(name);
    if (make_output_dir(f->src_dir))
        goto fail;
    char *data_path = xasprintf("%s/%s.dat", f->src_dir, name);
    f->data = fopen(data_path, "w");
    if (!f->data)
        fprintf(stderr, "ordo: cannot write %s: %s\n", data_path, strerror(errno));
    free(data_path);
    if (!f->data)
        goto fail;
    fprintf(f->data, "# data of %s.gp, written by ordo\n", name);
    f->body = open_memstream(&f->body_text, &f->body_len);
    return 0;
fail:
    free(f->src_dir);
    free(f->name);
    memset(f, 0, sizeof *f);
    return ORDO_EXIT_INPUT;
}

void figure_quote(FILE *out, const char *s)
{
    putc('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            putc('\'', out);
        putc(*s, out);
    }
    putc('\'', out);
}

void figure_titles(figure *f, const char *title, const char *xlabel, const char *ylabel)
{
    fputs("  set title ", f->body);
    figure_quote(f->body, title);
    if (xlabel) {
        fputs("\n  set xlabel ", f->body);
        figure_quote(f->body, xlabel);
    }
    if (ylabel) {
        fputs("\n  set ylabel ", f->body);
        figure_quote(f->body, ylabel);
    }
}

/* A block is never empty: gnuplot merges the separators of an empty block
 * with the next ones and would shift every later `index`. The NaN point
 * is not drawn. */
void figure_end_block(figure *f)
{
    fputs("NaN NaN\n\n\n", f->data);
}

/* The whole script: the body once per output format, each time from
 * gnuplot's defaults (`reset`: no setting of the PNG pass carries over
 * into the SVG). Text is not "enhanced" so that names like oc.rf_pairs
 * print as they are. */
static int write_script(figure *f, const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "ordo: cannot write %s: %s\n", path, strerror(errno));
        return ORDO_EXIT_INPUT;
    }
    fprintf(out,
            "# %s: written by ordo; rerun in this directory with: gnuplot %s.gp\n"
            "data = '%s.dat'\n"
            "do for [fmt in 'png svg'] {\n"
            "  reset\n"
            "  if (fmt eq 'png') {\n"
            "    set terminal pngcairo size 1000,680 font 'Sans,11' noenhanced\n"
            "  } else {\n"
            "    set terminal svg size 1000,680 font 'Sans,11' noenhanced background '#ffffff'\n"
            "  }\n"
            "  set output '../%s.'.fmt\n"
            "%s"
            "  unset output\n"
            "}\n",
            f->name, f->name, f->name, f->name, f->body_text);
    return fclose(out) ? ORDO_EXIT_INPUT : 0;
}

/* Runs `gnuplot NAME.gp` in the source directory, output to NAME.log. */
static int run_gnuplot(const figure *f)
{
    char *script = xasprintf("%s.gp", f->name);
    char *log = xasprintf("%s.log", f->name);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = chdir(f->src_dir) ? -1 : open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            execlp("gnuplot", "gnuplot", script, (char *)NULL);
        }
        _exit(127);
    }
    int status = -1;
    if (pid > 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    free(script);
    free(log);
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127)
        fprintf(stderr, "ordo: gnuplot not found (Debian: apt-get install gnuplot-nox, or make deps)\n");
    else
        fprintf(stderr, "ordo: gnuplot failed on %s/%s.gp (see %s/%s.log)\n", f->src_dir, f->name, f->src_dir,
                f->name);
    return ORDO_EXIT_USAGE;
}

int figure_render(figure *f)
{
    fclose(f->body);
    int status = fclose(f->data) ? ORDO_EXIT_INPUT : 0;
    char *path = xasprintf("%s/%s.gp", f->src_dir, f->name);
    if (!status)
        status = write_script(f, path);
    if (!status)
        status = run_gnuplot(f);
    free(path);
    free(f->body_text);
    free(f->src_dir);
    free(f->name);
    memset(f, 0, sizeof *f);
    return status;
}

double figure_decade_below(double x)
{
    return pow(10, floor(log10(x) + 1e-9));
}

double figure_decade_above(double x)
{
    return pow(10, ceil(log10(x) - 1e-9));
}

double figure_log_axis_bottom(double x)
{
    return fmin(figure_decade_below(x), x / 1.5);
}
