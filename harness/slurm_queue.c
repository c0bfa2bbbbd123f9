/* SLURM's client commands (slurm_queue.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ordo/xalloc.h>

#include "slurm_queue.h"

char *slurm_command(char *const argv[], int *status)
{
    int fds[2];
    if (pipe(fds) != 0)
        abort();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        abort();
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        dup2(fds[1], STDERR_FILENO);
        close(fds[0]);
        close(fds[1]);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s\n", argv[0]);
        _exit(127);
    }
    close(fds[1]);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        fwrite(buf, 1, (size_t)n, mem);
    fclose(mem);
    close(fds[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        ;
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return text;
}

char *slurm_version(void)
{
    int st;
    char *text = slurm_command((char *[]){ "sbatch", "--version", NULL }, &st);
    char *space = strrchr(text, ' ');
    char *version = st == 0 && space ? xstrdup(space + 1) : NULL;
    if (version)
        version[strcspn(version, "\n")] = '\0';
    free(text);
    return version;
}

long slurm_max_array_size(void)
{
    int st;
    char *text = slurm_command((char *[]){ "scontrol", "show", "config", NULL }, &st);
    char *at = strstr(text, "\nMaxArraySize");
    long n = at && strchr(at, '=') ? atol(strchr(at, '=') + 1) : 0;
    free(text);
    return n > 0 ? n : 1001; /* SLURM's default */
}

/* Job states after which an element no longer runs (squeue --help). */
static bool finished_state(const char *s)
{
    static const char *const states[] = { "COMPLETED", "CANCELLED", "FAILED", "TIMEOUT",
                                          "OUT_OF_MEMORY", "NODE_FAIL", "PREEMPTED",
                                          "BOOT_FAIL", "DEADLINE", NULL };
    for (size_t i = 0; states[i]; i++)
        if (!strcmp(s, states[i]))
            return true;
    return false;
}

int slurm_job_queued(const char *id)
{
    int st;
    char *text = slurm_command((char *[]){ "squeue", "-h", "-j", (char *)id, "-o", "%T", NULL },
                               &st);
    int queued = 0;
    if (st != 0)
        /* A job SLURM has forgotten (MinJobAge) is an invalid id. */
        queued = strstr(text, "Invalid job id") ? 0 : -1;
    char *save = NULL;
    for (char *s = st == 0 ? strtok_r(text, "\n", &save) : NULL; s; s = strtok_r(NULL, "\n", &save))
        queued = queued || !finished_state(s);
    free(text);
    return queued;
}
