"""The browser client's pages (the lobby, the table, the records): a placeholder router that
``tarot.web.app`` includes; the client's own module replaces this file."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
