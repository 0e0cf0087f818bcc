"""The install compiles the translations: each game/locale/LANG/LC_MESSAGES/matador.po
becomes the matador.mo beside it in the built package (babel, a build requirement
in pyproject.toml). Everything else about the package is in pyproject.toml."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """build_py, then every catalog compiled into the build (fuzzy entries left out)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        source = Path(__file__).resolve().parent / "game" / "locale"
        for po in sorted(source.glob("*/LC_MESSAGES/matador.po")):
            target = Path(self.build_lib) / "game" / "locale" / po.relative_to(source).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(po, "rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name)
            with open(target, "wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            os.utime(target)  # newer than the .po: never compiled again at run time


setup(cmdclass={"build_py": BuildWithCatalogs})
