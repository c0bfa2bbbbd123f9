test_slurm_part_SRCS := harness/slurm_part.c harness/bench_setup.c harness/results_file.c common/scoring.c common/results_format.c \
  harness/context.c harness/task.c harness/task_list.c common/yaml_doc.c
test_slurm_part_LIBS := -lyaml -lpcre2-8
