"""examples/yaml-cpp: yaml-cpp wrapped from its installed, unmodified headers (libyaml-cpp-dev).

Multi-document YAML, walking and converting, round-trip edits, each exception yaml-cpp's Node API
throws, and a 10,000-cycle stress loop with flat memory.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from example_build import EXAMPLES, load_example, run_python, stress

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("yaml-cpp", build_root)


@pytest.fixture(scope="session")
def Y(example):  # type: ignore[no-untyped-def]
    return example[0]


STREAM = """\
%YAML 1.2
---
name: first
items: [1, 2, 3]
nested: {a: {b: [x, y]}}
---
- just
- a
- list
---
scalar document
...
"""


def test_usage_script_runs(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(EXAMPLES / "yaml-cpp" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "2 documents" in proc.stdout
    assert "web: replicas=3 ports=[80, 443]" in proc.stdout
    assert "ports: [80, 443, 8080]" in proc.stdout
    assert "ParserException: end of sequence flow not found" in proc.stdout


def test_multi_document_stream(Y) -> None:  # type: ignore[no-untyped-def]
    docs = Y.LoadAll(STREAM)
    assert isinstance(docs, list) and len(docs) == 3
    first, second, third = docs
    assert first.IsMap() and second.IsSequence() and third.IsScalar()
    assert first.Type() is Y.NodeType.value.Map
    assert first.Type() is Y.NodeType.Map  # NodeType::Map, as C++ spells it
    assert first["name"].as_str() == "first"
    assert [n.as_int() for n in first["items"]] == [1, 2, 3]
    assert first["nested"]["a"]["b"][1].as_str() == "y"
    assert first["items"][-1].as_int() == 3  # negative index: from the end of a sequence
    assert [n.Scalar() for n in second] == ["just", "a", "list"]
    assert third.Scalar() == "scalar document"
    assert len(first) == 3 and len(second) == 3


def test_map_iteration_yields_key_value_pairs(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Load("b: 2\na: 1\nc: [3]\n")
    pairs = [(k.as_str(), v.Type()) for k, v in doc]
    assert pairs == [("b", Y.NodeType.value.Scalar), ("a", Y.NodeType.value.Scalar),
                     ("c", Y.NodeType.value.Sequence)]
    assert list(Y.Load("plain")) == []


def test_conversions(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Load("i: -42\nf: 2.5e3\nb: yes\ns: 'text'\nbig: 9007199254740993\n")
    assert doc["i"].as_int() == -42
    assert doc["f"].as_float() == 2500.0
    assert doc["b"].as_bool() is True
    assert doc["s"].as_str() == "text"
    assert doc["big"].as_int() == 9007199254740993
    assert doc["i"].as_str() == "-42"


def test_files(Y, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "stream.yaml"
    path.write_text(STREAM)
    assert Y.LoadFile(str(path))["name"].as_str() == "first"
    assert len(Y.LoadAllFromFile(str(path))) == 3


def test_round_trip_edits(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Load("server:\n  host: localhost\n  port: 8080\nusers: [ann, bob]\n")
    doc["server"]["port"] = 9090
    doc["server"]["tls"] = True
    doc["users"].push_back("cyd")
    doc["users"][0] = "anne"
    doc["limits"] = {"cpu": 1.5, "paths": ["/a", "/b"], "none": None}
    doc["created"]["by"] = "test"  # a missing key springs into existence on assignment
    assert doc.remove("users") is True and doc.remove("users") is False
    doc["users"] = ["anne", "cyd"]
    text = Y.Dump(doc)
    assert str(doc) == text
    again = Y.Load(text)
    assert again["server"]["port"].as_int() == 9090
    assert again["server"]["tls"].as_bool() is True
    assert [u.as_str() for u in again["users"]] == ["anne", "cyd"]
    assert again["limits"]["cpu"].as_float() == 1.5
    assert [p.as_str() for p in again["limits"]["paths"]] == ["/a", "/b"]
    assert again["limits"]["none"].IsNull()
    assert again["created"]["by"].as_str() == "test"
    assert Y.Dump(again) == text


def test_build_document_from_scratch(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Node()
    doc["name"] = "built"
    seq = Y.Node(Y.NodeType.value.Sequence)
    for i in range(3):
        seq.push_back(i * i)
    doc["squares"] = seq
    doc["copy"] = Y.Clone(seq)
    assert Y.Dump(doc) == ("name: built\nsquares:\n  - 0\n  - 1\n  - 4\n"
                           "copy:\n  - 0\n  - 1\n  - 4")  # block style: built, not parsed
    assert [n.as_int() for n in Y.Load(Y.Dump(doc))["copy"]] == [0, 1, 4]
    assert doc.is_(doc) and not doc["squares"].is_(doc["copy"])  # `is`: a Python keyword


def test_python_values_convert_to_nodes(Y) -> None:  # type: ignore[no-untyped-def]
    # `implicit(none)` on Node with the converting constructor template's instantiations
    assert Y.Node(4).Type() is Y.NodeType.Scalar and Y.Node(4).as_int() == 4  # not NodeType 4
    assert Y.Node(Y.NodeType.Map).Type() is Y.NodeType.Map  # an enum member picks that overload
    doc = Y.Node()
    doc["cfg"] = {"retries": 3, "ratio": 0.5, "on": True, "tags": ("a", "b"), "none": None,
                  "deep": [[1, {"x": "y"}]]}
    back = Y.Load(Y.Dump(doc))["cfg"]
    assert back["retries"].as_int() == 3 and back["ratio"].as_float() == 0.5
    assert back["on"].as_bool() is True and back["none"].IsNull()
    assert [t.as_str() for t in back["tags"]] == ["a", "b"]
    assert back["deep"][0][1]["x"].as_str() == "y"
    assert Y.Dump(back["deep"]) == Y.Dump(Y.Node([[1, {"x": "y"}]]))
    seq = Y.Node([1])
    assert seq == seq and Y.Dump(Y.Node(seq)) == Y.Dump(seq)  # a Node passes as itself
    with pytest.raises(TypeError, match="Node"):
        doc["bad"] = object()
    with pytest.raises(TypeError, match="Node"):
        doc["cfg"].push_back({"k": object()})


def test_example_is_config_only() -> None:
    folder = EXAMPLES / "yaml-cpp"
    assert not list(folder.glob("*.i")) and not list(folder.glob("*.swg"))
    assert "typemaps" not in (folder / "yaml_cpp.toml").read_text()


def test_missing_keys(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Load("a: 1")
    assert not doc["nope"]  # undefined, as `if (node["nope"])` in C++
    assert not doc["nope"].IsDefined()
    assert Y.Dump(doc) == "a: 1"  # reading did not insert it
    assert not doc[1.5].IsDefined()  # a float key: operator[]<double>
    with pytest.raises(TypeError):  # keys are str, int, float or Node (or a value as a Node key)
        doc[object()]


def test_exception_hierarchy(Y) -> None:  # type: ignore[no-untyped-def]
    assert issubclass(Y.Exception, RuntimeError)
    for name in ("ParserException", "RepresentationException", "EmitterException", "BadFile"):
        assert issubclass(getattr(Y, name), Y.Exception)
    for name in ("InvalidScalar", "KeyNotFound", "InvalidNode", "BadConversion",
                 "BadDereference", "BadSubscript", "BadPushback", "BadInsert"):
        assert issubclass(getattr(Y, name), Y.RepresentationException)


def test_error_message_constants(Y) -> None:  # type: ignore[no-untyped-def]
    # YAML::ErrorMsg's `const char* const` texts: module constants
    assert Y.BAD_FILE == "bad file"
    with pytest.raises(Y.BadFile) as info:
        Y.LoadFile("/nonexistent/file.yaml")
    assert Y.BAD_FILE in str(info.value)


def test_parser_exception(Y) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Y.ParserException) as info:
        Y.Load("ok: 1\nbad: [1, 2\n")
    assert info.value.msg == "end of sequence flow not found"
    assert "yaml-cpp: error at line" in str(info.value)
    with pytest.raises(Y.ParserException, match="line 4, column 6") as later:
        Y.LoadAll("---\na: 1\n---\n{b: [}")  # in a later document of a stream
    mark = later.value.mark  # YAML::Exception::mark, a copy of the wrapped Mark (0-based)
    assert isinstance(mark, Y.Mark)
    assert (mark.line, mark.column) == (3, 5)
    with pytest.raises(Y.Exception):  # caught as the base class too
        Y.Load("key: 'unterminated")


def test_bad_conversion(Y) -> None:  # type: ignore[no-untyped-def]
    doc = Y.Load("n: twelve\nseq: [1]\n")
    with pytest.raises(Y.BadConversion, match="line 1, column 4: bad conversion"):
        doc["n"].as_int()
    with pytest.raises(Y.BadConversion):
        doc["seq"].as_str()
    with pytest.raises(Y.BadConversion):
        doc["missing"].as_float()


def test_bad_subscript_pushback_file_invalid_node(Y) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Y.BadSubscript, match='operator\\[\\] call on a scalar \\(key: "k"\\)'):
        Y.Load("just a scalar")["k"]
    with pytest.raises(Y.BadPushback, match="appending to a non-sequence"):
        Y.Load("{a: 1}").push_back(2)
    with pytest.raises(Y.BadFile, match="bad file: /nonexistent/x.yaml"):
        Y.LoadFile("/nonexistent/x.yaml")
    invalid = Y.Load("a: 1").lookup("zz")  # the const operator[]: an invalid node
    assert not invalid.IsDefined()
    with pytest.raises(Y.InvalidNode, match='first invalid key: "zz"'):
        invalid.as_int()


STRESS = r"""
import yaml_cpp as Y
stream = "\n---\n".join(
    "id: %d\nname: item-%d\ntags: [a, b, c]\nmatrix: [[1, 2], [3, [4, 5]]]\nmeta: {x: 1.5, y: null}"
    % (i, i) for i in range(5))

def cycle():
    total = 0
    for doc in Y.LoadAll(stream):             # parse
        total += doc["id"].as_int()           # walk
        for row in doc["matrix"]:
            total += len(row)
        for key, value in doc["meta"]:
            total += len(key.as_str())
        doc["tags"].push_back("d")            # edit
        total += len(Y.Dump(doc))             # emit
    return total                              # documents freed with their last Node
"""


def test_stress_10000_cycles_flat_memory(example) -> None:  # type: ignore[no-untyped-def]
    base, growth = stress(STRESS, example[1], warmup=500, rounds=10000)
    print(f"yaml-cpp stress: maxrss {base} KiB after warm-up, growth {growth} KiB over "
          "10,000 cycles")
    # one leaked document per cycle would be > 10,000 KiB
    assert growth < 2048, f"maxrss grew by {growth} KiB over 10,000 cycles"
