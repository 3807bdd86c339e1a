// nanobind's trampoline for cb::Handler (what a user writes by hand).
#include <nanobind/nanobind.h>
#include <nanobind/trampoline.h>

#include "cblib.h"

namespace nb = nanobind;

struct PyHandler : cb::Handler {
  NB_TRAMPOLINE(cb::Handler, 1);
  int handle(int event) override { NB_OVERRIDE_PURE(handle, event); }
};

NB_MODULE(cb_nanobind, m) {
  nb::class_<cb::Handler, PyHandler>(m, "Handler").def(nb::init<>()).def("handle",
                                                                        &cb::Handler::handle);
  m.def("call_many", &cb::call_many);
}
