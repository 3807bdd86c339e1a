"""traits: what C++ allows for a class's objects (copy, assign, construct without arguments),
read from libclang's declarations. With header.py, cxxtypes.py and macroscan.py, one of the
modules that import the C++ parser.

The generated wrapper copies results, assigns fields and default-constructs structs; a class
that forbids one of those (`std::atomic<long>`, `std::unique_ptr<int>`, a class with a deleted
`operator=`, a struct with a `const` or reference member) must not get the code that does it.
libclang has no query for the implicit special members, so the rules of [class.copy] and
[class.default.ctor] are applied here, recursively over bases and fields:

- a copy constructor (assignment) that is deleted or not public forbids copying (assigning);
- a user-declared move constructor or move assignment without a copy one deletes the copy ones;
- a reference member, or a `const` member, forbids assignment;
- a reference member, a `const` member without an initializer, or any user-declared constructor
  but no default one forbids construction without arguments;
- what a base or a member's class forbids, the class forbids.

It also tells the copies that are not safe (the rule of three): a destructor of the class's own
that does something (its body is not empty, or not seen) frees what an implicit or defaulted
copy constructor (assignment) shares, a raw pointer member of the class or of a base, so the
copy and the original free it twice (`Scene` with `Priv *priv` and `~Scene() { delete priv; }`).
A class is `shallow_copy` (`shallow_assign`) when that holds of it or of a base or member of its,
and it does not copy (assign) by code of its own. Python then neither copies (`copy.copy`) nor
assigns (a field setter) such an object. Members of class type copy as their class says (a
std::shared_ptr's pointer is shared by design), so only the class's own pointers count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import clang.cindex as ci

K = ci.CursorKind
T = ci.TypeKind


@dataclass(frozen=True)
class Traits:
    copyable: bool = True
    assignable: bool = True
    default_constructible: bool = True
    #: copying it shares what a destructor frees (no copy constructor of its own)
    shallow_copy: bool = False
    #: assigning it shares what a destructor frees (no copy assignment of its own)
    shallow_assign: bool = False
    #: a raw pointer member (its own, or a base's) that an implicit copy would share
    holds_pointer: bool = False


class TraitCache:
    """Traits of record types, memoised by declaration (one cache per parsed header)."""

    def __init__(self) -> None:
        self._records: dict[str, Traits] = {}

    def of_type(self, t: ci.Type, base: bool = False) -> Traits:
        """The traits of an object of type `t` (as a member: a reference is not assignable;
        `base`: as a base class, whose protected special members the derived class may use)."""
        if t.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
            return Traits(copyable=True, assignable=False, default_constructible=False)
        canon = t.get_canonical()
        if canon.kind == T.CONSTANTARRAY:
            found = self.of_type(canon.element_type)
        elif canon.kind == T.RECORD:
            found = self.of_record(canon.get_declaration(), base)
        else:
            found = Traits()
        if canon.is_const_qualified():
            found = replace(found, assignable=False)
        return found

    def assigns(self, t: ci.Type) -> bool:
        """Python may assign a member of type `t`: C++ can, and the copy is not shallow."""
        found = self.of_type(t)
        return found.assignable and not found.shallow_assign

    def of_field(self, c: ci.Cursor) -> Traits:
        """The traits of member `c` as its class's implicit special members see it."""
        found = self.of_type(c.type)
        if c.type.get_canonical().is_const_qualified() and not has_initializer(c) and \
                not _user_default_constructor(c.type):
            found = replace(found, default_constructible=False)
        return found

    def of_record(self, decl: ci.Cursor, base: bool = False) -> Traits:
        key = decl.get_usr() or f"{decl.location.file}:{decl.location.line}:{decl.spelling}"
        key += "/base" if base else ""
        if key in self._records:
            return self._records[key]
        self._records[key] = Traits()  # a member pointing back at its class: assume the best
        found = self._compute(decl, base)
        self._records[key] = found
        return found

    def _compute(self, decl: ci.Cursor, base: bool) -> Traits:
        members = list(decl.get_children())
        if not any(m.kind in (K.CONSTRUCTOR, K.FIELD_DECL, K.CXX_METHOD, K.CXX_BASE_SPECIFIER)
                   for m in members):
            # an implicit instantiation (`std::unique_ptr<int>`): libclang lists no members;
            # the template's declarations say the same for every argument
            template = ci.conf.lib.clang_getSpecializedCursorTemplate(decl)
            if template is not None and template != decl:
                members = list(template.get_children())
        copyable = assignable = default = True
        copy_ctor = copy_assign = moves = any_ctor = default_ctor = False
        frees = own_copy = own_assign = False  # a destructor that does something; copy code
        shallow_parts = shallow_assign_parts = pointers = False
        for m in members:
            access = m.access_specifier
            public = access == ci.AccessSpecifier.PUBLIC or (
                base and access == ci.AccessSpecifier.PROTECTED)
            if m.kind == K.CONSTRUCTOR:
                any_ctor = True
                if m.is_copy_constructor():
                    copy_ctor = True
                    own_copy = own_copy or not (m.is_default_method() or m.is_deleted_method())
                    copyable = copyable and public and not m.is_deleted_method()
                elif m.is_move_constructor():
                    moves = True
                elif m.is_default_constructor():
                    default_ctor = True
                    default = default and public and not m.is_deleted_method()
            elif m.kind == K.FUNCTION_TEMPLATE and \
                    m.spelling.split("<")[0] == decl.spelling.split("<")[0]:
                any_ctor = True  # a constructor template: no implicit default constructor
                if not any(p.kind == K.PARM_DECL for p in m.get_children()):
                    default_ctor = True  # `template <class D = Deleter> unique_ptr();`
            elif m.kind == K.CXX_METHOD and m.spelling == "operator=":
                if m.is_copy_assignment_operator_method():
                    copy_assign = True
                    own_assign = own_assign or not (m.is_default_method()
                                                    or m.is_deleted_method())
                    assignable = assignable and public and not m.is_deleted_method()
                elif m.is_move_assignment_operator_method():
                    moves = True
            elif m.kind == K.DESTRUCTOR:
                frees = frees or _destructor_does_something(m)
            elif m.kind in (K.FIELD_DECL, K.CXX_BASE_SPECIFIER):
                t = self.of_field(m) if m.kind == K.FIELD_DECL else \
                    self.of_type(m.type, base=True)
                copyable, assignable = copyable and t.copyable, assignable and t.assignable
                default = default and t.default_constructible
                shallow_parts = shallow_parts or t.shallow_copy
                shallow_assign_parts = shallow_assign_parts or t.shallow_assign
                pointers = pointers or (_raw_pointer(m.type) if m.kind == K.FIELD_DECL
                                        else t.holds_pointer)
        if moves:
            copyable = copyable and copy_ctor
            assignable = assignable and copy_assign
        if any_ctor and not default_ctor:
            default = False
        shallow_copy = copyable and not own_copy and (frees and pointers or shallow_parts)
        shallow_assign = assignable and not own_assign and (frees and pointers or
                                                            shallow_assign_parts)
        return Traits(copyable, assignable, default, shallow_copy, shallow_assign,
                      pointers and not own_copy)


def _raw_pointer(t: ci.Type) -> bool:
    """A data pointer (or an array of them), not a function pointer."""
    canon = t.get_canonical()
    while canon.kind == T.CONSTANTARRAY:
        canon = canon.element_type.get_canonical()
    return canon.kind == T.POINTER and \
        canon.get_pointee().get_canonical().kind not in (T.FUNCTIONPROTO, T.FUNCTIONNOPROTO)


def _destructor_does_something(m: ci.Cursor) -> bool:
    """A user-provided destructor whose body is not empty, or not in this translation unit
    (defined in a source file: it may free anything)."""
    if m.is_default_method() or m.is_deleted_method():
        return False
    # The parse skips function bodies (a destructor's extent ends before its body): read the
    # tokens after the declaration, up to the class's end: `{ }` is an empty body, `;` a
    # declaration whose definition is elsewhere.
    parent = m.semantic_parent
    if parent is None or m.extent.end.file is None:
        return True
    after = ci.SourceRange.from_locations(m.extent.end, parent.extent.end)
    spelled: list[str] = []
    for t in m.translation_unit.get_tokens(extent=after):
        spelled.append(t.spelling)
        if t.spelling in (";", "}") or len(spelled) > 16:
            break
    opening = spelled.index("{") if "{" in spelled else -1
    return opening < 0 or spelled[opening + 1:opening + 2] != ["}"]


def has_initializer(c: ci.Cursor) -> bool:
    """`int n = 0;` or `std::atomic<long> hits{0};`: a default member initializer after the
    member's name (array bounds and a bit-field's width are not one)."""
    seen_name = False
    depth = 0
    for tok in c.get_tokens():
        s = tok.spelling
        if not seen_name:
            seen_name = s == c.spelling
            continue
        if depth == 0 and s in ("=", "{"):
            return True
        if s in ("(", "["):
            depth += 1
        elif s in (")", "]"):
            depth -= 1
    return False


def _user_default_constructor(t: ci.Type) -> bool:
    canon = t.get_canonical()
    if canon.kind != T.RECORD:
        return False
    return any(m.kind == K.CONSTRUCTOR and m.is_default_constructor() and
               not m.is_default_method() and not m.is_deleted_method()
               for m in canon.get_declaration().get_children())


_ARRAY = re.compile(r"^(.*?)\s*\[(\d+)\]$")


def layout_extent(types: Sequence[str]) -> int:
    """N when a class's data members (`types`: each one's type as spelled, "" for one that is
    not a plain member: a bit-field, an anonymous union) are N elements of one type, each a
    member of it or a one-dimensional array of it (`T x, y, z;`, `float v[4];`); else 0.
    An operator[] without size() is bounded by N where the compiler agrees (`index_ok`)."""
    element, count = "", 0
    for t in types:
        m = _ARRAY.match(t.strip())
        one, n = (m.group(1).strip(), int(m.group(2))) if m else (t.strip(), 1)
        if not one or "[" in one or (element and one != element):
            return 0
        element, count = one, count + n
    return count
