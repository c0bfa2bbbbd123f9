// ordo's own task: the thesis' Figure 3.2 program for N = 16 (exponential.h).
#define N 16
#include "exponential.h"
