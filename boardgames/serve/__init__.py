"""Serving the suite to others: over SSH (``ssh.py``) and in a browser (``web.py``).

Each connection gets its own ``boardgames`` process with its own save store; nothing here
imports Textual, so the server stays small and a child's crash stays in the child.
"""
