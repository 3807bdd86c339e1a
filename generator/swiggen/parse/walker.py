"""walker: the cursors of one header's translation unit -> the model's declarations (parse).

`header.parse_header` parses the header and hands its cursor to `Walker.visit_scope`, which
walks namespaces, classes, functions, enums, aliases and variables declared in the header itself
and builds the model's nodes (types through cxxtypes.py, class traits through traits.py, default
arguments through defaults.py). Comments and annotations are attach.py's: the walker asks it,
per declaration, for the doc text and directives.
"""

from __future__ import annotations

import os
from dataclasses import replace

import clang.cindex as ci

from ..diagnostics import Diagnostics, Loc
from ..model import (
    Alias,
    Class,
    Constructor,
    Enum_,
    Enumerator,
    Field,
    Function,
    Param,
    Skipped,
    Variable,
)
from . import cursors, usings
from .attach import Attachments
from .cxxtypes import (
    is_anonymous_member,
    is_unnamed,
    is_variadic,
    param_type_ref,
    qualname,
    type_ref,
)
from .declspell import hidden_tag, spelled
from .defaults import default_argument
from .tparams import template_decls, template_defaults, template_params
from .traits import TraitCache, layout_extent

K = ci.CursorKind

_RECORD_KINDS = {K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE}
#: operators named by a word, not a type (no conversion functions)
_NAMED_OPERATORS = {"operator new", "operator delete", "operator co_await"}
_UNSIGNED_KINDS = {ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.CHAR16,
                   ci.TypeKind.CHAR32, ci.TypeKind.USHORT, ci.TypeKind.UINT, ci.TypeKind.ULONG,
                   ci.TypeKind.ULONGLONG, ci.TypeKind.UINT128}


#: the names C libraries give the one field of a handle's placeholder definition
_PLACEHOLDERS = frozenset({"_opaque", "opaque", "opaque_", "unused", "_unused", "unused_",
                           "__unused", "dummy", "_dummy", "dummy_", "__dummy"})


def placeholder(c: ci.Cursor) -> bool:
    """A struct defined only to give a handle a type of its own, one field named for that:
    tidy's `opaque_type(TidyDoc)`, `struct _TidyDoc { int _opaque; }; typedef struct _TidyDoc
    const *TidyDoc;`, or Windows' DECLARE_HANDLE `struct HWND__ { int unused; }`. The library
    never makes one: a pointer to it stands for its own object. It is an opaque handle
    (`Walker.handle`): Python does not construct one (`_TidyNode()` was a fake node the
    library read as a real one) nor reads its field."""
    if c.kind != K.STRUCT_DECL:
        return False
    members = [ch for ch in c.get_children() if not ch.kind.is_attribute()]
    if not (len(members) == 1 and members[0].kind == K.FIELD_DECL and
            members[0].spelling in _PLACEHOLDERS):
        return False
    # and a typedef names a pointer to it (the handle's type): a struct of one `unused` field
    # that callers fill or pass by value is a struct
    own = c.type.get_canonical()
    stack = [c.translation_unit.cursor]
    while stack:
        for ch in stack.pop().get_children():
            if ch.kind in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                stack.append(ch)
            elif ch.kind == K.TYPEDEF_DECL:
                t = ch.underlying_typedef_type.get_canonical()
                if t.kind == ci.TypeKind.POINTER and \
                        t.get_pointee().get_canonical().get_declaration() == own.get_declaration():
                    return True
    return False


def _views_text(t: ci.Type) -> bool:
    """A field that points into text it does not own: `const char*`, `std::string_view`."""
    canon = t.get_canonical()
    if canon.kind == ci.TypeKind.POINTER:
        return canon.get_pointee().kind in (ci.TypeKind.CHAR_S, ci.TypeKind.CHAR_U)
    return bool(canon.get_declaration().spelling == "basic_string_view")


def _scope(c: ci.Cursor) -> ci.Cursor | None:
    """The namespace or class `c` is declared in (an `extern "C"` block is none)."""
    p = c.semantic_parent
    while p is not None and p.kind == K.LINKAGE_SPEC:
        p = p.semantic_parent
    return p


class Walker:
    """Collects the model's declarations of one header from its translation unit's cursors:
    `visit_scope(tu.cursor)`, then read `functions`, `classes`, ... (only what the header itself
    declares; what its #includes bring in is context)."""

    def __init__(self, path: str, data: bytes, diags: Diagnostics) -> None:
        self.path = path
        self.real = os.path.realpath(path)
        self.data = data
        self.diags = diags
        #: which comments belong to which declaration, and the annotations consumed
        self.notes = Attachments(path, data, diags)
        self.functions: list[Function] = []
        self.classes: list[Class] = []
        self.enums: list[Enum_] = []
        self.aliases: list[Alias] = []
        self.variables: list[Variable] = []
        self.skipped: list[Skipped] = []
        self._file_cache: dict[str, bool] = {}
        self.traits = TraitCache()
        self.inline_namespaces: list[str] = []
        #: start offsets of the declarations the header hides from SWIG (_hidden_from_swig)
        self.hidden: set[int] = set()
        #: record qualname -> the C typedef naming it (`typedef struct ctx_st {...} CTX;`)
        self.c_names: dict[str, str] = {}
        #: a class named by its hidden tag's typedef (`hidden_tag`) -> the tag, as C names it
        self.tag_names: dict[str, str] = {}
        #: the opaque structs made handles (`opaque`), by qualified name
        self.handles: set[str] = set()

    # -- helpers ---------------------------------------------------------------------------
    def in_header(self, c: ci.Cursor) -> bool:
        f = c.location.file
        if f is None:
            return False
        name = f.name
        if name not in self._file_cache:
            self._file_cache[name] = os.path.realpath(name) == self.real
        return self._file_cache[name]

    def loc(self, c: ci.Cursor) -> Loc:
        return Loc(self.path, c.location.line)

    def deleted_function(self, c: ci.Cursor) -> bool:
        """`void f(double) = delete;`: libclang answers is_deleted only for methods, and the
        declaration's extent stops before `= delete`, so look at the next two tokens."""
        rest = self.data[c.extent.end.offset : c.extent.end.offset + 64].decode(
            "utf-8", errors="replace").split()
        joined = "".join(rest)
        return joined.startswith("=delete")

    def note_c_name(self, c: ci.Cursor) -> None:
        """`typedef struct ctx_st {...} CTX;` or `typedef struct ctx_st CTX;`: C code names the
        struct CTX (the keyword says the C idiom; `typedef ctx_st Alias;` is a C++ alias)."""
        t = c.underlying_typedef_type
        if not t.spelling.startswith(("struct ", "union ", "class ")):
            return
        record = t.get_canonical().get_declaration()
        if record.kind not in _RECORD_KINDS or record.spelling == c.spelling or \
                _scope(record) != _scope(c):
            return
        self.c_names.setdefault(hidden_tag(record) or qualname(record), c.spelling)

    def with_c_names(self, classes: list[Class]) -> tuple[Class, ...]:
        names = {**self.tag_names, **self.c_names}
        return tuple(replace(k, c_name=names[k.qualname]) if k.qualname in names
                     else k for k in classes)

    # -- scopes ----------------------------------------------------------------------------
    def visit_scope(self, cursor: ci.Cursor) -> None:
        for c in cursor.get_children():
            kind = c.kind
            if kind.is_preprocessing() or not self.in_header(c):
                continue  # macros and #includes: see macroscan.py
            if c.extent.start.offset in self.hidden:
                continue  # `#ifndef SWIG`
            if c.semantic_parent is not None and c.lexical_parent is not None and \
                    c.semantic_parent.kind in _RECORD_KINDS and \
                    c.semantic_parent != c.lexical_parent:
                continue  # an out-of-line definition of a class member: the class has it
            if kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and c.canonical != c:
                continue  # a redeclaration (or the definition) of a function declared above
            if kind == K.NAMESPACE:
                if c.spelling:
                    if next(iter(c.get_tokens()), None) is not None and \
                            next(iter(c.get_tokens())).spelling == "inline":
                        self.inline_namespaces.append(qualname(c))
                    self.visit_scope(c)
                else:  # SWIG skips its contents itself
                    _doc, directives = self.notes.attached(c, body=False)
                    outer = qualname(c)
                    self.skipped.append(Skipped(
                        f"{outer}::(anonymous namespace)" if outer else "(anonymous namespace)",
                        "namespace", "its declarations have internal linkage", self.loc(c),
                        directives, swig_skips=True))
            elif kind in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                self.visit_scope(c)
            elif kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                if not c.spelling.startswith("<deduction guide for "):  # (for the compiler)
                    self.functions.append(self.function(c))
            elif kind in _RECORD_KINDS:
                if c.is_definition() and c.spelling and not is_unnamed(c) and \
                        not cursors.specialization(c):
                    if placeholder(c):  # an opaque handle by another spelling
                        if self.first_handle(c):
                            self.classes.append(self.handle(c))
                        continue
                    self.classes.append(self.record(c))
                elif kind != K.CLASS_TEMPLATE and self.opaque(c):
                    self.classes.append(self.handle(c))
            elif kind == K.ENUM_DECL:
                if c.is_definition():
                    self.enums.append(self.enum(c))
            elif kind in (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL):
                self.note_c_name(c)
                doc, directives = self.notes.attached(c, body=False)
                self.aliases.append(
                    Alias(c.spelling, qualname(c), type_ref(c.underlying_typedef_type),
                          self.loc(c), doc, directives)
                )
            elif kind == K.UNION_DECL:
                if not is_unnamed(c):  # an unnamed one's variable says so (its type)
                    self.skip(c, "union", "unions are not wrapped yet")
            elif kind == K.VAR_DECL:
                doc, directives = self.notes.attached(c, body=False)
                self.variables.append(Variable(c.spelling, qualname(c), type_ref(c.type),
                                               self.loc(c), doc, directives,
                                               is_const=c.type.is_const_qualified(),
                                               is_internal=c.linkage == ci.LinkageKind.INTERNAL))
            elif kind in (K.USING_DIRECTIVE, K.USING_DECLARATION, K.STATIC_ASSERT,
                          K.NAMESPACE_ALIAS, K.TYPE_ALIAS_TEMPLATE_DECL):
                continue
            elif kind.is_declaration():
                self.skip(c, cursors.kind_name(kind), "construct not supported")
            # (an expression or attribute at namespace scope, which a macro may leave there:
            # toml++'s `TOML_...` bool literals; nothing to wrap or to skip)

    def skip(self, c: ci.Cursor, what: str, why: str) -> None:
        _doc, directives = self.notes.attached(c, body=False)
        # an unnamed construct's qualname is its scope's: nothing for SWIG to %ignore (which
        # would ignore the namespace's declarations: toml++'s enums)
        self.skipped.append(Skipped(qualname(c) or "<anonymous>", what, why, self.loc(c),
                                    directives, swig_skips=not c.spelling))

    # -- declarations ----------------------------------------------------------------------
    def params(self, c: ci.Cursor) -> tuple[Param, ...]:
        out = []
        # (a result type `std::function<int(int)>` has parameter declarations of its own,
        # before the function's name)
        name = (c.location.line, c.location.column)
        for i, p in enumerate(ch for ch in c.get_children() if ch.kind == K.PARM_DECL and
                              (ch.location.line, ch.location.column) >= name):
            default, scoped = default_argument(p, self.data)
            out.append(Param(p.spelling or f"arg{i}", param_type_ref(p.type), default, self.loc(p),
                             default_needs_scope=scoped, unnamed=not p.spelling))
        return tuple(out)

    def function(self, c: ci.Cursor, in_class: bool = False) -> Function:
        doc, directives = self.notes.attached(c, body=False)
        spec = c.exception_specification_kind
        noexcept = spec in (ci.ExceptionSpecificationKind.BASIC_NOEXCEPT,
                            ci.ExceptionSpecificationKind.DYNAMIC_NONE)
        method = in_class and c.kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION,
                                         K.FUNCTION_TEMPLATE)
        name, qual = c.spelling, qualname(c)
        conversion = c.kind == K.CONVERSION_FUNCTION or (
            c.kind == K.FUNCTION_TEMPLATE and name.startswith("operator ") and
            (name[9:10].isalpha() or name[9:10] == "_") and
            name.split("[")[0] not in _NAMED_OPERATORS)  # `template <class U> operator U()`
        if c.kind == K.FUNCTION_TEMPLATE and not conversion and \
                not name.startswith("operator"):
            name = name.split("<")[0]  # (a class template's constructor template: `Vec2<T>`)
        elif conversion:
            # libclang spells `operator std::string` as `operator basic_string`; SWIG names it
            # by the type as written
            name = f"operator {c.result_type.spelling}"
            qual = qual[: len(qual) - len(c.spelling)] + name
        return Function(
            name=name,
            qualname=qual,
            params=self.params(c),
            result=type_ref(c.result_type),
            loc=self.loc(c),
            doc=doc,
            directives=directives,
            is_static=method and c.is_static_method(),
            is_const=method and c.is_const_method(),
            is_noexcept=noexcept,
            is_deleted=c.is_deleted_method() if method else self.deleted_function(c),
            is_virtual=method and c.is_virtual_method(),
            is_pure=method and c.is_pure_virtual_method(),
            is_defaulted=method and c.is_default_method(),
            template_params=template_params(c),
            is_variadic=is_variadic(c),
            template_decls=template_decls(c),
            is_explicit=method and cursors.explicit(c),
        )

    def opaque(self, c: ci.Cursor) -> bool:
        """`typedef struct ZSTD_CCtx_s ZSTD_CCtx;` (or `struct sqlite3;`): a struct the header
        declares and nothing the translation unit sees defines, the C library's opaque handle
        (its first declaration here, once)."""
        if not c.spelling or is_unnamed(c) or c.get_definition() is not None or \
                cursors.specialization(c):
            return False
        return self.first_handle(c)

    def first_handle(self, c: ci.Cursor) -> bool:
        """Whether `c` is the first declaration of its handle here (each is made a class once)."""
        key = hidden_tag(c) or qualname(c)
        if key in self.handles:
            return False
        self.handles.add(key)
        return True

    def handle(self, c: ci.Cursor) -> Class:
        """An opaque struct as a class Python holds only by pointer: no constructor, fields,
        copy or destructor of Python's (the library makes and frees it), so the ownership
        rules of classes answer for it (a free function of it clears the object it frees)."""
        doc, directives = self.notes.attached(c, body=False)
        tag = hidden_tag(c)
        if tag:
            self.tag_names[tag] = c.spelling
        return Class(name=tag or c.spelling, qualname=tag or qualname(c),
                     is_struct=cursors.keyword(c) == K.STRUCT_DECL, loc=self.loc(c), doc=doc,
                     directives=directives, has_public_destructor=False, is_aggregate=False,
                     is_copyable=False, default_constructible=False, hidden_constructor=True,
                     hidden_copy=True, opaque=True)

    def record(self, c: ci.Cursor) -> Class:
        doc, directives = self.notes.attached(c, body=True)
        fields: list[Field] = []
        methods: list[Function] = []
        ctors: list[Constructor] = []
        enums: list[Enum_] = []
        nested: list[Class] = []
        bases: list[str] = []
        public_dtor = True
        dtor_throws = False
        using: list[str] = []
        private_fields = False
        text_view = False
        virtual = False
        odd_bases = False
        base_decls: list[str] = []
        hidden_ctor = hidden_copy = False
        using_decls: list[tuple[str, int]] = []
        using_cursors: list[ci.Cursor] = []
        layout: list[str] = []  # every data member's type, public or not ("" for an odd one)
        for m in c.get_children():
            kind = m.kind
            if m.extent.start.offset in self.hidden:
                continue  # `#ifndef SWIG`
            public = m.access_specifier == ci.AccessSpecifier.PUBLIC
            if kind == K.CXX_BASE_SPECIFIER:
                hidden_ctor = hidden_ctor or cursors.undefined_default_constructor(m)
                if public:
                    decl = m.type.get_declaration()
                    bases.append(qualname(decl) if decl.kind != K.NO_DECL_FOUND
                                 else m.type.spelling)
                    base_decls.append(spelled(m.type))
                # a C++17 aggregate may have bases, but only public, non-virtual ones
                odd_bases = odd_bases or not public or \
                    any(t.spelling == "virtual" for t in m.get_tokens())
                continue
            if kind == K.DESTRUCTOR:
                public_dtor = public and not m.is_deleted_method()
                dtor_throws = "noexcept(false)" in "".join(m.type.spelling.split())
                virtual = virtual or m.is_virtual_method()
                continue
            if kind in (K.CXX_METHOD,) and m.is_virtual_method():
                virtual = True
            if kind == K.FRIEND_DECL:
                self.friend(m)
                continue
            if kind == K.FIELD_DECL and _views_text(m.type):
                text_view = True
            if kind == K.FIELD_DECL:
                layout.append("" if m.is_bitfield() else m.type.spelling)
            elif is_anonymous_member(m):
                layout.append("")
            if not public:
                if kind == K.FIELD_DECL:
                    private_fields = True
                elif kind in (K.CONSTRUCTOR, K.FUNCTION_TEMPLATE) and \
                        (kind == K.CONSTRUCTOR or m.spelling.split("<")[0] == c.spelling):
                    hidden_ctor = True
                    hidden_copy = hidden_copy or m.is_copy_constructor()
                continue
            if kind == K.FIELD_DECL:
                fields += self.field(m)
            elif kind == K.VAR_DECL:
                fdoc, fdirs = self.notes.attached(m, body=False)
                fields.append(Field(m.spelling, type_ref(m.type), self.loc(m), fdoc, fdirs,
                                    is_const=m.type.is_const_qualified(), is_static=True,
                                    is_assignable=self.traits.assigns(m.type)))
            elif kind in (K.CXX_METHOD, K.CONVERSION_FUNCTION, K.FUNCTION_TEMPLATE):
                methods.append(self.function(m, in_class=True))
            elif kind == K.CONSTRUCTOR:
                cdoc, cdirs = self.notes.attached(m, body=False)
                ctors.append(Constructor(self.params(m), self.loc(m), cdoc, cdirs,
                                         is_deleted=m.is_deleted_method(),
                                         is_copy=m.is_copy_constructor(),
                                         is_move=m.is_move_constructor(),
                                         is_variadic=is_variadic(m),
                                         is_explicit=cursors.explicit(m)))
            elif kind == K.ENUM_DECL and m.is_definition():
                enums.append(self.enum(m))
            elif is_anonymous_member(m):
                fields += self.anonymous_members(m, m.kind == K.UNION_DECL)
            elif kind in _RECORD_KINDS and m.spelling and not is_unnamed(m) and \
                    not cursors.specialization(m):
                if m.is_definition():
                    nested.append(self.record(m))
                else:  # `struct Fwd;` here, `struct Outer::Fwd { ... };` after the class
                    d = m.get_definition()
                    if d is not None and d.lexical_parent != c and self.in_header(d):
                        nested.append(self.record(d))
            elif kind == K.UNION_DECL and not is_unnamed(m):
                self.skip(m, "union", "unions are not wrapped yet")
            elif kind == K.USING_DECLARATION:
                using_cursors.append(m)
        own = {f.name for f in methods}
        for m in using_cursors:  # `using Base::f;` (parse/usings.py)
            brought = usings.named_methods(m)
            if usings.joins(m, brought, own):
                methods += [replace(self.function(b, in_class=True),
                                    qualname=f"{hidden_tag(c) or qualname(c)}::{b.spelling}")
                            for b in brought]
            else:
                using.append(m.spelling)
                using_decls.append((cursors.using_target(m), m.location.line))
        user_ctors = [k for k in ctors if not k.is_deleted]
        traits = self.traits.of_record(c) if c.kind != K.CLASS_TEMPLATE else None
        polymorphic, virtual_dtor = cursors.virtuals(c)
        tag = hidden_tag(c)  # C's `struct stat` beside `stat()`: the class goes by a typedef
        if tag:
            self.tag_names[tag] = c.spelling  # (a typedef's name, if any, comes first)
        return Class(
            name=tag or c.spelling,
            qualname=tag or qualname(c),
            is_struct=cursors.keyword(c) == K.STRUCT_DECL,
            loc=self.loc(c),
            doc=doc,
            directives=directives,
            bases=tuple(bases),
            fields=tuple(fields),
            methods=tuple(methods),
            constructors=tuple(ctors),
            enums=tuple(enums),
            classes=tuple(nested),
            template_params=template_params(c),
            template_defaults=template_defaults(c),
            using_members=tuple(using),
            is_abstract=c.is_abstract_record(),
            has_public_destructor=public_dtor,
            destructor_throws=dtor_throws,
            # (a class template's instances are, when its members say so: lower/instances.py)
            is_aggregate=not (user_ctors or private_fields or odd_bases or virtual),
            is_copyable=traits.copyable if traits else True,
            shallow_copy=traits.shallow_copy if traits else False,
            default_constructible=traits.default_constructible if traits else True,
            views_text=text_view,
            is_polymorphic=polymorphic,
            has_virtual_destructor=virtual_dtor,
            template_decls=template_decls(c),
            base_decls=tuple(base_decls),
            hidden_constructor=hidden_ctor,
            hidden_copy=hidden_copy,
            using_decls=tuple(using_decls),
            extent=layout_extent(layout),
        )

    def friend(self, m: ci.Cursor) -> None:
        """`friend bool operator==(const A&, const A&) { ... }` inside class A: SWIG wraps a
        friend function as a namespace-scope function. One declared at namespace scope too is
        recorded there; a "hidden friend", declared only in the class, is an operator for its
        class's protocols, or else skipped: C++ finds it only by argument-dependent lookup,
        not by the qualified call a wrapper makes."""
        for f in m.get_children():
            if f.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                continue
            if f.canonical.lexical_parent is None or \
                    f.canonical.lexical_parent.kind not in _RECORD_KINDS:
                continue  # declared at namespace scope as well: recorded there
            fn = self.function(f)
            if fn.name.startswith("operator") and not fn.name[8:9].isalnum() and \
                    fn.name[8:9] != "_":
                self.functions.append(replace(fn, is_hidden_friend=True))
            else:
                self.skipped.append(Skipped(fn.qualname, "friend function",
                                            "declared only inside its class, where a qualified "
                                            "call cannot find it", fn.loc, fn.directives))

    def field(self, m: ci.Cursor, in_union: bool = False) -> list[Field]:
        """A public data member; none (with an SG301 warning) when its type has no name."""
        fdoc, fdirs = self.notes.attached(m, body=False)
        t = m.type.get_canonical()
        while t.kind in (ci.TypeKind.POINTER, ci.TypeKind.LVALUEREFERENCE,
                         ci.TypeKind.CONSTANTARRAY):
            t = t.get_pointee() if t.kind != ci.TypeKind.CONSTANTARRAY else t.element_type
        if t.kind in (ci.TypeKind.RECORD, ci.TypeKind.ENUM) and is_unnamed(t.get_declaration()):
            self.skipped.append(Skipped(qualname(m), "field", "its type is an unnamed "
                                        f"{t.get_declaration().kind.name.split('_')[0].lower()}"
                                        ", which SWIG cannot name (give the type a name)",
                                        self.loc(m), fdirs))
            return []
        return [Field(m.spelling, type_ref(m.type), self.loc(m), fdoc, fdirs,
                      is_const=m.type.is_const_qualified(), in_union=in_union,
                      is_assignable=self.traits.assigns(m.type),
                      bit_width=m.get_bitfield_width() if m.is_bitfield() else 0)]

    def anonymous_members(self, c: ci.Cursor, in_union: bool) -> list[Field]:
        """The members of `union { int i; float f; };` in a class: the class's own fields in
        C++ (`v.i`), `in_union` when they share storage."""
        out: list[Field] = []
        for m in c.get_children():
            if m.access_specifier not in (ci.AccessSpecifier.PUBLIC,
                                          ci.AccessSpecifier.INVALID):
                continue
            if m.kind == K.FIELD_DECL:
                out += self.field(m, in_union)
            elif is_anonymous_member(m):
                out += self.anonymous_members(m, in_union or m.kind == K.UNION_DECL)
        return out

    def enum(self, c: ci.Cursor) -> Enum_:
        doc, directives = self.notes.attached(c, body=True)
        members = []
        # libclang's enum_value reads `enum class Big : std::uint64_t` as signed (its check
        # misses the typedef): look at the canonical underlying type
        unsigned = c.enum_type.get_canonical().kind in _UNSIGNED_KINDS
        for m in c.get_children():
            if m.kind == K.ENUM_CONSTANT_DECL:
                mdoc, mdirs = self.notes.attached(m, body=False)
                for d in mdirs:
                    self.diags.error(d.loc, "SG203",
                                     f"directive '{d.name}' does not apply to enum member "
                                     f"'{qualname(m)}'",
                                     f"put directives on the enum '{qualname(c)}' itself")
                value = ci.conf.lib.clang_getEnumConstantDeclUnsignedValue(m) if unsigned \
                    else ci.conf.lib.clang_getEnumConstantDeclValue(m)
                members.append(Enumerator(m.spelling, value, self.loc(m), mdoc))
        unnamed = is_unnamed(c)  # `enum { kA = 1 };`: its members are the scope's constants
        return Enum_("" if unnamed else c.spelling, qualname(c), c.is_scoped_enum(),
                     tuple(members), self.loc(c), doc, directives, unsigned)

