"""The steps of a War turn and the numbers the rules fix ([W3]-[W10])."""

from __future__ import annotations

from game.war.board import BOARD

N_TERRITORIES = len(BOARD.territories)
#: Cards that force a trade at the start of a turn ([W5]).
FORCED_TRADE_AT = 5
#: Cards an eliminator may hold after taking the victim's cards ([W10]).
ELIMINATION_HAND_LIMIT = 5

PHASE_REINFORCE = "reinforce"
PHASE_ATTACK = "attack"
PHASE_OCCUPY = "occupy"
PHASE_MOVE = "move"
PHASE_OVER = "over"
