"""Builds the compiled core pokerrules._core, the Pai Gow kernels pokerrules._paigow and
the Chinese Poker playouts pokerrules._chinese_poker from ext/ (Cython + C)."""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

if sys.platform == "win32":
    compile_args = ["/O2"]
    link_args = []
else:
    compile_args = ["-O3", "-std=c99", "-fno-strict-aliasing", "-pthread"]
    link_args = ["-pthread"]

extensions = [
    Extension(
        "pokerrules._core",
        sources=["ext/_core.pyx", "ext/pr_eval.c"],
        include_dirs=["ext"],
        depends=["ext/pr_eval.h", "ext/pr_pycards.h"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    ),
    Extension(
        "pokerrules._paigow",
        sources=["ext/_paigow.pyx", "ext/paigow.c", "ext/paigow_sim.c", "ext/paigow_exact.c",
                 "ext/pr_eval.c"],
        include_dirs=["ext"],
        depends=["ext/pr_eval.h", "ext/paigow.h", "ext/paigow_sim.h", "ext/paigow_exact.h"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    ),
    Extension(
        "pokerrules._chinese_poker",
        sources=["ext/_chinese_poker.pyx", "ext/chinese_poker.c"],
        include_dirs=["ext"],
        depends=["ext/chinese_poker.h"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "embedsignature": True},
    )
)
