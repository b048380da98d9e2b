"""``tarot serve``: a bad database, a bad port or the web extra missing, each refused in one
line without starting a server."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("typer")

from typer.testing import CliRunner  # noqa: E402

from tarot.cli import app  # noqa: E402

runner = CliRunner()


def serve(*args: str):
    return runner.invoke(app, ["serve", *args], prog_name="tarot")


def test_a_database_that_cannot_be_opened_is_named_in_one_line():
    pytest.importorskip("uvicorn")
    res = serve("--database", "nonsense")
    assert res.exit_code == 1
    assert res.stderr.startswith("tarot: cannot upgrade the database nonsense") and res.stderr.count("\n") == 1


def test_a_port_out_of_range_is_refused():
    pytest.importorskip("uvicorn")
    res = serve("--port", "70000")
    assert res.exit_code == 2 and "--port must be 1..65535, not 70000" in res.stderr


def test_without_the_web_extra_serve_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    res = serve()
    assert res.exit_code == 2
    assert "pip install 'tarot-games[web]'" in res.stderr and res.stderr.count("\n") == 1
