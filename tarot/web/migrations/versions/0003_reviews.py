"""The engine's reviews of finished deals (``tarot.web.teach``): one per deal, seat, worlds
and language of its reasons.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("record_id", sa.Integer(), sa.ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("worlds", sa.Integer(), primary_key=True),
        sa.Column("lang", sa.String(8), primary_key=True),
        sa.Column("review", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
