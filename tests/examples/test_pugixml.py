"""examples/pugixml: pugixml wrapped from its installed, unmodified header (libpugixml-dev).

What its users do: load a document, walk and query it (XPath), read typed attributes, edit it,
save and reload it, learn why a parse failed. pugixml's nodes are handles pointing into their
document: `view` on those classes makes every handle keep its document alive.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from example_build import EXAMPLES, load_example, run_python, stress

pytestmark = pytest.mark.compile

DOC = "<catalog><book id='7' price='9.5'>Dune</book><book id='8'>Solaris</book><mag/></catalog>"


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("pugixml", build_root)


@pytest.fixture(scope="session")
def pugi(example):  # type: ignore[no-untyped-def]
    return example[0]


def loaded(pugi, text: str = DOC):  # type: ignore[no-untyped-def]
    doc = pugi.xml_document()
    result = doc.load_string(text)
    assert result and result.status == pugi.xml_parse_status.status_ok
    return doc


def test_walk_and_read_typed_attributes(pugi) -> None:
    catalog = loaded(pugi).child("catalog")
    books, book = [], catalog.child("book")
    while book:
        books.append((book.attribute("id").as_int(), book.attribute("price").as_double(0.0),
                      book.child_value()))
        book = book.next_sibling("book")
    assert books == [(7, 9.5, "Dune"), (8, 0.0, "Solaris")]
    names, node = [], catalog.first_child()
    while node:
        names.append(node.name())
        node = node.next_sibling()
    assert names == ["book", "book", "mag"]
    assert not catalog.child("missing") and catalog.child("missing").name() == ""


def test_xpath_queries(pugi) -> None:
    doc = loaded(pugi)
    assert doc.select_node("//book[@id='8']").node().child_value() == "Solaris"
    assert doc.select_nodes("//book").size() == 2
    assert not doc.select_node("//nothing")


def test_edit_save_and_reload(pugi, tmp_path: Path) -> None:
    doc = loaded(pugi)
    book = doc.child("catalog").append_child("book")
    book.append_attribute("id").set_value(9)
    book.text().set("Ubik")
    assert doc.child("catalog").remove_child("mag")
    path = tmp_path / "catalog.xml"
    assert doc.save_file(str(path))
    back = pugi.xml_document()
    assert back.load_file(str(path))
    assert back.select_node("//book[@id='9']").node().text().get() == "Ubik"
    assert not back.child("catalog").child("mag")


def test_parse_errors_are_described(pugi) -> None:
    result = pugi.xml_document().load_string("<a><b></a>")
    assert not result
    assert result.status == pugi.xml_parse_status.status_end_element_mismatch
    assert result.description() == "Start-end tags mismatch" and result.offset == 8


def test_handles_keep_their_document_alive(pugi) -> None:
    doc = loaded(pugi)
    base = sys.getrefcount(doc)
    catalog = doc.child("catalog")
    assert sys.getrefcount(doc) == base + 1
    book = catalog.child("book")
    del doc, catalog
    gc.collect()
    assert book.child_value() == "Dune" and book.parent().name() == "catalog"
    text = pugi.xml_document().append_child("x").text()  # the document is a temporary
    gc.collect()
    assert text.set("hi") and text.get() == "hi"


def test_handle_cycles_keep_memory_flat(example) -> None:
    cycle = f"""
import pugixml
def cycle():
    doc = pugixml.xml_document()
    doc.load_string({DOC!r})
    book = doc.child("catalog").child("book")
    del doc
    while book:
        book.child_value()
        book = book.next_sibling()
"""
    base, growth = stress(cycle, example[1], warmup=2000, rounds=20000)
    assert growth < 2048, f"RSS grew {growth} KiB over 20,000 cycles (base {base} KiB)"


def test_usage_script_runs(example) -> None:
    proc = run_python(EXAMPLES / "pugixml" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[:3] == ["book 7 Dune", "book 8 Solaris", "Solaris"]
    assert proc.stdout.splitlines()[3] == "3"
