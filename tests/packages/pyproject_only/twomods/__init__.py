"""Two generated modules, twomods.alpha and twomods.beta, built from pyproject.toml alone."""
