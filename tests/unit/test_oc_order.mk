test_oc_order_SRCS := engines/oc/events.c engines/oc/po.c engines/oc/graph.c \
  engines/oc/clauses.c engines/oc/finder.c engines/oc/prp.c engines/oc/rows.c
