"""Progress of a multi-module build: a live table on a terminal, plain lines in a log.

On a terminal each module has one line, redrawn in place as it moves through its stages
(parsing, swig, compiling X, linking, done). Anywhere else (a pipe, CI, pip's log) every stage
is one line, `[geom] swig`, printed as it happens, so the log reads in order.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TextIO


class ProgressDisplay:
    def __init__(self, modules: Sequence[str], stream: TextIO, live: bool | None = None) -> None:
        self.stream = stream
        self.live = stream.isatty() if live is None else live
        self.modules = list(modules)
        self.stages = {m: "waiting" for m in modules}
        self.started = {m: time.monotonic() for m in modules}
        self.width = max((len(m) for m in modules), default=0)
        self.lock = threading.Lock()
        self.drawn = False

    def __call__(self, module: str, stage: str) -> None:
        """A `pipeline.Reporter`: called from the build threads."""
        with self.lock:
            if self.stages.get(module) == "waiting":
                self.started[module] = time.monotonic()
            if stage in ("done", "up to date", "failed"):
                stage = f"{stage} ({time.monotonic() - self.started[module]:.1f}s)"
            self.stages[module] = stage
            if self.live:
                self._redraw()
            else:
                self.stream.write(f"[{module}] {stage}\n")
                self.stream.flush()

    def _redraw(self) -> None:
        if self.drawn:
            self.stream.write(f"\x1b[{len(self.modules)}F")  # back to the first module's line
        for m in self.modules:
            self.stream.write(f"\x1b[2K{m.ljust(self.width)}  {self.stages[m]}\n")
        self.stream.flush()
        self.drawn = True
