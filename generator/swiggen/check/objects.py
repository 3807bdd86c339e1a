"""Whole-object probes: protocols, operators, fields, comparisons, copies, pickling and objects
never initialised, for each class `check` can make an instance of (`o = example.Vector()`).

    o = example.Vector()
    o[-2**63-1]

    o = example.MyStruct()
    o.name = 'x' * 1048576
    o.name

    o = example.Vector()
    c = copy.copy(o)
    del o
    gc.collect()
    repr(c)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .surface import Class, Function, Ty
from .values import Value

if TYPE_CHECKING:
    from .probes import Builder

BINARY = {"__add__": "+", "__sub__": "-", "__mul__": "*", "__truediv__": "/",
          "__floordiv__": "//", "__mod__": "%", "__pow__": "**", "__lshift__": "<<",
          "__rshift__": ">>", "__and__": "&", "__or__": "|", "__xor__": "^", "__matmul__": "@",
          "__eq__": "==", "__ne__": "!=", "__lt__": "<", "__le__": "<=", "__gt__": ">",
          "__ge__": ">="}
REFLECTED = {f"__r{k[2:]}": v for k, v in BINARY.items() if k[2:-2] not in
             ("eq", "ne", "lt", "le", "gt", "ge")}
INPLACE = {f"__i{k[2:]}": v + "=" for k, v in BINARY.items() if k[2:-2] not in
           ("eq", "ne", "lt", "le", "gt", "ge")}
UNARY = {"__neg__": "-o", "__pos__": "+o", "__invert__": "~o", "__abs__": "abs(o)",
         "__bool__": "bool(o)", "__int__": "int(o)", "__float__": "float(o)",
         "__index__": "o.__index__()", "__len__": "len(o)", "__hash__": "hash(o)",
         "__str__": "str(o)", "__repr__": "repr(o)", "__next__": "next(o)",
         "__enter__": "with o:\n    pass", "__complex__": "complex(o)",
         "__reversed__": "list(reversed(o))[:10]"}
#: handled by the copy probes every class gets, or not meant to be called directly
SKIP = {"__init__", "__copy__", "__deepcopy__", "__reduce__", "__reduce_ex__", "__setstate__",
        "__getstate__", "__exit__", "__iter__", "__getattr__", "__setattr__", "__delattr__",
        "__new__", "__del__", "__dir__", "__format__", "__sizeof__", "__init_subclass__"}
ITERATE = "for _ in zip(range(10000), {o}):\n    pass\n"
INDICES = ("0", "-1", "2**31", "-2**31-1", "2**63", "-2**63-1", "2**64", "10**6")


def enum_probes(b: Builder, cls: Class) -> None:
    e = f"{b.mod}.{cls.qualname}"
    b.add(cls.qualname, "enum", "list", f"list({e})\n", 0)
    for v in ("12345", "-1", "2**64", "'x'"):
        b.add(cls.qualname, "enum", f"{cls.name}({v})", f"{e}({v})\n", 1)


def class_probes(b: Builder, cls: Class) -> None:
    q = cls.qualname
    maker = b.makers.get(q)
    _uninitialised(b, cls)
    if maker is None:
        return
    new = f"o = {maker}\n"
    b.add(q, "object", "make and drop", f"{new}del o\ngc.collect()\n", 0)
    for expr in ("str(o)", "repr(o)", "hash(o)", "bool(o)", "dir(o)"):
        b.add(q, "protocol", expr, f"{new}{expr}\n", 0)
    others = ["1", "None", "'abc'", "object()", "1.5"]
    other = b.values.other_instance(q)
    if other is not None:
        others.append(other.expr)
    for op in ("==", "!=", "<"):
        for v in others:
            b.add(q, "protocol", f"o {op} {v}", f"{new}o {op} {v}\n", 1)
    b.add(q, "protocol", "o == o", f"{new}o == o\n", 1)
    if "__getitem__" in cls.methods or "__iter__" in cls.methods:
        b.add(q, "protocol", "iterate (at most 10,000 steps)", new + ITERATE.format(o="o"), 1)
        b.add(q, "protocol", "list(o)[:3] (iter)", f"{new}it = iter(o)\nnext(it)\n", 1)
    b.add(q, "protocol", "x in o", f"{new}1 in o\n", 1)
    _copies(b, q, new)
    b.add(q, "object", "__init__ called again", f"{new}o.__init__()\nrepr(o)\n", 1)
    for a in cls.attributes:
        _attribute(b, cls, a.name, a.ty, new)
    for name, f in sorted(cls.methods.items()):
        if name.startswith("__") and name not in SKIP:
            _dunder(b, cls, f, new)


def _copies(b: Builder, q: str, new: str) -> None:
    for how in ("copy.copy(o)", "copy.deepcopy(o)", "pickle.loads(pickle.dumps(o))"):
        b.add(q, "copy", f"{how}, then drop the original",
              f"{new}c = {how}\ndel o\ngc.collect()\nrepr(c)\ndel c\ngc.collect()\n", 2)
        b.add(q, "copy", f"{how}, then drop the copy",
              f"{new}c = {how}\ndel c\ngc.collect()\nrepr(o)\n", 2)
    b.add(q, "copy", "pickle with every protocol",
          f"{new}for proto in range(pickle.HIGHEST_PROTOCOL + 1):\n"
          "    pickle.loads(pickle.dumps(o, proto))\n", 2)
    b.add(q, "copy", "__reduce_ex__ state fed back", f"{new}r = o.__reduce_ex__(2)\n"
          "c = r[0](*r[1])\nif len(r) > 2 and r[2] is not None:\n    c.__setstate__(r[2])\n"
          "repr(c)\n", 2)
    b.add(q, "copy", "__setstate__ with a wrong state", f"{new}o.__setstate__(None)\n", 2)
    b.add(q, "copy", "__setstate__ with a wrong state #2", f"{new}o.__setstate__((1, 'x'))\n", 2)


def _uninitialised(b: Builder, cls: Class) -> None:
    """`Cls.__new__(Cls)` never ran a constructor: every use raises, never crashes."""
    q = cls.qualname
    new = f"o = {b.mod}.{q}.__new__({b.mod}.{q})\n"
    b.add(q, "uninit", "repr", f"{new}repr(o)\n", 2)
    b.add(q, "uninit", "copy.copy", f"{new}copy.copy(o)\n", 2)
    b.add(q, "uninit", "pickle", f"{new}pickle.dumps(o)\n", 2)
    b.add(q, "uninit", "==", f"{new}o == o\n", 2)
    b.add(q, "uninit", "del", f"{new}del o\ngc.collect()\n", 2)
    if "__len__" in cls.methods:
        b.add(q, "uninit", "len", f"{new}len(o)\n", 2)
    if "__getitem__" in cls.methods:
        b.add(q, "uninit", "o[0]", f"{new}o[0]\n", 2)
    for a in cls.attributes:
        b.add(f"{q}.{a.name}", "uninit", f"get {a.name}", f"{new}o.{a.name}\n", 2)
        g = b.values.good(a.ty)
        if a.writable and g is not None:
            b.add(f"{q}.{a.name}", "uninit", f"set {a.name}", f"{new}o.{a.name} = {g}\n", 2)
    for name, f in sorted(cls.methods.items()):
        if f.kind != "method" or name.startswith("__"):
            continue
        args = b.args(f.overloads[0])
        if args is not None:
            b.add(f.qualname, "uninit", f"{name}()",
                  f"{new}o.{name}({', '.join(args)})\n", 2)


def _attribute(b: Builder, cls: Class, name: str, ty: Ty, new: str) -> None:
    t = f"{cls.qualname}.{name}"
    b.add(t, "attr", "get", f"{new}o.{name}\n", 0)
    b.add(t, "attr", "get twice, drop the object, use the value",
          f"{new}v = o.{name}\nv = o.{name}\ndel o\ngc.collect()\nrepr(v)\n", 2)
    b.add(t, "attr", "del", f"{new}del o.{name}\n", 1)
    good = b.values.good(ty)
    if good is not None:
        b.add(t, "attr", f"set {good}", f"{new}o.{name} = {good}\no.{name}\n", 0)
    for v in b.values.bad(ty):
        b.add(t, "attr", f"set {v.label}", f"{new}o.{name} = {v.expr}\no.{name}\nrepr(o)\n", 1)


def _dunder(b: Builder, cls: Class, f: Function, new: str) -> None:
    n = f.name
    t = f.qualname
    if n in UNARY:
        b.add(t, "operator", UNARY[n].split("\n")[0], new + UNARY[n] + "\n", 0)
        return
    for sig in f.overloads:
        params = sig.params
        first = params[0].ty if params else Ty("any")
        values = list(b.values.bad(first))
        good = b.values.good(first)
        if good is not None:
            values.insert(0, Value(good, f"good {params[0].name}"))
        if n in BINARY or n in REFLECTED or n in INPLACE:
            for v in values:
                code = (f"o {BINARY[n]} {v.expr}" if n in BINARY else
                        f"{v.expr} {REFLECTED[n]} o" if n in REFLECTED else
                        f"o {INPLACE[n]} {v.expr}")
                b.add(t, "operator", code.replace(v.expr, v.label), f"{new}{code}\n", 1)
        elif n in ("__getitem__", "__delitem__", "__contains__"):
            keys = values + [Value(i, i) for i in INDICES if first.main().kind == "int"]
            keys += [Value("slice(None)", "o[:]"), Value("slice(-1, 2**63, 3)", "o[-1:2**63:3]")]
            for v in keys:
                code = (f"o[{v.expr}]" if n == "__getitem__" else f"del o[{v.expr}]"
                        if n == "__delitem__" else f"{v.expr} in o")
                b.add(t, "protocol", code.replace(v.expr, v.label), f"{new}{code}\n", 1)
        elif n == "__setitem__" and len(params) >= 2:
            good_val = b.values.good(params[1].ty) or "None"
            for v in values + [Value(i, i) for i in INDICES if first.main().kind == "int"]:
                b.add(t, "protocol", f"o[{v.label}] = {good_val}",
                      f"{new}o[{v.expr}] = {good_val}\n", 1)
            key = good or "0"
            for v in b.values.bad(params[1].ty):
                b.add(t, "protocol", f"o[{key}] = {v.label}", f"{new}o[{key}] = {v.expr}\n", 1)
        elif n == "__call__":
            fill = [b.values.good(p.ty) or "None" for p in params]
            b.add(t, "call", "good call", f"{new}o({', '.join(fill)})\n", 0)
            for i, p in enumerate(params):
                for v in b.values.bad(p.ty):
                    args = [*fill[:i], v.expr, *fill[i + 1:]]
                    b.add(t, "arg", f"{p.name}={v.label}", f"{new}o({', '.join(args)})\n", 1)
        else:
            args = [b.values.good(p.ty) or "None" for p in params]
            b.add(t, "operator", f"o.{n}()", f"{new}o.{n}({', '.join(args)})\n", 1)
