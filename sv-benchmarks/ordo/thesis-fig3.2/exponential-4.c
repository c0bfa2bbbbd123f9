// ordo's own task: the thesis' Figure 3.2 program for N = 4 (exponential.h).
#define N 4
#include "exponential.h"
