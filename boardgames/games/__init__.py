"""One package per game; each declares its Game as ``GAME`` and boardgames.core.registry finds it."""
