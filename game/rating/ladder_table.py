"""The computer levels' ratings per two-player rule set, as the ladder measured
them (docs/ai.md, "Ratings"): rule set -> level -> (rating, standard error),
on the Elo scale with medium at 1500. Made by

    python -m game ladder --games 287 --hard-games 86 --seed 1 --time 4 --module --rules matador,leyden,leyden-senst --near 1 --remeasured easy

(its output is this file; do not edit by hand).
"""

from __future__ import annotations

GAMES_PER_PAIR = 287  # 86 for a costly pair (a level that searches)
LADDER: dict[str, dict[str, tuple[float, float]]] = {
    "matador": {"random": (1373.2, 35.8), "beginner": (1402.3, 29.3), "easy": (1435.1, 20.9), "medium": (1500.0, 0.0), "skilled": (1530.3, 20.6), "hard": (1554.6, 42.8), "expert": (1595.2, 57.1), "omniscient": (1681.8, 68.9)},
    "all-sevens": {"random": (1453.8, 19.0), "medium": (1500.0, 0.0), "hard": (1490.0, 25.0)},
    "family": {"random": (1219.5, 23.3), "medium": (1500.0, 0.0), "hard": (1533.0, 27.8)},
    "leyden": {"random": (1332.6, 36.1), "beginner": (1352.0, 29.7), "easy": (1404.4, 21.3), "medium": (1500.0, 0.0), "skilled": (1512.1, 20.5), "hard": (1611.7, 44.1), "expert": (1644.1, 58.0), "omniscient": (1730.7, 69.7)},
    "leyden-senst": {"random": (1333.5, 36.0), "beginner": (1372.4, 29.5), "easy": (1452.5, 20.7), "medium": (1500.0, 0.0), "skilled": (1534.0, 20.6), "hard": (1546.1, 42.8), "expert": (1509.6, 57.0), "omniscient": (1654.9, 70.1)},
    "wild-doubles": {"random": (1443.9, 19.0), "medium": (1500.0, 0.0), "hard": (1501.3, 25.0)},
}
