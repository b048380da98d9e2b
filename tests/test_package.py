"""The package itself: a compiled module older than its source is found, imported yet or not."""

from __future__ import annotations

import os

from tarot import stale_compiled


def test_a_module_compiled_before_its_source_changed_is_found(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    for name, so_time, py_time in (("deal", 100, 50), ("search", 100, 200)):
        folder = tmp_path if name == "deal" else bots
        py, so = folder / f"{name}.py", folder / f"{name}.cpython-311-x86_64-linux-gnu.so"
        py.write_text("x = 1\n")
        so.write_bytes(b"")
        os.utime(so, (so_time, so_time))
        os.utime(py, (py_time, py_time))
    (tmp_path / "lonely.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # no source: not checked
    # search.py changed after it was compiled (a bot module, not imported by `import tarot`)
    assert stale_compiled(str(tmp_path)) == [str(bots / "search.py")]
