"""The computer levels' ratings per two-player rule set, as the ladder measured
them (docs/ai.md, "Ratings"): rule set -> level -> (rating, standard error),
on the Elo scale with medium at 1500. Made by

    python -m game ladder --games 6 --seed 1 --time 0.05 --module --rules matador,leyden

(its output is this file; do not edit by hand).
"""

from __future__ import annotations

GAMES_PER_PAIR = 6
LADDER: dict[str, dict[str, tuple[float, float]]] = {
    "matador": {"random": (1407.2, 105.2), "easy": (1310.3, 111.3), "medium": (1500.0, 0.0), "hard": (1532.0, 105.7)},
    "leyden": {"random": (1004.6, 173.3), "easy": (1199.5, 145.4), "medium": (1500.0, 0.0), "hard": (1591.0, 128.5)},
}
