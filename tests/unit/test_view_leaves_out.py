"""leaveout.for_view: what a build leaves out is gone from the model the declaration view is
written from, so SWIG no longer reads it (a declaration SWIG cannot parse would fail it again)."""

from __future__ import annotations

from pathlib import Path

from swiggen.compile.leaveout import edit_model, for_view
from swiggen.diagnostics import Diagnostics, Loc
from swiggen.lower.plan import Origin
from swiggen.parse.header import ParseOptions, parse_header
from swiggen.render.view import render_view

HEADER = """\
#pragma once
namespace ns {
int pick(int v);
int pick(double v);
int keep(int v);
extern int counter;
struct Shape {
    virtual ~Shape();
    virtual double area() const = 0;
    double scale(double by) const;
    double scale(int by) const;
    int width;
};
}
"""


def _view(tmp_path: Path, left: list[Origin]) -> str:
    path = tmp_path / "x.h"
    path.write_text(HEADER)
    h = parse_header(str(path), ParseOptions(), Diagnostics())
    assert h is not None
    return render_view(for_view(edit_model([h], left), left)[0])


def test_left_out_functions_methods_and_variables_leave_the_view(tmp_path: Path) -> None:
    loc = Loc(str(tmp_path / "x.h"), 1)
    before = _view(tmp_path, [])
    after = _view(tmp_path, [Origin("ns::pick(double)", loc, "pick"),
                             Origin("ns::counter", loc, "counter"),
                             Origin("ns::Shape::scale(int) const", loc, "Shape.scale"),
                             Origin("ns::Shape::area", loc, "Shape.area")])
    for text in ("int pick(double v);", "extern int counter;", "double scale(int by) const;"):
        assert text in before and text not in after, after
    for text in ("int pick(int v);", "int keep(int v);", "double scale(double by) const;",
                 "int width;"):
        assert text in after, after
    # a pure virtual method stays: SWIG must still see the class as abstract
    assert "virtual double area() const = 0;" in after, after
    # a copy or an assignment left out changes the class, not the view's lines
    assert _view(tmp_path, [Origin("ns::Shape", loc, "Shape.__copy__", "copy")]) == before
