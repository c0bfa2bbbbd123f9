// ordo's own task: the thesis' Figure 3.2 program for N = 8 (exponential.h).
#define N 8
#include "exponential.h"
