"""Alembic's environment for the web tables' database (``tarot.web.store``).

The URL comes from ``Config.attributes["url"]`` (``tarot.web.store.upgrade``, what the server
runs at start), else ``alembic -x url=...``, else ``$TAROT_DATABASE_URL``, else the ini's
``sqlalchemy.url``: ``alembic -c tarot/web/migrations/alembic.ini -x url=URL upgrade heads``.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine, pool

from tarot.web.store import Base


def run_migrations() -> None:
    config = context.config
    url = (config.attributes.get("url") or context.get_x_argument(as_dictionary=True).get("url")
           or os.environ.get("TAROT_DATABASE_URL") or config.get_main_option("sqlalchemy.url"))
    if not url:
        raise SystemExit("no database: give -x url=URL or TAROT_DATABASE_URL")
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic (imported elsewhere, e.g. by pytest, it does nothing)
    run_migrations()
