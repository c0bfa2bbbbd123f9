// ordo's own task: the thesis' Figure 3.2 program for N = 2 (exponential.h).
#define N 2
#include "exponential.h"
