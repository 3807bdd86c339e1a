"""examples/tinyxml2: TinyXML-2 wrapped from its installed, unmodified header (libtinyxml2-dev).

What its users do: parse a document and walk it, read typed attributes, build a document and
print or save it, load it back, and learn why a parse failed; nodes are the document's (their
destructors are not public), so every handle keeps its document alive and releases it when freed.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from example_build import EXAMPLES, load_example, run_python, stress

pytestmark = pytest.mark.compile

DOC = ("<catalog><book id='7' price='9.5' lang='en'>Dune</book>"
       "<book id='8'/><magazine/><book id='9'>Solaris</book></catalog>")


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("tinyxml2", build_root)


@pytest.fixture(scope="session")
def tx(example):  # type: ignore[no-untyped-def]
    return example[0]


def parsed(tx, text: str = DOC):  # type: ignore[no-untyped-def]
    doc = tx.XMLDocument()
    assert doc.Parse(text) == tx.XMLError.XML_SUCCESS
    return doc


def test_parse_and_walk_elements(tx) -> None:
    doc = parsed(tx)
    root = doc.RootElement()
    assert isinstance(root, tx.XMLElement) and root.Name() == "catalog"
    books, book = [], root.FirstChildElement("book")
    while book is not None:
        books.append((book.IntAttribute("id", -1), book.DoubleAttribute("price", 0.0),
                      book.GetText()))
        book = book.NextSiblingElement("book")
    assert books == [(7, 9.5, "Dune"), (8, 0.0, None), (9, 0.0, "Solaris")]
    assert root.LastChildElement().GetText() == "Solaris"
    assert root.FirstChildElement("none") is None


def test_attributes_iterate_and_typed_reads(tx) -> None:
    book = parsed(tx).RootElement().FirstChildElement()
    names, attr = [], book.FirstAttribute()
    while attr is not None:
        names.append((attr.Name(), attr.Value()))
        attr = attr.Next()
    assert names == [("id", "7"), ("price", "9.5"), ("lang", "en")]
    assert book.Attribute("lang") == "en" and book.Attribute("missing") is None
    assert book.BoolAttribute("missing", True) is True
    assert book.FindAttribute("price").DoubleValue() == 9.5


def test_build_print_save_and_load(tx, tmp_path: Path) -> None:
    doc = tx.XMLDocument()
    doc.InsertEndChild(doc.NewDeclaration())
    root = doc.InsertEndChild(doc.NewElement("squares")).ToElement()
    for i in range(4):
        item = doc.NewElement("n")
        item.SetAttribute("value", i * i)
        item.SetText(f"#{i}")
        root.InsertEndChild(item)
    printer = tx.XMLPrinter()
    doc.Print(printer)
    text = printer.CStr()
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert '<n value="9">#3</n>' in text
    path = tmp_path / "squares.xml"
    assert doc.SaveFile(str(path)) == tx.XMLError.XML_SUCCESS
    back = tx.XMLDocument()
    assert back.LoadFile(str(path)) == tx.XMLError.XML_SUCCESS
    values = []
    n = back.RootElement().FirstChildElement("n")
    while n is not None:
        values.append(n.IntAttribute("value", -1))
        n = n.NextSiblingElement()
    assert values == [0, 1, 4, 9]


def test_errors_are_reported_by_the_document(tx, tmp_path: Path) -> None:
    doc = tx.XMLDocument()
    err = doc.Parse("<a><b></a>")
    assert err == tx.XMLError.XML_ERROR_MISMATCHED_ELEMENT and isinstance(err, tx.XMLError)
    assert doc.Error() and doc.ErrorLineNum() == 1
    assert "MISMATCHED_ELEMENT" in doc.ErrorStr()
    assert doc.LoadFile(str(tmp_path / "missing.xml")) == tx.XMLError.XML_ERROR_FILE_NOT_FOUND


def test_handles_chain_through_missing_nodes(tx) -> None:
    doc = parsed(tx)
    assert tx.XMLHandle(doc).FirstChildElement("catalog").FirstChildElement("book") \
        .ToElement().GetText() == "Dune"
    assert tx.XMLHandle(doc).FirstChildElement("nope").FirstChildElement("x").ToElement() is None


def test_a_node_keeps_its_document_alive(tx) -> None:
    root = parsed(tx).RootElement()  # the document is dropped at once
    gc.collect()
    assert root.FirstChildElement("book").GetText() == "Dune"
    element = tx.XMLDocument().NewElement("x")
    gc.collect()
    element.SetAttribute("k", 1)
    assert element.Name() == "x" and element.IntAttribute("k", 0) == 1


def test_deleted_nodes_raise_instead_of_reading_freed_memory(tx) -> None:
    doc = parsed(tx)
    root = doc.RootElement()
    book = root.FirstChildElement("book")
    assert book.GetText() == "Dune"
    root.DeleteChild(book)  # destroys(node): the node is freed
    with pytest.raises(ReferenceError):
        book.GetText()
    assert root.FirstChildElement("book") is None or \
        root.FirstChildElement("book").GetText() != "Dune"
    other = doc.NewElement("extra")
    doc.DeleteNode(other)
    with pytest.raises(ReferenceError):
        other.Name()
    printer = tx.XMLPrinter()
    doc.Print(printer)  # the document is intact
    assert "Dune" not in printer.CStr()


def test_clear_and_parse_clear_the_handles_of_their_nodes(tx) -> None:
    """doc.Clear() (a clearing method: docs/safety.md, 5), and Parse/LoadFile (`closes` in
    tinyxml2.toml) free every node of the document: the handles of them, the document's own and
    those a call it was passed to returned, raise ReferenceError instead of reading freed nodes."""
    for clear in (lambda d: d.Clear(), lambda d: d.Parse("<fresh/>")):
        doc = parsed(tx)
        root, text = doc.RootElement(), doc.NewText("t")
        book = root.FirstChildElement("book")
        clone = book.ShallowClone(doc)  # a node of `doc`, though `book` made it
        assert clone.Value() == "book"
        clear(doc)
        for handle in (root, text, book, clone):
            with pytest.raises(ReferenceError):
                handle.Value()
        assert doc.NewText("new").Value() == "new"


def test_a_clone_keeps_the_document_it_belongs_to_alive(tx) -> None:
    """ShallowClone/DeepClone make a node owned by the document passed, not by the node they
    are called on: the result keeps that document alive too."""
    book = parsed(tx).RootElement().FirstChildElement("book")
    clone = book.ShallowClone(tx.XMLDocument())  # the target's only reference is the clone's
    deep = book.DeepClone(tx.XMLDocument())
    gc.collect()
    assert clone.Value() == "book" and deep.ToElement().GetText() == "Dune"
    target = tx.XMLDocument()
    base = sys.getrefcount(target)
    clones = [book.ShallowClone(target) for _ in range(3)]
    assert sys.getrefcount(target) == base + 3
    del clones
    assert sys.getrefcount(target) == base


def test_handles_release_their_document(tx) -> None:
    doc = parsed(tx)
    base = sys.getrefcount(doc)
    for _ in range(1000):
        book = doc.RootElement().FirstChildElement("book")
        assert book.IntAttribute("id", 0) == 7
    del book
    gc.collect()
    assert sys.getrefcount(doc) == base


def test_parse_walk_cycles_keep_memory_flat(example) -> None:
    _, out = example
    cycle = f"""
import tinyxml2 as tx
def cycle():
    doc = tx.XMLDocument()
    doc.Parse({DOC!r})
    book = doc.RootElement().FirstChildElement("book")
    del doc  # the node outlives the name; the document goes when the node does
    while book is not None:
        book.GetText()
        book = book.NextSiblingElement()
"""
    base, growth = stress(cycle, out, warmup=2000, rounds=20000)
    assert growth < 2048, f"RSS grew {growth} KiB over 20,000 parse/walk cycles (base {base} KiB)"


def test_usage_script_runs(example) -> None:
    proc = run_python(EXAMPLES / "tinyxml2" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "book 7 9.5 Dune"
    assert '<n value="4"/>' in proc.stdout
