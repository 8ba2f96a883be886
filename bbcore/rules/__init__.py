"""The procedures of the game: small pure functions over immutable state.

Each takes the Ruleset, a state and a dice source, and returns the new state with
the events that happened. Wherever a variant may play differently, a procedure
asks a documented hook (see :mod:`bbcore.hookspecs`).
"""
