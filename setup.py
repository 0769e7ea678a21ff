"""Builds the compiled core pokerrules._core, the Pai Gow kernels pokerrules._paigow,
the batch engines of the vector environments pokerrules._vector and the Chinese Poker
playouts pokerrules._chinese_poker from ext/ (Cython + C).

The evaluator's C files (ext/pr_*.c) are compiled once, into a static library that
both _core and _paigow link; _paigow takes the tables from _core (cimport), so that a
process holds one copy of each variant's tables.

Cython's memoryview code, which every module with typed memoryviews would otherwise carry
(about 1 MB of C each), is generated and compiled once, into pokerrules._cyutility.

A second build of the same checkout (the README's test install after its first install)
reuses the C that Cython wrote and the objects compiled from it, instead of compiling
everything again."""

import os
import subprocess
import sys
from pathlib import Path

import Cython
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_clib import build_clib
from setuptools.command.build_ext import build_ext

if sys.platform == "win32":
    compile_args = ["/O2"]
    link_args = []
else:
    # -g0: debug information for the generated C costs a third of the compile time
    compile_args = ["-g0", "-O3", "-std=c99", "-fno-strict-aliasing", "-pthread"]
    link_args = ["-pthread"]

SHARED_UTILITY = "pokerrules._cyutility"
EVALUATOR = "pr_eval"
EVALUATOR_SOURCES = ["ext/pr_keys.c", "ext/pr_tables.c", "ext/pr_batch.c", "ext/pr_enum.c"]
EVALUATOR_HEADERS = ["ext/pr_eval.h", "ext/pr_port.h", "ext/pr_internal.h"]
# Cython finds pokerrules/_core.pxd (what _paigow cimports from _core) under src/
CYTHON_INCLUDE = ["src"]

libraries = [(EVALUATOR, {"sources": EVALUATOR_SOURCES, "include_dirs": ["ext"],
                          "cflags": compile_args, "obj_deps": {"": EVALUATOR_HEADERS}})]

extensions = [
    Extension(SHARED_UTILITY, sources=["ext/_cyutility.c"],
              extra_compile_args=compile_args, extra_link_args=link_args),
    Extension(
        "pokerrules._core",
        sources=["ext/_core.pyx"],
        include_dirs=["ext"],
        libraries=[EVALUATOR],
        depends=["ext/pr_eval.h", "ext/pr_port.h", "ext/pr_pycards.h", "ext/deal_stream.h"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    ),
    Extension(
        "pokerrules._paigow",
        sources=["ext/_paigow.pyx", "ext/paigow.c", "ext/paigow_way.c", "ext/paigow_sim.c",
                 "ext/paigow_exact.c", "ext/paigow_optimal.c", "ext/paigow_sidebet.c"],
        include_dirs=["ext"],
        libraries=[EVALUATOR],
        depends=["ext/pr_eval.h", "ext/pr_port.h", "ext/paigow.h", "ext/paigow_hand.h",
                 "ext/paigow_sim.h", "ext/paigow_exact.h", "ext/paigow_way.pxi",
                 "ext/paigow_optimal.h", "ext/paigow_optimal.pxi", "ext/paigow_exact.pxi",
                 "ext/paigow_sidebet.h", "ext/paigow_sidebet.pxi"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    ),
    Extension(
        "pokerrules._vector",
        sources=["ext/_vector.pyx", "ext/vec_driver.c", "ext/east_west_vec.c",
                 "ext/chinese_poker_vec.c", "ext/chinese_poker.c", "ext/z_poker_vec.c"],
        include_dirs=["ext"],
        libraries=[EVALUATOR],
        depends=["ext/pr_eval.h", "ext/pr_port.h", "ext/deal_stream.h", "ext/vec_driver.h",
                 "ext/east_west_vec.h",
                 "ext/chinese_poker_vec.h", "ext/chinese_poker.h", "ext/z_poker_vec.h",
                 "ext/vector_east_west.pxi", "ext/vector_chinese_poker.pxi",
                 "ext/vector_z_poker.pxi"],
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


class BuildClibWithDecks(build_clib):
    """Runs ext/gen_decks.c first: it writes pr_decks.h, the evaluator's perfect hash and
    slot values as constant data, so that no table is built expensively at run time."""

    def build_libraries(self, libraries) -> None:
        out = os.path.join(self.build_temp, "gen_decks")
        header = os.path.join(out, "pr_decks.h")
        sources = ["ext/gen_decks.c", "ext/pr_keys.c", "ext/pr_tables.c", *EVALUATOR_HEADERS]
        if self.force or not os.path.exists(header) or any(
                os.path.getmtime(s) > os.path.getmtime(header) for s in sources):
            os.makedirs(out, exist_ok=True)
            objects = self.compiler.compile(["ext/gen_decks.c"], output_dir=out,
                                            include_dirs=["ext"], extra_postargs=compile_args)
            self.compiler.link_executable(objects, "gen_decks", output_dir=out,
                                          extra_postargs=link_args)
            subprocess.run([os.path.join(out, self.compiler.executable_filename("gen_decks")),
                            header], check=True)
        for _, info in libraries:
            info["include_dirs"] = [*info["include_dirs"], out]
            info["obj_deps"] = {"": [*info["obj_deps"][""], header]}
        super().build_libraries(libraries)


class BuildExtWithEvaluator(build_ext):
    """Builds the evaluator's static library first (build_ext alone, as in
    ``build_ext --inplace``, would not), links it only into the extensions that name it
    (setuptools would link it into all) and relinks those when it changes."""

    def build_extensions(self) -> None:
        self.run_command("build_clib")
        self.compiler.set_libraries([n for n in self.libraries if n != EVALUATOR])
        clib = self.get_finalized_command("build_clib")
        archive = os.path.join(clib.build_clib, self.compiler.library_filename(EVALUATOR))
        for ext in self.extensions:
            if EVALUATOR in ext.libraries:
                ext.depends.append(archive)
        super().build_extensions()


def generated_c(pyx: str) -> Path:
    return Path(pyx).with_suffix(".c")


def cython_output_current() -> bool:
    """True when each C file Cython generates here exists, was written by the Cython now
    installed and is newer than every .pyx/.pxi/.pxd and this file (the directives). cythonize
    alone would regenerate it all whenever a fresh build environment installs Cython,
    as its own .pxd files are then newer than our C, and the compile would follow."""
    inputs = [*Path("ext").glob("*.pyx"), *Path("ext").glob("*.pxi"),
              *Path("src/pokerrules").glob("*.pxd"), Path("setup.py")]
    outputs = [generated_c(s) for e in extensions for s in e.sources if s.endswith(".pyx")]
    outputs.append(Path(extensions[0].sources[0]))  # the shared utility module
    newest_input = max(p.stat().st_mtime for p in inputs)
    stamp = f"/* Generated by Cython {Cython.__version__} "
    for c in outputs:
        if not c.exists() or c.stat().st_mtime < newest_input:
            return False
        with c.open(encoding="utf-8", errors="replace") as f:
            if not f.readline().startswith(stamp):
                return False
    return True


if cython_output_current():
    for extension in extensions:
        extension.sources = [str(generated_c(s)) if s.endswith(".pyx") else s
                             for s in extension.sources]
    ext_modules = extensions
else:
    ext_modules = cythonize(
        extensions,
        # embedsignature: the docs' autodoc reads the signatures from the docstrings
        compiler_directives={"language_level": "3", "embedsignature": True},
        shared_utility_qualified_name=SHARED_UTILITY,
        include_path=CYTHON_INCLUDE,
    )

setup(cmdclass={"build_clib": BuildClibWithDecks, "build_ext": BuildExtWithEvaluator},
      libraries=libraries, ext_modules=ext_modules)
