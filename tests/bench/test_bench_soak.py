"""The soak's figures (game/bench/soak_bench.py) from memory samples: the peak, the growth
after the first 5 minutes, minute by minute. (The soak itself is a benchmark:
`python -m game bench soak --minutes 30` prints its figures, never asserted.)"""

from __future__ import annotations

from game.bench.soak_bench import figures, load_monkey, slope_per_10_min


def test_a_flat_run_has_no_growth() -> None:
    samples = [(float(t), 150.0 + (5.0 if t % 60 == 0 else 0.0)) for t in range(0, 1800, 3)]
    found = figures(samples, 1800.0)
    assert found["peak_mb"] == 155.0
    assert abs(found["growth_slope_mb_per_10_min"]) < 0.5 and found["growth_blocks_mb_per_10_min"] == 0.0
    assert [b["from_min"] for b in found["blocks_of_5_min"]] == [0, 5, 10, 15, 20, 25]
    assert found["goal_peak_met"] and found["goal_growth_met"]
    assert len(found["per_minute_mb"]) == 30


def test_a_steady_climb_is_measured_per_10_minutes() -> None:
    samples = [(float(t), 180.0 + 3.0 * t / 60.0) for t in range(0, 1800, 3)]  # 3 MB a minute
    found = figures(samples, 1800.0)
    assert abs(found["growth_slope_mb_per_10_min"] - 30.0) < 0.1
    assert abs(found["growth_blocks_mb_per_10_min"] - 30.0) < 0.5  # the blocks' medians, 20 minutes apart
    assert not found["goal_growth_met"] and not found["goal_peak_met"]  # 180 + 87 MB


def test_a_screen_that_holds_more_now_and_then_is_no_growth() -> None:
    """A table at 150% text for a minute in every five is a bump, not a climb."""
    samples = [(float(t), 150.0 + (60.0 if (t // 60) % 5 == 4 else 0.0)) for t in range(0, 1800, 3)]
    found = figures(samples, 1800.0)
    assert found["growth_blocks_mb_per_10_min"] == 0.0 and found["peak_mb"] == 210.0
    assert abs(found["growth_slope_mb_per_10_min"]) < 5.0


def test_the_sample_taken_after_the_app_closed_is_left_out() -> None:
    found = figures([(0.0, 100.0), (3.0, 110.0), (120.1, 400.0)], 120.0)
    assert found["peak_mb"] == 110.0


def test_the_monkey_is_found_in_a_clone() -> None:
    assert slope_per_10_min([(0.0, 1.0)]) is None
    assert load_monkey() is not None
