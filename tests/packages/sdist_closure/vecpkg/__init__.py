"""vec: numpy arrays in, numpy arrays out (tests/test_sdist.py)."""
