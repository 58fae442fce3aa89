"""The language over SSH: the client's LANG, Tab at the name prompt, the player's remembered choice, and the
language handed to the game process. The game process is a stand-in printing its command line (cheap); the
real one's choice of language is tested on its own (child.choose_language)."""

from __future__ import annotations

import sys

from boardgames import i18n
from boardgames.preferences import remember, remembered
from boardgames.serve import child
from boardgames.serve.login import client_language
from boardgames.serve.session import GameSession

from .helpers import Screen, connect, running_server


def stand_in_game(monkeypatch) -> None:
    """The game process prints its arguments (and so the language it was given) and ends."""
    real = GameSession.child_argv

    def argv(self):
        return [sys.executable, "-c", "import sys; print('GAME', *sys.argv[1:])", *real(self)[3:]]

    monkeypatch.setattr(GameSession, "child_argv", argv)


def test_the_client_environment_names_the_language():
    assert client_language({"LANG": "pt_BR.UTF-8"}) == "pt_BR"
    assert client_language({"LANGUAGE": "pt:en", "LANG": "C.UTF-8"}) == "pt_BR"
    assert client_language({"LC_ALL": "en_US.UTF-8", "LANG": "pt_BR.UTF-8"}) == "en"
    assert client_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert client_language({"COLORTERM": "truecolor"}) is None  # nothing said: the session's default stays


def test_the_game_process_speaks_the_language_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_HOME", str(tmp_path))
    monkeypatch.setenv("BOARDGAMES_PLAYER", "name:ana")
    child.choose_language("pseudo")
    assert i18n.language() == "pseudo"
    remember(tmp_path, "pt_BR", "name:ana")
    child.choose_language(None)  # started without --lang: the player's remembered choice
    assert i18n.language() == "pt_BR"


async def test_lang_tab_at_the_prompt_and_the_remembered_choice(tmp_path, monkeypatch):
    stand_in_game(monkeypatch)
    async with running_server(tmp_path, warm_fork=False) as server:
        async with await connect(server) as conn:  # LANG=pt_BR: the prompt in Portuguese; Tab: English
            screen = await Screen.open(conn, env={"LANG": "pt_BR.UTF-8"})
            await screen.wait_for("Bem-vindo ao boardgames.", "Pressione Tab para English.", "Nome: ")
            screen.clear()
            screen.type("an\t")
            await screen.wait_for("Welcome to boardgames.", "Press Tab for Português (Brasil).", "Name: an")
            screen.clear()
            screen.type("\t")  # and back: the typed letters stay
            await screen.wait_for("Bem-vindo", "Nome: an")
            screen.type("a\r")
            await screen.wait_for("ana é um nome novo", "Frase secreta: ")
            screen.type("ana's passphrase\r")
            await screen.wait_for("A mesma frase secreta de novo: ")
            screen.type("ana's passphrase\r")
            assert "GAME --memory 512 --lang pt_BR" in await screen.wait_closed()
        folder = tmp_path / "serve" / "players" / "ana"
        assert remembered(folder, "name:ana") == "pt_BR"  # chosen at the prompt: kept for the player
        async with await connect(server) as conn:  # an English client: her remembered choice wins once she is
            screen = await Screen.open(conn, env={"LANG": "en_GB.UTF-8"})  # known (the passphrase proves it)
            await screen.wait_for("Welcome to boardgames.", "Press Tab for Português (Brasil).")
            screen.type("ana\r")
            await screen.wait_for("Passphrase for ana: ")
            screen.type("ana's passphrase\r")
            assert "GAME --memory 512 --lang pt_BR" in await screen.wait_closed()
        async with await connect(server) as conn:  # nothing sent, nothing chosen: English
            screen = await Screen.open(conn)
            await screen.wait_for("Welcome to boardgames.", "Name: ")
            screen.type("\r")
            assert "GAME --memory 512 --lang en" in await screen.wait_closed()


async def test_a_flood_of_tabs_redraws_the_prompt_twenty_times_and_another_address_still_plays(tmp_path, monkeypatch):
    """Each Tab clears the screen and writes the prompt again: after 20 a Tab is a key like any other (ignored),
    so an attacker cannot make the server write without end; a player elsewhere gets in meanwhile."""
    stand_in_game(monkeypatch)
    async with running_server(tmp_path, warm_fork=False) as server:
        async with await connect(server) as conn:
            screen = await Screen.open(conn)
            await screen.wait_for("Name: ")
            screen.type("\t" * 200)
            async with await connect(server, local_addr=("127.0.0.2", 0)) as other:
                player = await Screen.open(other)
                await player.wait_for("Name: ")
                player.type("\r")
                assert "GAME --memory 512 --lang en" in await player.wait_closed()
            screen.type("\r")
            shown = await screen.wait_closed()
        assert shown.count("Welcome to boardgames.") + shown.count("Bem-vindo ao boardgames.") == 21
