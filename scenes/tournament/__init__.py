"""The tournament screens: history, create, hub, standings, bracket and export.

`TournamentHome` is the door the main menu opens (see `scenes.tournament_entry`).
Every screen asks the organizer (`game.tournament`) and holds no rules itself.

- `home`: the history of saved tournaments (new, open/resume, delete);
- `create` (+ `create_form`): game, format, name, entrants, rounds, top cut,
  turn limit, the game's options and the seed;
- `hub`: the round's tables, "Play my match" (`match_play`), the bots'
  matches in a worker thread (`simulation`), results and overrides
  (`dialogs`), next round, drops and late entries;
- `standings_view`, `bracket_view`, `export_files`.
"""

from scenes.tournament.bracket_view import BracketScene
from scenes.tournament.create import CreateTournament
from scenes.tournament.home import TournamentHome
from scenes.tournament.hub import TournamentHub
from scenes.tournament.standings_view import StandingsScene

__all__ = ["BracketScene", "CreateTournament", "StandingsScene", "TournamentHome", "TournamentHub"]
