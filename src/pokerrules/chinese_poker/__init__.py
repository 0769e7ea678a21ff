"""Moved into a package; the next commit splits it into rooms."""

from pokerrules.chinese_poker import state as _state

globals().update({k: v for k, v in vars(_state).items() if not k.startswith("__")})
__all__ = _state.__all__
__doc__ = _state.__doc__
