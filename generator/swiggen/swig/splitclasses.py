"""splitclasses: a class's tables go to the translation unit of its wrappers (split.py).

After the module's method table, SWIG's -builtin wrapper defines one block per class:

    static SwigPyGetSet X_attr_getset = { _wrap_X_attr_get, _wrap_X_attr_set };
    SWIGINTERN PyGetSetDef SwigPyBuiltin__ns__X_getset[] = {...};
    SWIGINTERN PyObject *SwigPyBuiltin__ns__X_richcompare(...) {...}
    SWIGINTERN PyMethodDef SwigPyBuiltin__ns__X_methods[] = {...};
    static PyHeapTypeObject SwigPyBuiltin__ns__X_type = {...};
    static PyTypeObject *SwigPyBuiltin__ns__X_type_create(...) {...}
    SWIGINTERN SwigPyClientData SwigPyBuiltin__ns__X_clientdata = {...};

and, among the wrapper functions, the slot closures of its methods
(`SWIGPY_BINARYFUNC_CLOSURE(_wrap_X___add__) /* defines _wrap_X___add___binaryfunc_closure */`).
Kept in unit 0, the blocks name every method's wrapper: adding a method changed unit 0, and
unit 0, holding every class's tables, was the slowest unit to compile. Instead a class's wrapper
functions, its closures and its block go to one unit (a hash of the class: stable), and unit 0
keeps what names the classes (the type table, the module's init function), which reach a
moved block through the two names given external linkage: `X_clientdata` and `X_type_create`.

A block moves only when nothing outside it names what it defines (but those two), it names
nothing unit 0 defines, the blocks it shares names with move to the same unit, and every closure
it names moves with it (a closure goes with the block naming it: a large class, whose wrappers
are spread by their own names, has its destructor declared there); anything else stays in unit
0, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from .splitnames import IDENTIFIER

_CLIENTDATA = re.compile(
    r"^SWIGINTERN SwigPyClientData (?P<key>SwigPyBuiltin__\w+)_clientdata = \{[^\n]*\};\n",
    re.M)
#: the names a block defines at namespace scope: `static T name[] = ...`, `static T *name(...`,
#: and a function whose name starts a line (`SWIGINTERN PyObject *\nname(...`)
_DEFINES = re.compile(r"^(?:(?:static|SWIGINTERN)\b[^\n;=({]*?[\s*&](?P<a>\w+)\s*(?:\[\s*\])?"
                      r"\s*[=(]|(?P<b>\w+)\()", re.M)
_CREATE = re.compile(r"^static PyTypeObject \*(?P<name>\w+)\((?P<params>[^()\n]*)\) \{$", re.M)
#: a slot closure as SWIG writes it between the wrapper functions
CLOSURE = re.compile(r"^SWIGPY_[A-Z]+(?:_[A-Z]+)*_CLOSURE\((?P<fn>\w+)\) "
                     r"/\* defines (?P<name>\w+) \*/[ \t]*\n", re.M)


@dataclass(frozen=True)
class Block:
    """One class's tables: its span after the module's method table."""

    key: str  #: SwigPyBuiltin__ns__X
    start: int
    end: int
    names: frozenset[str]  #: every identifier in it
    defines: frozenset[str]  #: what it defines at namespace scope
    create: str | None  #: the parameters of its type_create (its first definition)

    def exported(self) -> tuple[str, str, str]:
        """What unit 0 may name of a moved block: its clientdata and type_create, and the
        `__init__` method SWIG_init installs where the constructor has a docstring of its own."""
        return (f"{self.key}_clientdata", f"{self.key}_type_create",
                f"{self.key}_pyinit_methoddef")


@dataclass(frozen=True)
class Closure:
    fn: str  #: the wrapper function it calls
    name: str  #: the closure it defines
    line: str


def find_blocks(text: str, tables: int) -> list[Block]:
    """The class blocks after the module's method table (`static PyMethodDef SwigMethods[]`,
    at `tables`), in order: each ends with the class's clientdata line."""
    stop = text.find("\n};\n", tables)
    if stop < 0:
        return []
    pos = stop + len("\n};\n")
    blocks = []
    for m in _CLIENTDATA.finditer(text, pos):
        defines = frozenset(d.group("a") or d.group("b")
                            for d in _DEFINES.finditer(text, pos, m.end()))
        key = m.group("key")
        create = next((c.group("params") for c in _CREATE.finditer(text, pos, m.end())
                       if c.group("name") == f"{key}_type_create"), None)
        blocks.append(Block(key, pos, m.end(), frozenset(IDENTIFIER.findall(text, pos, m.end())),
                            defines, create))
        pos = m.end()
    return blocks


def closures(gap: str) -> list[Closure]:
    return [Closure(m.group("fn"), m.group("name"), m.group()) for m in CLOSURE.finditer(gap)]


def groups(functions: list[tuple[str, int]], blocks: list[Block], found: dict[str, Closure],
           base: Callable[[str], str], large: int) -> dict[str, str]:
    """The key each wrapper function's unit is the hash of (`functions`: name and size): its
    class (the one block that names it, or a closure of it), so that a class's wrappers and
    tables share a unit; else, and for a class of more than `large` bytes of wrappers, its own
    name without overload and twin suffixes (`base`)."""
    keys = {name: base(name) for name, _ in functions}
    names = set(keys.values())
    owners: dict[str, set[str]] = {}
    for block in blocks:
        for name in block.names:
            fn = base(found[name].fn if name in found else name)
            if fn in names:
                owners.setdefault(fn, set()).add(block.key)
    owner = {fn: next(iter(o)) for fn, o in owners.items() if len(o) == 1}
    size: dict[str, int] = {}
    for name, n in functions:
        if keys[name] in owner:
            size[owner[keys[name]]] = size.get(owner[keys[name]], 0) + n
    return {name: owner[keys[name]] if keys[name] in owner and size[owner[keys[name]]] <= large
            else keys[name] for name, _ in functions}


def placement(blocks: list[Block], found: dict[str, Closure], where: dict[str, int],
              outside: set[str], unit0_defines: set[str], unit_of: dict[str, int]
              ) -> tuple[dict[int, int], dict[str, int]]:
    """Which blocks move (index -> unit) and where the closures go (name -> unit; absent: unit 0).

    `outside`: the identifiers named outside the blocks and the closures' own lines; `unit0_
    defines`: what unit 0's own text defines (a block naming it stays); `where`: the unit of each
    wrapper function; `unit_of`: the unit of each block's class. A closure goes with the blocks
    that name it (a large class's destructor may be in another unit: it is declared there), or
    with its function when no block names it; blocks that name each other's definitions stay
    together."""
    moved: dict[int, int] = {}
    referenced: dict[str, list[int]] = {}
    definer = {name: i for i, block in enumerate(blocks) for name in block.defines}
    linked: list[set[int]] = [set() for _ in blocks]  # blocks naming each other's definitions
    for i, block in enumerate(blocks):
        for name in block.names:
            if name in found:
                referenced.setdefault(name, []).append(i)
            j = definer.get(name)
            if j is not None and j != i:
                linked[i].add(j)
                linked[j].add(i)
        if (block.defines - set(block.exported())) & outside or block.names & unit0_defines or (
                block.exported()[1] in block.defines and block.create is None):
            continue
        if all(n in found for n in block.names if n.endswith("_closure")):
            moved[i] = unit_of[block.key]
    while True:
        # a closure named outside, or by blocks not all moved to one unit, stays in unit 0,
        # and so do the blocks naming it; linked blocks not in one unit stay too
        goes: dict[str, int] = {}
        for name, c in found.items():
            users = {moved.get(i, 0) for i in referenced.get(name, ())}
            if name in outside or c.fn not in where or 0 in users or len(users) > 1:
                continue
            goes[name] = users.pop() if users else where[c.fn]
        stay = {i for n in found if n not in goes for i in referenced.get(n, ()) if i in moved}
        stay |= {i for i in moved if any(moved.get(j) != moved[i] for j in linked[i])}
        if not stay:
            return moved, goes
        for i in stay:
            del moved[i]


def exported_text(text: str, block: Block) -> str:
    """The block's text for its unit: its clientdata and type_create with external linkage."""
    clientdata, create, init = block.exported()
    out = text[block.start:block.end].replace(
        f"SWIGINTERN SwigPyClientData {clientdata} =", f"SWIGGEN_SHARED SwigPyClientData {clientdata} =")
    out = out.replace(f"\nSWIGINTERN PyMethodDef {init} =", f"\nSWIGGEN_SHARED PyMethodDef {init} =")
    return out.replace(f"\nstatic PyTypeObject *{create}(", f"\nSWIGGEN_SHARED PyTypeObject *{create}(")


def declarations(block: Block, named: set[str]) -> str:
    """Unit 0's declarations of what a moved block exports and unit 0 names."""
    clientdata, create, init = block.exported()
    out = []
    if clientdata in named:
        out.append(f"extern SWIGGEN_SHARED SwigPyClientData {clientdata};\n")
    if init in named:
        out.append(f"extern SWIGGEN_SHARED PyMethodDef {init};\n")
    if create in named:
        out.append(f"SWIGGEN_SHARED PyTypeObject *{create}({block.create});\n")
    return "".join(out)


@dataclass
class Placed:
    """Where the class blocks and closures went (`place`)."""

    kept: list[str]  #: unit 0's text between the wrapper functions, moved closures left out
    tables: str  #: unit 0's tables, moved blocks left out
    exports: str  #: unit 0's declarations of what it names of the moved blocks
    unit0_names: set[str]  #: every identifier unit 0's text names
    closures: list[list[str]] = field(default_factory=list)  #: per unit, the closures moved
    blocks: list[list[str]] = field(default_factory=list)  #: per unit, the blocks moved
    names: list[set[str]] = field(default_factory=list)  #: per unit, what its blocks name


def place(text: str, start: int, tables: int, kept: list[str], blocks: list[Block],
          found: dict[str, Closure], where: dict[str, int], outside: set[str],
          unit_of: dict[str, int], units: int) -> Placed:
    """Move the blocks and closures that can go to their class's unit (`placement`).

    `kept`: the text between the wrapper functions (unit 0's); `outside`: what the wrapper
    functions name; `start`: where the wrappers part starts (the prelude before it)."""
    unit0_names = set(IDENTIFIER.findall("".join(CLOSURE.sub("", piece) for piece in kept)))
    unit0_defines: set[str] = set()
    for a, b in _keep(tables, len(text), [(b.start, b.end) for b in blocks]):
        unit0_names.update(IDENTIFIER.findall(text, a, b))
        unit0_defines.update(d.group("a") or d.group("b") for d in _DEFINES.finditer(text, a, b))
    outside = outside | unit0_names
    outside.update(IDENTIFIER.findall(text, 0, start))
    moved_blocks, goes = placement(blocks, found, where, outside, unit0_defines, unit_of)
    placed = Placed([], "", "", unit0_names, [[] for _ in range(units)],
                    [[] for _ in range(units)], [set() for _ in range(units)])
    for piece in kept:
        for c in closures(piece):
            if c.name in goes:
                placed.closures[goes[c.name]].append(c.line)
                placed.names[goes[c.name]].add(c.fn)  # declared there if defined elsewhere
            else:
                unit0_names.update(IDENTIFIER.findall(c.line))
        # without the closures that moved, nor the blank lines around what stays (a function
        # added would add some)
        placed.kept.append(_trimmed(CLOSURE.sub(
            lambda m: "" if m.group("name") in goes else m.group(), piece)))
    for i, block in enumerate(blocks):
        if i not in moved_blocks:
            unit0_names |= block.names
            continue
        placed.blocks[moved_blocks[i]].append(exported_text(text, block))
        placed.names[moved_blocks[i]] |= block.names
    placed.tables = "".join(text[a:b] for a, b in _keep(
        tables, len(text), [(blocks[i].start, blocks[i].end) for i in sorted(moved_blocks)]))
    placed.exports = "".join(declarations(blocks[i], unit0_names) for i in sorted(moved_blocks))
    return placed


def _trimmed(gap: str) -> str:
    """`gap` without its leading and trailing blank lines: "" if it is blank."""
    gap = gap.strip("\n \t")
    return gap + "\n" if gap else ""


def _keep(start: int, end: int, cuts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of [start, end) outside the sorted, disjoint `cuts`."""
    out, pos = [], start
    for a, b in cuts:
        out.append((pos, a))
        pos = b
    out.append((pos, end))
    return out
