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
