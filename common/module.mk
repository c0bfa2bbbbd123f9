# What the harness and the analysis share: exit statuses, the YAML loader,
# the results format (results.csv, metadata.yml) and scoring. Nothing here
# includes harness/ or analysis/.
ORDO_SRCS += $(wildcard common/*.c)
