"""The tournament organizer: Swiss duels, melee tables, top cut and championship points.

It runs any game of the registry through the engine contract only
(`game.get_info`, `game.new_match`, bots, `game.runner.play_out`), so every game
that lands is picked up without changes here. See `organizer` for the flow.

Public API (what screens call):

- set-up: `create_tournament`, `formats_for`, `bot_choices`, `bot_entrants`,
  `recommended_rounds`, `chama_event_name`;
- rounds: `Tournament.start_round`, `.current_round`, `.record_result`,
  `.override_result`, `.drop`, `.add_entrant`, `.table_outcomes`;
- matches: `new_table_match`, `record_match`, `limit_reached`, `play_table`,
  `simulate_round`, `simulate_tournament` (with progress callbacks);
- views: `.prelim_standings`, `.standings`, `.final_standings`, `.columns`,
  `.bracket`, `.champion`;
- storage: `open_store` → `TournamentStore` (`save`, `load`, `history`,
  `save_match`, `load_match`, `delete`, `close`);
- export: `export_standings_csv/json`, `export_pairings_csv/json`,
  `export_tournament_json`, `import_tournament_json`;
- points: `placement_points`, `grand_champion_points`, `grand_champion_table`.
"""

from game.tournament.bracket import BracketMatch, BracketRound, bracket_order
from game.tournament.errors import TournamentError
from game.tournament.export import (
    export_pairings_csv,
    export_pairings_json,
    export_standings_csv,
    export_standings_json,
    export_tournament_json,
    import_tournament_json,
    pairing_rows,
    standings_rows,
)
from game.tournament.melee import source_split, table_split
from game.tournament.model import FORMATS, STAGES, Entrant, Result, Round, Table
from game.tournament.naming import (
    CHAMA_TYPES,
    CHAMA_VARIANTS,
    RANKED_MINIMUM,
    chama_event_name,
    parse_chama_event_name,
)
from game.tournament.organizer import (
    Tournament,
    bot_choices,
    bot_entrants,
    create_tournament,
    formats_for,
    match_options,
    recommended_rounds,
)
from game.tournament.persistence import TournamentStore, TournamentSummary, open_store
from game.tournament.placement import (
    EventResult,
    grand_champion_points,
    grand_champion_table,
    placement_points,
)
from game.tournament.play import (
    describe_table,
    estimate_matches,
    is_bot_table,
    limit_reached,
    new_table_match,
    play_table,
    record_match,
    simulate_round,
    simulate_tournament,
)
from game.tournament.scoring import Outcome, duel_outcomes, melee_points
from game.tournament.standings import StandingRow

__all__ = [
    "CHAMA_TYPES",
    "CHAMA_VARIANTS",
    "FORMATS",
    "RANKED_MINIMUM",
    "STAGES",
    "BracketMatch",
    "BracketRound",
    "Entrant",
    "EventResult",
    "Outcome",
    "Result",
    "Round",
    "StandingRow",
    "Table",
    "Tournament",
    "TournamentError",
    "TournamentStore",
    "TournamentSummary",
    "bot_choices",
    "bot_entrants",
    "bracket_order",
    "chama_event_name",
    "create_tournament",
    "describe_table",
    "duel_outcomes",
    "estimate_matches",
    "export_pairings_csv",
    "export_pairings_json",
    "export_standings_csv",
    "export_standings_json",
    "export_tournament_json",
    "formats_for",
    "grand_champion_points",
    "grand_champion_table",
    "import_tournament_json",
    "is_bot_table",
    "limit_reached",
    "match_options",
    "melee_points",
    "new_table_match",
    "open_store",
    "pairing_rows",
    "parse_chama_event_name",
    "placement_points",
    "play_table",
    "recommended_rounds",
    "record_match",
    "simulate_round",
    "simulate_tournament",
    "source_split",
    "standings_rows",
    "table_split",
]
