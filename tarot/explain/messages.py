"""Messages by id: every sentence the table says is a template with named fields in a catalogue.

A game's explanations (``tarot.variants.<g>.explain``) and the base ones (``tarot.explain.base``)
add their English templates with ``add_messages``, and build their sentences with
``say(message_id, **fields)``; a catalogue in another language gives the same ids other
templates (``add_messages(..., language="fr")``), without touching the games' logic. An id
missing from a language's catalogue falls back to English.

>>> add_messages({"doc.greeting": "{name} deals."})
>>> say("doc.greeting", name="South")
'South deals.'
>>> plural(1, "card"), plural(3, "empty", "empties")
('1 card', '3 empties')
"""

from __future__ import annotations

import string

#: language -> message id -> template (``str.format`` with named fields).
CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
#: The language sentences are said in (``use_language``).
_language = "en"


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
    """Say the sentences from now on in ``language`` (ids it lacks stay English)."""
    global _language
    CATALOGUES.setdefault(language, {})
    _language = language


def say(message_id: str, **fields: object) -> str:
    """The sentence ``message_id`` with its named ``fields`` filled in."""
    template = CATALOGUES[_language].get(message_id) or CATALOGUES["en"].get(message_id)
    if template is None:
        raise MessageError(f"no message {message_id!r}")
    try:
        return template.format(**fields)
    except KeyError as e:
        raise MessageError(f"message {message_id!r} needs the field {e.args[0]!r}") from None


add_messages({
    "plural.one": "{n} {word}",
    "plural.many": "{n} {words}",
})


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards`` (``words``: the plural where it is not ``word`` + s)."""
    if n == 1:
        return say("plural.one", n=n, word=word)
    return say("plural.many", n=n, words=words or word + "s")
