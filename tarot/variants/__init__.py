"""The games, one package each; importing a game's package declares and registers it
(``tarot.core.game``)."""

from . import marolles  # noqa: F401  (marolles-1637, marolles-78, marolles-2p)
from . import early_french  # noqa: F401  (early-french)
from . import french  # noqa: F401  (fft-4p, fft-3p, fft-5p)
from . import french_2p  # noqa: F401  (french-2p)
