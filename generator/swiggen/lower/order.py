"""The order SWIG reads the headers in: by their #includes, not as the user happened to name them.

SWIG reads each `%include` once, in order, and resolves names only against what it has read: a
header using a type from another must come after it (else SWIG spells the type unqualified and
the wrapper does not compile). A header that another includes, directly or not, therefore comes
first; otherwise the order is the user's. Headers that include each other keep the user's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Header


def order_headers(headers: Sequence[Header]) -> list[Header]:
    includes = [set(h.includes) for h in headers]
    n = len(headers)
    #: after[i]: the headers that must come before header i
    after = [
        {j for j in range(n) if j != i and headers[j].real in includes[i]
         and headers[i].real not in includes[j]}
        for i in range(n)
    ]
    done: list[int] = []
    while len(done) < n:
        placed = set(done)
        ready = [i for i in range(n) if i not in placed and after[i] <= placed]
        # a cycle cannot happen (mutual includes are dropped above), but never loop forever
        done.append(ready[0] if ready else min(set(range(n)) - placed))
    return [headers[i] for i in done]
