// ordo's own task: the thesis' Figure 3.2 program for N = 32 (exponential.h).
#define N 32
#include "exponential.h"
