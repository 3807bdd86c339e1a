"""Template arguments as the declaration view spells them for SWIG's parser
(declarators.parenthesized, greater_not_less), from clang's spellings: a `<` comparison has
no spelling SWIG reads but `>` with its operands swapped, and two comparisons side by side
need parentheses each. Each expected spelling was checked against SWIG 4's parser."""

from __future__ import annotations

import pytest

from swiggen.declarators import greater_not_less, parenthesized


@pytest.mark.parametrize("clang, view", [
    # CLI11's TypeTools.hpp
    ("typename std::enable_if<I < type_count_base<T>::value, int>::type",
     "typename std::enable_if<(type_count_base<T>::value > I), int>::type"),
    ("CLI::enable_if_t<std::is_same<A, B>::value && (C<A>::value == 1 || C<A>::value == 2), E>",
     "CLI::enable_if_t<(std::is_same<A, B>::value && (C<A>::value == 1 || C<A>::value == 2)), E>"),
    # comparisons beside each other
    ("std::enable_if<I >= 2 && I < 3, int>", "std::enable_if<((I >= 2) && (3 > I)), int>"),
    ("E<!(I < N) || (J < K && L), int>", "E<(!(N > I) || ((K > J) && L)), int>"),
    ("E<I > 100 || I > 3>", "E<((I > 100) || (I > 3))>"),
    # left as they were
    ("std::enable_if<(I > 2), int>", "std::enable_if<(I > 2), int>"),
    ("std::map<int, std::vector<int>>", "std::map<int, std::vector<int>>"),
    ("A<B<int>, (N > 2)>", "A<B<int>, (N > 2)>"),
    ("X<operator<, 3>", "X<operator<, 3>"),
    ("std::vector<T &&>", "std::vector<T &&>"),
    # a chain of `<` has no spelling SWIG reads: as written (the view then leaves it out)
    ("E<a < b < c>", "E<(a < b < c)>"),
    ("E<a < b > c>", "E<(a < b > c)>"),
    # `&`, `^`, `|` bind more loosely than `<`: its operand ends there
    ("E<A & B < C>", "E<(A & (C > B))>"),
    ("E<A < B | C>", "E<((B > A) | C)>"),
    # C++03's spaced closing brackets are brackets
    ("typename boost::enable_if_c<N == 2, std::vector<std::vector<int> > >::type",
     "typename boost::enable_if_c<(N == 2), std::vector<std::vector<int>>>::type"),
])
def test_view_spelling_of_template_arguments(clang: str, view: str) -> None:
    assert parenthesized(clang) == view


def test_greater_not_less_keeps_operands_whole() -> None:
    assert greater_not_less("(I >> 1) < N") == "N > (I >> 1)"
    assert greater_not_less("f(a, b) < 3 ? 1 : 2") == "(3 > f(a, b)) ? 1 : 2"
    assert greater_not_less("I == 3") == "I == 3"
    # a call's arguments are expressions each
    assert greater_not_less("f(I < N, J)") == "f((N > I), J)"
