// yaml_cpp.i: what the yaml-cpp bindings need that swiggen cannot express yet, in plain SWIG.
// Included by swiggen (config `typemaps = [...]`) after its own library and before the headers.
// Each block names the swiggen gap it works around (docs/examples-yaml-cpp.md, "Gaps").

%{
#include <memory>
#include <yaml-cpp/yaml.h>

/* A Python value as a YAML::Node: Node, None, bool, int, float, str, list/tuple, dict. */
static YAML::Node swiggen_yaml_from_py(PyObject *o) {
  void *p = 0;
  if (SWIG_IsOK(SWIG_ConvertPtr(o, &p, SWIGTYPE_p_YAML__Node, 0)) && p)
    return *static_cast<YAML::Node *>(p);
  if (o == Py_None) return YAML::Node(YAML::NodeType::Null);
  if (PyBool_Check(o)) return YAML::Node(o == Py_True);
  if (PyLong_Check(o)) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) throw swiggen::python_error();
    return YAML::Node(v);
  }
  if (PyFloat_Check(o)) return YAML::Node(PyFloat_AsDouble(o));
  if (PyUnicode_Check(o)) {
    Py_ssize_t n = 0;
    const char *s = PyUnicode_AsUTF8AndSize(o, &n);
    if (!s) throw swiggen::python_error();
    return YAML::Node(std::string(s, (size_t)n));
  }
  if (PyList_Check(o) || PyTuple_Check(o)) {
    YAML::Node seq(YAML::NodeType::Sequence);
    PyObject *fast = PySequence_Fast(o, "expected a sequence");
    if (!fast) throw swiggen::python_error();
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    try {
      for (Py_ssize_t i = 0; i < n; ++i)
        seq.push_back(swiggen_yaml_from_py(PySequence_Fast_GET_ITEM(fast, i)));
    } catch (...) {
      Py_DECREF(fast);
      throw;
    }
    Py_DECREF(fast);
    return seq;
  }
  if (PyDict_Check(o)) {
    YAML::Node map(YAML::NodeType::Map);
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(o, &pos, &k, &v))
      map[swiggen_yaml_from_py(k)] = swiggen_yaml_from_py(v);
    return map;
  }
  PyErr_Format(PyExc_TypeError, "cannot convert %s to a YAML node", Py_TYPE(o)->tp_name);
  throw swiggen::python_error();
}

static PyObject *swiggen_yaml_to_py(const YAML::Node &n) {
  return SWIG_Python_NewPointerObj(NULL, new YAML::Node(n), SWIGTYPE_p_YAML__Node, SWIG_POINTER_OWN);
}
%}

// Not a gap, a choice: any Python value where yaml-cpp takes a `const Node&` (node[key] = value,
// push_back, Dump, ...): Node, None, bool, int, float, str, list/tuple, dict. Checked after the
// other overloads (precedence 5000), so node["a"] still picks operator[]<std::string>.
%typemap(in) const YAML::Node & (void *argp = 0, std::unique_ptr<YAML::Node> converted) {
  if (SWIG_IsOK(SWIG_ConvertPtr($input, &argp, $descriptor(YAML::Node *), 0)) && argp) {
    $1 = %reinterpret_cast(argp, $ltype);
  } else {
    try {
      converted.reset(new YAML::Node(swiggen_yaml_from_py($input)));
    } catch (const swiggen::python_error &) {
      SWIG_fail;
    }
    $1 = converted.get();
  }
}
%typecheck(5000) const YAML::Node & {
  void *p = 0;
  PyObject *o = $input;
  $1 = (SWIG_IsOK(SWIG_ConvertPtr(o, &p, $descriptor(YAML::Node *), SWIG_POINTER_NO_NULL)) ||
        o == Py_None || PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) ||
        PyUnicode_Check(o) || PyList_Check(o) || PyTuple_Check(o) || PyDict_Check(o)) ? 1 : 0;
}

%feature("python:slot", "tp_iter", functype="getiterfunc") YAML::Node::__iter__;
%feature("kwargs", "0") YAML::Node::__iter__;
%extend YAML::Node {
  // Gap: begin()/end() return yaml-cpp's iterator templates. Iteration as in C++: the items of a
  // sequence, (key, value) pairs of a map; a scalar iterates over nothing.
  PyObject *__iter__() {
    PyObject *items = PyList_New(0);
    if (!items) throw swiggen::python_error();
    for (YAML::const_iterator it = $self->begin(); it != $self->end(); ++it) {
      PyObject *item = $self->IsMap()
          ? Py_BuildValue("(NN)", swiggen_yaml_to_py(it->first), swiggen_yaml_to_py(it->second))
          : swiggen_yaml_to_py(*it);
      if (!item || PyList_Append(items, item) < 0) {
        Py_XDECREF(item);
        Py_DECREF(items);
        throw swiggen::python_error();
      }
      Py_DECREF(item);
    }
    PyObject *iter = PyObject_GetIter(items);
    Py_DECREF(items);
    if (!iter) throw swiggen::python_error();
    return iter;
  }
}
