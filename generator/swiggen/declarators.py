"""declarators: C++ type spellings as text, shared by the parse and the declaration view.

A type spelled for the view (parse/declspell.py) is text such as `int (*)(void *, int)` or
`int [3]`; `declarator` puts a name into it where C++ wants the name (`int (*cb)(void *, int)`,
`int v[3]`). Pure text: no libclang here, so render/ can use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: a user-defined literal's name (`operator""_json_pointer`, `operator "" _k`)
_LITERAL = re.compile(r'\boperator\s*""')


def swig_names(target: str) -> bool:
    """Whether SWIG's parser reads `target` as a declaration's name (in `%ignore`, `%rename`,
    `%feature`). A user-defined literal it cannot name: the declaration view leaves those
    out (render/view.py), and nothing else of the interface may name one."""
    return not _LITERAL.search(target)


def last_group(text: str) -> int:
    """Where the last top-level `(...)` or `[...]` of `text` opens (-1 if none)."""
    if not text.endswith((")", "]")):
        return -1
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch in ")]>":
            depth += 1
        elif ch in "([<":
            depth -= 1
            if depth == 0:
                return i if ch != "<" else -1
    return -1


def find_top(text: str, mark: str) -> int:
    """Where `mark` (`(*`, `(&`) first occurs outside any template argument list of `text`,
    -1 if nowhere: `R (*)(int)` has one, `DisableIf<T &(*)(bool)>::Type` (a SFINAE result
    type) has none. Angle brackets count outside parentheses only (`N<(a > b)>`)."""
    angles = parens = 0
    for i, ch in enumerate(text):
        if ch == "(":
            if angles == 0 and parens == 0 and text.startswith(mark, i):
                return i
            parens += 1
        elif ch == ")":
            parens -= 1
        elif parens == 0 and ch == "<":
            angles += 1
        elif parens == 0 and ch == ">":
            angles -= 1
    return -1


def declarator(spelling: str, name: str) -> str:
    """`spelling` declaring `name`: `int (*cb)(void *)`, `int v[3]`, `const ns::P & p`, and a
    function type's name (`typedef int handler(void *, int);`)."""
    if not name:
        return spelling
    for mark in ("(*", "(&"):
        i = find_top(spelling, mark)
        if i >= 0:  # `int (*)(void *)` -> `int (*cb)(void *)`
            close = spelling.index(")", i)
            return spelling[:close] + name + spelling[close:]
    if spelling.endswith("]") and " [" in spelling:  # `double [2][3]` -> `double v[2][3]`
        head, _, dims = spelling.partition(" [")
        return f"{head} {name}[{dims}"
    group = last_group(spelling)
    if group > 0 and spelling[group] == "(" and spelling[group - 1] == " ":
        # a function type, `int (void *, int)` -> `int name(void *, int)` (the parse spells
        # its parameter list after a space: `decltype(x)` has none)
        return f"{spelling[:group]}{name}{spelling[group:]}"
    return f"{spelling} {name}"


#: what makes a template argument an expression SWIG reads only in parentheses
#: (`enable_if<is_pointer<T>::value && !is_array<T>::value, int>`)
_OPERATORS = ("&&", "||", "==", "!=", "<=", ">=", "?", " < ", " > ", " << ", " >> ", " & ", " | ",
              " ^ ")


def parenthesized(spelling: str) -> str:
    """`spelling` (a dependent type as written: `typename std::enable_if<A<T>::value && B,
    int>::type`) with each template argument that is an expression of operators in
    parentheses, as SWIG's parser needs them: `std::enable_if<(A<T>::value && B), int>`."""
    if "<" not in spelling:
        return spelling
    out: list[str] = []
    operators = _operator_angles(spelling) if " <" in spelling else frozenset()
    i = 0
    while i < len(spelling):
        ch = spelling[i]
        out.append(ch)
        i += 1
        if ch == "<" and i - 1 not in operators and \
                not spelling[:i - 1].rstrip().endswith("operator"):
            close = _closing(spelling, i - 1)
            if close < 0:
                out.append(spelling[i:])
                break
            out.append(", ".join(template_argument(a) for a in _arguments(spelling[i:close])))
            out.append(">")
            i = close + 1
    return "".join(out)


def _closing(text: str, open_: int) -> int:
    """Where the `>` closing the `<` at `open_` is (-1 if none): brackets nest, a `>` inside
    parentheses is an operator."""
    for i, parens, angles in _scan(text, open_):
        if text[i] == ">" and parens == 0 and angles == 0:
            return i
    return -1


def _operator_angles(text: str) -> frozenset[int]:
    """Where `text` has a `<` or `>` of an operator: clang spells a binary operator with a
    space on each side (`I < N`, `I >= 2`, `I >> 1`), a template's brackets never with one
    before them (`C<I>`, `A<B<int>>`)."""
    out: set[int] = set()
    i = 0
    while i < len(text):
        if text[i] in "<>":
            j = i
            while j < len(text) and text[j] in "<>=":
                j += 1
            after = text[j:].lstrip()[:1]
            # (C++03's `A<B<int> >` closes with a spaced `>`: an operator has an operand after)
            if i > 0 and text[i - 1] == " " and j < len(text) and text[j] == " " and \
                    after not in (">", ",", "&", "*", ")", ":", "") and \
                    not text[:i].rstrip().endswith("operator"):
                out.update(range(i, j))
            i = j
        else:
            i += 1
    return frozenset(out)


def _scan(text: str, start: int = 0) -> Iterator[tuple[int, int, int]]:
    """(index, parenthesis depth, angle depth) after each character from `start`: parentheses,
    brackets and braces nest, angle brackets only outside parentheses (`(a > b)` is an
    operator) and when not an operator's (`I < N`: `_operator_angles`)."""
    angles = parens = 0
    operators = _operator_angles(text) if " <" in text or " >" in text else frozenset()
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{":
            parens += 1
        elif ch in ")]}":
            parens -= 1
        elif parens == 0 and ch == "<" and i not in operators:
            angles += 1
        elif parens == 0 and ch == ">" and i not in operators:
            angles -= 1
        yield i, parens, angles


def _arguments(text: str) -> list[str]:
    out, start = [], 0
    for i, depth in _depths(text):
        if text[i] == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [a.strip() for a in out]


def _depths(text: str) -> list[tuple[int, int]]:
    """(index, bracket depth there) of each character, -1 for a bracket itself (`_scan`)."""
    operators = _operator_angles(text) if " <" in text or " >" in text else frozenset()
    return [(i, -1 if text[i] in "()[]{}" or (text[i] in "<>" and parens == 0
                                              and i not in operators)
             else parens + angles) for i, parens, angles in _scan(text)]


#: operators of lower precedence than `<`, which end its operands (spelled as clang does),
#: and the commas between a call's arguments
_LOWER = re.compile(r" (?:&&|\|\||==|!=|&|\^|\||\?|:) |, ")


def greater_not_less(expr: str) -> str:
    """`expr` as SWIG's parser reads a template argument: each `a < b` spelled `b > a` (it
    takes no `<` comparison, parenthesized or not: CLI11's `enable_if<(I < N), int>`), and
    each comparison beside another term in parentheses (`I > 100 || I > 3` fails it,
    `(I > 100) || (I > 3)` does not). Operands end at operators of lower precedence and at
    parentheses; a term of several `<` (`a < b < c`) is left as it is."""
    if " < " not in expr and " > " not in expr and " >= " not in expr and " <= " not in expr:
        return expr
    out, i = [], 0
    while i < len(expr):  # parenthesized groups first, inside out
        if expr[i] == "(":
            close = _closing_paren(expr[i:])
            if close < 0:
                out.append(expr[i:])
                break
            out.append("(" + greater_not_less(expr[i + 1:i + close]) + ")")
            i += close + 1
        else:
            out.append(expr[i])
            i += 1
    text = "".join(out)
    operators = _operator_angles(text)
    depth_of = dict(_depths(text))
    cuts = [0]
    for m in _LOWER.finditer(text):
        if depth_of.get(m.start() + 1) == 0:
            cuts += [m.start(), m.end()]
    cuts.append(len(text))
    pieces = []
    for k in range(0, len(cuts) - 1):
        piece = text[cuts[k]:cuts[k + 1]]
        if k % 2 == 0:
            runs = [j for j in range(cuts[k], cuts[k + 1]) if j in operators
                    and depth_of.get(j) in (0, -1) and text[j - 1] == " "]
            compares = [j for j in runs if text[j:j + 2] not in ("<<", ">>")]
            less = [j for j in compares if text[j + 1] == " " and text[j] == "<"]
            if len(less) == 1 and len(compares) == 1:  # one comparison, a `<`
                j = less[0] - cuts[k]
                piece = f"{piece[j + 2:].strip()} > {piece[:j - 1].strip()}"
            if len(cuts) > 2 and compares and not piece.startswith("("):
                piece = f"({piece})"
        pieces.append(piece)
    return "".join(pieces)


def template_argument(arg: str) -> str:
    """One template argument as SWIG reads it: an expression of operators in parentheses."""
    inner = greater_not_less(parenthesized(arg))
    top = _outside(inner)
    if inner.rstrip().endswith("&&"):  # an rvalue reference type, `T&&` (not `a && (b)`)
        top = top.rstrip()[:-2]
    if (any(op in top for op in _OPERATORS) or top.lstrip().startswith("!")) and \
            not (inner.startswith("(") and _closing_paren(inner) == len(inner) - 1):
        return f"({inner})"
    return inner


def _outside(text: str) -> str:
    """`text` without what its brackets hold."""
    return "".join(text[i] for i, depth in _depths(text) if depth == 0)


def outside_template_arguments(text: str) -> str:
    """`text` without its template argument lists (`enable_if<(N > 2), int>::type` ->
    `enable_if::type`; `void (*)(int)` stays)."""
    out = []
    angles = parens = 0
    for ch in text:
        if ch in "([{":
            parens += 1
        elif ch in ")]}":
            parens -= 1
        elif parens == 0 and ch in "<>":
            angles += 1 if ch == "<" else -1
            continue
        if angles == 0:
            out.append(ch)
    return "".join(out)


def _closing_paren(text: str) -> int:
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1
