// The hand-written C-API module: the baseline every other variant is divided by.
//
// Written the way a careful extension author would: METH_O / METH_NOARGS / METH_FASTCALL entry
// points, checked conversions (TypeError/OverflowError), exceptions translated, indices bounds
// checked (negative counts from the end), the C++ object stored inline in the Python object.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <climits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "benchlib.h"

namespace {

bool to_int(PyObject* o, int* out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return false;
    if (v < INT_MIN || v > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "value out of range for int");
        return false;
    }
    *out = static_cast<int>(v);
    return true;
}

bool to_double(PyObject* o, double* out) {
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred()) return false;
    *out = v;
    return true;
}

// ---- functions -------------------------------------------------------------------------------

PyObject* py_add(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
    int a, b;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "add() takes exactly 2 arguments");
        return nullptr;
    }
    if (!to_int(args[0], &a) || !to_int(args[1], &b)) return nullptr;
    return PyLong_FromLong(bench::add(a, b));
}

PyObject* py_scale(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    static const char* names[] = {"x", "factor", "offset"};
    PyObject* slots[3] = {nullptr, nullptr, nullptr};
    if (nargs > 3) {
        PyErr_SetString(PyExc_TypeError, "scale() takes at most 3 arguments");
        return nullptr;
    }
    for (Py_ssize_t i = 0; i < nargs; ++i) slots[i] = args[i];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; ++k) {
        PyObject* key = PyTuple_GET_ITEM(kwnames, k);
        int j = 0;
        for (; j < 3; ++j) {
            if (PyUnicode_CompareWithASCIIString(key, names[j]) == 0) break;
        }
        if (j == 3 || slots[j]) {
            PyErr_Format(PyExc_TypeError, "scale() got an unexpected or repeated argument '%U'", key);
            return nullptr;
        }
        slots[j] = args[nargs + k];
    }
    if (!slots[0]) {
        PyErr_SetString(PyExc_TypeError, "scale() missing required argument 'x'");
        return nullptr;
    }
    double x, factor = 2.0, offset = 0.0;
    if (!to_double(slots[0], &x)) return nullptr;
    if (slots[1] && !to_double(slots[1], &factor)) return nullptr;
    if (slots[2] && !to_double(slots[2], &offset)) return nullptr;
    return PyFloat_FromDouble(bench::scale(x, factor, offset));
}

PyObject* py_twice(PyObject*, PyObject* arg) {
    if (PyLong_Check(arg)) {
        int v;
        if (!to_int(arg, &v)) return nullptr;
        return PyLong_FromLong(bench::twice(v));
    }
    if (PyFloat_Check(arg)) return PyFloat_FromDouble(bench::twice(PyFloat_AS_DOUBLE(arg)));
    if (PyUnicode_Check(arg)) {
        Py_ssize_t n;
        const char* s = PyUnicode_AsUTF8AndSize(arg, &n);
        if (!s) return nullptr;
        std::string r = bench::twice(std::string(s, static_cast<size_t>(n)));
        return PyUnicode_FromStringAndSize(r.data(), static_cast<Py_ssize_t>(r.size()));
    }
    PyErr_SetString(PyExc_TypeError, "twice(): expected int, float or str");
    return nullptr;
}

PyObject* py_checked(PyObject*, PyObject* arg) {
    int i;
    if (!to_int(arg, &i)) return nullptr;
    try {
        return PyLong_FromLong(bench::checked(i));
    } catch (const std::out_of_range& e) {
        PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyObject* py_sum(PyObject*, PyObject* arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return nullptr;
    if (view.ndim != 1 || !view.format || view.format[0] != 'd' || view.format[1] != '\0') {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "sum(): expected a 1-D contiguous buffer of float64");
        return nullptr;
    }
    double r = bench::sum(static_cast<const double*>(view.buf),
                          static_cast<size_t>(view.len) / sizeof(double));
    PyBuffer_Release(&view);
    return PyFloat_FromDouble(r);
}

PyObject* py_nogil_add(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
    int a, b, r;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "nogil_add() takes exactly 2 arguments");
        return nullptr;
    }
    if (!to_int(args[0], &a) || !to_int(args[1], &b)) return nullptr;
    Py_BEGIN_ALLOW_THREADS
    r = bench::nogil_add(a, b);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(r);
}

PyObject* py_gil_held(PyObject*, PyObject*) {
    bool r;
    Py_BEGIN_ALLOW_THREADS
    r = bench::gil_held();
    Py_END_ALLOW_THREADS
    return PyBool_FromLong(r);
}

bool to_string(PyObject* o, std::string* out) {
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "expected str, got %.200s", Py_TYPE(o)->tp_name);
        return false;
    }
    Py_ssize_t n;
    const char* s = PyUnicode_AsUTF8AndSize(o, &n);
    if (!s) return false;
    out->assign(s, static_cast<size_t>(n));
    return true;
}

PyObject* py_reversed(PyObject*, PyObject* arg) {
    if (PyUnicode_Check(arg) || PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "reversed(): expected a sequence of float");
        return nullptr;
    }
    PyObject* seq = PySequence_Fast(arg, "reversed(): expected a sequence of float");
    if (!seq) return nullptr;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    std::vector<double> v;
    v.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {
        double d;
        if (!to_double(items[i], &d)) {
            Py_DECREF(seq);
            return nullptr;
        }
        v.push_back(d);
    }
    Py_DECREF(seq);
    std::vector<double> r;
    try {
        r = bench::reversed(v);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
    PyObject* out = PyList_New(static_cast<Py_ssize_t>(r.size()));
    if (!out) return nullptr;
    for (size_t i = 0; i < r.size(); ++i) {
        PyObject* f = PyFloat_FromDouble(r[i]);
        if (!f) {
            Py_DECREF(out);
            return nullptr;
        }
        PyList_SET_ITEM(out, static_cast<Py_ssize_t>(i), f);
    }
    return out;
}

PyObject* py_divide(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
    int a, b, rem = 0;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "divide() takes exactly 2 arguments");
        return nullptr;
    }
    if (!to_int(args[0], &a) || !to_int(args[1], &b)) return nullptr;
    int q;
    try {
        q = bench::divide(a, b, &rem);
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_ValueError, e.what());
        return nullptr;
    }
    return Py_BuildValue("(ii)", q, rem);
}

PyObject* py_parse(PyObject*, PyObject* arg) {
    int code, value = 0;
    if (!to_int(arg, &code)) return nullptr;
    bench::Status st = bench::parse(code, &value);
    if (!st.ok()) {
        PyErr_SetString(PyExc_ValueError, st.message().c_str());
        return nullptr;
    }
    return PyLong_FromLong(value);
}

// ---- Point: a struct with fields -------------------------------------------------------------

struct PointObject {
    PyObject_HEAD
    bench::Point value;
    bench::Point* view;  // non-null: a view into `owner`'s Point, not `value`
    PyObject* owner;     // kept alive while the view lives
};

bench::Point& point_of(PyObject* self) {
    PointObject* p = reinterpret_cast<PointObject*>(self);
    return p->view ? *p->view : p->value;
}

PyObject* point_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    double xy[2] = {0.0, 0.0};
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n > 2 || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "Point(x=0.0, y=0.0) takes at most 2 positional arguments");
        return nullptr;
    }
    for (Py_ssize_t i = 0; i < n; ++i) {
        if (!to_double(PyTuple_GET_ITEM(args, i), &xy[i])) return nullptr;
    }
    PyObject* self = type->tp_alloc(type, 0);
    if (!self) return nullptr;
    new (&reinterpret_cast<PointObject*>(self)->value) bench::Point(xy[0], xy[1]);
    return self;
}

void point_dealloc(PyObject* self) {
    PointObject* p = reinterpret_cast<PointObject*>(self);
    p->value.~Point();
    Py_XDECREF(p->owner);
    Py_TYPE(self)->tp_free(self);
}

PyObject* point_get_x(PyObject* self, void*) {
    return PyFloat_FromDouble(point_of(self).x);
}
int point_set_x(PyObject* self, PyObject* v, void*) {
    if (!v) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete x");
        return -1;
    }
    return to_double(v, &point_of(self).x) ? 0 : -1;
}
PyObject* point_get_y(PyObject* self, void*) {
    return PyFloat_FromDouble(point_of(self).y);
}
int point_set_y(PyObject* self, PyObject* v, void*) {
    if (!v) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete y");
        return -1;
    }
    return to_double(v, &point_of(self).y) ? 0 : -1;
}

PyGetSetDef point_getset[] = {
    {"x", point_get_x, point_set_x, nullptr, nullptr},
    {"y", point_get_y, point_set_y, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyTypeObject PointType = {PyVarObject_HEAD_INIT(nullptr, 0)};

// ---- Segment: a struct of structs; `s.a` is a view that keeps `s` alive ------------------------

struct SegmentObject {
    PyObject_HEAD
    bench::Segment value;
};

PyObject* segment_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "Segment() takes no arguments");
        return nullptr;
    }
    PyObject* self = type->tp_alloc(type, 0);
    if (!self) return nullptr;
    new (&reinterpret_cast<SegmentObject*>(self)->value) bench::Segment();
    return self;
}

void segment_dealloc(PyObject* self) {
    reinterpret_cast<SegmentObject*>(self)->value.~Segment();
    Py_TYPE(self)->tp_free(self);
}

PyObject* point_view(PyObject* owner, bench::Point* target) {
    PyObject* self = PointType.tp_alloc(&PointType, 0);
    if (!self) return nullptr;
    PointObject* p = reinterpret_cast<PointObject*>(self);
    new (&p->value) bench::Point();
    p->view = target;
    Py_INCREF(owner);
    p->owner = owner;
    return self;
}

PyObject* segment_get_a(PyObject* self, void*) {
    return point_view(self, &reinterpret_cast<SegmentObject*>(self)->value.a);
}
PyObject* segment_get_b(PyObject* self, void*) {
    return point_view(self, &reinterpret_cast<SegmentObject*>(self)->value.b);
}
int segment_set(PyObject* self, PyObject* v, bench::Point bench::Segment::*field) {
    if (!v || !PyObject_TypeCheck(v, &PointType)) {
        PyErr_SetString(PyExc_TypeError, "expected a Point");
        return -1;
    }
    reinterpret_cast<SegmentObject*>(self)->value.*field = point_of(v);
    return 0;
}
int segment_set_a(PyObject* self, PyObject* v, void*) {
    return segment_set(self, v, &bench::Segment::a);
}
int segment_set_b(PyObject* self, PyObject* v, void*) {
    return segment_set(self, v, &bench::Segment::b);
}

PyGetSetDef segment_getset[] = {
    {"a", segment_get_a, segment_set_a, nullptr, nullptr},
    {"b", segment_get_b, segment_set_b, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyTypeObject SegmentType = {PyVarObject_HEAD_INIT(nullptr, 0)};

// ---- Counter: a class with methods -----------------------------------------------------------

struct CounterObject {
    PyObject_HEAD
    bench::Counter value;
};

PyObject* counter_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    int start = 0;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n > 1 || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "Counter(start=0) takes at most 1 positional argument");
        return nullptr;
    }
    if (n == 1 && !to_int(PyTuple_GET_ITEM(args, 0), &start)) return nullptr;
    PyObject* self = type->tp_alloc(type, 0);
    if (!self) return nullptr;
    new (&reinterpret_cast<CounterObject*>(self)->value) bench::Counter(start);
    return self;
}

void counter_dealloc(PyObject* self) {
    reinterpret_cast<CounterObject*>(self)->value.~Counter();
    Py_TYPE(self)->tp_free(self);
}

PyObject* counter_bump(PyObject* self, PyObject* arg) {
    int by;
    if (!to_int(arg, &by)) return nullptr;
    return PyLong_FromLong(reinterpret_cast<CounterObject*>(self)->value.bump(by));
}

PyObject* counter_value(PyObject* self, PyObject*) {
    return PyLong_FromLong(reinterpret_cast<CounterObject*>(self)->value.value());
}

PyObject* counter_greet(PyObject* self, PyObject* arg) {
    std::string name;
    if (!to_string(arg, &name)) return nullptr;
    try {
        std::string r = reinterpret_cast<CounterObject*>(self)->value.greet(name);
        return PyUnicode_FromStringAndSize(r.data(), static_cast<Py_ssize_t>(r.size()));
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

PyTypeObject CounterType = {PyVarObject_HEAD_INIT(nullptr, 0)};

// clone() returns a new C++ object the caller owns; this module stores it inline in a new
// Counter and deletes the heap copy (what owning it means here).
PyObject* counter_clone(PyObject* self, PyObject*) {
    bench::Counter* c;
    try {
        c = reinterpret_cast<CounterObject*>(self)->value.clone();
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
    PyObject* out = CounterType.tp_alloc(&CounterType, 0);
    if (out) new (&reinterpret_cast<CounterObject*>(out)->value) bench::Counter(*c);
    delete c;
    return out;
}

PyMethodDef counter_methods[] = {
    {"bump", counter_bump, METH_O, "Add `by` and return the new value."},
    {"value", counter_value, METH_NOARGS, nullptr},
    {"greet", counter_greet, METH_O, nullptr},
    {"clone", counter_clone, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// ---- Buffer: a container with operator[] and size() ------------------------------------------

struct BufferObject {
    PyObject_HEAD
    bench::Buffer value;
};

PyObject* buffer_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    Py_ssize_t n = 0;
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (nargs > 1 || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "Buffer(n=0) takes at most 1 positional argument");
        return nullptr;
    }
    if (nargs == 1) {
        n = PyLong_AsSsize_t(PyTuple_GET_ITEM(args, 0));
        if (n == -1 && PyErr_Occurred()) return nullptr;
        if (n < 0) {
            PyErr_SetString(PyExc_OverflowError, "Buffer size must be non-negative");
            return nullptr;
        }
    }
    PyObject* self = type->tp_alloc(type, 0);
    if (!self) return nullptr;
    try {
        new (&reinterpret_cast<BufferObject*>(self)->value) bench::Buffer(static_cast<size_t>(n));
    } catch (const std::bad_alloc&) {
        Py_TYPE(self)->tp_free(self);
        return PyErr_NoMemory();
    }
    return self;
}

void buffer_dealloc(PyObject* self) {
    reinterpret_cast<BufferObject*>(self)->value.~Buffer();
    Py_TYPE(self)->tp_free(self);
}

Py_ssize_t buffer_len(PyObject* self) {
    return static_cast<Py_ssize_t>(reinterpret_cast<BufferObject*>(self)->value.size());
}

// Index -> position, counting negatives from the end; -1 with IndexError when out of range.
Py_ssize_t buffer_index(PyObject* self, PyObject* key) {
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) return -1;
    Py_ssize_t n = buffer_len(self);
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
        PyErr_SetString(PyExc_IndexError, "Buffer index out of range");
        return -1;
    }
    return i;
}

PyObject* buffer_getitem(PyObject* self, PyObject* key) {
    Py_ssize_t i = buffer_index(self, key);
    if (i < 0) return nullptr;
    const bench::Buffer& b = reinterpret_cast<BufferObject*>(self)->value;
    return PyFloat_FromDouble(b[static_cast<size_t>(i)]);
}

int buffer_setitem(PyObject* self, PyObject* key, PyObject* v) {
    if (!v) {
        PyErr_SetString(PyExc_TypeError, "Buffer items cannot be deleted");
        return -1;
    }
    Py_ssize_t i = buffer_index(self, key);
    if (i < 0) return -1;
    double d;
    if (!to_double(v, &d)) return -1;
    reinterpret_cast<BufferObject*>(self)->value[static_cast<size_t>(i)] = d;
    return 0;
}

PyObject* buffer_size(PyObject* self, PyObject*) { return PyLong_FromSsize_t(buffer_len(self)); }

// iter(v): an iterator holding the Buffer and a position (checked against size() every step).
struct BufferIterObject {
    PyObject_HEAD
    PyObject* buffer;
    Py_ssize_t pos;
};

PyTypeObject BufferIterType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyObject* buffer_iter(PyObject* self) {
    BufferIterObject* it = PyObject_New(BufferIterObject, &BufferIterType);
    if (!it) return nullptr;
    Py_INCREF(self);
    it->buffer = self;
    it->pos = 0;
    return reinterpret_cast<PyObject*>(it);
}

PyObject* bufferiter_next(PyObject* self) {
    BufferIterObject* it = reinterpret_cast<BufferIterObject*>(self);
    const bench::Buffer& b = reinterpret_cast<BufferObject*>(it->buffer)->value;
    if (it->pos >= static_cast<Py_ssize_t>(b.size())) return nullptr;  // StopIteration
    return PyFloat_FromDouble(b[static_cast<size_t>(it->pos++)]);
}

void bufferiter_dealloc(PyObject* self) {
    Py_DECREF(reinterpret_cast<BufferIterObject*>(self)->buffer);
    PyObject_Free(self);
}

PyMappingMethods buffer_mapping = {buffer_len, buffer_getitem, buffer_setitem};
PySequenceMethods buffer_sequence = {buffer_len};
PyMethodDef buffer_methods[] = {
    {"size", buffer_size, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject BufferType = {PyVarObject_HEAD_INIT(nullptr, 0)};

// ---- Base / Middle / Leaf: three levels; Base's methods take any of them ---------------------

struct BaseObject {
    PyObject_HEAD
    bench::Base* ptr;  // the object's most-derived C++ type is its Python type's
    alignas(bench::Leaf) unsigned char storage[sizeof(bench::Leaf)];
};

PyTypeObject BaseType = {PyVarObject_HEAD_INIT(nullptr, 0)};
PyTypeObject MiddleType = {PyVarObject_HEAD_INIT(nullptr, 0)};
PyTypeObject LeafType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyObject* base_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_Format(PyExc_TypeError, "%s() takes no arguments", type->tp_name);
        return nullptr;
    }
    PyObject* self = type->tp_alloc(type, 0);
    if (!self) return nullptr;
    BaseObject* o = reinterpret_cast<BaseObject*>(self);
    if (PyType_IsSubtype(type, &LeafType)) {
        o->ptr = new (o->storage) bench::Leaf();
    } else if (PyType_IsSubtype(type, &MiddleType)) {
        o->ptr = new (o->storage) bench::Middle();
    } else {
        o->ptr = new (o->storage) bench::Base();
    }
    return self;
}

void base_dealloc(PyObject* self) {
    reinterpret_cast<BaseObject*>(self)->ptr->~Base();
    Py_TYPE(self)->tp_free(self);
}

PyObject* base_level(PyObject* self, PyObject*) {
    return PyLong_FromLong(reinterpret_cast<BaseObject*>(self)->ptr->level());
}

PyMethodDef base_methods[] = {
    {"level", base_level, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// ---- module ----------------------------------------------------------------------------------

PyMethodDef module_methods[] = {
    {"add", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_add)), METH_FASTCALL,
     nullptr},
    {"scale", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_scale)),
     METH_FASTCALL | METH_KEYWORDS, nullptr},
    {"twice", py_twice, METH_O, nullptr},
    {"checked", py_checked, METH_O, nullptr},
    {"sum", py_sum, METH_O, nullptr},
    {"nogil_add", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_nogil_add)),
     METH_FASTCALL, nullptr},
    {"gil_held", py_gil_held, METH_NOARGS, nullptr},
    {"reversed", py_reversed, METH_O, nullptr},
    {"divide", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(py_divide)),
     METH_FASTCALL, nullptr},
    {"parse", py_parse, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "bench_capi", "hand-written C-API baseline", -1,
                          module_methods};

bool ready(PyObject* m, PyTypeObject* type, const char* name, size_t size, newfunc tp_new,
           destructor dealloc, PyTypeObject* base = nullptr) {
    type->tp_name = name;
    type->tp_basicsize = static_cast<Py_ssize_t>(size);
    type->tp_flags = Py_TPFLAGS_DEFAULT | (base || type == &BaseType ? Py_TPFLAGS_BASETYPE : 0);
    type->tp_base = base;
    type->tp_new = tp_new;
    type->tp_dealloc = dealloc;
    if (PyType_Ready(type) < 0) return false;
    Py_INCREF(type);
    const char* dot = __builtin_strrchr(name, '.');
    return PyModule_AddObject(m, dot ? dot + 1 : name, reinterpret_cast<PyObject*>(type)) == 0;
}

}  // namespace

PyMODINIT_FUNC PyInit_bench_capi(void) {
    PyObject* m = PyModule_Create(&module_def);
    if (!m) return nullptr;
    PointType.tp_getset = point_getset;
    CounterType.tp_methods = counter_methods;
    BufferType.tp_as_mapping = &buffer_mapping;
    BufferType.tp_as_sequence = &buffer_sequence;
    BufferType.tp_methods = buffer_methods;
    BufferType.tp_iter = buffer_iter;
    SegmentType.tp_getset = segment_getset;
    BaseType.tp_methods = base_methods;
    BufferIterType.tp_name = "bench_capi.BufferIterator";
    BufferIterType.tp_basicsize = sizeof(BufferIterObject);
    BufferIterType.tp_flags = Py_TPFLAGS_DEFAULT;
    BufferIterType.tp_iter = PyObject_SelfIter;
    BufferIterType.tp_iternext = bufferiter_next;
    BufferIterType.tp_dealloc = bufferiter_dealloc;
    if (PyType_Ready(&BufferIterType) < 0) {
        Py_DECREF(m);
        return nullptr;
    }
    if (!ready(m, &PointType, "bench_capi.Point", sizeof(PointObject), point_new, point_dealloc) ||
        !ready(m, &CounterType, "bench_capi.Counter", sizeof(CounterObject), counter_new,
               counter_dealloc) ||
        !ready(m, &BufferType, "bench_capi.Buffer", sizeof(BufferObject), buffer_new,
               buffer_dealloc) ||
        !ready(m, &SegmentType, "bench_capi.Segment", sizeof(SegmentObject), segment_new,
               segment_dealloc) ||
        !ready(m, &BaseType, "bench_capi.Base", sizeof(BaseObject), base_new, base_dealloc) ||
        !ready(m, &MiddleType, "bench_capi.Middle", sizeof(BaseObject), base_new, base_dealloc,
               &BaseType) ||
        !ready(m, &LeafType, "bench_capi.Leaf", sizeof(BaseObject), base_new, base_dealloc,
               &MiddleType)) {
        Py_DECREF(m);
        return nullptr;
    }
    return m;
}
