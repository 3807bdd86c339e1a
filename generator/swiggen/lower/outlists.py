"""Out-parameters that are lists of objects: `std::vector<T*>*` and
`std::vector<std::unique_ptr<T>>*` (or `&`), T a wrapped class.

    void makeAll(std::vector<Shape*>* out);                    // swiggen: out(out)
    bool Parse(const std::string& text, std::vector<Token*>* tokens);   // swiggen: out(tokens)
    void load(std::vector<std::unique_ptr<Shape>>& shapes);    // swiggen: out(shapes)

    make_all() -> list[Shape]     parser.Parse("a b") -> (True, [Token, Token])

The rule that answers a `T**` out answers each item (docs/outparams.md, docs/ownership.md): the
callee made the objects and Python owns each one (deleted when dropped), and a method's objects
keep the object it was called on alive; `borrowed` says they are the callee's (Python never
deletes them), as does a class Python cannot delete (no public destructor). `unique_ptr` items
are always Python's: the vector that held them is gone when the call returns. A null item is
None. Without `out(...)` such a parameter stays what limits.py says (SG336: who owns the
objects is for the directive to say). Runtime: SWIGGEN_OUT_LIST_* in
interfaces/python/outparams.swg.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Param, TypeKind, TypeRef
from .context import Context, Directives
from .plan import ParamTypemap
from .types import arg, cpp_type


def pointer_list(t: TypeRef, ctx: Context) -> tuple[str, bool] | None:
    """(the wrapped class T, whether the items are `std::unique_ptr<T>`) of a non-const
    `std::vector<T*>` or `std::vector<std::unique_ptr<T>>` pointer or reference, else None."""
    e = t.element
    if t.kind is not TypeKind.VECTOR or t.indirection not in ("*", "&") or t.is_const or \
            e is None or e.is_const:
        return None
    unique = e.kind is TypeKind.CLASS and e.target == "std::unique_ptr" and e.indirection == "" \
        and e.element is not None
    item = e.element if unique and e.element is not None else e
    if item.kind is not TypeKind.CLASS or item.is_const or \
            item.indirection != ("" if unique else "*"):
        return None
    cls = item.target
    if cls not in ctx.py_names or cls in ctx.ignored_classes:
        return None
    return cls, unique


def listed_outs(params: Sequence[Param], dirs: Directives, ctx: Context) -> frozenset[str]:
    """The names of the parameters `out(...)` makes lists of objects (limits.py would leave a
    function with a `std::vector<T*>*` out: SG336)."""
    named = {a for d in dirs.all("out") for a in d.args}
    return frozenset(p.name for p in params if p.name in named and pointer_list(p.type, ctx))


def lower_pointer_list(p: Param, pattern: str, label: str, rule: str, borrowed: bool,
                       ctx: Context) -> str:
    """Emit the typemap of out-parameter `p` (typemap pattern `pattern`), a list of objects;
    return its stub annotation."""
    found = pointer_list(p.type, ctx)
    assert found is not None
    cls, unique = found
    if unique:
        macro = "SWIGGEN_OUT_LIST_UNIQUE"
    elif borrowed or cls in ctx.no_public_dtor:
        macro = "SWIGGEN_OUT_LIST_BORROWED"
    else:
        macro = "SWIGGEN_OUT_LIST_NEW"
    vector = cpp_type(p.type, value=True)
    ctx.params.append(ParamTypemap(macro, (arg(cls), arg(vector), pattern), (label,), rule))
    return f"list[{ctx.py_names[cls]}]"
