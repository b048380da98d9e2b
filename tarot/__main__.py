"""``python -m tarot`` and the ``tarot`` command: ``tarot.cli``, once its extra is known to be there.

The command line needs the ``cli`` extra (typer and rich); the engine does not. Installed without
it (``pip install .``), the command says in one line which extra to install, and exits with 2,
as for any other bad set-up, rather than with an ``ImportError`` traceback.
"""

from __future__ import annotations

import sys

#: The modules of the ``cli`` extra (pyproject.toml, ``[project.optional-dependencies]``).
CLI_EXTRA = ("typer", "rich")


def main() -> None:
    """Run the ``tarot`` command, or say which extra it needs (exit 2)."""
    try:
        from .cli import main as cli_main
    except ModuleNotFoundError as e:
        if (e.name or "").split(".")[0] not in CLI_EXTRA:
            raise
        sys.stderr.write(f"tarot: the command line needs the cli extra ({e.name} is not installed): "
                         "pip install 'tarot-games[cli]'\n")
        raise SystemExit(2) from None
    cli_main()


if __name__ == "__main__":
    main()
