"""Every game's YAML tables, one folder a game; shipped in the wheel as package data."""
