"""templates/: a language-neutral common/ beside one folder per target language (README.md), as
interfaces/; Jinja searches the language's folder, then common/."""

from __future__ import annotations

from swiggen.render.interface import environment, template_dir, template_dirs
from test_interfaces_layout import PYTHON_ONLY

ROOT = template_dir()
FILES = sorted(p for p in ROOT.rglob("*.j2"))


def test_every_template_is_in_a_language_folder_or_common() -> None:
    assert FILES
    assert [str(p.relative_to(ROOT)) for p in FILES
            if len(p.relative_to(ROOT).parts) != 2 or p.parent.name not in ("common", "python")] \
        == []
    names = [p.name for p in FILES]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_jinja_searches_the_language_folder_then_common() -> None:
    assert template_dirs() == (ROOT / "python", ROOT / "common")
    env = environment()
    assert env.get_template("module.i.j2").filename == str(ROOT / "python" / "module.i.j2")
    assert env.get_template("rename.i.j2").filename == str(ROOT / "common" / "rename.i.j2")


def test_common_holds_no_python_only_statement() -> None:
    found = []
    for path in sorted((ROOT / "common").glob("*.j2")):
        assert not path.name.endswith((".py.j2", ".pyi.j2")), path.name
        found += [f"{path.name}: {m.group(0)}" for m in PYTHON_ONLY.finditer(path.read_text())]
    assert found == []
