"""lower/handles.py: which opaque structs get a deleter, and which functions make them."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiggen.diagnostics import Diagnostics, Loc
from swiggen.lower.handles import with_handle_ownership
from swiggen.model import Directive, Header
from swiggen.parse.header import ParseOptions, parse_header

HEADER = """\
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
typedef struct u_ctx_s u_ctx;
typedef struct u_ctx16_s u_ctx16;
u_ctx *u_create(void);
void u_free(u_ctx *c);
u_ctx16 *u_create16(void);
void u_free16(u_ctx16 *c);
u_ctx *u_child_new(u_ctx *parent);
u_ctx *u_current(void);
struct u_defined { int x; };
struct u_defined *u_defined_new(void);
void u_defined_free(struct u_defined *d);
typedef struct u_url_s u_url;
u_url *u_url_make(void);
void u_url_cleanup(u_url *h);
struct u_filled { int x; };
int u_filled_init(struct u_filled *f);
void u_filled_free(struct u_filled *f);
typedef struct u_index_s u_index;
u_index *u_index_new(void);
void u_index_free(u_index *i);
int u_index_conflict_cleanup(u_index *i);
typedef struct u_ar_s u_ar;
u_ar *u_ar_new(void);
int u_ar_read_free(u_ar *a);
int u_ar_read_finish(u_ar *a);
int u_ar_write_free(u_ar *a);
int u_ar_read_close(u_ar *a);
int u_ar_state_done(u_ar *a);
#ifdef __cplusplus
}
#endif
"""


def _parse(tmp_path: Path) -> Header:
    path = tmp_path / "u.h"
    path.write_text(HEADER)
    diags = Diagnostics()
    header = parse_header(str(path), ParseOptions(), diags)
    assert header is not None, diags.sorted()
    return header


def _implied(h: Header) -> dict[str, set[str]]:
    out = {c.qualname: {str(d) for d in c.directives} for c in h.classes}
    out.update({f.qualname: {str(d) for d in f.directives} for f in h.functions})
    return out


def test_deleters_and_makers_of_library_structs(tmp_path: Path) -> None:
    (h,) = with_handle_ownership([_parse(tmp_path)], {})
    got = _implied(h)
    assert got["u_ctx_s"] == {"deleter(u_free)"} and got["u_create"] == {"newobject"}
    assert got["u_child_new"] == set()  # made from a handle of its kind: its parent's
    assert got["u_current"] == set()  # not named to make one
    # a struct the header defines that the library makes and frees by a function named for
    # it (libgit2's git_signature): the library's, as an opaque one is (Python makes none)
    assert got["u_defined"] == {"deleter(u_defined_free)"}
    assert got["u_defined_new"] == {"newobject"}
    # "cleanup" releases a handle too (curl's curl_url_cleanup(CURLU *))
    assert got["u_url_s"] == {"deleter(u_url_cleanup)"} and got["u_url_make"] == {"newobject"}
    # one the caller allocates and the library fills (made by no function): a plain class
    assert got["u_filled"] == set() and got["u_filled_free"] == set()
    # beside a function that frees, a weaker word only as its synonym: libgit2's
    # git_index_conflict_cleanup empties the conflicts, it does not free the index (taken as a
    # release, it cleared the index, and no deleter was left: dropped indexes leaked)
    assert got["u_index_s"] == {"deleter(u_index_free)"} and got["u_index_new"] == {"newobject"}
    assert got["u_index_conflict_cleanup"] == set()
    # libarchive's archive_read_finish ("a synonym for archive_read_free") and close count,
    # a state's "done" does not; several frees: no one deleter, each clears what it frees
    assert got["u_ar_s"] == set() and got["u_ar_new"] == set()
    for f in ("u_ar_read_free", "u_ar_read_finish", "u_ar_write_free", "u_ar_read_close"):
        assert got[f] == {"destroys(a)"}, f
    assert got["u_ar_state_done"] == set()
    assert {c.qualname for c in h.classes if c.opaque} == {
        "u_ctx_s", "u_ctx16_s", "u_url_s", "u_index_s", "u_ar_s"}


def test_a_left_out_free_function_is_no_deleter(tmp_path: Path) -> None:
    """A declaration left out (the linked library does not define pcre2_code_free_16) is
    lowered as if marked ignore: it is nobody's deleter, and its struct's makers stay
    unowned."""
    loc = Loc(str(tmp_path / "u.h"), 10)
    (h,) = with_handle_ownership([_parse(tmp_path)], {"u_free16": (Directive("ignore", (), loc),)})
    got = _implied(h)
    assert got["u_ctx16_s"] == set() and got["u_create16"] == set()
    assert got["u_ctx_s"] == {"deleter(u_free)"}


@pytest.mark.parametrize("name, frees", [
    ("uriFreeQueryListW", True), ("free_command", True), ("libraw_dcraw_clear_mem", True),
    ("curl_formfree", True),  # a word ending in "free": curl_httppost's release
    ("curl_formadd", False), ("freeze_all", False), ("clear_cache", False),
])
def test_names_that_say_a_function_frees_its_argument(name: str, frees: bool) -> None:
    from swiggen.lower.ownership import frees as says_it_frees
    assert says_it_frees(name) is frees
