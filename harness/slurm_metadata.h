/* The `slurm:` section of OUT/metadata.yml (slurm.h): SLURM's version,
 * the config's hash (checked on --resume), the submitted arrays, the
 * nodes that ran rows and how each element enforced the limits. */
#ifndef ORDO_HARNESS_SLURM_METADATA_H
#define ORDO_HARNESS_SLURM_METADATA_H

#include "slurm_merge.h"
#include "slurm_state.h"

/* Replaces the section (always the last of the file) by the current one. */
bool slurm_metadata_write(const char *out, const slurm_setup *s, const slurm_jobs *j,
                          const slurm_merged *m);

#endif
