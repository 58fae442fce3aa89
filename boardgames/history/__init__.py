"""The history of finished games: an SQLite database of results and ratings, rebuilt from the saves at will."""
