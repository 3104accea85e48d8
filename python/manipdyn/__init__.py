"""manipdyn: dynamics of serial manipulators and Stewart platforms.

SI units and radians throughout; vectors and matrices are NumPy arrays (float64).
"""
from ._manipdyn import *  # noqa: F401,F403
from . import _manipdyn as _core

__all__ = [name for name in dir(_core) if not name.startswith("_")]
