"""Project configuration from TOML: `--config FILE` or `[tool.swiggen]` in pyproject.toml.

    [annotations]                       # in pyproject.toml: [tool.swiggen.annotations]
    "geo::Shape::clone" = "rename(copy)"
    "geo::Box" = ["template(IntBox, int)", "template(RealBox, double)"]

    typemaps = ["my_typemaps.i"]        # %included before the headers
    overridable = "all"                 # every polymorphic class: Python overrides (directors)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .diagnostics import Diagnostics, Loc
from .lower import ConfigAnnotations
from .parse.annotations import parse_directives


@dataclass
class Config:
    path: str = ""
    annotations: ConfigAnnotations = field(default_factory=ConfigAnnotations)
    typemaps: tuple[str, ...] = ()


def load_config(path: str | None, diags: Diagnostics, module: str = "") -> Config:
    """Read `path`, or ./pyproject.toml's [tool.swiggen] when no path is given (if present).

    With `module` (a name from `[[tool.swiggen.modules]]`), a pyproject's module entry adds its
    own `annotations` to the top-level ones (which apply to every module).
    """
    if path is None:
        pyproject = Path("pyproject.toml")
        if not pyproject.is_file():
            return Config()
        table = read_toml(str(pyproject), diags)
        section = table.get("tool", {}).get("swiggen") if table is not None else None
        return _from_table(str(pyproject), _for_module(section, module), diags) \
            if section else Config()
    if not Path(path).is_file():
        diags.error(Loc(path), "SG103", f"config file '{path}' not found",
                    "check the --config path")
        return Config(path)
    table = read_toml(path, diags)
    if table is None:
        return Config(path)
    if Path(path).name == "pyproject.toml":
        table = _for_module(table.get("tool", {}).get("swiggen", {}), module)
    return _from_table(path, table, diags)


def _for_module(section: dict[str, Any], module: str) -> dict[str, Any]:
    """[tool.swiggen] with the annotations of its module entry named `module` merged in."""
    entries = section.get("modules", []) if module else []
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("name") == module:
            own = entry.get("annotations", {})
            base = section.get("annotations", {})
            if isinstance(own, dict) and isinstance(base, dict):
                return {**section, "annotations": {**base, **own}}
            return {**section, "annotations": own}  # the wrong type is reported as usual
    return section


def read_toml(path: str, diags: Diagnostics) -> dict[str, Any] | None:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", 0) or _line_from_message(str(exc))
        diags.error(Loc(path, line), "SG103", f"invalid TOML: {exc}", "fix the syntax")
    except OSError as exc:
        diags.error(Loc(path), "SG103", f"cannot read config: {exc}", "check the file")
    return None


def _line_from_message(msg: str) -> int:
    marker = "(at line "
    if marker in msg:
        digits = msg.split(marker, 1)[1].split(",", 1)[0]
        if digits.isdigit():
            return int(digits)
    return 0


def _from_table(path: str, table: dict[str, Any], diags: Diagnostics) -> Config:
    text = Path(path).read_text(encoding="utf-8").splitlines()
    ann = ConfigAnnotations(path=path)
    raw = table.get("annotations", {})
    if not isinstance(raw, dict):
        diags.error(Loc(path), "SG103", "'annotations' must be a table of \"name\" = \"directives\"",
                    'e.g. [annotations]\n"ns::f" = "rename(g)"')
        raw = {}
    for key, value in raw.items():
        line = key_line(text, key)
        loc = Loc(path, line)
        ann.lines[key] = line
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in values):
            diags.error(loc, "SG103", f"annotation for '{key}' must be a string or list of strings",
                        f'e.g. "{key}" = "ignore"')
            continue
        ann.by_name[key] = tuple(d for v in values for d in parse_directives(v, loc, diags))
    typemaps = table.get("typemaps", [])
    if not isinstance(typemaps, list) or not all(isinstance(t, str) for t in typemaps):
        diags.error(Loc(path), "SG103", "'typemaps' must be a list of file names",
                    'e.g. typemaps = ["point.i"]')
        typemaps = []
    overridable = table.get("overridable", "marked")
    if overridable not in ("marked", "all"):
        diags.error(Loc(path, key_line(text, "overridable")), "SG103",
                    f"'overridable' must be \"all\" or \"marked\", not {overridable!r}",
                    'overridable = "all" makes every polymorphic class overridable in Python')
    ann.overridable_all = overridable == "all"
    base = Path(path).parent
    resolved = tuple(str((base / t).resolve()) for t in typemaps)
    return Config(path, ann, resolved)


def key_line(lines: list[str], key: str, value: str | None = None) -> int:
    """The line where `key` (with this string `value`, if given) is set; 0 if not found."""
    for i, line in enumerate(lines, 1):
        s = line.strip()
        if s.startswith((f'"{key}"', f"'{key}'")) or s.split("=", 1)[0].strip() == key:
            if value is None or s.split("=", 1)[-1].strip().strip("\"'") == value:
                return i
    return 0
