"""The games, one module each, registered by name when imported."""

from . import marolles  # noqa: F401  (registers marolles-1637)
