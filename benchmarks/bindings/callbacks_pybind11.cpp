#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

#include "callbacks.h"

PYBIND11_MODULE(cbench_pybind11, m) {
  m.def("sum_calls", &cbench::sum_calls);
  m.def("identity", &cbench::identity);
}
