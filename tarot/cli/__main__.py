"""``python -m tarot.cli``: the ``tarot`` command."""

from . import main

main()
