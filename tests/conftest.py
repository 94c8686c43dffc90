"""Shared test settings."""

import gc

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25
)
settings.load_profile("default")

# The garbage collector's first generation, collected after every 700 net allocations by default,
# took up to a quarter of an app test's CPU: an app under test allocates a widget tree per screen,
# and each collection walks the young objects again. Collected every 50,000 (and the older
# generations half as often), the suite took a tenth less CPU (948 to 851 CPU-seconds, measured);
# what a test checks does not change.
GC_THRESHOLDS = (50_000, 20, 20)


def pytest_configure() -> None:
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish() -> None:
    """Everything imported and collected lives to the end of the run: out of the collector's way."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items: list) -> None:
    """The tests marked `slow` (whole games by keys, many seconds each) start first, so the
    workers end together instead of one waiting for another's last long game (pyproject hands
    the tests out one at a time, in this order)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
