// The error is in inner.h, which this header includes.
#include "inner.h"

double use(const geo::Inner& i);
