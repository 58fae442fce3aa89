"""Every game's YAML tables; installed as the package boardgames.rules_data."""
