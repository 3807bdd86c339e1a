/* Plain SWIG bindings of benchlib, hand-written: built twice, once with proxy classes and once
 * with -builtin (`swig -c++ -python [-builtin] -module bench_swigproxy|bench_swigbuiltin`).
 * Only what a careful SWIG user writes to get the same behaviour as the other variants:
 * exception translation, a bounds-checked __getitem__/__setitem__, keyword arguments for
 * scale(), a buffer-protocol typemap for sum(), and %thread for the GIL-releasing calls.
 */
%module(threads="1") bench_swig

%{
#include "benchlib.h"
#include <stdexcept>

static std::size_t bench_checked_index(const bench::Buffer* b, long i) {
  long n = static_cast<long>(b->size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw std::out_of_range("Buffer index out of range");
  return static_cast<std::size_t>(i);
}
%}

%include <exception.i>
%include <std_string.i>
%include <std_vector.i>
%include <typemaps.i>

%template(DoubleVector) std::vector<double>;

%exception {
  try {
    $action
  } catch (const std::out_of_range& e) {
    SWIG_exception(SWIG_IndexError, e.what());
  } catch (const std::exception& e) {
    SWIG_exception(SWIG_RuntimeError, e.what());
  }
}

/* Release the GIL only where asked. */
%nothread;
%thread bench::nogil_add;
%thread bench::gil_held;

%feature("kwargs") bench::scale;

/* sum(): any C-contiguous 1-D buffer of float64 (what numpy.i's IN_ARRAY1 does, minus numpy's
 * C API, which SWIG does not ship). */
%typemap(in) (const double* data, std::size_t n) (Py_buffer view, int have_view = 0) {
  if (PyObject_GetBuffer($input, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) SWIG_fail;
  have_view = 1;
  if (view.ndim != 1 || !view.format || view.format[0] != 'd' || view.format[1] != '\0') {
    SWIG_exception_fail(SWIG_TypeError, "expected a 1-D contiguous buffer of float64");
  }
  $1 = ($1_ltype)view.buf;
  $2 = ($2_ltype)(view.len / sizeof(double));
}
%typemap(freearg) (const double* data, std::size_t n) {
  if (have_view$argnum) PyBuffer_Release(&view$argnum);
}

/* operator[] is ignored by SWIG; the usual replacement is an %extend with bounds checks. The
 * python:slot features put them in the type's mapping slots under -builtin (ignored otherwise). */
%ignore bench::Buffer::operator[];
%feature("python:slot", "mp_subscript", functype="binaryfunc") bench::Buffer::__getitem__;
%feature("python:slot", "mp_ass_subscript", functype="objobjargproc") bench::Buffer::__setitem__;
%feature("python:slot", "sq_length", functype="lenfunc") bench::Buffer::__len__;
%extend bench::Buffer {
  double __getitem__(long i) const { return (*$self)[bench_checked_index($self, i)]; }
  void __setitem__(long i, double v) { (*$self)[bench_checked_index($self, i)] = v; }
  std::size_t __len__() const { return $self->size(); }
}

/* Out-parameters and a status result that raises (what a SWIG user writes for them). */
%apply int *OUTPUT { int *rem };
%apply int *OUTPUT { int *value };
%typemap(out) bench::Status parse {
  if (!$1.ok()) SWIG_exception_fail(SWIG_ValueError, $1.message().c_str());
  $result = 0; /* the OUTPUT typemap's value becomes the whole result */
}

/* The factory result is the caller's. */
%newobject bench::Counter::clone;

/* Iteration: -builtin fills only the mapping slots above, so iter() needs sq_item too
 * (CPython's sequence iterator calls it until IndexError). */
%feature("python:slot", "sq_item", functype="ssizeargfunc") bench::Buffer::_item;
%extend bench::Buffer {
  double _item(long i) const { return (*$self)[bench_checked_index($self, i)]; }
}

%include "benchlib.h"
