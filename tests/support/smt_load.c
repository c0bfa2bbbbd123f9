/* Test and benchmark support: loading a solver plugin, see smt_load.h. */
#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ordo/plugin.h>

#include "smt_load.h"

/* Under LeakSanitizer: libcln (cvc5's number library) keeps 26 bytes for
 * good the first time it is used, however often after (checked with 1 and
 * 50 solvers, and 10,000 soak cycles); not a leak of ordo's. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libcln.so\n";
}

bool smt_load_plugin(const char *name, ordo_solver_factory *f)
{
    char exe[PATH_MAX], path[PATH_MAX + 64];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len < 0) {
        perror("/proc/self/exe");
        exit(2);
    }
    exe[len] = '\0';
    snprintf(path, sizeof path, "%s/../lib/ordo/%s.so", dirname(exe), name);
    if (access(path, F_OK) != 0)
        return false;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ordo_plugin_entry_fn entry = handle ? (ordo_plugin_entry_fn)dlsym(handle, ORDO_PLUGIN_ENTRY)
                                        : NULL;
    const ordo_plugin *p = entry ? entry() : NULL;
    if (!p || p->abi_version != ORDO_ABI_VERSION || p->kind != ORDO_PLUGIN_SOLVER ||
        !p->solver) {
        fprintf(stderr, "%s: not a solver plugin of ABI %d (%s)\n", path, ORDO_ABI_VERSION,
                handle ? "bad descriptor" : dlerror());
        exit(2);
    }
    /* The handle stays open for the process' lifetime: instances use it. */
    *f = (ordo_solver_factory){ p->name, p->version, p->solver, NULL };
    return true;
}
