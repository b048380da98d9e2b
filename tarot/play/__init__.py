"""The table, with no interface (DESIGN.md: services): a session of seats, people or bots, that
deals one deal after another, keeps the match and the game to a target, saves the records and
emits plain events (``events``); the terminal and the browser are views over it."""

from .events import (
    ActionPlayed, DealOver, DealStarted, DeclarationShown, Event, GameProgress, MatchOver, PaymentMade,
    PaymentTakenBack, RecordFailed, RecordSaved, SheetRow, TakenBack, TrickWon,
)
from .match import Match, cut_rank
from .narration import Narration
from .files import game_base, games_folder, new_game_path
from .session import PERSON, Pending, Prompt, TableSession, record_path

__all__ = [
    "PERSON", "ActionPlayed", "DealOver", "DealStarted", "DeclarationShown", "Event", "GameProgress", "Match",
    "MatchOver", "Narration", "PaymentMade", "PaymentTakenBack", "Pending", "Prompt", "RecordFailed", "RecordSaved", "SheetRow", "TakenBack",
    "TableSession", "TrickWon", "cut_rank", "game_base", "games_folder", "new_game_path", "record_path",
]
