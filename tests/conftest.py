"""Shared test settings."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25
)
settings.load_profile("default")


def pytest_collection_modifyitems(items: list) -> None:
    """The tests marked `slow` (whole games by keys, many seconds each) start first, so the
    workers end together instead of one waiting for another's last long game (pyproject hands
    the tests out one at a time, in this order)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
