"""Hypothesis profiles for the test suite.

``dev`` (the default) explores new examples on every run; ``ci`` is derandomised so that a CI run
is reproducible. Both have no deadline: a deal's duration varies with its options and the machine.
Choose one with ``HYPOTHESIS_PROFILE=ci``.
"""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))  # ``import helpers`` from any rootdir

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The toy game subclasses Deal, which the compiled engine closes to Python subclasses: its
# module is imported only by its test, which skips itself under the compiled engine.
import tarot  # noqa: E402

collect_ignore = ["toy_game.py"] if tarot.COMPILED else []


def pytest_configure(config):
    config.addinivalue_line("markers", "install: builds the project's wheel and installs it in a bare "
                                       "virtual environment (about 10 s; tests/test_install.py)")
    config.addinivalue_line("markers", "browser: drives Debian's chromium with Playwright against a live "
                                       "`tarot serve` (about a minute; tests/test_web_browser.py)")
    config.addinivalue_line("markers", "tour: runs every command of the README's tour (a few minutes; "
                                       "`-m 'not tour'` leaves it out; tests/test_readme_tour.py)")
    config.addinivalue_line("markers", "slow: a test of tens of seconds (a service, a conformance or property "
                                       "loop); `make test` runs it once, on the source tree")
    config.addinivalue_line("markers", "postgres: runs on a real PostgreSQL server (TAROT_TEST_POSTGRES_URL, "
                                       "else a throwaway cluster; skipped without one)")
    config.addinivalue_line("markers", "ray: starts a local Ray (the ray extra; tests/test_study.py)")
    config.addinivalue_line("markers", "train: trains a policy with stable-baselines3 (a smoke run of a few "
                                       "hundred steps; tests/test_train_example.py)")


@pytest.fixture(autouse=True)
def _games_folder(tmp_path_factory, monkeypatch):
    """`tarot play` saves every deal in the user's games folder (under XDG_DATA_HOME): a test's
    go to a folder of its own, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
