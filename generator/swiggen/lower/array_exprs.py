"""Sizes of out arrays computed from other arguments: `out_array(out, n=len(a))`.

A dimension of an out array that no input array has and Python should not pass (it follows
from the inputs) is given as an expression over the function's other parameters, in Python
syntax, checked here and turned into C++ for the array shim (array_shims.py):

    // swiggen: out_array(out, n=len(a))
    void cumsum(const std::vector<double>& a, double* out, size_t n);     # cumsum(a) -> array

    // swiggen: array(src, h, w, c), out_array(dst, oh=round(rh*fy), ow=round(rw*fx), c)
    void resize(const uint8_t* src, int h, int w, int c, int rh, int rw, double fy, double fx,
                uint8_t* dst, int oh, int ow);                   # resize(src, rh, rw, fy, fx)

The grammar, with Python's meaning: integer and float literals; names of integer parameters
(Python arguments, or dimensions of an input array) and of float parameters; `len(x)` (axis 0
of an input array `x`, or the size of a container or string parameter); `x.shape[k]` (axis k
of an input array); `+`, `-`, `*`, `/` (true division: a float), `//` (floor division), unary
`-`, parentheses; `round(x)` (to the nearest integer, halves to even, as Python's round),
`int(x)` (towards zero), `math.floor(x)`/`floor(x)`, `math.ceil(x)`/`ceil(x)`, `min(...)`,
`max(...)`. An int stays an int (Py_ssize_t) until a float joins it, as in Python; a size must
be an int, so a float expression (`rh*fy`) is refused: say how to round it. Anything else is an
SG203 error at the directive. When the array is allocated (arrays.swg), a non-finite value
rounded, a division by zero or a negative size is a ValueError naming the function, the out
array and the dimension.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Param, TypeKind

#: how a token of a translated expression is spelled: C++ text, a parameter's value (by index:
#: its name, or the variable the shim reads it into; "param" an integer, "float" a floating
#: one), an input array's axis (pointer index, axis), or WHERE (the function's and the
#: dimension's names, for the messages of arrays.swg's size helpers)
Token = str | tuple[str, int] | tuple[str, int, int]

#: the C++ arguments naming the function and the dimension in a size helper's message
WHERE = "$where"

_ARITH = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}
#: float -> int conversions: Python's spelling -> arrays.swg's helper
_TO_INT = {"round": "swiggen_size_round", "int": "swiggen_size_trunc",
           "floor": "swiggen_size_floor", "ceil": "swiggen_size_ceil"}

SUPPORTED = ("integers, floats, integer and float parameters, len(x), x.shape[k], + - * / //, "
             "parentheses, round(), int(), math.floor(), math.ceil(), min() and max() are")


@dataclass(frozen=True)
class DimExpr:
    dim: int  #: the dimension parameter's index
    text: str  #: as written in the directive
    tokens: tuple[Token, ...]


class ExprError(ValueError):
    """What is wrong with an expression, for the SG203 message."""


def parse_dim_expr(text: str, params: Sequence[Param], inputs: dict[int, int],
                   ints: set[int]) -> tuple[Token, ...]:
    """Translate `text` (an integer expression). `inputs`: pointer index -> ndim of each input
    array; `ints`: the integer parameters Python passes or an input array's shape gives."""
    names = {p.name: i for i, p in enumerate(params) if p.name}
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ExprError(f"'{text}' is not an expression ({exc.msg})") from None

    def param(node: ast.expr) -> int:
        if not isinstance(node, ast.Name) or node.id not in names:
            raise ExprError(f"'{ast.unparse(node)}' names no parameter")
        return names[node.id]

    def call_name(node: ast.Call) -> str:
        f = node.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
                f.value.id == "math" and f.attr in ("floor", "ceil"):
            return f.attr
        return f.id if isinstance(f, ast.Name) and f.id not in names else ""

    def walk(node: ast.expr) -> tuple[list[Token], bool]:
        """The C++ tokens of `node`, and whether it is a float (else an int)."""
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return [str(node.value)], False
        if isinstance(node, ast.Constant) and type(node.value) is float:
            return [repr(node.value)], True
        if isinstance(node, ast.Name):
            i = param(node)
            t = params[i].type
            if t.kind is TypeKind.FLOAT and not t.indirection:
                return [("float", i)], True
            if i not in ints:
                raise ExprError(f"'{node.id}' is not an integer or float argument or a "
                                "dimension of an input array")
            return [("param", i)], False
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            inner, real = walk(node.operand)
            return ["(", "-" if isinstance(node.op, ast.USub) else "+", *inner, ")"], real
        if isinstance(node, ast.BinOp) and type(node.op) in (*_ARITH, ast.Div, ast.FloorDiv):
            (left, lf), (right, rf) = walk(node.left), walk(node.right)
            real = lf or rf
            if isinstance(node.op, ast.Div):  # true division, as Python: a float
                lc, rc = ("" if f else "(double)" for f in (lf, rf))
                return ["swiggen_size_div(", WHERE, ", ", lc, *left, ", ", rc, *right, ")"], True
            if isinstance(node.op, ast.FloorDiv):
                helper = "swiggen_size_floordiv_real" if real else "swiggen_size_floordiv"
                lc, rc = ("(double)" if real and not f else "" for f in (lf, rf))
                return [f"{helper}(", WHERE, ", ", lc, *left, ", ", rc, *right, ")"], real
            lc, rc = ("(double)" if real and not f else "" for f in (lf, rf))
            return ["(", lc, *left, f" {_ARITH[type(node.op)]} ", rc, *right, ")"], real
        if isinstance(node, ast.Call) and call_name(node) == "len" and len(node.args) == 1 \
                and not node.keywords:
            i = param(node.args[0])
            if i in inputs:
                return [("axis", i, 0)], False
            if _sized(params[i]):
                return [f"(Py_ssize_t){params[i].name}.size()"], False
            raise ExprError(f"len({params[i].name}): '{params[i].name}' is neither an input "
                            "array nor a container or string")
        if isinstance(node, ast.Call) and call_name(node) in _TO_INT:
            name = call_name(node)
            if len(node.args) != 1 or node.keywords:
                raise ExprError(f"'{ast.unparse(node)}': {name}() takes one argument here "
                                "(round to a whole number)")
            inner, real = walk(node.args[0])
            if not real:  # an int already: Python's round/int/floor/ceil return it as is
                return inner, False
            return [f"{_TO_INT[name]}(", WHERE, ", ", *inner, ")"], False
        if isinstance(node, ast.Call) and call_name(node) in ("min", "max") and \
                len(node.args) >= 2 and not node.keywords:
            parts = [walk(a) for a in node.args]
            real = any(r for _, r in parts)
            out: list[Token] = [f"swiggen_size_{call_name(node)}<"
                                f"{'double' if real else 'Py_ssize_t'}>({{"]
            for k, (tokens, _) in enumerate(parts):
                out += [", " if k else "", "(double)" if real else "(Py_ssize_t)", "(",
                        *tokens, ")"]
            return [*out, "})"], real
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and \
                node.value.attr == "shape" and isinstance(node.slice, ast.Constant) and \
                type(node.slice.value) is int:
            i = param(node.value.value)
            axis = node.slice.value
            if i not in inputs or not 0 <= axis < inputs[i]:
                raise ExprError(f"'{ast.unparse(node)}': not an axis of an input array")
            return [("axis", i, axis)], False
        raise ExprError(f"'{ast.unparse(node)}' is not supported ({SUPPORTED})")

    tokens, real = walk(tree)
    if real:
        raise ExprError(f"'{text.strip()}' is a float, and a size is a whole number: say how "
                        f"to round it, e.g. round({text.strip()}), int(...) (towards zero), "
                        "math.floor(...) or math.ceil(...)")
    return tuple(tokens)


def params_of(tokens: Sequence[Token]) -> set[int]:
    """The parameters an expression reads (by index)."""
    return {t[1] for t in tokens if isinstance(t, tuple)}


def _sized(p: Param) -> bool:
    """A by-value or reference container or string parameter: it has size()."""
    return p.type.indirection in ("", "&") and (
        p.type.kind is TypeKind.STRING or p.type.canonical.startswith(
            ("std::vector<", "std::basic_string<", "std::array<", "std::set<", "std::map<",
             "std::unordered_map<", "std::unordered_set<", "std::deque<", "std::list<")))


def render(tokens: Sequence[Token], value_of: dict[int, str],
           axis_of: dict[tuple[int, int], str], where: str = '"", ""') -> str:
    """C++ for the shim: parameters by the variable that holds them, axes likewise; `where`
    the C++ arguments naming the function and the dimension (`"resize", "oh"`)."""
    parts = []
    for t in tokens:
        if t == WHERE:
            parts.append(where)
        elif isinstance(t, str):
            parts.append(t)
        elif t[0] == "param":
            parts.append(f"(Py_ssize_t){value_of[t[1]]}")
        elif t[0] == "float":
            parts.append(value_of[t[1]])  # (a double or float already)
        else:
            parts.append(f"(Py_ssize_t){axis_of[(t[1], t[2])]}")  # type: ignore[misc]
    return "".join(parts)
