"""The rules documentation (docs/rules/) stays true to what cites it.

Every source key the options and the documents cite is defined in docs/rules/sources.md, every
section cited as "docs/rules §N.N" (or bare "§N.N", the same numbering) is a heading of
docs/rules/, and every option of every variant is described on its game's page with each of
its values and its default.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tarot
from tarot.core.game import game_of

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"

#: The page of each game family (``Game.name``).
PAGES = {"marolles": "marolles.md", "early_french": "early-french.md",
         "french": "french-tarot.md", "french_2p": "french-tarot.md"}

#: Names of authors, bodies and sites that cite a source when they appear in a text.
NAMES = ("FFT", "pagat", "Dummett/McLeod 2004", "Dummett", "McLeod", "du Coeur", "Waks",
         "Depaulis", "Perrache", "Mathers", "de Ryck")

_S_KEY = re.compile(r"\bS[0-9]+\b")
_SEED_KEY = re.compile(r"\bseed-[A-Za-z]+(?:-[A-Za-z]+)*")
_BARE_SEED = re.compile(r"\bseed\b(?!-)")
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")

_NUM = r"[0-9]+(?:\.[0-9]+)*[a-z]?"
#: "§1.6", "§1.3-1.7", "§0-§1": the numbers of docs/rules sections cited (ranges: both ends).
_SECTION = re.compile(rf"§({_NUM})(?:\s*[-–]\s*§?({_NUM}))?")
_HEADING_NUMBER = re.compile(rf"^#{{1,6}} ({_NUM})[.\s]", re.M)


def _prose(text: str) -> str:
    """Markdown without its code (records and commands write seats as S0, S1, S2)."""
    return _INLINE_CODE.sub(" ", _FENCE.sub(" ", text))


def _keys_in(text: str, bare_seed: bool = False) -> set[str]:
    keys = set(_S_KEY.findall(text)) | set(_SEED_KEY.findall(text))
    keys |= {name for name in NAMES if re.search(rf"\b{re.escape(name)}\b", text)}
    if bare_seed and _BARE_SEED.search(text):
        keys.add("seed")
    return keys


def _defined_keys() -> set[str]:
    """The keys of sources.md: its ``### KEY: title`` headings and its table of other names."""
    text = (RULES / "sources.md").read_text(encoding="utf-8")
    keys = set(re.findall(r"^### ([^:\n]+):", text, re.M))
    names = text.split("## Other names in citations", 1)[1].split("\n## ", 1)[0]
    for row in re.findall(r"^\| ([^|]+?) \|", names, re.M):
        keys |= {k.strip() for k in row.split(",")} - {"name", "---"}
    return keys


def _variants():
    return [(name, tarot.variant_class(name)) for name in tarot.VARIANTS]


def _markdown_docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(RULES.glob("*.md"))]


def test_sources_define_the_keys_they_are_cited_by():
    defined = _defined_keys()
    assert {"S1", "S2", "S5", "S10", "seed-modern", "FFT", "Dummett/McLeod 2004"} <= defined
    assert {f"S{n}" for n in range(1, 16)} <= defined


def test_every_key_an_option_cites_is_defined():
    defined = _defined_keys()
    missing = {}
    for name, cls in _variants():
        for o in cls.OPTIONS:
            for key in _keys_in(f"{o.basis} {o.doc}", bare_seed=True) - defined:
                missing.setdefault(key, []).append(f"{name} {o.key}")
    assert not missing, f"keys cited by options but not defined in docs/rules/sources.md: {missing}"


@pytest.mark.parametrize("path", _markdown_docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_key_a_document_cites_is_defined(path):
    undefined = _keys_in(_prose(path.read_text(encoding="utf-8"))) - _defined_keys()
    assert not undefined, f"{path.name} cites {sorted(undefined)}, not defined in docs/rules/sources.md"


def _headings() -> set[str]:
    found: set[str] = set()
    for page in RULES.glob("*.md"):
        found |= set(_HEADING_NUMBER.findall(page.read_text(encoding="utf-8")))
    return found


def _citing_files() -> list[Path]:
    code = [p for d in ("tarot", "tests", "bench", "scripts") for p in sorted((ROOT / d).rglob("*.py"))]
    return [p for p in code if p.name != Path(__file__).name] + _markdown_docs()


def test_every_section_cited_is_a_heading_of_docs_rules():
    headings = _headings()
    assert {"0.5", "1.6", "1.10", "1.11", "2.1", "3.4", "4.5", "4.7", "5"} <= headings
    missing = {}
    for path in _citing_files():
        for m in _SECTION.finditer(path.read_text(encoding="utf-8")):
            for number in filter(None, m.groups()):
                if number not in headings:
                    missing.setdefault(f"§{number}", []).append(str(path.relative_to(ROOT)))
    assert not missing, f"sections cited but not headings of docs/rules/: {missing}"


def test_no_document_or_module_cites_the_team_spec_by_section():
    """RULES.md is outside the repository: the project cites its own docs/rules."""
    files = [*sorted((ROOT / "tarot").rglob("*.py")), *_markdown_docs()]
    citing = [str(p.relative_to(ROOT)) for p in files if "RULES.md §" in p.read_text(encoding="utf-8")]
    assert not citing, f"these cite 'RULES.md §' instead of 'docs/rules §': {citing}"


def _blocks(page: str, key: str) -> list[str]:
    """The text under each heading of ``page`` that names the option ``key`` in backticks."""
    parts = re.split(r"^(#{1,6} .*)$", page, flags=re.M)
    return [parts[i] + parts[i + 1] for i in range(1, len(parts) - 1, 2) if f"`{key}`" in parts[i]]


def _describes(block: str, o) -> bool:
    """Whether ``block`` gives each value of option ``o``, its default on a line "- `v` (default"
    and its integer range."""
    return (all(f"`{c}`" in block for c in o.choices)
            and re.search(rf"^- `{re.escape(o.default)}` \(default", block, re.M) is not None
            and (o.int_range is None or f"{o.int_range[0]}..{o.int_range[1]}" in block))


@pytest.mark.parametrize("name, cls", _variants(), ids=[n for n, _ in _variants()])
def test_every_option_is_described_on_its_games_page(name, cls):
    page_name = PAGES[game_of(name).name]
    page = (RULES / page_name).read_text(encoding="utf-8")
    for o in cls.OPTIONS:
        blocks = _blocks(page, o.key)
        assert blocks, f"{name}: option {o.key} has no heading in docs/rules/{page_name}"
        assert any(_describes(b, o) for b in blocks), (
            f"{name}: docs/rules/{page_name} does not give option {o.key} with each of its values "
            f"{o.choices}, its default {o.default!r} marked '(default)' and its range {o.int_range}")


def test_rules_command_says_where_the_sources_are():
    from typer.testing import CliRunner

    from tarot.cli import app

    res = CliRunner().invoke(app, ["rules", "marolles-1637"])
    assert res.exit_code == 0, res.output
    assert "docs/rules/sources.md" in res.stdout
    assert (ROOT / "docs" / "rules" / "sources.md").is_file()


def test_readme_links_the_rules():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    documentation = readme.split("## Documentation", 1)[1].split("\n## ", 1)[0]
    assert "(docs/rules/README.md)" in documentation
