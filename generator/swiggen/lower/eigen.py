"""Eigen's dense types as numpy arrays, with no annotation (docs/eigen.md).

    Eigen::VectorXd solve(const Eigen::MatrixXd& a, const Eigen::VectorXd& b);
        ->  solve(a: ArrayLike, b: ArrayLike) -> NDArray[float64]
    void scale(Eigen::Ref<Eigen::MatrixXd> m, double f);      ->  writes into m (Fortran order)
    const Eigen::Matrix3f& Camera::intrinsics() const;        ->  a read-only view of the camera

Every type libclang resolves to `Eigen::Matrix<...>`, `Eigen::Array<...>`, `Eigen::Ref<...>` or
`Eigen::Map<...>` of a numpy scalar (bool, integers, float, double, std::complex) is retyped as a
converted type (lower/libtypes.py): TypeKind.STD with target EIGEN. Each distinct type a
declaration uses is one `SWIGGEN_EIGEN(T)` line (`SWIGGEN_EIGEN_VIEW(T)` for a Ref or Map;
interfaces/python/eigen.swg, included only then); a field reads as a read-only copy
(`SWIGGEN_EIGEN_FIELD(T, name)`). A Matrix or Array inside a converted container
(`std::vector<Eigen::Vector3d>`) or as an `out` is an array copied each way (eigen.swg's
swiggen::conv, `SWIGGEN_EIGEN_ITEMS()`). Declarations eigen.swg cannot serve are left out with
SG311 saying why: a plain matrix by non-const reference or pointer (take `Eigen::Ref<M>` to
write into an array), a Ref or Map inside a container. Any other Eigen type (an expression, a
Block, a matrix of a class) stays a foreign class (SG337).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..model import Class, Header, TypeKind, TypeRef
from .arrays import ELEMENTS
from .context import Context
from .convertible import _add
from .libtypes import LibraryType, register
from .plan import MacroCall

#: the `target` of a retyped Eigen type (TypeKind.STD)
EIGEN = "swiggen::eigen"

_TEMPLATES = ("Eigen::Matrix", "Eigen::Array", "Eigen::Ref", "Eigen::Map")
_STRIDES = re.compile(r"^Eigen::(Stride|OuterStride|InnerStride)<[-\d, ]*>$")
_ROW_MAJOR = 1


@dataclass(frozen=True)
class EigenType:
    """What an Eigen type is: `Eigen::Ref<const Eigen::Matrix<float, 3, 3, 1>>` is a Ref of a
    3x3 row-major float matrix, read-only."""

    template: str  #: Matrix, Array, Ref, Map
    scalar: str  #: canonical C++ scalar (`double`, `std::complex<float>`)
    rows: int  #: -1 for Dynamic
    cols: int
    row_major: bool
    writable: bool  #: a Ref or Map of non-const (a plain type is a value: False)

    @property
    def view(self) -> bool:
        return self.template in ("Ref", "Map")

    @property
    def vector(self) -> bool:
        return self.rows == 1 or self.cols == 1

    @property
    def dtype(self) -> str:
        return ELEMENTS[self.scalar]


def split_args(text: str) -> list[str]:
    """`double, -1, 1` -> ["double", "-1", "1"] (commas inside <> do not split)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [a for a in out if a]


def parse(canonical: str) -> EigenType | None:
    """The Eigen type a canonical spelling names, or None (not one eigen.swg converts)."""
    text = canonical.strip().removeprefix("const ").strip()
    head, sep, rest = text.partition("<")
    if head not in _TEMPLATES or not sep or not rest.endswith(">"):
        return None
    args = split_args(rest[:-1])
    if head in ("Eigen::Ref", "Eigen::Map"):
        if not args or len(args) > 3 or (len(args) == 3 and not _STRIDES.match(args[2])):
            return None
        inner = args[0]
        writable = not inner.startswith("const ")
        plain = parse(inner)
        if plain is None or plain.view:
            return None
        return replace(plain, template=head.removeprefix("Eigen::"), writable=writable)
    if not 3 <= len(args) <= 6 or args[0] not in ELEMENTS:
        return None
    try:
        rows, cols = int(args[1]), int(args[2])
        options = int(args[3]) if len(args) > 3 else (
            _ROW_MAJOR if rows == 1 and cols != 1 else 0)
    except ValueError:
        return None
    return EigenType(head.removeprefix("Eigen::"), args[0], rows, cols,
                     bool(options & _ROW_MAJOR), False)


def _retype(t: TypeRef) -> TypeRef | None:
    if t.kind is not TypeKind.CLASS or not t.canonical.removeprefix("const ").startswith("Eigen::"):
        return None
    if parse(t.canonical) is None:
        return None
    return replace(t, kind=TypeKind.STD, target=EIGEN)


def _used_by(h: Header) -> bool:
    return any("/Eigen/" in i or "/eigen3/" in i for i in h.includes)


def of(t: TypeRef) -> EigenType:
    found = parse(t.canonical)
    assert found is not None, t.canonical
    return found


def _why(t: TypeRef, ctx: Context, is_result: bool) -> str:
    e = of(t)
    what = f"'{t.written or t.spelling}'"
    if t.indirection == "*":
        return (f"{what}: an Eigen type by pointer does not convert; take it by value, "
                "const reference or Eigen::Ref")
    if is_result and t.indirection == "&&":
        return f"{what}: an rvalue reference result does not convert; return it by value"
    if not is_result and t.indirection == "&" and not t.is_const:
        if e.view:
            return f"{what}: take the {e.template} by value or const reference"
        return (f"{what}: a matrix by non-const reference could be resized, which a numpy "
                "array cannot follow; take Eigen::Ref<...> to write into an array")
    return ""


def _item_why(t: TypeRef, ctx: Context) -> str:
    """A Matrix or Array inside a converted container is an array copied each way (eigen.swg's
    swiggen::conv, whose fragment is noted here: the container's own lines are SWIGGEN_STD);
    a Ref or Map there is not (it would point into a temporary)."""
    if of(t).view:
        return (f"'{t.written or t.spelling}': an Eigen {of(t).template} inside a container "
                "does not convert; hold the plain Matrix or Array")
    _add(ctx, MacroCall("SWIGGEN_EIGEN_ITEMS", ()))
    return ""


def swig_spelling(t: TypeRef) -> str:
    """The value type as the macros take it: canonical, `>>` spaced for SWIG's parser."""
    text = t.canonical.strip().removeprefix("const ").strip()
    while ">>" in text:
        text = text.replace(">>", "> >")
    return text


def _note(t: TypeRef, ctx: Context) -> None:
    if _why(t, ctx, False) and _why(t, ctx, True):
        return
    _add(ctx, MacroCall("SWIGGEN_EIGEN_VIEW" if of(t).view else "SWIGGEN_EIGEN",
                        (swig_spelling(t),)))


def _stub(t: TypeRef, param: bool) -> str:
    e = of(t)
    if param and not e.writable:
        return "numpy.typing.ArrayLike"
    return f"numpy.typing.NDArray[numpy.{e.dtype}]"


def _prepare(headers: Sequence[Header], ctx: Context) -> None:
    """A field is read as a read-only copy (SWIG's getter copies it; read-only, so that writing
    into it raises instead of changing a copy): one `SWIGGEN_EIGEN_FIELD(T, name)` line each."""
    def visit(classes: Sequence[Class]) -> None:
        for c in classes:
            for f in c.fields:
                t = f.type
                if t.kind is TypeKind.STD and t.target == EIGEN and not t.indirection and \
                        not of(t).view:
                    _add(ctx, MacroCall("SWIGGEN_EIGEN", (swig_spelling(t),)))
                    _add(ctx, MacroCall("SWIGGEN_EIGEN_FIELD", (swig_spelling(t), f.name)))
            visit(c.classes)

    for h in headers:
        visit(h.classes)


register(LibraryType(target=EIGEN, swg="eigen.swg", macro_prefix="SWIGGEN_EIGEN",
                     used_by=_used_by, retype=_retype, why=_why, item_why=_item_why,
                     note=_note, stub=_stub, prepare=_prepare))
