#include <nanobind/nanobind.h>
#include <nanobind/stl/function.h>
#include <nanobind/trampoline.h>

#include "callbacks.h"

namespace nb = nanobind;

// nanobind's trampoline for cbench::Handler: what a user writes by hand.
struct PyHandler : cbench::Handler {
  NB_TRAMPOLINE(cbench::Handler, 1);
  long long handle(long long i) override { NB_OVERRIDE_PURE(handle, i); }
};

NB_MODULE(cbench_nanobind, m) {
  m.def("sum_calls", &cbench::sum_calls);
  m.def("identity", &cbench::identity);
  nb::class_<cbench::Handler, PyHandler>(m, "Handler")
      .def(nb::init<>())
      .def("handle", &cbench::Handler::handle);
  m.def("sum_virtual", &cbench::sum_virtual);
}
