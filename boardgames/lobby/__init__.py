"""Tables shared by several terminals: the table folders, the lobby, the chat, who is here (no Textual here)."""
