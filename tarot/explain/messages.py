"""Messages by id: every sentence the table says is a template with named fields in a catalogue.

A game's explanations (``tarot.variants.<g>.explain``) and the base ones (``tarot.explain.base``)
add their English templates with ``add_messages``, and build their sentences with
``say(message_id, **fields)``; a catalogue in another language gives the same ids other
templates (``add_messages(..., language="fr")``), without touching the games' logic. An id
missing from a language's catalogue falls back to English.

>>> add_messages({"doc.greeting": "{name} deals."})
>>> say("doc.greeting", name="South")
'South deals.'
>>> plural(1, "noun.card"), plural(3, "noun.card")
('1 card', '3 cards')
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: language -> message id -> template (``str.format`` with named fields).
CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
#: The language sentences are said in (``use_language``, ``speaking``): a context variable, so
#: that a server speaking to English and French clients at once says each one's sentences in
#: its own language (each asyncio task and thread has its own context).
_language: ContextVar[str] = ContextVar("tarot_language", default="en")


class MessageError(KeyError):
    """A message id that no catalogue knows, or a template given a field it does not name."""


def add_messages(messages: dict[str, str], language: str = "en") -> None:
    """Add templates to ``language``'s catalogue; an id already there with another template is
    refused (two modules would be saying different things under one name)."""
    catalogue = CATALOGUES.setdefault(language, {})
    for key, template in messages.items():
        if catalogue.get(key, template) != template:
            raise MessageError(f"message {key!r} is already defined otherwise in {language!r}")
        list(string.Formatter().parse(template))  # a malformed template fails here, not in play
        catalogue[key] = template


def use_language(language: str) -> None:
    """Say the sentences from now on in ``language`` (ids it lacks stay English), in the current
    context (a program's one thread, or the task or thread that calls it)."""
    CATALOGUES.setdefault(language, {})
    _language.set(language)


def language() -> str:
    """The language sentences are said in now."""
    return _language.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Say the sentences in ``language`` within the ``with`` block, then as before.

    >>> add_messages({"doc.hello": "Hello"}); add_messages({"doc.hello": "Bonjour"}, language="fr")
    >>> with speaking("fr"):
    ...     say("doc.hello")
    'Bonjour'
    >>> say("doc.hello")
    'Hello'
    """
    CATALOGUES.setdefault(language, {})
    token = _language.set(language)
    try:
        yield
    finally:
        _language.reset(token)


def known(message_id: str) -> bool:
    """Whether the catalogues have a template for ``message_id`` (English is the fallback)."""
    return message_id in CATALOGUES[_language.get()] or message_id in CATALOGUES["en"]


def say(message_id: str, **fields: object) -> str:
    """The sentence ``message_id`` with its named ``fields`` filled in."""
    template = CATALOGUES[_language.get()].get(message_id) or CATALOGUES["en"].get(message_id)
    if template is None:
        raise MessageError(f"no message {message_id!r}")
    try:
        return template.format(**fields)
    except KeyError as e:
        raise MessageError(f"message {message_id!r} needs the field {e.args[0]!r}") from None


#: Nouns counted by ``plural``: ``noun.x.one`` and ``noun.x.many`` (a language with other plural
#: rules chooses its forms in its templates). A game adds its own as ``<game>.noun.x``.
add_messages({
    "noun.card.one": "{n} card", "noun.card.many": "{n} cards",
    "noun.more_card.one": "{n} more card", "noun.more_card.many": "{n} more cards",
    "noun.hand.one": "{n} hand", "noun.hand.many": "{n} hands",
    "noun.deal.one": "{n} deal", "noun.deal.many": "{n} deals",
    "noun.point.one": "{n} point", "noun.point.many": "{n} points",
    "noun.board.one": "{n} board", "noun.board.many": "{n} boards",
    "noun.seating.one": "{n} seating", "noun.seating.many": "{n} seatings",
})


add_messages({"list.and": "{first} and {last}", "list.or": "{first} or {last}"})


def joined(items: list[str], how: str = "list.and") -> str:
    """``South``, ``South and West``, ``South and West and East``: items joined by the message
    ``how`` (``list.and``, ``list.or``), one pair at a time."""
    said = items[0]
    for item in items[1:]:
        said = say(how, first=said, last=item)
    return said


def plural(n: int, noun: str) -> str:
    """``n`` of the counted ``noun`` (a message id: ``noun.card`` says ``1 card``, ``2 cards``)."""
    return say(noun + (".one" if n == 1 else ".many"), n=n)
