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




def _swiggen_fields(cls, layout, fields, ffi, refuse_const, object_address, object_layout):
    """Under PyPy, `cls`'s scalar `fields` ((name, C type, kind, writable), lower/cffifields.py)
    read and written through cffi at the object's C++ pointer plus the field's offset
    (`layout(i)`), for objects of exactly `cls`. The pointer is read each time from the object's
    own struct (its address from `object_address(obj)` once, kept in the object; the offsets of
    its pointer and SWIG dict from `object_layout`), so it is always the current one: 0 once the
    C++ object was moved out or destroyed. Other objects (a Python subclass's), objects with a
    SWIG dict (read-only views, views keeping their owner) written to, values of other types and
    what cffi refuses go to the field's C descriptor as before, after `refuse_const` (the C
    setattr's read-only view check). The class's C `__setattr__` and each writable field's fast
    writer (True if it wrote), for NAME.py's `__setattr__`; None, and nothing changed, if the
    layout is unknown (not standard-layout)."""
    setattr_c = cls.__dict__.get("__setattr__")
    offsets = [layout(i) for i in range(len(fields))]
    descriptors = [cls.__dict__.get(f[0]) for f in fields]
    at = (object_layout(0), object_layout(1), object_layout(2))
    if (setattr_c is None or any(o < 0 for o in offsets) or any(d is None for d in descriptors)
            or min(at) < 0 or layout(-1) <= 0):
        return None
    at += (layout(-1),)  # (the SWIG type its objects have: one whose __class__ was assigned
    #                       this class has another's, and another layout)
    word = ffi.typeof("intptr_t *")

    def find(self, _object_address=object_address, _set=object.__setattr__, _cast=ffi.cast,
             _bytes=ffi.typeof("char *")):
        """`self`'s struct, as a `char *` kept in `self` (PyPy's own storage of the object, not
        its SWIG dict) after the first time, next to `self` itself: what another object's dict
        was given (`vars(u).update(vars(t))`) is not taken for its own. (A cdata: PyPy's JIT
        reads through a cast of it as one load, where a cast of a Python int costs a call.)"""
        struct = _cast(_bytes, _object_address(self))
        _set(self, "_swiggen_object", (struct, self))
        return struct

    def struct_of(self, _find=find, _type=type, _tuple=tuple):
        """`self`'s struct: the one kept next to `self`, else found again (not kept yet, another
        object's, or what a __getattr__ added to the class made up)."""
        try:
            kept = self._swiggen_object
        except AttributeError:
            return _find(self)
        if _type(kept) is _tuple and kept[1] is self:
            return kept[0]
        return _find(self)

    writers = {}
    for (name, ctype, kind, writable), offset, descr in zip(fields, offsets, descriptors):
        get, put, write = _swiggen_field(cls, name, descr, ffi.typeof(ctype + " *"), kind,
                                         ctype == "float", offset, ffi.cast, refuse_const,
                                         writable, struct_of, word, at)
        # (deleted first: a type attribute PyPy saw overwritten is kept in a mutable cell, which
        # its JIT reads on every access instead of folding it)
        delattr(cls, name)
        setattr(cls, name, property(get, put, None, descr.__doc__))
        if writable:
            writers[name] = write
    return setattr_c, writers


def _swiggen_field(cls, name, descr, pointer, kind, limited, offset, cast, refuse_const,
                   writable, struct_of, word, at):
    """The getter, setter and fast writer (True if it wrote) of one field (_swiggen_fields):
    an int for an integer, a bool for a bool, a float or an int for a double, a float within
    C float's range for a float, as the C API path converts them. (What each function uses is
    bound as a default: PyPy's JIT reads a constant function's defaults as constants.)"""
    exact = {"int": int, "bool": bool, "float": float}[kind]
    also = int if kind == "float" and not limited else exact

    def get(self, _cls=cls, _type=type, _cast=cast, _pointer=pointer, _offset=offset,
            _descr=descr, _struct_of=struct_of, _word=word, _at=at[0], _ty_at=at[2],
            _ty=at[3]):
        if _type(self) is _cls:
            struct = _struct_of(self)
            address = _cast(_word, struct + _at)[0]
            if address and _cast(_word, struct + _ty_at)[0] == _ty:
                return _cast(_pointer, address + _offset)[0]
        return _descr.__get__(self, _cls)

    def write(self, value, _cls=cls, _type=type, _cast=cast, _pointer=pointer, _offset=offset,
              _exact=exact, _also=also, _limited=limited, _writable=writable,
              _struct_of=struct_of, _word=word, _at=at[0], _dict_at=at[1], _ty_at=at[2],
              _ty=at[3]):
        if (_writable and _type(self) is _cls
                and (_type(value) is _exact or _type(value) is _also)
                and (not _limited or -3.4028234663852886e+38 <= value <= 3.4028234663852886e+38)):
            struct = _struct_of(self)
            address = _cast(_word, struct + _at)[0]
            if (address and not _cast(_word, struct + _dict_at)[0]
                    and _cast(_word, struct + _ty_at)[0] == _ty):
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
