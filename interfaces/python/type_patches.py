# type_patches.py: NAME.py's helpers for the type patches lower/ decides (templates/python/patch.i.j2
# prints this file after the module's own code, then one `_swiggen_type_setattr` line per patch):
# a repr listing a struct's fields, and pickling through the fields' values.

def _swiggen_repr(fields):
    def __repr__(self):
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
        return f"{type(self).__name__}({shown})"
    return __repr__


def _swiggen_reduce(fields):
    def __reduce__(self):
        return type(self), (), {name: getattr(self, name) for name in fields}
    return __reduce__


def _swiggen_setstate(self, state):
    for name, value in state.items():
        setattr(self, name, value)
