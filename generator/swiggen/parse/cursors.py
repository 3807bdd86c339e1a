"""cursors: questions the walker asks of one libclang cursor (parse/walker.py).

Whether a constructor is `explicit`, which keyword declared a class, whether it is an explicit
specialization or has virtual functions, what `using Base::f;` names, whether a declaration has
an inline body the parse skipped, and a readable name for a cursor kind.
"""

from __future__ import annotations

import re

import clang.cindex as ci

from .cxxtypes import qualname
from .declspell import spelled

K = ci.CursorKind


def explicit(c: ci.Cursor) -> bool:
    try:
        return bool(c.is_explicit_method())
    except (AttributeError, ci.LibclangError):
        return False


def using_target(m: ci.Cursor) -> str:
    """`using Base::f;` in a class: `ns::Base::f`, the base spelled as the view spells it."""
    for ch in m.get_children():
        if ch.kind == K.TYPE_REF:
            base = spelled(ch.type)
            if base:
                return f"{base}::{m.spelling}"
    ref = m.referenced
    parent = ref.semantic_parent if ref is not None else None
    return f"{qualname(parent)}::{m.spelling}" if parent is not None else m.spelling


def keyword(c: ci.Cursor) -> ci.CursorKind:
    """STRUCT_DECL for `struct X` and `template <class T> struct X` (a class template's cursor
    kind says neither)."""
    if c.kind != K.CLASS_TEMPLATE:
        return c.kind
    return ci.CursorKind.from_id(ci.conf.lib.clang_getTemplateCursorKind(c))


def specialization(c: ci.Cursor) -> bool:
    """`template <> struct Describe<int> { ... };`: an explicit specialization, which the
    primary template's `template(...)` instantiations use (SWIG reads it from the header)."""
    return c.kind != K.CLASS_TEMPLATE and \
        ci.conf.lib.clang_getSpecializedCursorTemplate(c) is not None


def virtuals(c: ci.Cursor, depth: int = 0) -> tuple[bool, bool]:
    """(whether the class has virtual functions, whether its destructor is virtual), its own
    declarations or those of its bases (followed through their definitions)."""
    polymorphic = virtual_dtor = False
    for m in c.get_children():
        if m.kind == K.CXX_BASE_SPECIFIER and depth < 32:
            decl = m.type.get_declaration()
            d = decl.get_definition() if decl.kind != K.NO_DECL_FOUND else None
            if d is not None:
                p, v = virtuals(d, depth + 1)
                polymorphic, virtual_dtor = polymorphic or p, virtual_dtor or v
        elif m.kind in (K.CXX_METHOD, K.DESTRUCTOR) and m.is_virtual_method():
            polymorphic = True
            virtual_dtor = virtual_dtor or m.kind == K.DESTRUCTOR
    return polymorphic, virtual_dtor


def kind_name(kind: ci.CursorKind) -> str:
    """`class template partial specialization`; a kind the bindings do not name (header.py
    `_known_kinds`) by its number."""
    try:
        return str(kind.name).lower().replace("_", " ")
    except (KeyError, ValueError, AttributeError):
        return f"declaration (libclang cursor kind {kind.value})"


def undefined_default_constructor(base: ci.Cursor) -> bool:
    """Whether a base class that is a class template's instance declares its default
    constructor without defining it anywhere (flatbuffers' `Vector<T>`: `protected: Vector();`,
    "only used to access pre-existing data"): a derived class's implicit default constructor
    would call a function no library defines (an undefined symbol at import). A template's
    members are defined in its header, so none found is none at all. (The parse skips function
    bodies: an inline one, `List() {}`, is no definition to libclang, but its text shows it.)"""
    decl = base.type.get_declaration()
    template = ci.conf.lib.clang_getSpecializedCursorTemplate(decl) \
        if decl.kind != K.NO_DECL_FOUND else None
    if template is None or template == decl:
        return False
    for m in template.get_children():
        if m.kind == K.CONSTRUCTOR and not m.is_deleted_method() and \
                all(p.kind != K.PARM_DECL for p in m.get_children()) and \
                m.get_definition() is None and not inline_body(m):
            return True
    return False


def inline_body(m: ci.Cursor) -> bool:
    """Whether the declaration `m` is followed by a body, `{`, a member initializer list or
    `= default` (the text after its extent, which a parse skipping bodies ends there)."""
    end = m.extent.end
    if end.file is None:
        return False
    try:
        with open(end.file.name, "rb") as f:
            f.seek(end.offset)
            text = f.read(200).decode("utf-8", "replace")
    except OSError:
        return False
    text = re.sub(r"^(\s|noexcept(\s*\([^)]*\))?)*", "", text)
    return text.startswith(("{", ":")) or re.match(r"=\s*default\b", text) is not None
