"""Builds the compiled core pokerrules._core, the Pai Gow kernels pokerrules._paigow and
the Chinese Poker playouts pokerrules._chinese_poker from ext/ (Cython + C)."""

import os
import subprocess
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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
        depends=["ext/pr_eval.h", "ext/pr_pycards.h", "ext/gen_decks.c"],
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



class BuildExtWithDecks(build_ext):
    """Runs ext/gen_decks.c first: it writes pr_decks.h, the evaluator's perfect hash and
    slot values as constant data, so that no table is built expensively at run time."""

    def build_extensions(self) -> None:
        out = os.path.join(self.build_temp, "gen_decks")
        header = os.path.join(out, "pr_decks.h")
        sources = ["ext/gen_decks.c", "ext/pr_eval.c", "ext/pr_eval.h"]
        if self.force or not os.path.exists(header) or any(
                os.path.getmtime(s) > os.path.getmtime(header) for s in sources):
            os.makedirs(out, exist_ok=True)
            objects = self.compiler.compile(["ext/gen_decks.c"], output_dir=out,
                                            include_dirs=["ext"], extra_postargs=compile_args)
            self.compiler.link_executable(objects, "gen_decks", output_dir=out,
                                          extra_postargs=link_args)
            subprocess.run([os.path.join(out, self.compiler.executable_filename("gen_decks")),
                            header], check=True)
        for ext in self.extensions:
            ext.include_dirs.append(out)
            ext.depends.append(header)
        super().build_extensions()


setup(
    cmdclass={"build_ext": BuildExtWithDecks},
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "embedsignature": True},
    )
)
