"""Game-agnostic engine core: protocol, RNG, records, errors, content packs.

Nothing here imports any other turncoat package.
"""
