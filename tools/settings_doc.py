"""README's list of settings, written from the schema (game/profile/settings.py).

    python tools/settings_doc.py          # rewrite the list in README.md between its markers
    python tools/settings_doc.py --check  # exit 1 if README's list is not the schema's

Each setting shown on the Settings screen is a bullet: its label in bold (as the
English screen shows it), then its entry's README line, grouped as the schema
groups them (accessibility first). A test (tests/profile/test_settings_schema.py) fails
when README and the schema disagree: edit the schema, then run this.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a clone: this clone's game, not an installed one
    sys.path.insert(0, str(ROOT))

README = ROOT / "README.md"
BEGIN = "<!-- settings: begin (written from game/profile/settings.py by `python tools/settings_doc.py`: edit the schema, not this list) -->"
END = "<!-- settings: end -->"
# Not a setting: always on, so Settings has no control for it (issue 33 asked README to say so).
ALWAYS_ON = (
    "- **Never colour alone** (always on: not a setting, so Settings has no control for it) — a tile you\n"
    "  can lay has an outline (the others are veiled), a lit place has a solid outline and the chosen one\n"
    "  thick corners, the seat to move has a triangle before its name, and the coach's better move a dashed\n"
    "  outline with a diamond; the colours come from a palette made for colour-blind players (Okabe and\n"
    "  Ito's), and a test checks that each pair of states stays distinct seen with deuteranopia, protanopia\n"
    "  or no colour."
)
WIDTH = 100


def bullet(label: str, doc: str) -> str:
    """``- **label** — doc``, wrapped at ``WIDTH`` with a two-space hang."""
    words = f"- **{label}** — {doc}".split(" ")
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > WIDTH:
            lines.append(line)
            line = "  " + word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def block() -> str:
    """The list as README holds it, markers included."""
    from game.profile.settings import groups

    out = [BEGIN]
    for group, settings in groups():
        for setting in settings:
            if setting.control:
                out.append(bullet(setting.label, setting.doc))
        if group == "accessibility":
            out.append(ALWAYS_ON)
    out.append(END)
    return "\n".join(out)


def rewritten(readme: str) -> str:
    """``readme`` with its list replaced by the schema's (ValueError without the markers)."""
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise ValueError("README.md has no settings markers")
    return readme[:start] + block() + readme[end + len(END) :]


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    new = rewritten(text)
    if "--check" in argv:
        if new != text:
            print("README.md's settings differ from game/profile/settings.py: run python tools/settings_doc.py")
            return 1
        print("README.md lists the settings of game/profile/settings.py")
        return 0
    if new != text:
        README.write_text(new, encoding="utf-8")
        print("README.md: settings list written")
    else:
        print("README.md: settings list up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
