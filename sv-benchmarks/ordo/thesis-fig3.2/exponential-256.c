// ordo's own task: the thesis' Figure 3.2 program for N = 256 (exponential.h).
#define N 256
#include "exponential.h"
