"""Duplicate challenges: a table dealt from fixed boards (``tables.boards``), and each person's
play of a challenge (``challenge_plays``), its scores once the server has counted every board.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("boards", sa.JSON(), nullable=True))
    op.create_table(
        "challenge_plays",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("challenge", sa.String(60), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_challenge_plays_challenge", "challenge_plays", ["variant", "challenge"])


def downgrade() -> None:
    op.drop_index("ix_challenge_plays_challenge", "challenge_plays")
    op.drop_table("challenge_plays")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("boards")
