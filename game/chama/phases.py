"""The phases of a Chama turn (the steps of the rules) and their step numbers."""

# Phases of the active player's turn (the steps of the rules).
MULLIGAN = "mulligan"
REALM = "realm"  # step 2
POOL = "pool"  # step 3
ATTACK = "attack"  # step 4, choosing the target
BATTLE = "battle"  # step 4, the battle sub-state
SPOILS = "spoils"  # a realm drawn as spoils may be played now ([C10])
DISCARD = "discard"  # step 5
OVER = "over"

STEP_OF_PHASE = {REALM: 2, POOL: 3, ATTACK: 4, BATTLE: 4, SPOILS: 4, DISCARD: 5}
