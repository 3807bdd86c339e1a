// pybind11 bindings of benchlib, written the idiomatic way (as pybind11's docs show).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>

#include "benchlib.h"

namespace py = pybind11;

static std::size_t checked_index(const bench::Buffer& b, py::ssize_t i) {
    py::ssize_t n = static_cast<py::ssize_t>(b.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw py::index_error("Buffer index out of range");
    return static_cast<std::size_t>(i);
}

PYBIND11_MODULE(bench_pybind11, m) {
    m.def("add", &bench::add, py::arg("a"), py::arg("b"));
    m.def("scale", &bench::scale, py::arg("x"), py::arg("factor") = 2.0, py::arg("offset") = 0.0);
    m.def("twice", py::overload_cast<int>(&bench::twice));
    m.def("twice", py::overload_cast<double>(&bench::twice));
    m.def("twice", py::overload_cast<const std::string&>(&bench::twice));
    m.def("checked", &bench::checked);
    m.def("sum", [](py::array_t<double, py::array::c_style> a) {
        return bench::sum(a.data(), static_cast<std::size_t>(a.size()));
    });
    m.def("nogil_add", &bench::nogil_add, py::call_guard<py::gil_scoped_release>());
    m.def("gil_held", &bench::gil_held, py::call_guard<py::gil_scoped_release>());

    py::class_<bench::Point>(m, "Point")
        .def(py::init<double, double>(), py::arg("x") = 0.0, py::arg("y") = 0.0)
        .def_readwrite("x", &bench::Point::x)
        .def_readwrite("y", &bench::Point::y);

    py::class_<bench::Counter>(m, "Counter")
        .def(py::init<int>(), py::arg("start") = 0)
        .def("bump", &bench::Counter::bump)
        .def("value", &bench::Counter::value);

    py::class_<bench::Buffer>(m, "Buffer")
        .def(py::init<std::size_t>(), py::arg("n") = 0)
        .def("__len__", &bench::Buffer::size)
        .def("size", &bench::Buffer::size)
        .def("__getitem__", [](const bench::Buffer& b, py::ssize_t i) { return b[checked_index(b, i)]; })
        .def("__setitem__",
             [](bench::Buffer& b, py::ssize_t i, double v) { b[checked_index(b, i)] = v; });
}
