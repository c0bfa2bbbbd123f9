// ordo's own task: the thesis' Figure 3.2 program for N = 1 (exponential.h).
#define N 1
#include "exponential.h"
