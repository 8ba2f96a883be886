"""Sevens: Blood Bowl with seven players a side on a 20 x 11 pitch, six turns a half.

The example plugin of the bbcore how-to "Write a variant plugin". Everything it
changes is data in ``data/`` plus the hook implementations in :mod:`bbcore_sevens.plugin`.
"""

__version__ = "0.1.0"
