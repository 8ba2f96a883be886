"""A rule the seed leaves open, as the plugin's rules files hold it: the reading taken, and whether it is provisional.

Every such mapping in ``data/rules/*.yaml`` has this shape; the site lists the provisional
ones on the readings page (``skurling-readings``) and shows each beside its rule.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class Reading:
    """The plugin's reading of a rule the seed leaves open, in ``note``; ``rule`` names it where the data does."""

    provisional: bool
    note: str
    rule: str | None = None
