// ordo's own task: the thesis' Figure 3.2 program for N = 128 (exponential.h).
#define N 128
#include "exponential.h"
