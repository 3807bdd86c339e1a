// pybind11's trampoline for cb::Handler (what a user writes by hand).
#include <pybind11/pybind11.h>

#include "cblib.h"

namespace py = pybind11;

struct PyHandler : cb::Handler {
  int handle(int event) override { PYBIND11_OVERRIDE_PURE(int, cb::Handler, handle, event); }
};

PYBIND11_MODULE(cb_pybind11, m) {
  py::class_<cb::Handler, PyHandler>(m, "Handler").def(py::init<>()).def("handle",
                                                                        &cb::Handler::handle);
  m.def("call_many", &cb::call_many);
}
