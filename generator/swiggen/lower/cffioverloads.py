"""cffioverloads: which calls of an overload set PyPy makes through cffi (issue #39, item 4).

The C API path dispatches an overload set as SWIG orders it: by argument count, then by each
parameter's type-check precedence (the first parameter where two overloads' precedences differ
decides, the lower first: bool 15, integers 20-70, float 80, double 90), and calls the first
overload whose type checks pass. Under PyPy, NAME.py dispatches the calls whose overload it can
prove the same way, by the exact Python types of positional arguments, and calls that overload's
shim (templates/python/cffi.py.j2):

    int twice(int);  double twice(double);  std::string twice(const std::string &);

    twice(3)    an int: twice(int) and twice(double) both take it; int before double: twice(int)
    twice(1.5)  a float: twice(int) refuses it, twice(const std::string &) too: twice(double)
    twice("a")  a str: the C API path (twice(const std::string &) is not a cffi member)

For each count of arguments and each combination of `int`, `float` and `bool` arguments, every
overload of that count is one of: refuses them for certain (a float for an integer; an int or a
float for a bool, which takes only True and False; anything for a std::string); takes them
(an int for an integer or a double, a float for a double or a C float within its range, a bool
for a bool), if cffi converts them as the C API path does; or may take them (a bool for an
integer, an int for an enum or a class, which converts implicitly: not known here). Of those
that do not refuse, the first in SWIG's order must be known (its order against each of the
others proven from the types alone: two different integer types leave it unknown) and must take
them; that combination is then a branch, and every other call goes to the C API path, which
nothing has touched (a branch whose call cffi refuses, an int beyond the C type, too).

Not a branch: a set with defaults anywhere (SWIG dispatches on them as more overloads), calls
with keywords, and any member whose conversion a directive changes (then no member is called).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

from ..model import Function, TypeKind
from .cffirecords import CffiBranch, CffiFunction, CffiOverloads
from .pyrecords import StubFunction

#: most parameters a member may have for its set to get branches (3**4 combinations)
_MOST = 4
_KINDS = ("int", "float", "bool")
#: how a value of a Python type fares with a parameter
_REFUSES, _TAKES, _MAY = "refuses", "takes", "may"
#: SWIG's precedence order of the scalar kinds (integers share one rank: see _before)
_RANK = {"bool": 0, "int": 1, "float": 2, "double": 3}


def overload_set(name: str, members: Sequence[Function], stubs: Sequence[StubFunction],
                 plain: Callable[[Function, str], bool],
                 make: Callable[[Function, str], CffiFunction | None]) -> CffiOverloads | None:
    """The branches of the overload set `members` (Python name `name`, `stubs` its stub
    functions), None if there are none. `plain(f, name)`: no directive changes how `f` converts;
    `make(f, tag)`: its shim (with its own directives: `nogil`), or None if cffi cannot call
    it."""
    if (len(stubs) != len(members) or not all(s.overloaded for s in stubs)
            or any(p.default is not None for f in members for p in f.params)
            or not all(plain(f, name) for f in members)):
        return None
    shims: list[CffiFunction | None] = []
    for k, f in enumerate(members):
        shims.append(make(f, f"__o{k}") if len(f.params) <= _MOST else None)
    if not any(shims):
        return None
    branches: list[CffiBranch] = []
    for n in sorted({len(f.params) for f in members}):
        same = [k for k, f in enumerate(members) if len(f.params) == n]
        if not any(shims[k] for k in same):
            continue
        for kinds in product(_KINDS, repeat=n):
            chosen = _chosen(kinds, [members[k] for k in same], [shims[k] for k in same])
            if chosen is None:
                continue
            shim = shims[same[chosen]]
            assert shim is not None
            ranges = tuple(i for i, p in enumerate(shim.params) if p.ctype == "float")
            branches.append(CffiBranch(tuple(kinds), shim, ranges))
    if not branches:
        return None
    return CffiOverloads(name, tuple(branches))


def _chosen(kinds: Sequence[str], members: Sequence[Function],
            shims: Sequence[CffiFunction | None]) -> int | None:
    """The index of the member SWIG's dispatch calls for arguments of the Python types `kinds`,
    if it is known and cffi calls it; else None."""
    open_ = [k for k, f in enumerate(members)
             if _fares(kinds, f, shims[k]) != _REFUSES]
    if not open_:
        return None
    first = [k for k in open_ if all(k == j or _before(members[k], members[j]) for j in open_)]
    if len(first) != 1:
        return None
    k = first[0]
    return k if shims[k] is not None and _fares(kinds, members[k], shims[k]) == _TAKES else None


def _fares(kinds: Sequence[str], f: Function, shim: CffiFunction | None) -> str:
    """How `f`'s type checks fare with arguments of the types `kinds`: refuses if one parameter
    refuses for certain; takes if cffi calls it (`shim`) and every parameter takes its value."""
    fares = [_param(kind, f.params[i].type.kind, f.params[i].type.indirection,
                    shim.params[i].ctype if shim else None) for i, kind in enumerate(kinds)]
    if _REFUSES in fares:
        return _REFUSES
    return _TAKES if all(x == _TAKES for x in fares) else _MAY


def _param(kind: str, type_kind: TypeKind, indirection: str, ctype: str | None) -> str:
    """How a parameter's type check fares with a value of the Python type `kind`; `ctype`: its
    shim's C type (None: not a scalar cffi converts)."""
    if ctype is None:
        if type_kind in (TypeKind.STRING, TypeKind.STRING_VIEW) and indirection in ("", "&"):
            return _REFUSES  # (a str only)
        return _MAY
    if ctype == "bool":
        return _TAKES if kind == "bool" else _REFUSES  # (SWIG_AsVal_bool: PyBool_Check)
    if kind == "bool":
        return _MAY  # (a bool is an int to PyLong_Check)
    if ctype in ("float", "double"):
        return _TAKES  # (an int too: as the C API path converts it)
    return _TAKES if kind == "int" else _REFUSES  # (an integer refuses a float)


def _before(a: Function, b: Function) -> bool:
    """Whether SWIG's dispatch certainly tries `a` before `b` (same argument count): at the
    first parameter where their type-check precedences differ, a's is lower. Only the scalar
    kinds' order is known (bool, integers, float, double); two integer types, or anything else
    that differs, leave it unknown (False)."""
    for pa, pb in zip(a.params, b.params):
        ta, tb = pa.type, pb.type
        if ta.spelling == tb.spelling and ta.kind is tb.kind:
            continue
        ra, rb = _rank(ta.kind, ta.indirection, ta.canonical), _rank(tb.kind, tb.indirection,
                                                                     tb.canonical)
        if ra is None or rb is None or ra == rb:
            return False
        return ra < rb
    return False


def _rank(kind: TypeKind, indirection: str, canonical: str) -> int | None:
    if indirection:
        return None
    plain = " ".join(w for w in canonical.split() if w not in ("const", "volatile"))
    if kind is TypeKind.BOOL:
        return _RANK["bool"]
    if kind is TypeKind.FLOAT and plain in ("float", "double"):
        return _RANK[plain]
    if kind is TypeKind.INT and "char" not in plain and "wchar" not in plain:
        return _RANK["int"]
    return None
