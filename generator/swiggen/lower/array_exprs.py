"""Sizes of out arrays computed from other arguments: `out_array(out, n=len(a))`.

A dimension of an out array that no input array has and Python should not pass (it follows
from the inputs) is given as an expression over the function's other parameters, in Python
syntax, checked here and turned into C++ for the array shim (array_shims.py):

    // swiggen: out_array(out, n=len(a))
    void cumsum(const std::vector<double>& a, double* out, size_t n);     # cumsum(a) -> array

    // swiggen: array(src, h, w), out_array(dst, n=h*w)
    void flatten(const float* src, int h, int w, float* dst, int n);      # flatten(src) -> 1-D

The grammar: integer literals; names of integer parameters (Python arguments, or dimensions
of an input array); `len(x)` (axis 0 of an input array `x`, or the size of a container or
string parameter); `x.shape[k]` (axis k of an input array); `+`, `-`, `*`, `//` and
parentheses. Anything else is an SG203 error at the directive. A negative result is a
ValueError when the array is allocated (arrays.swg).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Param, TypeKind

#: how a token of a translated expression is spelled: C++ text, a parameter's value (by index:
#: its name, or the variable the shim reads it into), an input array's axis (pointer index, axis)
Token = str | tuple[str, int] | tuple[str, int, int]

_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "/"}


@dataclass(frozen=True)
class DimExpr:
    dim: int  #: the dimension parameter's index
    text: str  #: as written in the directive
    tokens: tuple[Token, ...]


class ExprError(ValueError):
    """What is wrong with an expression, for the SG203 message."""


def parse_dim_expr(text: str, params: Sequence[Param], inputs: dict[int, int],
                   ints: set[int]) -> tuple[Token, ...]:
    """Translate `text`. `inputs`: pointer index -> ndim of each input array; `ints`: the
    integer parameters Python passes or an input array's shape gives."""
    names = {p.name: i for i, p in enumerate(params) if p.name}
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ExprError(f"'{text}' is not an expression ({exc.msg})") from None
    out: list[Token] = []

    def param(node: ast.expr) -> int:
        if not isinstance(node, ast.Name) or node.id not in names:
            raise ExprError(f"'{ast.unparse(node)}' names no parameter")
        return names[node.id]

    def walk(node: ast.expr) -> None:
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= 0:
            out.append(str(node.value))
        elif isinstance(node, ast.Name):
            i = param(node)
            if i not in ints:
                raise ExprError(f"'{node.id}' is not an integer argument or a dimension of an "
                                "input array")
            out.append(("param", i))
        elif isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            out.append("(")
            walk(node.left)
            out.append(f" {_OPS[type(node.op)]} ")
            walk(node.right)
            out.append(")")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "len" and len(node.args) == 1 and not node.keywords:
            i = param(node.args[0])
            if i in inputs:
                out.append(("axis", i, 0))
            elif _sized(params[i]):
                out.append(f"(Py_ssize_t){params[i].name}.size()")
            else:
                raise ExprError(f"len({params[i].name}): '{params[i].name}' is neither an "
                                "input array nor a container or string")
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and \
                node.value.attr == "shape" and isinstance(node.slice, ast.Constant) and \
                type(node.slice.value) is int:
            i = param(node.value.value)
            axis = node.slice.value
            if i not in inputs or not 0 <= axis < inputs[i]:
                raise ExprError(f"'{ast.unparse(node)}': not an axis of an input array")
            out.append(("axis", i, axis))
        else:
            raise ExprError(f"'{ast.unparse(node)}' is not supported (integers, integer "
                            "parameters, len(x), x.shape[k], + - * // and parentheses are)")

    walk(tree)
    return tuple(out)


def _sized(p: Param) -> bool:
    """A by-value or reference container or string parameter: it has size()."""
    return p.type.indirection in ("", "&") and (
        p.type.kind is TypeKind.STRING or p.type.canonical.startswith(
            ("std::vector<", "std::basic_string<", "std::array<", "std::set<", "std::map<",
             "std::unordered_map<", "std::unordered_set<", "std::deque<", "std::list<")))


def render(tokens: Sequence[Token], value_of: dict[int, str],
           axis_of: dict[tuple[int, int], str]) -> str:
    """C++ for the shim: parameters by the variable that holds them, axes likewise."""
    parts = []
    for t in tokens:
        if isinstance(t, str):
            parts.append(t)
        elif t[0] == "param":
            parts.append(f"(Py_ssize_t){value_of[t[1]]}")
        else:
            parts.append(f"(Py_ssize_t){axis_of[(t[1], t[2])]}")  # type: ignore[misc]
    return "".join(parts)
