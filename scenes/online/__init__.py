"""Play across machines on screen: the host's lobby, the join screen and the
links that let a table drive seats played elsewhere (`scenes.online.links`).
The protocol and the host's session are in `game.net`, without pygame."""
