"""The browser table: a FastAPI app, its pages and card faces (an optional extra, ``web``)."""
