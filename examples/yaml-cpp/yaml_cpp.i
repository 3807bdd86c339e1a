// yaml_cpp.i: what the yaml-cpp bindings need that swiggen cannot express yet, in plain SWIG.
// Included by swiggen (config `typemaps = [...]`) after its own library and before the headers.
// Each block names the swiggen gap it works around (docs/examples-yaml-cpp.md, "Gaps").

// Gap: macros defined in headers that the wrapped headers #include (dll.h, noexcept.h). SWIG does
// not follow #include, so it would not know them; the compiler does.
#define YAML_CPP_API
#define YAML_CPP_NOEXCEPT noexcept

// Gap: Node's subscript is a member template, `template <typename Key> Node operator[](const Key&)`.
// swiggen maps it to __getitem__ with the template parameter as the key type
// (`SWIGGEN_MAP_GETITEM(YAML::Node, const type-parameter-0-0 &, ...)`), which SWIG cannot parse,
// and `ignore` on the operator does not stop that. This neutralises the macro for this module;
// __getitem__/__setitem__ are defined below for str, int and Node keys.
#undef SWIGGEN_MAP_GETITEM
%define SWIGGEN_MAP_GETITEM(CLASS, KEY, RESULT, CONTAINS)
%enddef

// Gap: the free `Emitter& operator<<(Emitter&, const Node&)` becomes a reflected `<<` on Node
// returning an Emitter by value (Emitter is not copyable: the wrapper does not compile), and
// `ignore` on the operator does not stop that either. Node's only reflected operator is this one.
#undef SWIGGEN_RBINOP
%define SWIGGEN_RBINOP(CLASS, METHOD, OP, OTHER, RESULT)
%enddef

%{
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

/* node[key] for a str, int or Node key. On a non-const Node (as C++ code writes it) a missing key
   gives an undefined node that an assignment creates; on a const one an invalid node, whose use
   throws InvalidNode. */
template <class N>
static YAML::Node swiggen_yaml_subscript(N &self, PyObject *key) {
  if (PyLong_Check(key) && !PyBool_Check(key)) {
    long long i = PyLong_AsLongLong(key);
    if (i == -1 && PyErr_Occurred()) throw swiggen::python_error();
    if (i < 0 && self.IsSequence()) i += (long long)self.size();
    if (i < 0) {
      PyErr_SetString(PyExc_IndexError, "sequence index out of range");
      throw swiggen::python_error();
    }
    return self[(std::size_t)i];
  }
  if (PyUnicode_Check(key)) {
    Py_ssize_t n = 0;
    const char *s = PyUnicode_AsUTF8AndSize(key, &n);
    if (!s) throw swiggen::python_error();
    return self[std::string(s, (size_t)n)];
  }
  void *p = 0;
  if (SWIG_IsOK(SWIG_ConvertPtr(key, &p, SWIGTYPE_p_YAML__Node, 0)) && p)
    return self[*static_cast<YAML::Node *>(p)];
  PyErr_Format(PyExc_TypeError, "YAML node keys are str, int or Node, not %s",
               Py_TYPE(key)->tp_name);
  throw swiggen::python_error();
}
%}

// Gap: std::vector<T> of a wrapped class is not converted (LoadAll, LoadAllFromFile): a list of
// Python-owned Node copies (a Node is a handle on shared document memory).
%typemap(out) std::vector<YAML::Node> {
  const std::vector<YAML::Node> &docs = $1;
  $result = PyList_New((Py_ssize_t)docs.size());
  for (size_t i = 0; i < docs.size(); ++i)
    PyList_SET_ITEM($result, (Py_ssize_t)i, swiggen_yaml_to_py(docs[i]));
}

%feature("python:slot", "mp_subscript", functype="binaryfunc") YAML::Node::__getitem__;
%feature("python:slot", "mp_ass_subscript", functype="objobjargproc") YAML::Node::__setitem__;
%feature("python:slot", "tp_iter", functype="getiterfunc") YAML::Node::__iter__;
%feature("kwargs", "0") YAML::Node::__getitem__;
%feature("kwargs", "0") YAML::Node::__setitem__;

%extend YAML::Node {
  YAML::Node __getitem__(PyObject *key) { return swiggen_yaml_subscript(*$self, key); }
  // The const operator[]: reading without creating (a missing key gives an invalid node).
  YAML::Node lookup(PyObject *key) const {
    const YAML::Node &self_ = *$self;
    return swiggen_yaml_subscript(self_, key);
  }
  void __setitem__(PyObject *key, PyObject *value) {
    YAML::Node v = swiggen_yaml_from_py(value);
    swiggen_yaml_subscript(*$self, key) = v;
  }
  // Gap: push_back and remove are overloaded with member templates; only the Node overloads are
  // real functions. These take any value swiggen_yaml_from_py converts.
  void push_back(PyObject *value) { $self->push_back(swiggen_yaml_from_py(value)); }
  bool remove(PyObject *key) {
    if (PyLong_Check(key) && !PyBool_Check(key)) {
      std::size_t i = PyLong_AsSize_t(key);
      if (PyErr_Occurred()) throw swiggen::python_error();
      return $self->remove(i);
    }
    if (PyUnicode_Check(key)) return $self->remove(swiggen_yaml_from_py(key).Scalar());
    return $self->remove(swiggen_yaml_from_py(key));  // a Node key: by identity, as in C++
  }
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
