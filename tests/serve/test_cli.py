"""``boardgames serve`` on the command line: adding players, mistakes in one sentence, the start banner."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import types

import pytest

from boardgames.cli import main
from boardgames.home import default_home
from boardgames.serve.auth import read_passwords, verify_password
from boardgames.serve.options import ServeError, ServeOptions, load_host_key
from boardgames.serve.webguard import WebLimits


def run(capsys, monkeypatch, *argv, stdin: str = ""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_user_writes_a_hash_never_the_password(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "serve", "--add-user", "ana", stdin="a long password\n")
    path = default_home() / "serve" / "passwords"
    assert code == 0 and out == f"Added ana to {path}.\n"
    assert "a long password" not in path.read_text()
    code, out, _ = run(capsys, monkeypatch, "serve", "--add-user", "ana", stdin="another password\n")
    assert code == 0 and out.startswith("Changed the password of ana")
    assert verify_password("another password", read_passwords(path)["ana"])


@pytest.mark.parametrize(("argv", "stdin", "message"), [
    (["serve", "--add-user", "../root"], "a long password\n", "cannot be a player's name"),
    (["serve", "--add-user", "guest-57f3"], "a long password\n", "kept for guests"),
    (["serve", "--per-source-penalties", "noauth"], "", "--per-source-penalties is 'off' or words"),
    (["serve", "--per-source-net-block-size", "33:128"], "", "--per-source-net-block-size is IPV4[:IPV6]"),
    (["serve", "--add-user", "ana"], "short\n", "at least 8 characters"),
    (["serve", "--auth", "keys"], "", "--auth keys needs --authorized-keys"),
    (["serve", "--auth", "keys", "--authorized-keys", "/nonexistent/keys"], "", "cannot be read"),
    (["serve", "--auth", "passwords", "--passwords", "/nonexistent/passwords"], "", "does not exist"),
    (["serve", "--auth", "magic"], "", "invalid choice"),
    (["serve", "--port", "70000"], "", "from 0 to 65535"),
    (["serve", "--max-sessions", "0"], "", "at least 1"),
    (["serve", "--max-channels", "0"], "", "at least 1"),
    (["serve", "--max-startups", "10:30"], "", "START:RATE:FULL"),
    (["serve", "--max-startups", "20:30:10"], "", "START:RATE:FULL"),
    (["serve", "--unused-timeout", "-1"], "", "cannot be negative"),
    (["serve", "--client-alive-interval", "0"], "", "must be more than 0"),
    (["serve", "--host-key", "/nonexistent/key"], "", "does not exist"),
])
def test_mistakes_are_one_sentence(capsys, monkeypatch, argv, stdin, message):
    code, out, err = run(capsys, monkeypatch, *argv, stdin=stdin)
    assert code == 2 and out == ""
    assert err.startswith("boardgames: ") and message in err and err.count("\n") == 1
    assert "Traceback" not in err


def test_web_is_served_by_run_web(capsys, monkeypatch):
    calls = []
    fake = types.ModuleType("boardgames.serve.web")
    fake.run_web = lambda host, port, **extra: calls.append((host, port, extra)) or 0
    monkeypatch.setitem(sys.modules, "boardgames.serve.web", fake)
    assert run(capsys, monkeypatch, "serve", "--web")[0] == 0
    assert run(capsys, monkeypatch, "--ascii", "serve", "--web", "--host", "0.0.0.0", "--port", "8080",
               "--i-know-there-is-no-login")[0] == 0
    defaults = WebLimits()  # --max-sessions, --max-per-address and --idle-timeout's own defaults
    assert calls == [("127.0.0.1", 8000, {"limits": defaults}), ("0.0.0.0", 8080, {"limits": defaults, "ascii": True})]


def serve_web_calls(capsys, monkeypatch, *argv):
    """``boardgames serve --web ARGV`` with run_web recorded instead of run: (exit code, stderr, calls)."""
    calls = []
    fake = types.ModuleType("boardgames.serve.web")
    fake.run_web = lambda host, port, **extra: calls.append((host, port, extra)) or 0
    monkeypatch.setitem(sys.modules, "boardgames.serve.web", fake)
    code, _, err = run(capsys, monkeypatch, "serve", "--web", *argv)
    return code, err, calls


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.5", "games.example.org"])
def test_web_beyond_this_machine_needs_the_no_login_flag(capsys, monkeypatch, host):
    code, err, calls = serve_web_calls(capsys, monkeypatch, "--host", host)
    assert code == 2 and not calls
    assert err.startswith("boardgames: The web server has no login") and "--i-know-there-is-no-login" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    code, err, calls = serve_web_calls(capsys, monkeypatch, "--host", host, "--i-know-there-is-no-login")
    assert code == 0 and calls[0][0] == host


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
def test_web_on_this_machine_starts_without_the_flag(capsys, monkeypatch, host):
    code, _, calls = serve_web_calls(capsys, monkeypatch, "--host", host)
    assert code == 0 and calls[0][0] == host


def test_web_takes_the_serve_limits(capsys, monkeypatch):
    code, _, calls = serve_web_calls(capsys, monkeypatch, "--max-sessions", "7", "--max-per-address", "2",
                                     "--idle-timeout", "5")
    assert code == 0 and calls[0][2]["limits"] == WebLimits(max_tabs=7, max_per_address=2, idle_timeout=300)
    for argv, message in ((["--max-per-address", "0"], "at least 1"), (["--idle-timeout", "-1"], "cannot be negative")):
        code, err, calls = serve_web_calls(capsys, monkeypatch, *argv)
        assert code == 2 and message in err and err.count("\n") == 1 and not calls


def test_the_host_key_is_made_once_and_kept(tmp_path):
    options = ServeOptions(root=tmp_path / "serve")
    first = load_host_key(options)
    assert load_host_key(options).get_fingerprint() == first.get_fingerprint()
    assert (tmp_path / "serve" / "ssh_host_ed25519_key").stat().st_mode & 0o077 == 0
    (tmp_path / "other").write_text("not a key")
    (tmp_path / "other").chmod(0o600)
    with pytest.raises(ServeError, match="cannot be used"):
        load_host_key(ServeOptions(root=tmp_path, host_key=tmp_path / "other"))


def test_serve_prints_address_fingerprint_and_how_to_connect_then_stops_on_ctrl_c(tmp_path):
    env = dict(os.environ, BOARDGAMES_HOME=str(tmp_path / "home"))
    prints = []
    for extra in ([], ["--no-warm-fork"]):  # the second start only shows the key again: no warm process for it
        proc = subprocess.Popen([sys.executable, "-m", "boardgames", "serve", "--port", "0", *extra], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            lines = [proc.stdout.readline() for _ in range(6)]
        finally:
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err
        assert "Traceback" not in err and "server stopped" in err
        prints.append(lines)
    first, second = prints
    assert first[0].startswith("boardgames serves its games over SSH on 127.0.0.1:")
    assert "fingerprint is SHA256:" in first[1] and first[1] == second[1]  # the same key every time
    assert first[2].startswith("Connect with: ssh -p ")
    assert "sintra" in first[3] and "continue" in first[3]
    assert "--auth none" in first[4]
