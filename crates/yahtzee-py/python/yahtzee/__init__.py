"""Exact optimal play for Yahtzee and its family of dice games.

The engine is the Rust extension ``yahtzee._native``; this package re-exports it
(``yahtzee.Table``, ``yahtzee.advise``, ...; type hints in ``__init__.pyi``) and adds the
learning environments in :mod:`yahtzee.gym` (Gymnasium) and :mod:`yahtzee.pettingzoo`
(PettingZoo), registered with Gymnasium as ``yahtzee/...`` ids on import when Gymnasium is
installed (docs/LEARNING.md).
"""

from . import _native
from ._native import *  # noqa: F401,F403  (the engine's classes, functions and errors)
from ._native import __version__  # noqa: F401

# `yahtzee.triple` and `yahtzee.yahtzix` are submodules the extension made; name them here
# so `yahtzee.triple` works as an attribute as well as an import.
triple = _native.triple
yahtzix = _native.yahtzix


def _register_gymnasium() -> None:
    """Registers the environments when Gymnasium is installed (its import is the cost)."""
    import importlib.util

    if importlib.util.find_spec("gymnasium") is None:
        return
    from .gym import register_envs

    register_envs()


_register_gymnasium()
