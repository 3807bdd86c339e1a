"""`python -m swiggen.check`: the probe server of runner.py (started by `swiggen check`)."""

from .runner import main

main()
