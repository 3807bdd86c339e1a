// nanobind bindings of benchlib, written the idiomatic way (as nanobind's docs show).
#include <nanobind/nanobind.h>
#include <nanobind/make_iterator.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

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

namespace nb = nanobind;
using namespace nb::literals;

static std::size_t checked_index(const bench::Buffer& b, Py_ssize_t i) {
    Py_ssize_t n = static_cast<Py_ssize_t>(b.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw nb::index_error("Buffer index out of range");
    return static_cast<std::size_t>(i);
}

NB_MODULE(bench_nanobind, m) {
    m.def("add", &bench::add, "a"_a, "b"_a);
    m.def("scale", &bench::scale, "x"_a, "factor"_a = 2.0, "offset"_a = 0.0);
    m.def("twice", nb::overload_cast<int>(&bench::twice));
    m.def("twice", nb::overload_cast<double>(&bench::twice));
    m.def("twice", nb::overload_cast<const std::string&>(&bench::twice));
    m.def("checked", &bench::checked);
    m.def("sum", [](nb::ndarray<const double, nb::ndim<1>, nb::c_contig> a) {
        return bench::sum(a.data(), a.shape(0));
    });
    m.def("nogil_add", &bench::nogil_add, nb::call_guard<nb::gil_scoped_release>());
    m.def("gil_held", &bench::gil_held, nb::call_guard<nb::gil_scoped_release>());

    m.def("reversed", &bench::reversed);
    m.def("divide", [](int a, int b) {
        int rem = 0;
        int q = bench::divide(a, b, &rem);
        return std::make_pair(q, rem);
    });
    m.def("parse", [](int code) {
        int value = 0;
        bench::Status st = bench::parse(code, &value);
        if (!st.ok()) throw nb::value_error(st.message().c_str());
        return value;
    });

    nb::class_<bench::Point>(m, "Point")
        .def(nb::init<double, double>(), "x"_a = 0.0, "y"_a = 0.0)
        .def_rw("x", &bench::Point::x)
        .def_rw("y", &bench::Point::y);

    nb::class_<bench::Segment>(m, "Segment")
        .def(nb::init<>())
        .def_rw("a", &bench::Segment::a)
        .def_rw("b", &bench::Segment::b);

    nb::class_<bench::Base>(m, "Base").def(nb::init<>()).def("level", &bench::Base::level);
    nb::class_<bench::Middle, bench::Base>(m, "Middle").def(nb::init<>());
    nb::class_<bench::Leaf, bench::Middle>(m, "Leaf").def(nb::init<>());

    nb::class_<bench::Counter>(m, "Counter")
        .def(nb::init<int>(), "start"_a = 0)
        .def("bump", &bench::Counter::bump)
        .def("value", &bench::Counter::value)
        .def("greet", &bench::Counter::greet)
        .def("clone", &bench::Counter::clone, nb::rv_policy::take_ownership);

    nb::class_<bench::Buffer>(m, "Buffer")
        .def(nb::init<std::size_t>(), "n"_a = 0)
        .def("__len__", &bench::Buffer::size)
        .def("size", &bench::Buffer::size)
        .def("__iter__",
             [](const bench::Buffer& b) {
                 return nb::make_iterator(nb::type<bench::Buffer>(), "BufferIterator",
                                          BufferIter{&b, 0}, BufferIter{&b, b.size()});
             },
             nb::keep_alive<0, 1>())
        .def("__getitem__", [](const bench::Buffer& b, Py_ssize_t i) { return b[checked_index(b, i)]; })
        .def("__setitem__",
             [](bench::Buffer& b, Py_ssize_t i, double v) { b[checked_index(b, i)] = v; });
}
