"""Every command of the README's tour runs as a new player would type it, in about a minute.

The tour is read from README.md ("A short tour": its shell lines, run by ``bash`` in a scratch
folder, one after the other since a later line may read what an earlier one saved, and its Python
block); ``make play`` and ``make test`` are the set-up's, not the tour's. ``tarot`` is this tree's
(``python -m tarot``). A ``tarot play`` without ``--script`` is given the first choice at every
prompt, 400 times, then the end of its input, which leaves the table. ``tarot serve`` runs until
it is stopped: it is started on a free port, must answer ``/api/health``, and is stopped.

The budget, stated and not asserted (tests assert no timing): each command in about a minute on
the project's machine (two shared cores, pure Python). The whole tour took 106 s there alone at
load 9 (its slowest line 27 s), 245 s within the whole suite at load 11 (slowest 53 s);
``-m "not tour"`` leaves it out (the compiled copy's suite may). A command still running after
``STUCK`` seconds is taken as stuck, and fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Each command's budget, in seconds: about a minute (stated, not asserted).
BUDGET = 60
#: A command still running after this long is stuck (fifteen times the budget: a busy machine
#: is slow, not that slow).
STUCK = 15 * BUDGET
#: What an interactive ``tarot play`` is given: the first choice at each prompt, then the end.
FIRST_CHOICES = "1\n" * 400


def tour() -> list[tuple[str, str]]:
    """The tour's commands, in order: ("sh", a shell line) or ("python", a Python block)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## A short tour", 1)[1].split("\n## ", 1)[0]
    steps = []
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", section, flags=re.M | re.S):
        if lang == "python":
            steps.append(("python", body))
            continue
        steps += [("sh", line) for line in body.splitlines()
                  if line.strip() and not line.lstrip().startswith(("#", "make "))]
    return steps


def _serves(line: str, work: Path, env: dict) -> str:
    """Start the tour's ``tarot serve`` line on a free port; '' once it answers /api/health,
    else what went wrong. The server is stopped either way."""
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(["bash", "-c", f"exec {line.split('#')[0].strip()} --port {port}"], cwd=work,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + STUCK
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as r:
                    return "" if r.status == 200 else f"/api/health answered {r.status}"
            except OSError:
                time.sleep(0.5)
        return f"exit {server.poll()}: {server.stderr.read()[-1500:] if server.poll() is not None else 'no answer'}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_tour_is_read_whole():
    steps = tour()
    lines = [text for kind, text in steps if kind == "sh"]
    assert len(lines) >= 10 and all(line.split()[0] in ("tarot", "yes") for line in lines), lines
    assert [kind for kind, _ in steps].count("python") == 1
    for command in ("play", "simulate", "tournament", "replay", "review", "puzzles", "study", "serve", "rules",
                    "bots"):
        assert any(re.search(rf"\btarot {command}\b", line) for line in lines), command


@pytest.mark.tour
def test_every_command_of_the_readme_tour_runs(tmp_path):
    shims = tmp_path / "bin"
    shims.mkdir()
    shim = shims / "tarot"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tarot "$@"\n')
    shim.chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PATH": f"{shims}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    took, failed = [], []
    for kind, text in tour():
        args = ["bash", "-c", text] if kind == "sh" else [sys.executable, "-c", text]
        start = time.perf_counter()
        if text.startswith("tarot serve"):
            problem = _serves(text, work, env)
            took.append((time.perf_counter() - start, text))
            if problem:
                failed.append(f"{text}\n  {problem}")
            continue
        done = subprocess.run(args, input=FIRST_CHOICES, capture_output=True, text=True, cwd=work,
                              env=env, timeout=STUCK)
        seconds = time.perf_counter() - start
        took.append((seconds, text.splitlines()[0]))
        if done.returncode != 0 or "Traceback" in done.stderr or not (done.stdout or done.stderr):
            failed.append(f"{text}\n  exit {done.returncode}: {done.stderr[-1500:]}")
    # the times, to read with `pytest -rP`: over BUDGET is worth a look, not a failure
    for seconds, line in took:
        print(f"{seconds:6.1f} s{' (over the budget)' if seconds > BUDGET else ''}  {line}")
    print(f"{sum(s for s, _ in took):6.1f} s in all")
    assert not failed, "\n".join(failed)
    assert (work / "game-1.txt").exists() and (work / "deals.jsonl").stat().st_size > 0
