"""Arrays in overload sets (lower/arrays.py): SWIG must tell the overloads apart and wrap only
the shims of those it calls through one.

- `f(const float* a, int n)` beside `f(const double* a, int n)`: SWIG's typecheck precedence is
  one per parameter pattern, and two overloads whose patterns share it are "shadowed" (SWIG
  warning 509: the second is dropped). An input of another element than double gets its own
  precedence after double's (arrays.swg's SWIGGEN_ARRAY_RANK; arrays.merge keeps the lines of
  overloads only), so an array of exactly one overload's dtype goes to it, a list to double.
- The %ignore of a shimmed original names its whole parameter list; SWIG wraps the forms without
  its trailing defaults apart when keyword arguments are off (an overload set), so those are
  %ignored too: the shim takes the defaults.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model import Param
from .array_shims import ShimSite
from .plan import ArrayDecision, Ignore

if TYPE_CHECKING:
    from .arrays import Run

#: the elements in precedence order after double's (ELEMENTS' order, arrays.py)
_ORDER = ("bool", "signed char", "unsigned char", "short", "unsigned short", "int",
          "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "float",
          "double", "std::complex<float>", "std::complex<double>")


def rank(r: "Run", spelled: str, label: str) -> list[ArrayDecision]:
    """An input of another element than double: its own typecheck precedence, after double's
    (SWIG_TYPECHECK_DOUBLE_ARRAY, 1090), so overloads by dtype are all kept (arrays.swg)."""
    if r.kind == "out_array" or r.element == "double":
        return []
    precedence = 1091 + _ORDER.index(r.element)
    return [ArrayDecision("SWIGGEN_ARRAY_RANK", (str(precedence), r.element, str(r.ndim),
                                                 "true" if r.kind == "inplace_array" else
                                                 "false", spelled),
                          (label,), f"overloads by dtype: {r.element} arrays after double's")]


def shorter_forms(site: ShimSite, params: Sequence[Param]) -> list[Ignore]:
    """The forms of a shimmed original without its trailing defaults (`f(a,b)` of
    `f(a,b,c=1)`): SWIG wraps each apart when keyword arguments are off (an overload set),
    and its %ignore of the whole parameter list leaves them; the shim takes the defaults."""
    const = " const" if site.is_const else ""
    out = []
    k = len(params)
    while k > 0 and params[k - 1].default is not None:
        k -= 1
        out.append(Ignore(f"{site.qualname}({','.join(p.type.spelling for p in params[:k])})"
                          f"{const}", "called through its array shim (lower/array_shims.py)"))
    return out
