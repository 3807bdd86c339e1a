"""A downstream project in the setup.py style: one swiggen extension in package `shapes`."""

from setuptools import setup

from swiggen.setuptools import SwigGenExtension, build_ext

setup(
    name="shapes",
    version="1.0",
    packages=["shapes"],
    ext_modules=[
        SwigGenExtension(
            "shapes._geom",
            headers=["src/geom.h"],
            sources=["src/geom.cpp"],
            include_dirs=["src"],
            define_macros=[("GEOM_SCALE", "2")],
        )
    ],
    cmdclass={"build_ext": build_ext},
)
