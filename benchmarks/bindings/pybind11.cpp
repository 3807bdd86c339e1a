// pybind11 bindings of benchlib, written the idiomatic way (as pybind11's docs show).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>

#include "benchlib.h"

// Buffer has operator[] and size() but no begin()/end(): a minimal iterator over them.
struct BufferIter {
    const bench::Buffer* b;
    std::size_t i;
    double operator*() const { return (*b)[i]; }
    BufferIter& operator++() {
        ++i;
        return *this;
    }
    bool operator==(const BufferIter& o) const { return i == o.i; }
    bool operator!=(const BufferIter& o) const { return i != o.i; }
};

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

    m.def("reversed", &bench::reversed);
    m.def("divide", [](int a, int b) {
        int rem = 0;
        int q = bench::divide(a, b, &rem);
        return std::make_pair(q, rem);
    });
    m.def("parse", [](int code) {
        int value = 0;
        bench::Status st = bench::parse(code, &value);
        if (!st.ok()) throw py::value_error(st.message());
        return value;
    });

    py::class_<bench::Point>(m, "Point")
        .def(py::init<double, double>(), py::arg("x") = 0.0, py::arg("y") = 0.0)
        .def_readwrite("x", &bench::Point::x)
        .def_readwrite("y", &bench::Point::y);

    py::class_<bench::Segment>(m, "Segment")
        .def(py::init<>())
        .def_readwrite("a", &bench::Segment::a)
        .def_readwrite("b", &bench::Segment::b);

    py::class_<bench::Base>(m, "Base").def(py::init<>()).def("level", &bench::Base::level);
    py::class_<bench::Middle, bench::Base>(m, "Middle").def(py::init<>());
    py::class_<bench::Leaf, bench::Middle>(m, "Leaf").def(py::init<>());

    py::class_<bench::Counter>(m, "Counter")
        .def(py::init<int>(), py::arg("start") = 0)
        .def("bump", &bench::Counter::bump)
        .def("value", &bench::Counter::value)
        .def("greet", &bench::Counter::greet)
        .def("clone", &bench::Counter::clone, py::return_value_policy::take_ownership);

    py::class_<bench::Buffer>(m, "Buffer")
        .def(py::init<std::size_t>(), py::arg("n") = 0)
        .def("__len__", &bench::Buffer::size)
        .def("size", &bench::Buffer::size)
        .def("__iter__",
             [](const bench::Buffer& b) {
                 return py::make_iterator(BufferIter{&b, 0}, BufferIter{&b, b.size()});
             },
             py::keep_alive<0, 1>())
        .def("__getitem__", [](const bench::Buffer& b, py::ssize_t i) { return b[checked_index(b, i)]; })
        .def("__setitem__",
             [](bench::Buffer& b, py::ssize_t i, double v) { b[checked_index(b, i)] = v; });
}
