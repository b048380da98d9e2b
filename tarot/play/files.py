"""Where ``tarot play`` keeps its games, and the score sheet as a record's ``Sheet`` tag: the
games folder (XDG), a new game's name in it, the name a resumed game goes on under."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from ..core.errors import RecordError
from .events import SheetRow


def sheet_entry(row: SheetRow) -> str:
    """A score sheet's row as the ``Sheet`` tag writes it: ``number dealer scores``, and
    ``annulled`` for a hand not played out.

    >>> sheet_entry(SheetRow(2, 1, (10, -5, -5), False)), sheet_entry(SheetRow(3, 2, (0, 0, 0), True))
    ('2 1 +10 -5 -5', '3 2 +0 +0 +0 annulled')
    """
    scores = " ".join(f"{v:+d}" for v in row.scores)
    return f"{row.number} {row.dealer} {scores}" + (" annulled" if row.annulled else "")


_SHEET_ENTRY = re.compile(r"\s*(\d{1,6}) (\d{1,2})((?: [+-]\d{1,9})+)( annulled)?\s*")


def parse_sheet_entry(text: str) -> SheetRow:
    """A row of the ``Sheet`` tag (``sheet_entry``); ``ValueError`` quoting it if malformed.

    >>> parse_sheet_entry("2 1 +10 -5 -5")
    SheetRow(number=2, dealer=1, scores=(10, -5, -5), annulled=False)
    """
    m = _SHEET_ENTRY.fullmatch(text)
    if m is None:
        raise ValueError(f"the Sheet tag's entry {text.strip()[:40]!r} is not 'deal dealer scores'")
    return SheetRow(int(m[1]), int(m[2]), tuple(int(v) for v in m[3].split()), bool(m[4]))


def games_folder() -> Path:
    """Where ``tarot play`` saves every deal by default: ``$XDG_DATA_HOME/tarot/games``, else
    ``~/.local/share/tarot/games`` (the XDG base directory rule for a user's data)."""
    data = os.environ.get("XDG_DATA_HOME") or ""
    base = Path(data) if os.path.isabs(data) else Path.home() / ".local" / "share"
    return base / "tarot" / "games"


def new_game_path(folder: Path, variant: str, suffix: str = ".txt") -> Path:
    """A name in ``folder`` for a new game's records (``fft-4p-20261127-2245.txt``, its deals
    then ``...-1.txt``, ``...-2.txt``), taken by no game already there."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(1000):
        stem = f"{variant}-{stamp}" + (f"-{k}" if k else "")
        if not any(folder.glob(f"{stem}-*{suffix}")):
            return folder / f"{stem}{suffix}"
    raise RecordError(f"cannot name a new game in {folder}: too many games started this second")


def game_base(path: Path, number: int) -> Path:
    """The name a saved deal's game was saved under (``game-3.txt``, deal 3: ``game.txt``),
    where the deals after it go; a file named otherwise is its own base.

    >>> str(game_base(Path("g/fft-4p-1-3.txt"), 3)), str(game_base(Path("mine.txt"), 3))
    ('g/fft-4p-1.txt', 'mine.txt')
    """
    end = f"-{number}"
    if path.stem.endswith(end) and len(path.stem) > len(end):
        return path.with_name(path.stem[:-len(end)] + path.suffix)
    return path
