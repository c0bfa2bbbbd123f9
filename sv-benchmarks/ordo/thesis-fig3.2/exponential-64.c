// ordo's own task: the thesis' Figure 3.2 program for N = 64 (exponential.h).
#define N 64
#include "exponential.h"
