# The `oc` engine: partial-order BMC (thesis Chapter 5).
PLUGINS += oc
oc_SRCS := $(wildcard engines/oc/*.c)
oc_LIBS :=
