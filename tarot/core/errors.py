"""The errors of the core: each names what was wrong, and none leaves a deal changed."""


class TarotError(Exception):
    """Base class of every error the package raises on bad input."""


class IllegalActionError(TarotError, ValueError):
    """A well-formed action that the rules forbid now; the message says which rule."""


class CardParseError(TarotError, ValueError):
    """A card token or id that names no card; the message quotes it."""


class OptionError(TarotError, ValueError):
    """An unknown option, or a value the option does not take."""


class UnknownVariantError(TarotError, KeyError):
    """A variant name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


class RecordError(TarotError, ValueError):
    """A record that cannot be read or that does not replay; names the line or action."""
