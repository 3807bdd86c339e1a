"""`swiggen check`: exercise a built module with adversarial and boundary inputs, each probe in
a forked child, and report crashes, sanitizer reports, hangs and leaks (docs/check.md).

surface.py reads NAME.pyi; values.py holds the adversarial values; probes.py, objects.py and
lifetimes.py write the probes (makers.py says how to make each class's instances); runner.py
runs them; preconditions.py recognises the library's own preconditions among the failures;
findings.py classifies and reports; command.py is the command line.
"""

from .command import add_arguments, main

__all__ = ["add_arguments", "main"]
