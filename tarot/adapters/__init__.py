"""The project's games in the APIs researchers use (docs/research.md): a fixed-size observation
of a seat's view (``encode``), PettingZoo (``pettingzoo_env``), Gymnasium (``gymnasium_env``).

Each needs the extra ``rl`` (``pip install 'tarot-games[rl]'``: NumPy, PettingZoo, Gymnasium);
nothing here is imported by ``import tarot``.
"""
