"""The web table (``tarot serve``): FastAPI + WebSocket over the table session, kept in a
database (``docs/web.md``, the protocol in ``docs/web-protocol.md``). Needs the ``web`` extra."""
