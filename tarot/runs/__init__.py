"""Runs of many deals played by bots: ``simulate`` (deals streamed, summed as they come),
``duplicate`` (the same boards under every seating of the bots), ``tournament`` (any number of
bots on duplicate boards: paired differences, roles, decision times), over one process pool
(``pool``) and one set of statistics (``stats``). Standard library only.
"""
