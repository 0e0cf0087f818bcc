"""The soak's figures (game/bench/soak.py) from memory samples: the peak, the growth
after the first 5 minutes, minute by minute. (The soak itself is a benchmark:
`python -m game bench soak --minutes 30` prints its figures, never asserted.)"""

from __future__ import annotations

from game.bench.soak import figures, load_monkey, slope_per_10_min


def test_a_flat_run_has_no_growth() -> None:
    samples = [(float(t), 150.0 + (5.0 if t % 60 == 0 else 0.0)) for t in range(0, 1800, 3)]
    found = figures(samples, 1800.0)
    assert found["peak_mb"] == 155.0
    assert abs(found["growth_slope_mb_per_10_min"]) < 0.5
    assert [w["from_min"] for w in found["growth_by_10_min"]] == [5, 15]
    assert found["goal_peak_met"] and found["goal_growth_met"]
    assert len(found["per_minute_mb"]) == 30


def test_a_steady_climb_is_measured_per_10_minutes() -> None:
    samples = [(float(t), 180.0 + 3.0 * t / 60.0) for t in range(0, 1800, 3)]  # 3 MB a minute
    found = figures(samples, 1800.0)
    assert abs(found["growth_slope_mb_per_10_min"] - 30.0) < 0.1
    assert all(abs(w["growth_mb"] - 27.0) < 1.0 for w in found["growth_by_10_min"])  # the last minute's median less the first's
    assert not found["goal_growth_met"] and not found["goal_peak_met"]  # 180 + 87 MB


def test_the_sample_taken_after_the_app_closed_is_left_out() -> None:
    found = figures([(0.0, 100.0), (3.0, 110.0), (120.1, 400.0)], 120.0)
    assert found["peak_mb"] == 110.0


def test_the_monkey_is_found_in_a_clone() -> None:
    assert slope_per_10_min([(0.0, 1.0)]) is None
    assert load_monkey() is not None
