"""swiggen: annotated C++ headers -> SWIG interfaces -> Python extension modules.

The package source lives in generator/swiggen; the Jinja templates (templates/) and swiggen's
bundled SWIG library (interfaces/) sit at the top level, as the design card asks, and are
installed inside the package as swiggen/templates and swiggen/interfaces.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent
VERSION = {}
exec((HERE / "generator" / "swiggen" / "_version.py").read_text(), VERSION)

setup(
    name="swiggen",
    version=VERSION["__version__"],
    description="Annotated C++ headers to Python extension modules through SWIG",
    long_description=(HERE / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.10",
    # every subpackage of generator/swiggen, found rather than listed: a listed one can be
    # forgotten (swiggen.check was, and only a non-editable install showed it)
    packages=["swiggen",
              *("swiggen." + p for p in sorted(find_packages(where="generator/swiggen"))),
              "swiggen.templates", "swiggen.interfaces"],
    package_dir={
        "swiggen": "generator/swiggen",
        "swiggen.templates": "templates",
        "swiggen.interfaces": "interfaces",
    },
    package_data={
        "swiggen": ["py.typed", "cmake/*.cmake"],  # find_package(swiggen CONFIG)
        "swiggen.templates": ["README.md", "common/*.j2", "python/*.j2"],
        "swiggen.interfaces": ["README.md", "common/*.swg", "python/*.swg", "python/*.py"],
    },
    install_requires=[
        # The swig wheel carries the SWIG binary and its library: no system SWIG needed. The
        # range CI tests (.ci/run: the case tests with the lowest and the highest): SWIG 4.2 and
        # 4.3 cannot build most modules, and the post-processing knows the shapes of these.
        "swig>=4.4,<4.6",
        # A real C++ parser. Pinned: cursor kinds and type spellings shift between releases.
        "libclang==18.1.1",
        "jinja2>=3.1",
        "numpy>=1.23",
        "setuptools>=64",
        "tomli>=2; python_version<'3.11'",
    ],
    extras_require={
        # mypy checks the generated stubs; build makes sdists and wheels of tests/packages
        # basedpyright: pyright with its node runtime in the wheel (no download at first run)
        "test": ["pytest>=7", "pytest-xdist>=3", "mypy>=1.8", "basedpyright>=1.20", "build>=1",
                 "wheel>=0.40", "setuptools>=64",
                 # the %%swiggen cell magic's test (tests/test_load.py) runs in an IPython shell
                 "ipython>=8",
                 # Sphinx's autodoc documents a built module (tests/cases/test_sphinx_docs.py)
                 "sphinx>=7"],
    },
    entry_points={
        "console_scripts": ["swiggen = swiggen.cli:main"],
        # adds [[tool.swiggen.modules]] of a project's pyproject.toml to its setuptools build
        "setuptools.finalize_distribution_options": [
            "swiggen = swiggen.setuptools:finalize",
        ],
    },
    zip_safe=False,
)
