"""Shared test settings."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25
)
settings.load_profile("default")


def pytest_collection_modifyitems(items: list) -> None:
    """The tests marked `slow` (whole games by keys, many seconds each) start first, so the
    two workers end together instead of one waiting for the other's last long game."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
