"""The computer levels' ratings per two-player rule set, as the ladder measured
them (docs/ai.md, "Ratings"): rule set -> level -> (rating, standard error),
on the Elo scale with medium at 1500. Made by

    python -m game ladder --games 200 --hard-games 80 --seed 1 --time 4 --module

(its output is this file; do not edit by hand).
"""

from __future__ import annotations

GAMES_PER_PAIR = 200  # 80 for a pair with the hard player
LADDER: dict[str, dict[str, tuple[float, float]]] = {
    "matador": {"random": (1385.2, 19.9), "easy": (1377.0, 20.0), "medium": (1500.0, 0.0), "hard": (1606.3, 27.8)},
    "all-sevens": {"random": (1453.8, 19.0), "easy": (1476.9, 18.9), "medium": (1500.0, 0.0), "hard": (1490.0, 25.0)},
    "family": {"random": (1219.5, 23.3), "easy": (1375.1, 20.8), "medium": (1500.0, 0.0), "hard": (1533.0, 27.8)},
    "leyden": {"random": (1244.0, 22.8), "easy": (1396.0, 20.6), "medium": (1500.0, 0.0), "hard": (1605.6, 29.2)},
    "leyden-senst": {"random": (1226.2, 23.6), "easy": (1426.1, 20.5), "medium": (1500.0, 0.0), "hard": (1628.7, 29.8)},
    "wild-doubles": {"random": (1443.9, 19.0), "easy": (1485.6, 18.9), "medium": (1500.0, 0.0), "hard": (1501.3, 25.0)},
}
