"""The install carries the translations: game/locale/ (the template and each
LANG/LC_MESSAGES/matador.po) is copied into the built package, and each catalog is
compiled into the matador.mo beside it (babel, a build requirement in pyproject.toml).
The folder is copied here rather than named as package data, for its folders are
not packages (setuptools warns of each one it would otherwise take for a package).
Everything else about the package is in pyproject.toml."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """build_py, then the template and every catalog copied into the build, each
    catalog compiled beside itself (fuzzy entries left out)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        source = Path(__file__).resolve().parent / "game" / "locale"
        built = Path(self.build_lib) / "game" / "locale"
        for text in sorted([*source.glob("*.pot"), *source.glob("*/LC_MESSAGES/matador.po")]):
            copy = built / text.relative_to(source)
            copy.parent.mkdir(parents=True, exist_ok=True)
            self.copy_file(str(text), str(copy))
        for po in sorted(source.glob("*/LC_MESSAGES/matador.po")):
            target = built / po.relative_to(source).with_suffix(".mo")
            with open(po, "rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name)
            with open(target, "wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            os.utime(target)  # newer than the .po: never compiled again at run time


setup(cmdclass={"build_py": BuildWithCatalogs})
