test_config_SRCS := harness/config.c harness/run_config.c harness/yaml_doc.c harness/scoring.c
test_config_LIBS := -lyaml
