# live_variables.py: NAME.py's helper for a module's global variables (templates/python/variables.py.j2
# prints this file, then the module class with one property per variable): module attributes
# that read, and assign, the C++ variable through SWIG's cvar each time. `_swiggen_c` is the
# C module, imported at the top of NAME.py's swiggen code.

# Global variables: module attributes that read (and assign) the C++ variable each time
import sys as _swiggen_sys


def _swiggen_variable(name, writable, doc):
    def get(module):
        return getattr(_swiggen_c.cvar, name)

    def set_(module, value):
        setattr(_swiggen_c.cvar, name, value)

    return property(get, set_ if writable else None, None, doc)
