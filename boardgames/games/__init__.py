"""One package per game; each registers its Game with boardgames.core.registry."""
