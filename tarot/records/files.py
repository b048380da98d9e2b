"""Record files: reading one (UTF-8, of a record's size), checking where records may be
written, and writing one whole or not at all.

``tarot.records.load_record`` and ``save_record`` read and write records through these.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from os import PathLike
from pathlib import Path
from typing import Final

from ..core.errors import RecordError, excerpt

#: The largest file read as a record: one deal's record takes a few kilobytes.
MAX_RECORD_BYTES: Final = 2**20


def read_record_file(path: str | PathLike) -> tuple[Path, str]:
    """The path and the text of a record file, its line ends made ``\\n`` (``RecordError``
    naming the file if it cannot be read, is too large or is not UTF-8)."""
    if not isinstance(path, (str, PathLike)):
        raise RecordError(f"a record file is named by a path, not {type(path).__name__}")
    if not str(path):
        raise RecordError("no record file named (an empty path)")
    p = Path(path)
    try:
        with p.open("rb") as f:  # a pipe or /dev/stdin will do; a device that never ends will not
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {p}: {e.strerror or e}") from None
    except ValueError as e:  # a NUL in the name
        raise RecordError(f"cannot read {excerpt(str(p))}: {e}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{p}: more than {MAX_RECORD_BYTES // 2**20} MiB, too large to be a record")
    try:
        return p, data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as e:
        raise RecordError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def check_record_paths(paths: Iterable[str | PathLike]) -> None:
    """Refuse, with ``RecordError``, a path ``save_record`` could not write: a folder that does
    not exist or takes no new file, a name the system refuses, a folder or a device where the
    file would go. Each folder is tried by making (and removing) a file in it, as
    ``save_record`` does.

    >>> check_record_paths(["/no/such/folder/game.txt"])
    Traceback (most recent call last):
    ...
    tarot.core.errors.RecordError: cannot write /no/such/folder/game.txt: the folder /no/such/folder does not exist
    """
    tried: set[Path] = set()
    for path in paths:
        p = Path(path)
        if "\x00" in str(p):
            raise RecordError(f"cannot write {excerpt(str(p))}: a file name holds no NUL character")
        try:
            where = p.parent
            if where not in tried:
                if not where.is_dir():
                    raise RecordError(f"cannot write {p}: the folder {where} does not exist")
                fd, tmp = tempfile.mkstemp(prefix=".tarot-record-", suffix=".tmp", dir=where)
                os.close(fd)
                os.unlink(tmp)
                tried.add(where)
            if p.exists() and not p.is_file():
                raise RecordError(f"cannot write {p}: it is {'a folder' if p.is_dir() else 'not a file'}")
        except OSError as e:
            raise RecordError(f"cannot write {p}: {e.strerror or e}") from None


def write_record_file(path: Path, text: str) -> None:
    """Write ``text`` beside ``path`` and then rename it to ``path``, so that ``path`` ends up
    holding either the whole text or what it held before (a full disk, a write refused
    halfway). An existing file keeps its permissions; a new one gets what the umask allows."""
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tarot-record-", suffix=".tmp", dir=path.parent)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        else:  # as open() would make it
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise RecordError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
