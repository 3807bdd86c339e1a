"""Hand-written package code next to the generated `shapes.geom`."""

from .geom import Circle, Kind, area, doubled

__all__ = ["Circle", "Kind", "area", "doubled"]
