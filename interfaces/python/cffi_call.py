# cffi_call.py: what NAME.py's PyPy cffi path (templates/python/cffi.py.j2) calls: the C API
# path with exactly what the caller passed, and the signature and docstring of the function
# the cffi path stands in for. NAME.py carries it without this comment (render runtime()).
import builtins as _swiggen_builtins
import sys as _swiggen_sys


class _SwiggenMissing:
    """An argument the caller left out: the C API path fills in C++'s default."""

    __slots__ = ()

    def __repr__(self):
        return "<missing>"


_swiggen_missing = _SwiggenMissing()
_swiggen_type = type  # (a parameter may be named `type`)


def _swiggen_capi_call(function, values, names, args, kwargs):
    """`function` (the C API path) called with what the caller passed: `values` of the
    parameters `names` up to the first one missing by position, the later ones given by
    keyword (arguments bind left to right), then `args` and `kwargs`."""
    given = []
    for value in values:
        if value is _swiggen_missing:
            break
        given.append(value)
    later = {names[i]: values[i] for i in range(len(given) + 1, len(values))
             if values[i] is not _swiggen_missing}
    return function(*given, *args, **later, **kwargs)


def _swiggen_signed(function, capi):
    """`function` shows the C API function's docstring and signature."""
    function.__doc__ = capi.__doc__
    function.__text_signature__ = getattr(capi, "__text_signature__", None)
    try:
        from inspect import signature
        function.__signature__ = signature(capi)
    except (ValueError, TypeError):
        pass



def _swiggen_fields(cls, layout, fields, ffi, refuse_const):
    """Under PyPy, `cls`'s scalar `fields` ((name, C type, kind, writable), lower/cffifields.py)
    read and written through cffi at the object's C++ address plus the field's offset
    (`layout(i)`), for objects of exactly `cls`; other objects (a Python subclass's), read-only
    views, values of other types and what cffi refuses go to the field's C descriptor as before,
    after `refuse_const` (the C setattr's read-only view check). The class's C `__setattr__` and
    each writable field's fast writer (True if it wrote), for NAME.py's `__setattr__`; None, and
    nothing changed, if the layout is unknown (not standard-layout) or the type lacks its
    address member."""
    setattr_c = cls.__dict__.get("__setattr__")
    if setattr_c is None or "_swiggen_addr" not in cls.__dict__:
        return None
    offsets = [layout(i) for i in range(len(fields))]
    descriptors = [cls.__dict__.get(f[0]) for f in fields]
    if any(o < 0 for o in offsets) or any(d is None for d in descriptors):
        return None
    writers = {}
    for (name, ctype, kind, writable), offset, descr in zip(fields, offsets, descriptors):
        get, put, write = _swiggen_field(cls, name, descr, ffi.typeof(ctype + " *"), kind,
                                         ctype == "float", offset, ffi.cast, refuse_const,
                                         writable)
        setattr(cls, name, property(get, put, None, descr.__doc__))
        writers[name] = write
    return setattr_c, writers


def _swiggen_field(cls, name, descr, pointer, kind, limited, offset, cast, refuse_const,
                   writable):
    """The getter, setter and fast writer (True if it wrote) of one field (_swiggen_fields):
    an int for an integer, a bool for a bool, a float or an int for a double, a float within
    C float's range for a float, as the C API path converts them. (What each function uses is
    bound as a default: PyPy's JIT reads a constant function's defaults as constants.)"""
    exact = {"int": int, "bool": bool, "float": float}[kind]
    also = int if kind == "float" and not limited else exact

    def get(self, _cls=cls, _type=type, _cast=cast, _pointer=pointer, _offset=offset,
            _descr=descr):
        if _type(self) is _cls:
            address = self._swiggen_addr
            if address:
                return _cast(_pointer, address + _offset)[0]
        return _descr.__get__(self, _cls)

    def write(self, value, _cls=cls, _type=type, _cast=cast, _pointer=pointer, _offset=offset,
              _exact=exact, _also=also, _limited=limited, _writable=writable):
        if (_writable and _type(self) is _cls and self._swiggen_dict is None
                and (_type(value) is _exact or _type(value) is _also)
                and (not _limited or -3.4028234663852886e+38 <= value <= 3.4028234663852886e+38)):
            address = self._swiggen_addr
            if address:
                try:
                    _cast(_pointer, address + _offset)[0] = value
                except (TypeError, OverflowError):
                    return False
                return True
        return False

    def put(self, value, _write=write, _name=name, _refuse=refuse_const, _descr=descr):
        if not _write(self, value):
            _refuse(self, _name)
            _descr.__set__(self, value)

    return get, put, write
