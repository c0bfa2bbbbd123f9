/* What `ordo verify` and `ordo bench` both set up: the plugins found and
 * the corpus location. */
#ifndef ORDO_HARNESS_CONTEXT_H
#define ORDO_HARNESS_CONTEXT_H

#include <ordo/host.h>

/* Discovers the plugins; each refused one is reported on stderr. */
void context_load_plugins(ordo_plugin_set *set);

/* The corpus folder: --corpus (cli), else the config's `corpus:` (relative
 * to the config's folder), else $ORDO_CORPUS, else ../shared/sv-benchmarks
 * relative to the repository root. */
char *context_corpus(const char *cli, const char *config_value, const char *config_dir,
                     const char *repo);

#define ORDO_DEFAULT_CORPUS "../shared/sv-benchmarks"

#endif
