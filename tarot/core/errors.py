r"""The errors of the core: each names what was wrong, and none leaves a deal changed.

Text that comes from outside (a record's tag, a token typed or read, a value passed in) reaches
people only through ``printable`` (control and bidi characters escaped) and, in an error
message, through ``excerpt`` (a short quotation of it): a record cannot send escape sequences
to a terminal (an OSC 52 clipboard write, hidden text), nor a megabyte line come back whole.

>>> print(RecordError("line 2: not [Bad\x1b]52;c;aGk=\x07"))
line 2: not [Bad\x1b]52;c;aGk=\x07
"""

from __future__ import annotations

#: How many characters of a bad input an error message quotes (``excerpt``).
EXCERPT_CHARS = 40
#: The longest message an error prints (``TarotError.__str__`` cuts a longer one).
MAX_MESSAGE_CHARS = 1000


def printable(text: str) -> str:
    r"""``text`` safe to print on a terminal, or to put in a web page once HTML-escaped: every
    character ``repr`` would escape (control characters such as ESC, bidi controls such as
    U+202E, line and paragraph separators, lone surrogates) is written as its escape; letters,
    spaces and backslashes stay as they are.

    >>> printable("ok\x1b]52;c;aGk=\x07 \u202eevil\u00a0é")
    'ok\\x1b]52;c;aGk=\\x07 \\u202eevil\xa0é'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch.isspace() and ch not in _BREAKS
                   else repr(ch)[1:-1] for ch in text)


#: Spaces that break lines or move the cursor (``printable`` escapes them; other spaces stay).
_BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")


def shorten(text: str, limit: int = EXCERPT_CHARS) -> str:
    r"""``text`` printable (``printable``) and cut after ``limit`` characters of that, saying how
    long it was: for a token or a line of a record quoted as it is written.

    >>> shorten("KS"), shorten("S1" * 30, 10), shorten("\x1b[2J")
    ('KS', 'S1S1S1S1S1… (60 characters)', '\\x1b[2J')
    """
    shown = printable(text[:limit + 1])
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}… ({len(text)} characters)"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """A short, printable quotation of ``value`` for an error message: its ``repr`` when that is
    short, else the first ``limit`` characters of it and the length; an integer too long to write
    (Python writes at most 4,300 digits) is given by its number of digits.

    >>> excerpt("KS"), excerpt(3.5), excerpt(None)
    ("'KS'", '3.5', 'None')
    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (1000 characters)"
    >>> excerpt(10 ** 5000), excerpt(-10 ** 50)
    ('an integer of 5001 digits', 'a negative integer of 51 digits')
    """
    if isinstance(value, str):
        shown = repr(value[:limit + 1])  # escaped as printable() would
        if len(shown) <= limit + 2:
            return shown
        return f"{shown[:limit + 1]}{shown[0]}… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 3 * limit:
        size = abs(value)
        digits = size.bit_length() * 30103 // 100000   # log10(2): one less than the count or exact
        if size >= 10 ** digits:
            digits += 1
        return f"{'a negative' if value < 0 else 'an'} integer of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (an integer too long inside a list)
        text = f"a {type(value).__name__}"
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text)} characters)"
    return printable(text)


class TarotError(Exception):
    """Base class of every error the package raises on bad input. Its message is printable
    (``printable``) and at most ``MAX_MESSAGE_CHARS`` long, whatever input it quotes."""

    def __str__(self) -> str:
        return shorten(super().__str__(), MAX_MESSAGE_CHARS)




class IllegalActionError(TarotError, ValueError):
    """A well-formed action that the rules forbid now; the message says which rule."""


class CardParseError(TarotError, ValueError):
    """A card token or id that names no card; the message quotes it."""


class OptionError(TarotError, ValueError):
    """An unknown option, or a value the option does not take."""


class UnknownVariantError(TarotError, KeyError):
    """A variant name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return shorten(str(self.args[0]), MAX_MESSAGE_CHARS)


class RecordError(TarotError, ValueError):
    """A record that cannot be read or that does not replay; names the line or action."""
