"""The generated reference and the README stay true to the code."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_options_doc", ROOT / "scripts" / "gen_options_doc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_options_doc_is_current():
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    assert text == _load_generator().render(), "docs/options.md is stale: run python scripts/gen_options_doc.py"


def test_readme_gives_exactly_two_setup_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^\s*(make \w+)\s*$", setup, flags=re.M)
    assert commands == ["make play", "make test"]


def test_ci_runs_the_readme_test_command():
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_api_doc_examples_run():
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False)
    assert tried > 10 and failures == 0
