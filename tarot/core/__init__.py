"""The core: cards, counting, ledger, options, the action space and the deal state machine.

Standard library only; no I/O; deterministic given its random generator.
"""
