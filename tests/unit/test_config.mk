test_config_SRCS := harness/config.c harness/run_config.c common/yaml_doc.c common/scoring.c
test_config_LIBS := -lyaml
