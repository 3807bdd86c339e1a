"""The names NAME.pyi declares: each once, as the runtime module has it, and the typing names it
imports kept apart from the library's own.

- Two module-level declarations with one Python name (C's `enum json_error_code` beside the
  function `json_error_code()`; `RTree::RangeQueryType` beside `MVRTree::RangeQueryType`): NAME.py
  defines its enums after SWIG's C module is loaded, one after the other, so the last enum of a
  name is what the module holds. The stub declares that one only (mypy's no-redef).
- A library class, enum, method or constant named like a typing name the stub uses
  (cxxopts's `ParseResult::Iterator`; `Any`, `Sequence`, `overload`, ...) would shadow it in
  its scope: `Iterator[Any]` in that class would name the library's class. Such a name is
  imported under an alias (`from collections.abc import Iterator as _Iterator`) and the stub's
  annotations write the alias. (A module-level class named `Any` stays ambiguous where an
  annotation writes `Any` bare: those name the class.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from .plan import GlobalVariable
from .pyrecords import PyEnum, StubClass, StubFunction
from .overload_order import subclasses_first
from .stubignores import marked_classes

#: the typing names NAME.pyi imports, by the module it imports them from
TYPING_NAMES = {"Iterator": "collections.abc", "Mapping": "collections.abc",
                "Sequence": "collections.abc", "IntEnum": "enum", "Any": "typing",
                "overload": "typing"}
#: the names annotations write subscripted (a library class never is)
_GENERIC = ("Iterator", "Mapping", "Sequence")


def unshadowed_by_enums(functions: Sequence[StubFunction], enums: Iterable[PyEnum]
                        ) -> tuple[StubFunction, ...]:
    """`functions` without those a module-level enum of the same name hides at run time."""
    names = {e.name for e in enums if not e.owner}
    return tuple(f for f in functions if f.name not in names)


def _class_scopes(c: StubClass) -> Iterable[set[str]]:
    """The names each class body declares (its own and its nested classes')."""
    yield ({a.name for a in c.attributes} | {m.name for m in c.methods} |
           {e.name for e in c.enums} | {n.name for n in c.classes} |
           {m.constant for e in c.enums if not e.scoped for m in e.members})
    for n in c.classes:
        yield from _class_scopes(n)


def clashing(enums: Sequence[PyEnum], variables: Sequence[GlobalVariable],
             classes: Sequence[StubClass], functions: Sequence[StubFunction]
             ) -> tuple[tuple[str, ...], set[str]]:
    """The typing names some scope of the stub declares too (sorted), and the module-level
    names among them."""
    module = ({e.name for e in enums if not e.owner} | {v.name for v in variables} |
              {c.name for c in classes} | {f.name for f in functions} |
              {m.constant for e in enums if not e.owner and not e.scoped for m in e.members})
    scopes = [module, *(s for c in classes for s in _class_scopes(c))]
    found = {n for s in scopes for n in s if n in TYPING_NAMES}
    return tuple(sorted(found)), found & module


def aliased_annotation(text: str, names: Iterable[str], module_level: set[str]) -> str:
    """`text` with each typing name of `names` written as its alias (`_Iterator[int]`)."""
    for name in names:
        if name in _GENERIC:
            text = re.sub(rf"(?<![\w.]){name}\[", f"_{name}[", text)
        elif name == "Any" and name not in module_level:
            text = re.sub(r"(?<![\w.])Any(?![\w.])", "_Any", text)
    return text


def aliased_stubs(names: Sequence[str], module_level: set[str],
                  classes: Sequence[StubClass], functions: Sequence[StubFunction],
                  variables: Sequence[GlobalVariable]
                  ) -> tuple[tuple[StubClass, ...], tuple[StubFunction, ...],
                             tuple[GlobalVariable, ...]]:
    """The stub records with their annotations naming the aliases of `names`."""
    def text(t: str) -> str:
        return aliased_annotation(t, names, module_level)

    def function(f: StubFunction) -> StubFunction:
        return replace(f, returns=text(f.returns),
                       params=tuple(replace(p, annotation=text(p.annotation))
                                    for p in f.params))

    def cls(c: StubClass) -> StubClass:
        return replace(c, methods=tuple(map(function, c.methods)),
                       attributes=tuple(replace(a, annotation=text(a.annotation))
                                        for a in c.attributes),
                       classes=tuple(map(cls, c.classes)))

    if not names:
        return tuple(classes), tuple(functions), tuple(variables)
    return (tuple(map(cls, classes)), tuple(map(function, functions)),
            tuple(replace(v, annotation=text(v.annotation)) for v in variables))



def stub_declarations(enums: Sequence[PyEnum], variables: Sequence[GlobalVariable],
                      classes: Sequence[StubClass], functions: Sequence[StubFunction]
                      ) -> tuple[tuple[StubClass, ...], tuple[StubFunction, ...],
                                 tuple[GlobalVariable, ...], tuple[str, ...]]:
    """The stub's classes, functions and variables as NAME.pyi prints them, and the typing
    names it imports under an alias."""
    functions = unshadowed_by_enums(functions, enums)
    classes, functions = subclasses_first(classes, functions)
    classes = marked_classes(classes)
    names, module_level = clashing(enums, variables, classes, functions)
    return (*aliased_stubs(names, module_level, classes, functions, variables), names)
