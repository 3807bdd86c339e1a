"""What `swiggen check` probes: the module's public surface, read from its own `NAME.pyi`.

The stub `swiggen build` writes declares every wrapped function, class (with its constructor
overloads, methods, static methods, operators, protocols and fields) and enum, with Python
annotations. It is parsed with `ast` (never imported), so a stub is all `check` needs to know
what to call and with which kinds of values; the header line of each declaration comes from
`NAME.decls/` (`decls.py`).

    class Vector:
        def __init__(self, n: int = ..., fill: float = ...) -> None: ...
        def at(self, i: int) -> float: ...
        def __getitem__(self, index: int, /) -> float: ...
        size: int

becomes `Class("Vector", methods={"__init__": Function(...), "at": ..., "__getitem__": ...},
attributes=(Attribute("size", Ty("int"), writable=True),))`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ty:
    """A parameter's annotation, by the kind of value it takes.

    kind: int, float, bool, str, bytes, none, any, enum, class, seq, map, tuple, callable,
    array (numpy; `name` is the dtype or ""), union (`args` its members), unknown.
    `name` is the qualified Python name of an enum or class (`Tree.Node`)."""

    kind: str
    name: str = ""
    args: tuple[Ty, ...] = ()

    def members(self) -> tuple[Ty, ...]:
        """The types a union stands for (itself otherwise)."""
        return self.args if self.kind == "union" else (self,)

    def nullable(self) -> bool:
        return any(t.kind in ("none", "any") for t in self.members())

    def main(self) -> Ty:
        """The union's first member that is not None (itself otherwise)."""
        for t in self.members():
            if t.kind != "none":
                return t
        return Ty("none")


@dataclass(frozen=True)
class Param:
    name: str
    ty: Ty
    text: str  # the annotation as written
    has_default: bool
    keyword_only: bool = False


@dataclass(frozen=True)
class Signature:
    """One overload: its parameters (without self) and what it returns, as the stub says."""

    params: tuple[Param, ...]
    returns: Ty
    returns_text: str
    doc: str = ""

    def text(self, qualname: str) -> str:
        ps = ", ".join(f"{p.name}: {p.text}" + (" = ..." if p.has_default else "")
                       for p in self.params)
        return f"{qualname}({ps}) -> {self.returns_text}"


@dataclass(frozen=True)
class Function:
    """A module function, a method, a static method or a constructor (`__init__`)."""

    name: str
    qualname: str  # Python qualified name: `describe`, `Vector.at`, `Tree.Node.__init__`
    kind: str  # function, method, static, classmethod
    overloads: tuple[Signature, ...]
    line: int  # in the stub


@dataclass(frozen=True)
class Attribute:
    """A field (`id: int`, read and written) or a read-only `@property`."""

    name: str
    ty: Ty
    text: str
    writable: bool


@dataclass
class Class:
    name: str
    qualname: str
    bases: tuple[str, ...]
    is_enum: bool
    doc: str = ""
    members: list[str] = field(default_factory=list)  # enumerators
    methods: dict[str, Function] = field(default_factory=dict)
    attributes: list[Attribute] = field(default_factory=list)
    line: int = 0


@dataclass
class Surface:
    module: str
    functions: dict[str, Function] = field(default_factory=dict)
    classes: dict[str, Class] = field(default_factory=dict)  # by qualname
    constants: dict[str, str] = field(default_factory=dict)  # name -> annotation
    uses_numpy: bool = False

    def callables(self) -> list[Function]:
        """Every function, method and constructor, in stub order."""
        out = list(self.functions.values())
        for c in self.classes.values():
            out.extend(c.methods.values())
        return sorted(out, key=lambda f: f.line)

    def plain_classes(self) -> list[Class]:
        return [c for c in self.classes.values() if not c.is_enum]


def read_stub(text: str, module: str) -> Surface:
    tree = ast.parse(text)
    surface = Surface(module)
    surface.uses_numpy = "numpy" in text
    pending: list[tuple[Param | Attribute | Signature, str, str]] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            _class(node, "", surface, pending)
        elif isinstance(node, ast.FunctionDef):
            _add_function(surface.functions, node, node.name, "", pending)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            surface.constants[node.target.id] = ast.unparse(node.annotation)
    # annotations name classes the stub may define later: resolve them at the end
    resolved: dict[int, Ty] = {}
    for obj, text_, scope in pending:
        resolved[id(obj)] = parse_annotation(text_, scope, surface.classes)
    _resolve(surface, resolved)
    return surface


def _class(node: ast.ClassDef, outer: str, surface: Surface,
           pending: list[tuple[Param | Attribute | Signature, str, str]]) -> None:
    qual = f"{outer}.{node.name}" if outer else node.name
    bases = tuple(ast.unparse(b) for b in node.bases)
    cls = Class(node.name, qual, bases, is_enum=any(b.endswith("Enum") for b in bases),
                doc=ast.get_docstring(node) or "", line=node.lineno)
    surface.classes[qual] = cls
    for item in node.body:
        if isinstance(item, ast.ClassDef):
            _class(item, qual, surface, pending)
        elif isinstance(item, ast.Assign) and cls.is_enum:
            cls.members.extend(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            if cls.is_enum:
                cls.members.append(item.target.id)
                continue
            text = ast.unparse(item.annotation)
            attr = Attribute(item.target.id, Ty("unknown"), text, writable=True)
            cls.attributes.append(attr)
            pending.append((attr, text, qual))
        elif isinstance(item, ast.FunctionDef):
            decos = {ast.unparse(d) for d in item.decorator_list}
            if "property" in decos and item.returns is not None:
                text = ast.unparse(item.returns)
                attr = Attribute(item.name, Ty("unknown"), text, writable=False)
                cls.attributes.append(attr)
                pending.append((attr, text, qual))
            elif any(d.endswith(".setter") for d in decos):
                for i, a in enumerate(cls.attributes):
                    if a.name == item.name:
                        cls.attributes[i] = Attribute(a.name, a.ty, a.text, True)
                        pending.append((cls.attributes[i], a.text, qual))
            else:
                _add_function(cls.methods, item, f"{qual}.{item.name}", qual, pending)


def _add_function(into: dict[str, Function], node: ast.FunctionDef, qualname: str, cls: str,
                  pending: list[tuple[Param | Attribute | Signature, str, str]]) -> None:
    decos = {ast.unparse(d) for d in node.decorator_list}
    kind = ("static" if "staticmethod" in decos else "classmethod" if "classmethod" in decos
            else "method" if cls else "function")
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    if kind in ("method", "classmethod") and positional:
        positional = positional[1:]  # self / cls
    n_defaults = len(args.defaults)
    params: list[Param] = []
    for i, a in enumerate(positional):
        text = ast.unparse(a.annotation) if a.annotation is not None else "Any"
        p = Param(a.arg, Ty("unknown"), text, i >= len(positional) - n_defaults)
        params.append(p)
        pending.append((p, text, cls))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        text = ast.unparse(a.annotation) if a.annotation is not None else "Any"
        p = Param(a.arg, Ty("unknown"), text, d is not None, keyword_only=True)
        params.append(p)
        pending.append((p, text, cls))
    rtext = ast.unparse(node.returns) if node.returns is not None else "Any"
    sig = Signature(tuple(params), Ty("unknown"), rtext, ast.get_docstring(node) or "")
    pending.append((sig, rtext, cls))
    old = into.get(node.name)
    overloads = (old.overloads if old is not None and "overload" in decos else ()) + (sig,)
    into[node.name] = Function(node.name, qualname, kind, overloads,
                               old.line if old is not None else node.lineno)


def _resolve(surface: Surface, ty: dict[int, Ty]) -> None:
    """Put the resolved annotation types into the (frozen) params, attributes and results."""
    def sig(s: Signature) -> Signature:
        return Signature(tuple(Param(p.name, ty[id(p)], p.text, p.has_default, p.keyword_only)
                               for p in s.params), ty[id(s)], s.returns_text, s.doc)

    def fn(f: Function) -> Function:
        return Function(f.name, f.qualname, f.kind, tuple(sig(s) for s in f.overloads), f.line)

    surface.functions = {k: fn(f) for k, f in surface.functions.items()}
    for c in surface.classes.values():
        c.methods = {k: fn(f) for k, f in c.methods.items()}
        c.attributes = [Attribute(a.name, ty[id(a)], a.text, a.writable) for a in c.attributes]


_SCALARS = {"int": "int", "float": "float", "bool": "bool", "str": "str", "bytes": "bytes",
            "None": "none", "Any": "any", "object": "any", "bytearray": "bytes",
            "memoryview": "bytes", "complex": "float"}
_SEQ = {"Sequence", "list", "Iterable", "Collection", "MutableSequence", "set", "frozenset",
        "Set", "AbstractSet", "MutableSet", "Iterator"}
_MAP = {"Mapping", "dict", "MutableMapping"}


def parse_annotation(text: str, scope: str, classes: dict[str, Class]) -> Ty:
    """`Sequence[float] | None` -> Ty('union', args=(Ty('seq', args=(Ty('float'),)),
    Ty('none'))); class names are resolved against the stub's classes from `scope` out."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return Ty("unknown")
    return _ty(node, scope, classes)


def _ty(node: ast.expr, scope: str, classes: dict[str, Class]) -> Ty:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        members: list[Ty] = []
        for side in (node.left, node.right):
            members.extend(_ty(side, scope, classes).members())
        return Ty("union", args=tuple(members))
    if isinstance(node, ast.Constant):
        return Ty("none") if node.value is None else Ty("unknown")
    if isinstance(node, ast.Subscript):
        base = ast.unparse(node.value).rsplit(".", 1)[-1]
        items = (list(node.slice.elts) if isinstance(node.slice, ast.Tuple)
                 else [node.slice])
        if base in ("NDArray", "ndarray"):
            dtype = ast.unparse(items[-1]).rsplit(".", 1)[-1] if items else ""
            return Ty("array", dtype)
        if base == "Callable":
            return Ty("callable")
        if base == "Optional":
            return Ty("union", args=(_ty(items[0], scope, classes), Ty("none")))
        if base == "Union":
            return Ty("union", args=tuple(_ty(i, scope, classes) for i in items))
        args = tuple(_ty(i, scope, classes) for i in items if not isinstance(i, ast.List))
        if base in _SEQ:
            return Ty("seq", args=args)
        if base in _MAP:
            return Ty("map", args=args)
        if base == "tuple":
            return Ty("tuple", args=tuple(a for a in args if a.kind != "unknown"))
        return Ty("unknown")
    name = ast.unparse(node)
    if name in _SCALARS:
        return Ty(_SCALARS[name])
    if name.endswith("ArrayLike"):
        return Ty("array")
    if name.rsplit(".", 1)[-1] == "Callable":
        return Ty("callable")
    cls = resolve_class(name, scope, classes)
    if cls is not None:
        return Ty("enum" if cls.is_enum else "class", cls.qualname)
    return Ty("unknown", name)


def resolve_class(name: str, scope: str, classes: dict[str, Class]) -> Class | None:
    """`Node` inside `Tree` is `Tree.Node`; a qualified name is itself; else a unique last part."""
    parts = scope.split(".") if scope else []
    while True:
        qual = ".".join([*parts, name])
        if qual in classes:
            return classes[qual]
        if not parts:
            break
        parts.pop()
    tails = [c for c in classes.values() if c.qualname.endswith("." + name)]
    return tails[0] if len(tails) == 1 else None
