"""The computer levels' ratings per two-player rule set, as the ladder measured
them (docs/ai.md, "Ratings"): rule set -> level -> (rating, standard error),
on the Elo scale with medium at 1500. Made by

    python -m game ladder --games 3000 --hard-games 300 --seed 1 --time 4 --module --near 1

(its output is this file; do not edit by hand).
"""

from __future__ import annotations

GAMES_PER_PAIR = 3000  # 300 for a costly pair (a level that searches)
LADDER: dict[str, dict[str, tuple[float, float]]] = {
    "matador": {"random": (1382.7, 12.9), "beginner": (1318.5, 11.2), "novice": (1387.6, 9.1), "easy": (1444.4, 6.4), "medium": (1500.0, 0.0), "hard": (1549.0, 20.3), "expert": (1543.2, 28.5), "omniscient": (1616.0, 35.1)},
    "all-sevens": {"random": (1440.9, 12.8), "beginner": (1383.7, 11.1), "novice": (1435.2, 9.0), "easy": (1474.0, 6.4), "medium": (1500.0, 0.0), "hard": (1530.2, 20.1), "expert": (1544.1, 28.4), "omniscient": (1596.6, 34.9)},
    "family": {"random": (1209.0, 13.4), "beginner": (1137.3, 11.7), "novice": (1223.7, 9.7), "easy": (1387.7, 6.7), "medium": (1500.0, 0.0), "hard": (1530.2, 20.1), "expert": (1601.8, 28.7), "omniscient": (1760.2, 36.3)},
    "leyden": {"random": (1263.1, 13.1), "beginner": (1223.2, 11.4), "novice": (1278.6, 9.5), "easy": (1413.8, 6.5), "medium": (1500.0, 0.0), "hard": (1572.9, 20.5), "expert": (1598.4, 28.7), "omniscient": (1677.3, 35.3)},
    "leyden-senst": {"random": (1292.8, 13.1), "beginner": (1227.5, 11.4), "novice": (1303.4, 9.4), "easy": (1435.9, 6.5), "medium": (1500.0, 0.0), "hard": (1580.1, 20.6), "expert": (1617.3, 28.8), "omniscient": (1751.0, 36.0)},
    "wild-doubles": {"random": (1427.9, 12.7), "beginner": (1404.8, 11.0), "novice": (1434.9, 9.0), "easy": (1473.2, 6.4), "medium": (1500.0, 0.0), "hard": (1509.3, 20.1), "expert": (1512.7, 28.4), "omniscient": (1540.6, 34.8)},
}
