"""The shell's screens: menu and saves, set-up, game host, help, curtain, game over, replay, too small."""
