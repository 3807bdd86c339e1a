"""A C library's opaque handles (tests/opaque/handles.h): classes Python holds by pointer,
released by the library's free function, never freed twice nor used once freed
(lower/handles.py, parse/walker.py `handle`)."""

from __future__ import annotations

import gc
import importlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO, sanitizer_build_env, swiggen

pytestmark = pytest.mark.compile

OPAQUE = REPO / "tests" / "opaque"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, str]:
    work = tmp_path_factory.mktemp("handles")
    for p in OPAQUE.iterdir():
        shutil.copy(p, work)
    proc = swiggen("build", "handles.h", "-m", "opaque", "-o", "out", "--sources",
                   "handles.cpp", cwd=work, env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stderr[-4000:]
    sys.path.insert(0, str(work / "out"))
    try:
        return importlib.import_module("opaque"), proc.stderr
    finally:
        sys.path.pop(0)


@pytest.fixture
def hx(built: tuple[ModuleType, str]) -> ModuleType:
    return built[0]


def test_a_made_handle_is_freed_with_its_python_object(hx: ModuleType) -> None:
    before = hx.hx_live_ctx()
    ctx = hx.hx_create_ctx(5)
    stream = hx.hx_create_stream()
    assert isinstance(ctx, hx.hx_ctx) and isinstance(stream, hx.hx_ctx)
    assert hx.hx_level(ctx) == 5 and hx.hx_level(stream) == 7
    assert hx.hx_live_ctx() == before + 2
    del ctx, stream
    gc.collect()
    assert hx.hx_live_ctx() == before


def test_freeing_by_hand_clears_the_object(hx: ModuleType) -> None:
    before = hx.hx_live_ctx()
    ctx = hx.hx_create_ctx(1)
    assert hx.hx_free_ctx(ctx) == 0
    assert hx.hx_live_ctx() == before
    with pytest.raises(ReferenceError):
        hx.hx_level(ctx)
    with pytest.raises(ReferenceError):  # never freed twice
        hx.hx_free_ctx(ctx)
    del ctx
    gc.collect()
    assert hx.hx_live_ctx() == before
    stream = hx.hx_create_stream()  # the other name's free function
    hx.hx_free_stream(stream)
    with pytest.raises(ReferenceError):
        hx.hx_free_ctx(stream)


def test_handles_refuse_none_and_construction(hx: ModuleType) -> None:
    with pytest.raises(TypeError, match="must not be None"):
        hx.hx_level(None)
    with pytest.raises(TypeError, match="must not be None"):
        hx.hx_free_ctx(None)
    with pytest.raises(TypeError):
        hx.hx_ctx()
    with pytest.raises(TypeError):
        hx.hx_level(hx.hx_registry_get())


def test_opened_and_closed_without_a_typedef(hx: ModuleType) -> None:
    before = hx.hx_live_db()
    db = hx.hx_db_open("main")
    assert hx.hx_db_name(db) == "main" and hx.hx_live_db() == before + 1
    child = hx.hx_db_new_child(db)  # its parent's: borrowed, keeps db alive
    assert hx.hx_db_name(child) == "main/child"
    del db
    gc.collect()
    assert hx.hx_live_db() == before + 1 and hx.hx_db_name(child) == "main/child"
    del child
    gc.collect()
    assert hx.hx_live_db() == before
    db = hx.hx_db_open("x")
    assert hx.hx_db_close(db) == 0
    with pytest.raises(ReferenceError):
        hx.hx_db_name(db)


def test_a_made_child_is_not_owned_and_says_so(built: tuple[ModuleType, str]) -> None:
    stderr = built[1]  # (made from a handle of its kind: not a maker; the others are)
    assert "handles.h:26: warning SG304: 'hx_db_new_child'" in stderr
    # (and hx_archive_open, hx_rd_new: no one deleter, Python frees none of those)
    assert stderr.count("SG304") == 3


def test_a_kept_handle_is_never_freed(hx: ModuleType) -> None:
    r = hx.hx_registry_get()
    assert hx.hx_registry_size(r) == 3
    del r
    gc.collect()
    assert hx.hx_registry_size(hx.hx_registry_get()) == 3


def test_stubs_name_the_handle_classes(built: tuple[ModuleType, str]) -> None:
    stub = (Path(built[0].__file__).parent / "opaque.pyi").read_text()
    assert "def hx_create_ctx(level: int) -> hx_ctx:" in stub
    assert "def hx_db_open(name: str) -> hx_db:" in stub


def test_without_one_deleter_each_free_function_clears_what_it_frees(hx: ModuleType) -> None:
    before = hx.hx_live_archives()
    a, b = hx.hx_archive_open(2), hx.hx_archive_open(3)
    assert hx.hx_archive_entries(a) == 2 and hx.hx_live_archives() == before + 2
    hx.hx_archive_close(a)
    hx.hx_archive_discard(b)
    assert hx.hx_live_archives() == before
    for call in (lambda: hx.hx_archive_close(a), lambda: hx.hx_archive_discard(a),
                 lambda: hx.hx_archive_close(b), lambda: hx.hx_archive_entries(b)):
        with pytest.raises(ReferenceError):
            call()


def test_a_handle_named_by_a_pointer_typedef(hx: ModuleType) -> None:
    before = hx.hx_live_plans()
    plan = hx.hx_plan_new(8)
    assert hx.hx_plan_size(plan) == 8 and hx.hx_live_plans() == before + 1
    del plan
    gc.collect()
    assert hx.hx_live_plans() == before
    plan = hx.hx_plan_new(4)
    hx.hx_destroy_plan(plan)
    with pytest.raises(ReferenceError):
        hx.hx_plan_size(plan)
    with pytest.raises(TypeError, match="must not be None"):
        hx.hx_plan_size(None)


def test_of_several_free_functions_the_one_named_for_the_class_is_the_deleter(
        hx: ModuleType) -> None:
    """hx_ar_free (CLASS_free) is the deleter beside its variant hx_ar_free_nofinalize
    (libevent's event_base_free and event_base_free_nofinalize: every dropped event_base leaked
    its descriptors): a dropped handle is freed; the variant clears what it frees, so a second
    call is a ReferenceError, not a double free; hx_ar_finish_entry frees nothing."""
    before = hx.hx_live_ars()
    a = hx.hx_ar_new()
    assert hx.hx_ar_finish_entry(a) == 1 and hx.hx_ar_finish_entry(a) == 2
    del a
    gc.collect()
    assert hx.hx_live_ars() == before
    for release in (hx.hx_ar_free_nofinalize, hx.hx_ar_free):
        a = hx.hx_ar_new()
        assert release(a) == 0 and hx.hx_live_ars() == before
        with pytest.raises(ReferenceError):
            release(a)
        with pytest.raises(ReferenceError):
            hx.hx_ar_finish_entry(a)
        del a
        gc.collect()
        assert hx.hx_live_ars() == before


def test_a_synonym_named_finish_clears_what_it_frees(hx: ModuleType) -> None:
    """libarchive's archive_read_finish, "a synonym for archive_read_free", beside other frees:
    no one deleter (each maker's objects have their own free), and each clears what it frees:
    called again, ReferenceError, not a use-after-free."""
    for release in (hx.hx_rd_finish, hx.hx_rd_free):
        r = hx.hx_rd_new()
        assert hx.hx_rd_entries(r) == 3 and release(r) == 0
        with pytest.raises(ReferenceError):
            release(r)
        with pytest.raises(ReferenceError):
            hx.hx_rd_entries(r)
