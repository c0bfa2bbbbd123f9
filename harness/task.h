/* Verification tasks (SV-COMP task definition format 2.0) and task lists
 * built from set files, globs and name filters. */
#ifndef ORDO_HARNESS_TASK_H
#define ORDO_HARNESS_TASK_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/scoring.h" /* EXPECT_* */

typedef struct {
    char *path;     /* the .yml file (or the program itself for `verify x.c`) */
    char *name;     /* relative to the corpus or repository root, see task_name() */
    char *program;  /* the input file */
    int expected;   /* EXPECT_* (scoring.h) for unreach-call */
    int data_model; /* ordo_data_model */
} task;

typedef enum { TASK_OK, TASK_MALFORMED, TASK_NO_PROPERTY } task_load_status;

/* Reads a .yml task. TASK_MALFORMED sets *err ("FILE:LINE: WHAT");
 * TASK_NO_PROPERTY: the task has no unreach-call verdict (skipped). */
task_load_status task_load(task *t, const char *yml, const char *name, char **err);
void task_free(task *t);

/* Where task names are relative to: the corpus's C task root (the folder
 * `c/` of an SV-COMP checkout when present, else the corpus itself), else
 * the repository root, else the path as given. */
typedef struct {
    char *corpus;   /* absolute C task root of the corpus (may be NULL) */
    char *repo;     /* absolute repository root (may be NULL) */
} task_roots;

void task_roots_init(task_roots *r, const char *corpus_dir, const char *repo_dir);
void task_roots_free(task_roots *r);
char *task_name(const task_roots *r, const char *path);

typedef struct {
    size_t n, cap;
    task *tasks;
    size_t n_skipped;         /* no unreach-call verdict */
    size_t n_errors, cap_errors;
    char **errors;            /* malformed or missing task files */
} task_list;

/* Adds the tasks one config entry selects: a set file (*.set: one glob per
 * line, relative to the set file, `#` comments), else a glob of .yml files.
 * Relative entries are relative to base_dir; `$CORPUS/` means the corpus
 * root. Returns false with *err when a set file cannot be read. */
bool task_list_add(task_list *l, const task_roots *r, const char *entry, const char *base_dir,
                   char **err);
/* Sorts by name, drops duplicates, keeps names matching include (if any)
 * and not matching exclude (if any). Returns false with *err on a bad regex. */
bool task_list_finish(task_list *l, const char *include, const char *exclude, char **err);
void task_list_free(task_list *l);

#endif
