#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

#include "callbacks.h"

namespace py = pybind11;

// pybind11's trampoline for cbench::Handler: what a user writes by hand.
struct PyHandler : cbench::Handler {
  long long handle(long long i) override {
    PYBIND11_OVERRIDE_PURE(long long, cbench::Handler, handle, i);
  }
};

PYBIND11_MODULE(cbench_pybind11, m) {
  m.def("sum_calls", &cbench::sum_calls);
  m.def("identity", &cbench::identity);
  py::class_<cbench::Handler, PyHandler>(m, "Handler")
      .def(py::init<>())
      .def("handle", &cbench::Handler::handle);
  m.def("sum_virtual", &cbench::sum_virtual);
}
