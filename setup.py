"""The build hook: mypyc compiles the hot path (pyproject.toml's ``[tool.tricktable.build] compiled``) into
C extension modules wherever a C compiler works, as black and mypy build theirs; the pure-Python package
otherwise, saying so in one line. ``TRICKTABLE_BUILD=pure`` asks for the pure build.

Editable installs (``pip install -e .``) and ``python setup.py build_ext --inplace`` (``make compiled``)
put the extension modules beside their sources in ``src/``. Each module is its own C file, compiled in
parallel (one a core): one C file for the whole group took twice as long on two cores.
"""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent


def say(line: str) -> None:
    print(f"tricktable build: {line}", file=sys.stderr, flush=True)


def compiler_missing() -> str | None:
    """Why no C extension can be built here (None when a compiler builds a trivial one)."""
    from setuptools._distutils import ccompiler, sysconfig

    compiler: Any = ccompiler.new_compiler()
    sysconfig.customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as scratch:
        probe = Path(scratch, "probe.c")
        probe.write_text('#include <Python.h>\nint probe(void) { return 0; }\n')
        try:
            compiler.compile([str(probe)], output_dir=scratch, include_dirs=[sysconfig.get_python_inc()])
        except Exception as error:  # CompileError, or no compiler program at all
            return f"no working C compiler ({str(error).strip().splitlines()[-1] if str(error).strip() else error})"
    return None


def compiled_sources() -> list[str]:
    names = tomllib.loads((HERE / "pyproject.toml").read_text())["tool"]["tricktable"]["build"]["compiled"]
    return [f"src/tricktable/{name.replace('.', '/')}.py" for name in names]


def ext_modules() -> list[Any]:
    if os.environ.get("TRICKTABLE_BUILD") == "pure":
        say("pure Python (TRICKTABLE_BUILD=pure)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("pure Python: mypyc is not installed (pip install mypy, then reinstall, for the compiled engine)")
        return []
    missing = compiler_missing()
    if missing:
        say(f"pure Python: {missing}; install one (gcc) and reinstall for the compiled engine")
        return []
    say(f"compiling {len(compiled_sources())} modules with mypyc, {os.cpu_count() or 1} at a time")
    return mypycify(compiled_sources(), multi_file=True, opt_level="3")


class ParallelBuildExt(build_ext):
    """build_ext that compiles an extension's C files in parallel (distutils compiles them one by one)."""

    def build_extensions(self) -> None:
        serial = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: serial([source], *args, **kwargs), sources)
                return [obj for objs in parts for obj in objs]

        self.compiler.compile = compile_all
        super().build_extensions()

    def run(self) -> None:
        super().run()
        if self.inplace or self.editable_mode:  # an unchanged module is not copied again: date it all as built now
            build_py = self.get_finalized_command("build_py")
            for ext in self.extensions:
                placed, _ = self._get_inplace_equivalent(build_py, ext)
                if os.path.exists(placed):
                    os.utime(placed)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": ParallelBuildExt})
