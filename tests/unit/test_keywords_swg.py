"""interfaces/python/keywords.swg renames exactly Python's keywords (PEP 8: `from` -> `from_`)."""

from __future__ import annotations

import keyword
import re

from swiggen.render.interface import interface_dir


def test_keywords_swg_lists_every_python_keyword() -> None:
    text = (interface_dir() / "python" / "keywords.swg").read_text()
    listed = re.findall(r"^SWIGGEN_PYTHONKW\((\w+)\);$", text, re.MULTILINE)
    assert sorted(listed) == sorted(keyword.kwlist)
