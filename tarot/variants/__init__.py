"""The games, one module each, registered by name when imported."""

from . import marolles  # noqa: F401  (registers marolles-1637, marolles-78, marolles-2p)
from . import early_french  # noqa: F401  (registers early-french)
from . import french  # noqa: F401  (registers fft-3p, fft-4p, fft-5p)
from . import french_2p  # noqa: F401  (registers french-2p)
