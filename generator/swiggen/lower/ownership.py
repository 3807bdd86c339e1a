"""Ownership: newobject, disown(param), borrowed, smart pointers, and the warning for raw
pointers whose owner nobody declared. The runtime side is interfaces/python/ownership.swg."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..model import Constructor, Directive, Function, Param, TypeKind, TypeRef
from .context import Context, Directives
from .directive_use import DirectiveUse
from .plan import Apply, Feature, MacroCall
from .protocols import arg, cpp_type
from .convertible import swig_spelling
from .smartvalues import smart_of_value

SMART_POINTERS = {"std::unique_ptr": "SWIGGEN_UNIQUE_PTR", "std::shared_ptr": "SWIGGEN_SHARED_PTR"}


def note_ownership(f: Function, target: str, dirs: Directives, ctx: Context,
                   method: bool) -> None:
    """Decide ownership for function or method `f` (addressed in SWIG as `target`)."""
    note_smart_pointers([p.type for p in f.params] + [f.result], ctx, f)
    for d in dirs.all("newobject"):
        if (f.result.kind is TypeKind.CLASS and f.result.indirection == "*"
                and f.result.target in ctx.no_public_dtor):
            ctx.diags.error(d.loc, "SG220", f"'{f.qualname}' is marked newobject, but "
                            f"'{f.result.target}' has no public destructor: Python could never "
                            "delete the object it would own",
                            "remove 'newobject' (the result is then borrowed), or give the "
                            "class a public destructor")
            continue
        ctx.features.append(Feature("new", target))
        if d.args:
            if f.result.kind is TypeKind.STRING and f.result.indirection == "*":
                free = ctx.function_names.get(d.args[0], d.args[0])
                ctx.ownership.append(MacroCall("SWIGGEN_FREE_RESULT", (f.name, free)))
            else:
                ctx.diags.error(d.loc, "SG203", f"newobject({d.args[0]}): a free function "
                                "applies to char* results only",
                                "for a class, put 'deleter(fn)' on the class instead")
    if method and dirs.has("independent"):
        ctx.ownership.append(MacroCall("SWIGGEN_INDEPENDENT", (arg(f.qualname),)))
    result = f.result
    raw = result.indirection == "*" and result.kind is TypeKind.CLASS
    if raw and not method and not (dirs.has("newobject") or dirs.has("borrowed")):
        ctx.diags.warning(
            f.loc, "SG304",
            f"'{f.qualname}' returns a raw pointer and does not say who owns it; swiggen "
            "treats it as borrowed (Python never deletes it; it keeps the first argument "
            "alive)",
            "mark it 'swiggen: newobject' if the caller must delete it, or "
            "'swiggen: borrowed' to confirm")


def note_result_keeps(f: Function, symbol: str, ctx: Context) -> None:
    """A free function's (or static method's) result that may point into its first argument
    keeps that argument alive (docs/safety.md, 5), as a method's keeps `self`: a pointer or
    reference to a class (a view into the argument, `borrowed` or not, or a new object made
    from it, `newobject`: an iterator of a database), and a view class by value (`view`, a
    class that points into text, or one whose constructor takes a pointer: view_class). The
    first parameter, a class pointer or reference, is its owner: the SWIGGEN_KEEP_ALIVE
    typemap by its type and name, acting in the wrappers SWIGGEN_RESULT_KEEPS_<symbol> names
    (ownership.swg)."""
    if not symbol or not f.params or any(d.name == "independent"
                                         for d in ctx.all_directives(f)):
        return
    owner, r = f.params[0], f.result
    t = owner.type
    if t.kind is not TypeKind.CLASS or t.indirection not in ("*", "&") or not owner.name or \
            t.target in SMART_POINTERS or r.kind is not TypeKind.CLASS:
        return
    if not (r.indirection in ("*", "&") or (r.indirection == "" and view_class(r.target, ctx))):
        return
    ctx.default_applies.append(Apply(f"SWIGTYPE {t.indirection}SWIGGEN_KEEP_ALIVE",
                                     f"{cpp_type(t)} {owner.name}".replace("* ", "*")))
    ctx.symbol_flags.append("SWIGGEN_RESULT_KEEPS_" + symbol)


def view_class(cls: str, ctx: Context) -> bool:
    """Whether objects of `cls` may point into the object they are made from: a result of it
    by value keeps that object alive (SWIGGEN_VIEW_CLASS)."""
    return MacroCall("SWIGGEN_VIEW_CLASS", (arg(cls),)) in ctx.ownership


def note_pointer_holder(ctors: Sequence[Constructor], cls: str, target: str,
                        ctx: Context) -> None:
    """A class constructed from a pointer to a class, or from a reference to one that cannot
    be copied (`Handle(Doc* d)`), holds it: swiggen cannot see its private members, and the
    conservative answer is that it is a view, whose results by value keep what they were made
    from alive, as `view` says (lifetimes' Handle into its Doc). A constructor marked
    `independent` (or `ignore`) does not count. `target`: the constructors' qualified name."""
    if ctx.template_args or view_class(cls, ctx):
        return
    for c in ctors:
        marks = c.directives + tuple(d for key in ctx.config_keys(
            target, c.signature, c.written_signature) for d in ctx.config.by_name[key])
        if c.is_deleted or c.is_copy or c.is_move or \
                any(d.name in ("independent", "ignore") for d in marks):
            continue
        for p in c.params:
            t = p.type
            if t.kind is TypeKind.CLASS and t.target != cls and t.target not in SMART_POINTERS \
                    and (t.indirection == "*" or (t.indirection == "&" and
                                                  t.target in ctx.uncopyable)):
                ctx.ownership.append(MacroCall("SWIGGEN_VIEW_CLASS", (arg(cls),)))
                return


def note_class_ownership(qualname: str, name: str, dirs: Directives, ctx: Context) -> bool:
    """deleter(fn) on a class. True if the class has one (it then has no Python constructor),
    or is a library allocation nothing named for it frees (handles.py `_allocated`: the
    implied `allocated`, with no public destructor): Python makes none of those either."""
    found = dirs.all("deleter")
    for d in found[:1]:
        deleter = ctx.function_names.get(d.args[0], d.args[0])
        ctx.ownership.append(MacroCall("SWIGGEN_DELETER", (arg(qualname), name, deleter)))
    if not found and dirs.all("allocated"):
        ctx.features.append(Feature("nodefaultctor", qualname))
        return True
    return bool(found)


def _class_pointers(params: Sequence[Param], dirs: Directives, directive: str,
                    use: DirectiveUse, label: str) -> Iterator[tuple[Param, Directive]]:
    """The `T*` parameters (T a class) that `directive(param, ...)` names, each with its
    directive; SG202/SG203 (where it takes effect in no overload: `use`) for names that are
    no such parameter."""
    by_name = {p.name: p for p in params}
    for d in dirs.all(directive):
        for name in d.args:
            p = by_name.get(name)
            if p is None:
                use.miss(d, name, label, "SG202", f"no parameter named '{name}'",
                         f"parameters of '{label}': {', '.join(by_name) or '(none)'}")
            elif p.type.indirection != "*" or p.type.kind is not TypeKind.CLASS:
                use.miss(d, name, label, "SG203", f"'{name}' is not a pointer to a class",
                         f"{directive} applies to a `T*` parameter")
            else:
                use.hit(d, name)
                yield p, d


def note_disown(params: Sequence[Param], dirs: Directives, symbol: str, ctx: Context,
                use: DirectiveUse, label: str) -> None:
    """disown(param): the call takes ownership of these `T*` arguments. An in typemap applied by
    parameter type and name, handing over only in the wrapper SWIGGEN_DISOWNS_<symbol> names."""
    for p, d in _class_pointers(params, dirs, "disown", use, label):
        base = cpp_type(p.type, value=True)
        ctx.applies.append(Apply("SWIGTYPE *SWIGGEN_DISOWN", f"{base} *{p.name}"))
        _flag("SWIGGEN_DISOWNS_", symbol, d, ctx)
        # SWIG also matches `const T *name` to a `T *name` typemap (qualifiers are stripped as
        # a fallback): keep the plain pointer typemap there.
        # (`T *const name` and `const T *const name` too: a C API's `cJSON * const item`)
        for other in (f"{base} const *{p.name}", f"{base} *const {p.name}",
                      f"{base} const *const {p.name}"):
            ctx.applies.append(Apply("SWIGTYPE *", other))


def note_destroys(params: Sequence[Param], dirs: Directives, symbol: str,
                  ctx: Context, use: DirectiveUse, label: str) -> None:
    """destroys(param): the call deletes these `T*` arguments; after it returns, the Python
    object passed is cleared (ReferenceError on use). An argout typemap applied by parameter
    type and name, acting only in the wrappers named SWIGGEN_DESTROYS_<symbol>."""
    for p, d in _class_pointers(params, dirs, "destroys", use, label):
        ctx.applies.append(Apply("SWIGTYPE *SWIGGEN_DESTROYS",
                                 f"{cpp_type(p.type)} {p.name}".replace("* ", "*")))
        _flag("SWIGGEN_DESTROYS_", symbol, d, ctx)


def note_deleter_call(f: Function, symbol: str, ctx: Context) -> None:
    """A function that is a class's deleter (`deleter(fn)` on the class: a free function, or a
    static method named by its qualified name) deletes the object its first parameter points
    to. Called from Python, it acts as `destroys(param)`: the Python object passed is cleared
    (ReferenceError on use), and its release never frees it a second time. The class must be
    lowered before the function (its header, or earlier in the same one), as SWIG reads them."""
    if not symbol or not f.params:
        return
    p = f.params[0]
    t = p.type
    if t.kind is not TypeKind.CLASS or t.indirection != "*":
        return
    if not any(m.macro == "SWIGGEN_DELETER" and m.args[0] == arg(t.target)
               and _names(m.args[2], f.qualname) for m in ctx.ownership):
        return
    # an unnamed parameter: by type alone (the argout acts only where the flag is defined)
    ctx.applies.append(Apply("SWIGTYPE *SWIGGEN_DESTROYS",
                             f"{cpp_type(t)} {p.name}".replace("* ", "*").rstrip()))
    ctx.symbol_flags.append("SWIGGEN_DESTROYS_" + symbol)


def _names(written: str, qualname: str) -> bool:
    """Whether `written` (a directive's function name, resolved or not) names `qualname`."""
    written = written.removeprefix("::")
    return written == qualname or qualname.endswith("::" + written)


def name_words(name: str) -> list[str]:
    """A function's name as lower-case words: `uriFreeQueryListW` -> uri, free, query, list, w;
    `free_command` -> free, command."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)]


#: words of a function's name that say it frees what it is passed (`free_command`, `xmlFree`)
_FREEING = frozenset({"free", "release", "destroy", "dispose", "delete", "dealloc", "unref"})


def frees(name: str) -> bool:
    """The function's name says it frees what it is passed: a word of _FREEING, one ending in
    "free" (curl's `curl_formfree(struct curl_httppost *)`), or "clear" with "mem"/"memory"
    (libraw's `libraw_dcraw_clear_mem(libraw_processed_image_t *)`)."""
    words = set(name_words(name))
    return bool(words & _FREEING) or any(w.endswith("free") for w in words) or \
        ("clear" in words and bool(words & {"mem", "memory"}))


#: words of a function's name that say it takes over the memory it is passed, to free later
#: (pugixml's `load_buffer_inplace_own(void *contents, size_t size)`: "document will free the
#: buffer when it is no longer needed")
_ADOPTING = frozenset({"own", "adopt"})


def note_frees_text(f: Function, symbol: str, ctx: Context) -> None:
    """A function whose name says it frees (`free_command(char *cmd)`) or takes over
    (`load_buffer_inplace_own(void *contents, size_t size)`) what it is passed, and that takes a
    writable pointer that is no class's (`char *`, `void *`, `uint8_t *`, `double *`): no memory
    Python holds may be passed to it (a str, a bytearray, a numpy array: mutable_text.swg,
    outparams.swg's buffers, arrays.swg), nor can the text a `char*` result was copied into
    Python from. A function of one `const char *` parameter (a typedef of it too:
    sqlite3_free_filename(sqlite3_filename)) frees that text: the same.
    SWIGGEN_FREES_TEXT_<symbol>."""
    if symbol and (frees(f.name) or bool(set(name_words(f.name)) & _ADOPTING)) and (any(
            p.type.kind is not TypeKind.CLASS and p.type.indirection == "*" and
            not p.type.is_const for p in f.params)  # (the flag acts on text, buffers, arrays)
            or (len(f.params) == 1 and _const_text(f.params[0].type))):
        ctx.symbol_flags.append("SWIGGEN_FREES_TEXT_" + symbol)


def _const_text(t: TypeRef) -> bool:
    """`const char *`, by its canonical type (a typedef of it: `sqlite3_filename`)."""
    return " ".join(t.canonical.split()) in ("const char *", "char const *")


def note_frees_object(f: Function, dirs: Directives, symbol: str, ctx: Context) -> None:
    """A free function (or a static method: libraw's `LibRaw::dcraw_clear_mem(
    libraw_processed_image_t *)`) whose name says it frees (`uriFreeQueryListW(UriQueryListW
    *l)`, `uv_free_cpu_info`, `libraw_dcraw_clear_mem`) and whose first parameter is a `T*` of
    a wrapped class with no deleter: with no directive saying otherwise, it acts as `destroys(param)` (the object passed
    is cleared: ReferenceError on use, never deleted again), and it refuses an object Python
    made (TypeError), which the library's free() must never see (check triage, group C).
    SWIGGEN_FREES_OBJECT_<symbol>."""
    if not symbol or not f.params or ("::" in f.qualname and not f.is_static) or \
            dirs.has("destroys") or dirs.has("disown") or dirs.has("borrowed"):
        return  # (C's names are global: `sf::free_ptr` is C++ and says "free function")
    p = f.params[0]
    t = p.type
    if not frees(f.name) or t.kind is not TypeKind.CLASS or t.indirection != "*" or \
            t.is_const or t.target not in ctx.py_names or \
            any(m.macro == "SWIGGEN_DELETER" and m.args[0] == arg(t.target)
                for m in ctx.ownership):
        return
    ctx.applies.append(Apply("SWIGTYPE *SWIGGEN_DESTROYS",
                             f"{cpp_type(t)} {p.name}".replace("* ", "*").rstrip()))
    ctx.symbol_flags += ["SWIGGEN_DESTROYS_" + symbol, "SWIGGEN_FREES_OBJECT_" + symbol]


#: first words of a method's name that say it closes its object (`close()`, `Shutdown()`)
_CLOSING = frozenset({"close", "shutdown", "dispose", "destroy", "finalize", "terminate",
                      "disconnect"})
#: a method's whole name that says it deletes everything its object made or holds (tinyxml2's
#: `XMLDocument::Clear()` frees every node the document made; a container's `clear()`)
_CLEARING = frozenset({("clear",), ("clear", "all")})


def closes(f: Function, marks: Sequence[Directive]) -> bool:
    """Whether method `f` (with directives `marks`) closes its object, or clears it of all it
    made: marked `closes`, or its name says so and it needs no argument (`Close()`,
    `shutdown(bool force = false)`, `Clear()`)."""
    words = name_words(f.name)
    return any(d.name == "closes" for d in marks) or bool(words) and (
        words[0] in _CLOSING or tuple(words) in _CLEARING) and all(
            p.default is not None for p in f.params)


def note_closes(f: Function, dirs: Directives, symbol: str, ctx: Context) -> None:
    """A method that closes its object, or clears it (`closes`): its object's dependants
    (iterators, statements; the views its methods returned, note_view_dependants) are deleted
    or cleared before it runs, so a database that aborts when closed with live iterators never
    sees one, and a view of a node `doc.Clear()` freed raises ReferenceError
    (interfaces/python/objects.swg). SWIGGEN_CLOSES_<symbol>."""
    if symbol and (dirs.has("closes") or closes(f, ())):
        ctx.symbol_flags.append("SWIGGEN_CLOSES_" + symbol)


def _flag(prefix: str, symbol: str, d: Directive, ctx: Context) -> None:
    """Name wrapper `symbol` to the typemap that acts only where `prefix + symbol` is defined
    (SWIG applies typemaps by parameter type and name across the module)."""
    if symbol:
        ctx.symbol_flags.append(prefix + symbol)
    else:  # (no Python class known for the method's owner: nothing would act)
        ctx.diags.error(d.loc, "SG203", f"directive '{d}' applies to members of wrapped "
                        "classes and to functions only", "remove it")


def note_keep_alive(params: Sequence[Param], dirs: Directives, symbol: str,
                    ctx: Context, use: DirectiveUse, label: str) -> None:
    """keep_alive(param): the receiver keeps these arguments alive (an argout typemap applied by
    parameter type and name, acting only in the wrapper SWIGGEN_KEEPS_<symbol> names)."""
    by_name = {p.name: p for p in params}
    for d in dirs.all("keep_alive"):
        for name in d.args:
            p = by_name.get(name)
            if p is None:
                use.miss(d, name, label, "SG221", f"no parameter named '{name}'",
                         f"parameters of '{label}': {', '.join(by_name) or '(none)'}")
            elif p.type.indirection not in ("*", "&", "&&"):
                use.miss(d, name, label, "SG221", f"'{name}' is passed by value (a copy), so "
                         "nothing can point to the argument",
                         "keep_alive applies to pointer and reference parameters")
            else:
                use.hit(d, name)
                pattern = "&&" if p.type.indirection == "&&" else p.type.indirection
                ctx.applies.append(Apply(f"SWIGTYPE {pattern}SWIGGEN_KEEP_ALIVE",
                                         f"{cpp_type(p.type)} {p.name}".replace("* ", "*")))
                _flag("SWIGGEN_KEEPS_", symbol, d, ctx)


def keep_uncopyable_alive(params: Sequence[Param], cls: str, symbol: str, dirs: Directives,
                          ctx: Context) -> None:
    """A constructor's pointer and reference parameters of a wrapped class that cannot be
    copied (a deleted copy constructor, an abstract class): the new object cannot hold a copy,
    so it likely holds the argument itself or what the argument owns (SQLiteCpp's
    `Statement(const Database&, ...)` keeps the database's connection: the database destroyed
    first aborts). The new object keeps such arguments alive, as keep_alive(param) would,
    unless the constructor is `independent`. A copy or move constructor's own class is not kept
    (the argument is copied or emptied). So too a pointer parameter of a wrapped class with
    virtual functions, copyable or not: an observer or sink the new object calls later (glog's
    `LogMessage(file, line, severity, LogSink* sink, ...)` sends to the sink when it is
    destroyed). SWIG keeps one typemap per parameter type and name:
    where an annotation applies another to the same one (tinyxml2's `destroys(node)` on
    `XMLNode* node`), the annotation's wins and this one is dropped (the destroys typemap keeps
    alive as this one would: ownership.swg, SWIGGEN_KEEP_ALIVE_ARGOUT)."""
    if dirs.has("independent") or not symbol:
        return
    named = {n for d in dirs.all("keep_alive") for n in d.args}
    for p in params:
        t = p.type
        if (not p.name or p.name in named or t.kind is not TypeKind.CLASS
                or t.indirection not in ("*", "&") or t.target == cls
                or (t.target not in ctx.uncopyable
                    and not (t.indirection == "*" and t.target in ctx.polymorphic))):
            continue
        ctx.default_applies.append(Apply(f"SWIGTYPE {t.indirection}SWIGGEN_KEEP_ALIVE",
                                         f"{cpp_type(t)} {p.name}".replace("* ", "*")))
        ctx.symbol_flags.append("SWIGGEN_KEEPS_" + symbol)


#: words of a free function's name that say it registers its argument with the library
_REGISTERS = frozenset({"add", "register", "install", "attach", "subscribe"})


def keep_registered_alive(f: Function, symbol: str, dirs: Directives, ctx: Context) -> None:
    """A free (or static) function whose name says it registers its argument (glog's
    `AddLogSink(LogSink* destination)`, `register_listener(Listener*)`): a pointer parameter of
    a wrapped class with virtual functions is an observer the library calls later, from a
    registry Python cannot see, so the module keeps it alive for the rest of the process (a
    Python object dropped after the call left the registry a dangling pointer)."""
    if dirs.has("independent") or not symbol or not set(name_words(f.name)) & _REGISTERS:
        return
    for p in f.params:
        t = p.type
        if p.name and t.kind is TypeKind.CLASS and t.indirection == "*" and \
                t.target in ctx.polymorphic:
            ctx.default_applies.append(Apply("SWIGTYPE *SWIGGEN_KEEP_ALIVE",
                                             f"{cpp_type(t)} {p.name}".replace("* ", "*")))
            ctx.symbol_flags.append("SWIGGEN_KEEPS_FOREVER_" + symbol)


def keep_text_alive(params: Sequence[Param], cls: str, symbol: str, dirs: Directives,
                    ctx: Context) -> None:
    """A constructor of a class that points into text it does not own (a field `const char*`
    or `std::string_view`: leveldb's Slice, RE2's StringPiece): the new object keeps its
    `const char*` arguments (the str whose UTF-8 text it points into) and the object it is
    copied from alive, as keep_alive(param) would, so the text outlives the view."""
    named = {n for d in dirs.all("keep_alive") for n in d.args}
    for p in params:
        if p.name in named or not p.name:
            continue
        t = p.type
        pattern = ""
        if t.kind is TypeKind.STRING and t.indirection == "*":
            # the str whose UTF-8 text the pointer is; a `char*`'s buffer or private copy
            pattern = "SWIGTYPE *" if t.is_const else "char *"
        elif t.kind is TypeKind.STRING and t.indirection == "&" and t.is_const:
            pattern = "const std::string &"  # the std::string the wrapper made from a str
        elif t.kind is TypeKind.STRING_VIEW and not t.indirection:
            pattern = "SWIGTYPE "  # a view of the str's UTF-8 text
        elif t.kind is TypeKind.CLASS and t.target == cls and t.indirection == "&":
            pattern = "SWIGTYPE &"  # the view copied: it points into what the copy keeps
        if pattern:
            # SWIG applies a typemap to every parameter of that type and name: the typemap
            # acts only in the wrappers whose symbol the module names (text_keepers)
            ctx.applies.append(Apply(f"{pattern}SWIGGEN_KEEP_TEXT",
                                     f"{cpp_type(t)} {p.name}".replace("* ", "*")))
            ctx.text_keepers.append(symbol)


def note_smart_pointers(types: Sequence[TypeRef], ctx: Context,
                        f: Function | None = None) -> None:
    for t in types:
        if smart_of_value(t):  # converted by value (lower/smartvalues.py): None is refused
            call = MacroCall("SWIGGEN_SMART_NONNULL", (arg(swig_spelling(t)),))
            if call not in ctx.ownership:
                ctx.ownership.append(call)
            continue
        macro = SMART_POINTERS.get(t.target) if t.kind is TypeKind.CLASS else None
        if (macro == "SWIGGEN_UNIQUE_PTR" and f is not None and t.element is not None
                and t.element.target in ctx.no_public_dtor):
            ctx.diags.error(f.loc, "SG220", f"'{f.qualname}' passes a std::unique_ptr to "
                            f"'{t.element.target}', which has no public destructor: Python "
                            "could never delete the object it would own",
                            "mark it 'swiggen: ignore', or give the class a public destructor")
            continue
        if macro and t.element is not None:
            call = MacroCall(macro, (arg(cpp_type(t.element, value=True)),))
            if call not in ctx.ownership:
                ctx.ownership.append(call)
