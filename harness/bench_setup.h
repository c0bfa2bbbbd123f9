/* What `ordo bench`, its SLURM elements and `ordo collect` set up alike:
 * the output folders, the task list, the statistic columns and the log of
 * a (task, run) pair. */
#ifndef ORDO_HARNESS_BENCH_SETUP_H
#define ORDO_HARNESS_BENCH_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "task.h"

/* mkdir -p. */
bool make_dirs(const char *path);
/* The statistic columns: every statistic the runs' engines and solvers
 * declare, in the order of the runs. */
char **stat_columns(const bench_config *c, size_t *n);
/* The config's tasks (with --corpus, --include and --exclude, each NULL
 * when not given); *corpus is the corpus folder used. Problems go to stderr
 * as "ordo CMD: ...". */
bool load_tasks(const char *cmd, const bench_config *c, const char *corpus_arg,
                const char *include, const char *exclude, task_list *tasks, char **corpus);
/* DIR/logs/<run>/<task path with / replaced by __>.log (folder created). */
char *log_path(const char *out, const run_config *rc, const task *t);

#endif
