"""`bytes(...)`: binary data in and out, for APIs that take a buffer and return std::string.

    size_t Compress(const char* input, size_t input_length, std::string* compressed);
    // swiggen: bytes(input, input_length), bytes(compressed)   ->  compress(input: bytes) -> bytes

`bytes(ptr, n)` makes a `const char*` (or `const unsigned char*`, `const void*`) and its
length one Python argument taking any bytes-like object (bytes, bytearray, memoryview: read
through the buffer protocol, no copy); `bytes(param)` on a `std::string*`/`std::string&` makes
it an out returned as `bytes` rather than `str` (binary data is not text). Runtime:
SWIGGEN_BYTES_IN and SWIGGEN_OUT_BYTES in interfaces/python/outparams.swg.

    int compress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen);
                                           ->  compress(dest: int | bytearray, source: bytes)

An output buffer with an in/out length, `(T *buf, N *len)` (T a byte type, `len` named like a
length), found by shape or named by `bytes(dest, destLen)`: one Python argument, a capacity
(then the bytes written join the result) or a writable buffer to fill (then their number
does). Runtime: SWIGGEN_OUT_BUFFER in interfaces/python/outbuffers.swg.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model import Directive, Param, TypeKind, TypeRef
from .context import Context, Directives
from .directive_use import DirectiveUse
from .plan import ParamTypemap

_POINTEES = ("char", "signed char", "unsigned char", "void")


@dataclass
class BytesParams:
    """Parameters `bytes(...)` took: pairs (pointer index -> length index) and bytes outs."""

    pairs: dict[int, int] = field(default_factory=dict)
    outs: dict[int, Directive] = field(default_factory=dict)
    #: (count, array of C strings) pairs: the array's index -> the count's
    argv: dict[int, int] = field(default_factory=dict)
    #: (begin, end) pointer ranges of a wrapped class: begin's index -> end's
    ranges: dict[int, int] = field(default_factory=dict)
    #: (T *items, N count) arrays of a wrapped class: the pointer's index -> the count's
    objects: dict[int, int] = field(default_factory=dict)
    #: their typemaps' patterns, by the pointer's index
    object_patterns: dict[int, str] = field(default_factory=dict)
    #: (const char *begin, const char *end) texts given by their two ends: begin's -> end's
    text_ranges: dict[int, int] = field(default_factory=dict)
    #: writable (void *p, size_t n) buffers: the pointer's index -> the length's
    buffers: dict[int, int] = field(default_factory=dict)
    #: output buffers with an in/out length, (T *buf, N *len): the pointer's index -> why
    outbufs: dict[int, str] = field(default_factory=dict)
    #: bytes in whose length C sets to what it read, (const T *src, N *len): the pointer's index
    reads: set[int] = field(default_factory=set)
    #: (buf, size, nitems) buffers of items (fwrite's shape): the pointer's index -> the count's
    #: (its element size is pairs' or buffers' value)
    items: dict[int, int] = field(default_factory=dict)

    def taken(self) -> frozenset[int]:
        return frozenset(self.pairs) | frozenset(self.pairs.values()) | \
            frozenset(self.buffers) | frozenset(self.buffers.values()) | \
            frozenset(self.argv) | frozenset(self.argv.values()) | \
            frozenset(self.ranges) | frozenset(self.ranges.values()) | \
            frozenset(self.objects) | frozenset(self.objects.values()) | \
            frozenset(self.text_ranges) | frozenset(self.text_ranges.values()) | \
            frozenset(self.outbufs) | frozenset(i + 1 for i in self.outbufs) | \
            frozenset(self.reads) | frozenset(i + 1 for i in self.reads) | \
            frozenset(self.items.values())


def lower_bytes(params: Sequence[Param], dirs: Directives, label: str, ctx: Context,
                use: DirectiveUse, skip: frozenset[int] | set[int] = frozenset(),
                outs: bool = True) -> BytesParams:
    """The `bytes(...)` directives of one function (`use`: where each took effect), and the
    binary buffers found by shape (`skip`: parameters other directives took; `outs`: False
    where nothing joins the result, a constructor's). Arrays of objects are lowered after it
    (lower/objectarrays.py), into the same `BytesParams`."""
    found = BytesParams()
    names = [p.name for p in params]
    for d in dirs.all("bytes"):
        missing = [a for a in d.args if a not in names]
        if len(d.args) > 2:
            use.hit(d)  # (an error of its own, wherever it is)
            ctx.diags.error(d.loc, "SG230", f"{d} on '{label}': too many parameters",
                            "write bytes(pointer, length) for an input buffer, bytes(param) "
                            "for a std::string out")
            continue
        if missing:
            use.miss(d, "", label, "SG230", f"no parameter named '{missing[0]}'",
                     "write bytes(pointer, length) for an input buffer, bytes(param) for a "
                     "std::string out")
            continue
        i = names.index(d.args[0])
        t = params[i].type
        if len(d.args) == 2 and outs and out_buffer(params, i, names.index(d.args[1])):
            if i in skip or i + 1 in skip:
                use.miss(d, "", label, "SG230", f"'{params[i + (i not in skip)].name}' is "
                         "already an array, an out or a pointer that takes None",
                         "name each parameter in one directive")
                continue
            use.hit(d)
            _out_buffer(params, i, found, f"{d} at line {d.loc.line}", label, ctx)
            continue
        if len(d.args) == 2:
            n = names.index(d.args[1])
            length = params[n].type
            pointee = t.canonical.removeprefix("const ").strip()
            if t.indirection != "*" or not t.is_const or pointee not in _POINTEES or \
                    n != i + 1 or length.kind is not TypeKind.INT or length.indirection:
                use.miss(d, "", label, "SG230", "not a const char* (or const void*) followed "
                         "by its integer length, nor a byte pointer followed by a pointer to "
                         "its length (an output buffer)",
                         "e.g. bytes(data, n) for '(const char* data, size_t n)', "
                         "bytes(dest, destLen) for '(Bytef* dest, uLongf* destLen)'")
                continue
            use.hit(d)
            found.pairs[i] = n
            pattern = f"({declared(t, params[i].name)}, {declared(length, params[n].name)})"
            ctx.params.append(ParamTypemap("SWIGGEN_BYTES_IN", (pattern,), (label,),
                                           f"{d} at line {d.loc.line}"))
        elif t.kind is TypeKind.STRING and t.canonical not in _POINTEES and \
                t.indirection in ("*", "&") and not t.is_const:
            use.hit(d)
            found.outs[i] = d
        else:
            use.miss(d, "", label, "SG230", f"'{d.args[0]}' is {t.spelling}, not a "
                     "std::string* or std::string& to return",
                     "bytes(param) makes a std::string out-parameter bytes")
    _argv_pairs(params, found, label, ctx)
    _range_pairs(params, found, label, ctx)
    if outs:
        taken = found.taken() | set(skip)
        for i in range(len(params) - 1):
            if i not in taken and i + 1 not in taken and out_buffer(params, i, i + 1) and \
                    length_of(params, i, i + 1):
                _out_buffer(params, i, found, f"'{params[i].name}' is an output buffer of "
                            f"'*{params[i + 1].name}' bytes, in and out", label, ctx)
            elif i not in taken and i + 1 not in taken and out_buffer(params, i, i + 1, True) \
                    and length_of(params, i, i + 1):
                src, used = params[i], params[i + 1]
                found.reads.add(i)
                pattern = f"({declared(src.type, src.name)}, {declared(used.type, used.name)})"
                ctx.params.append(ParamTypemap(
                    "SWIGGEN_BYTES_IN_READ", (pattern,), (label,),
                    f"'{src.name}' is binary data of '*{used.name}' bytes, then the bytes read"))
            taken = found.taken() | set(skip)
    _binary_buffers(params, found, skip, label, ctx)
    return found


#: what an output buffer points to
_BYTES = ("char", "signed char", "unsigned char", "void", "std::byte")


def out_buffer(params: Sequence[Param], i: int, n: int, const: bool = False) -> bool:
    """`(T *buf, N *len)`: a writable byte pointer followed by a pointer to its integer length
    (zlib's `(Bytef *dest, uLongf *destLen)`, `(char *buf, size_t *len)`); with `const`, a
    pointer to const bytes and a length C sets to the bytes it read (uncompress2's source)."""
    t, length = params[i].type, params[n].type
    return n == i + 1 and t.indirection == "*" and t.is_const == const and not t.signature and \
        " ".join(t.canonical.split()) in _BYTES and length.kind is TypeKind.INT and \
        length.indirection == "*" and not length.is_const and \
        length.canonical not in ("bool", "char")


def _out_buffer(params: Sequence[Param], i: int, found: BytesParams, rule: str, label: str,
                ctx: Context) -> None:
    p, n = params[i], params[i + 1]
    found.outbufs[i] = rule
    ctx.params.append(ParamTypemap(
        "SWIGGEN_OUT_BUFFER", (f"({declared(p.type, p.name)}, {declared(n.type, n.name)})",),
        (label,), rule))


#: what a binary buffer points to (`void *`, `uint8_t *`, `std::byte *`; `char *` is text)
_BINARY = ("void", "unsigned char", "signed char", "std::byte")


def _binary_buffers(params: Sequence[Param], found: BytesParams, skip: frozenset[int] | set[int],
                    label: str, ctx: Context) -> None:
    """A binary pointer followed by its length, `(const void *src, size_t srcSize)`,
    `(uint8_t *out, size_t outlen)`: one Python argument, any bytes-like object for a const
    pointer (SWIGGEN_BYTES_IN, as `bytes(src, srcSize)`), a writable one (bytearray,
    memoryview, numpy array) for the other (SWIGGEN_BUFFER_IN); the length is the buffer's,
    so C never reads or writes past it. Before, Python could pass such a pointer nothing but
    an object another call returned. A pointer the array directives took stays theirs."""
    taken = found.taken() | set(skip)
    for i in range(len(params) - 1):
        p, n = params[i], params[i + 1]
        t = p.type
        if i in taken or i + 1 in taken or t.indirection != "*" or \
                " ".join(t.canonical.split()) not in _BINARY or t.signature or \
                n.type.kind is not TypeKind.INT or n.type.indirection or \
                n.type.canonical in ("bool", "char") or not length_of(params, i, i + 1):
            continue
        pattern = f"({declared(t, p.name)}, {declared(n.type, n.name)})"
        items = i + 2 if _items_of(params, i, taken) else None
        if items is not None:  # (buf, size, nitems): the buffer's bytes as 1-byte items
            c = params[items]
            found.items[i] = items
            pattern = pattern[:-1] + f", {declared(c.type, c.name)})"
        suffix = "" if items is None else "_ITEMS"
        if t.is_const:
            found.pairs[i] = i + 1
            ctx.params.append(ParamTypemap("SWIGGEN_BYTES_IN" + suffix, (pattern,), (label,),
                                           f"'{p.name}' is binary data of '{n.name}' bytes"))
        else:
            found.buffers[i] = i + 1
            ctx.params.append(ParamTypemap("SWIGGEN_BUFFER_IN" + suffix, (pattern,), (label,),
                                           f"'{p.name}' is a buffer of '{n.name}' bytes"))
        taken = found.taken() | set(skip)


#: an element size, then a count of elements: fwrite's `(ptr, size, nmemb)`, zlib's
#: `gzfwrite(buf, size, nitems, file)`
_ITEM_SIZE = re.compile(r"(?:\w+_?)?(?:size|sz)\Z", re.IGNORECASE)
_ITEM_COUNT = re.compile(r"n|count|nitems|nmemb|nelem\w*|num\w*|n_?items|\w+_?count", re.IGNORECASE)


def _items_of(params: Sequence[Param], i: int, taken: frozenset[int] | set[int]) -> bool:
    """Buffer i's length, parameter i + 1, is the size of one element of a count that follows
    (`gzfwrite(const void *buf, size_t size, size_t nitems, gzFile file)`: C reads size * nitems
    bytes): taking size as the buffer's length left the count free to read past it."""
    if i + 2 >= len(params) or i + 2 in taken:
        return False
    c = params[i + 2]
    return bool(_ITEM_SIZE.fullmatch(params[i + 1].name)) and \
        c.type.kind is TypeKind.INT and not c.type.indirection and \
        c.type.canonical not in ("bool", "char") and bool(_ITEM_COUNT.fullmatch(c.name))


def _argv_pairs(params: Sequence[Param], found: BytesParams, label: str, ctx: Context) -> None:
    """`(int argc, const char **argv)` (gflags' SetArgv): an integer count followed by an array
    of C strings is one list-of-str argument, not a count and a `const char **` out-parameter
    (which handed C a NULL array). Named as main's (`argc`, `argv`), the list holds at least one
    str, the program's name: such parsers start at argv[1] (cxxopts' `parse(argc, argv)` read
    past the end of an empty array). Runtime: SWIGGEN_ARGV_IN (outparams.swg)."""
    taken = found.taken()
    for i in range(len(params) - 1):
        count, array = params[i], params[i + 1]
        if i in taken or i + 1 in taken or count.type.kind is not TypeKind.INT or \
                count.type.indirection or not _string_array(array.type):
            continue
        if i > 0 and params[i - 1].type.indirection == "*" and length_of(params, i - 1, i):
            continue  # the length of the text before it (cJSON's `(value, buffer_length,
            # return_parse_end)`: a text, its length and a cursor out, no argv)
        found.argv[i + 1] = i
        t = array.type
        pattern = f"({declared(count.type, count.name)}, {declared(t, array.name)})"
        main = count.name.lower() == "argc" or array.name.lower() == "argv"
        ctx.params.append(ParamTypemap(
            "SWIGGEN_ARGV_IN", ("1" if main else "0", pattern), (label,),
            "main's (argc, argv): at least the program's name" if main
            else "a count followed by an array of C strings"))
        taken = found.taken()


#: names of a range's two ends: `(begin, end)`, `(first, last)`, `(items_begin, items_end)`
_RANGE_ENDS = (("begin", "end"), ("first", "last"), ("start", "stop"))


def _range_pairs(params: Sequence[Param], found: BytesParams, label: str, ctx: Context) -> None:
    """`(const T *begin, const T *end)` of a wrapped, copyable class (pugixml's
    `xpath_node_set(const xpath_node* begin, const xpath_node* end)`): one list argument of
    T, copied into an array the call reads. Two separate Python objects never make a range:
    the callee read from one to the other across unrelated memory (check: SIGSEGV). Runtime:
    SWIGGEN_RANGE_IN (outparams.swg)."""
    taken = found.taken()
    for i in range(len(params) - 1):
        b, e = params[i], params[i + 1]
        tb, te = b.type, e.type
        if i not in taken and i + 1 not in taken and _text_end(tb) and _text_end(te) and \
                _range_names(b.name, e.name):
            # a text by its two ends (jsoncpp's `Value::demand(const char *begin, const char
            # *end)`): one str or bytes, its UTF-8 from first byte to one past the last
            found.text_ranges[i] = i + 1
            pattern = f"({declared(tb, b.name)}, {declared(te, e.name)})"
            ctx.params.append(ParamTypemap("SWIGGEN_TEXT_RANGE_IN", (pattern,), (label,),
                                           "a text given by its two ends"))
            taken = found.taken()
            continue
        if i in taken or i + 1 in taken or tb.kind is not TypeKind.CLASS or \
                tb.indirection != "*" or te.kind is not TypeKind.CLASS or \
                te.indirection != "*" or tb.target != te.target or \
                tb.target not in ctx.py_names or tb.target in ctx.uncopyable or \
                not _range_names(b.name, e.name):
            continue
        found.ranges[i] = i + 1
        pattern = f"({declared(tb, b.name)}, {declared(te, e.name)})"
        ctx.params.append(ParamTypemap("SWIGGEN_RANGE_IN", (ctx.py_names[tb.target], pattern),
                                       (label,),
                                       f"a range of {ctx.py_names[tb.target]} given by two "
                                       "pointers"))
        taken = found.taken()


def _text_end(t: TypeRef) -> bool:
    """`const char *`: one end of a text the callee reads."""
    return t.kind is TypeKind.STRING and t.indirection == "*" and t.is_const and \
        t.canonical == "char"


def _range_names(begin: str, end: str) -> bool:
    b, e = begin.lower(), end.lower()
    return any(b.endswith(x) and e.endswith(y) and b[:-len(x)] == e[:-len(y)]
               for x, y in _RANGE_ENDS)


def _string_array(t: TypeRef) -> bool:
    """`const char **` or `char **` (the model keeps one level in `indirection`)."""
    return t.kind is TypeKind.OTHER and t.indirection == "*" and \
        " ".join(t.canonical.split()) in ("char *", "const char *")


#: names of an integer that is the length of the text or buffer before it (`key_len`, `size`,
#: `n`, `dstCapacity`, `num_bytes`)
LENGTH_NAMES = re.compile(r"(?:n|len|length|size|count|nbytes|capacity|"
                          r"\w+_?(?:len|length|size|capacity|cap|bytes))\Z", re.IGNORECASE)


#: what follows a pointer's name in its length's (`srcSize`, `dst_capacity`, `buflen`)
LENGTH_SUFFIX = re.compile(r"_?(?:len|length|size|capacity|cap|bytes|count|n)\Z", re.IGNORECASE)


#: what a length's name may say before its suffix and still be any pointer's (`nbytes`,
#: `bufsize`, `max_len`)
_ANY_STEM = frozenset({"n", "num", "nb", "buf", "buffer", "data", "byte", "total", "max", "in",
                       "out", "str", "string", "text", "msg"})


def length_of(params: Sequence[Param], i: int, j: int, text: bool = False) -> bool:
    """Parameter j, an integer after pointer i, is i's length by name: named like a length and,
    if it is named after a parameter (`srcSize`), after i (lz4's `(src, dst, srcSize, ...)`:
    srcSize is not dst's). A text's (`text`): not one named after something else either
    (libarchive's `(const char *_filename, size_t _block_size)`: a block's size, not the
    name's length; an item buffer's `elsize` is named for its items, and is its own)."""
    name = params[j].name
    if not LENGTH_NAMES.match(name):
        return False
    owners = [k for k, p in enumerate(params) if k != j and p.name and
              name.startswith(p.name) and LENGTH_SUFFIX.fullmatch(name[len(p.name):])]
    if owners or not text:
        return not owners or i in owners
    stem = LENGTH_SUFFIX.sub("", name).strip("_").lower()
    pointer = params[i].name.strip("_").lower()
    return not stem or not pointer or stem in _ANY_STEM or stem in pointer or pointer in stem


def text_lengths(params: Sequence[Param], taken: frozenset[int] | set[int], label: str,
                 ctx: Context) -> None:
    """`(const char *key, size_t key_len)`: the length may not pass the str's bytes
    (SWIGGEN_TEXT_LENGTH in outparams.swg; check triage, group E). `taken`: parameters other
    typemaps have (arrays, buffers, outs, and a nullable pointer, whose None check would be
    the pair's)."""
    for i in range(len(params) - 1):
        p, n = params[i], params[i + 1]
        t = p.type
        if i in taken or i + 1 in taken or t.kind is not TypeKind.STRING or \
                t.indirection != "*" or not t.is_const or n.type.kind is not TypeKind.INT or \
                n.type.indirection or not length_of(params, i, i + 1, text=True):
            continue
        # (the length as the view spells it: SWIG may not reduce `std::size_t` to its type)
        macro = "SWIGGEN_TEXT_LENGTH_TO_NUL" if _largest(n.default) else "SWIGGEN_TEXT_LENGTH"
        ctx.params.append(ParamTypemap(
            macro, (f"({declared(t, p.name)}, {declared(n.type, n.name)})",),
            (label,), f"'{n.name}' is the length of '{p.name}'"))


#: a default that is its unsigned type's largest value: `(size_t)-1`, `static_cast<size_t>(-1)`,
#: `-1`, `~0u`, `SIZE_MAX`, `std::numeric_limits<size_t>::max()`
_LARGEST = re.compile(r"^(?:\(?[\w:\s<>()]*\)?\s*\(?\s*-\s*1\s*\)?|~\s*0\w*|\w*SIZE_MAX|"
                      r".*numeric_limits\s*<.*>\s*::\s*max\s*\(\s*\))$")


def _largest(default: str | None) -> bool:
    """Whether a length's default is its type's largest value: the library's own "up to the
    NUL" (tinyxml2's `Parse(const char *xml, size_t nBytes = (size_t)-1)`)."""
    return default is not None and _LARGEST.match(default.strip()) is not None


def buffer_lengths(params: Sequence[Param], taken: frozenset[int] | set[int], label: str,
                   ctx: Context) -> None:
    """`(char *buf, size_t len)`: the length C writes into a writable `char *` may not pass the
    memory passed, a bytearray's or a str's private copy (SWIGGEN_BUFFER_LENGTH in
    outparams.swg; the check sweep's `fill(buf, 2**32)`). `taken` as text_lengths'."""
    for i in range(len(params) - 1):
        p, n = params[i], params[i + 1]
        t = p.type
        if i in taken or i + 1 in taken or t.kind is not TypeKind.STRING or \
                t.indirection != "*" or t.is_const or n.type.kind is not TypeKind.INT or \
                n.type.indirection or not (length_of(params, i, i + 1) or
                                           _unnamed_length(params, i, i + 1)):
            continue
        ctx.params.append(ParamTypemap(
            "SWIGGEN_BUFFER_LENGTH", (f"({declared(t, p.name)}, {declared(n.type, n.name)})",),
            (label,), f"'{n.name}' is the number of bytes written into '{p.name}'"))


#: the name parse/walker.py gives a parameter its header leaves unnamed
_UNNAMED = re.compile(r"arg\d+\Z")


def _unnamed_length(params: Sequence[Param], i: int, j: int) -> bool:
    """A writable `char *` then a 64-bit unsigned integer, the header naming neither (libzip's
    `zip_error_to_str(char *, zip_uint64_t, int, int)`): C's (buffer, length) idiom, its length
    checked as a named pair's is (a 32-bit one is as likely flags: no length by shape alone)."""
    return bool(_UNNAMED.match(params[i].name) and _UNNAMED.match(params[j].name)) and \
        " ".join(params[j].type.canonical.split()) in ("unsigned long", "unsigned long long")


def declared(t: TypeRef, name: str) -> str:
    """`const char *key`, `std::size_t key_len`: a parameter as the view declares it."""
    text = t.spelling.strip()
    return f"{text}{'' if text.endswith('*') else ' '}{name}"
