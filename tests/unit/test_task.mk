test_task_SRCS := harness/task.c harness/task_list.c common/yaml_doc.c
test_task_LIBS := -lyaml -lpcre2-8
