test_slurm_part_SRCS := harness/slurm_part.c harness/bench_setup.c harness/results.c harness/scoring.c \
  harness/context.c harness/task.c harness/task_list.c harness/yaml_doc.c
test_slurm_part_LIBS := -lyaml -lpcre2-8
