#include <nanobind/nanobind.h>
#include <nanobind/stl/function.h>

#include "callbacks.h"

NB_MODULE(cbench_nanobind, m) {
  m.def("sum_calls", &cbench::sum_calls);
  m.def("identity", &cbench::identity);
}
