import os
import re

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config):
    # Markers (see pyproject.toml): slow tests are deselected unless -m selects them
    # (`-m slow`, their CI step); `-m fast` is the quick subset: a test marked slow is
    # never in it, even in a module marked fast.
    expression = config.option.markexpr
    if expression:
        config.option.markexpr = re.sub(r"\bfast\b", "(fast and not slow)", expression)
