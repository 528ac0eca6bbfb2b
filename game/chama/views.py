"""What each seat and a spectator see of a Chama table ([G4])."""

from __future__ import annotations

from typing import Any

from game.chama import rules
from game.chama.legal_moves import ChamaMoves
from game.chama.phases import OVER, STEP_OF_PHASE


class ChamaViews(ChamaMoves):
    """The public table, a seat's view, a spectator's view and the full snapshot."""

    def public_state(self) -> dict[str, Any]:
        """Everything on the table that every seat may see.

        Keys: mode/aliados/xisum/turn_limit/tournament (the table's options);
        game_no (1 + redraws so far), turn, phase (mulligan, realm, pool, attack,
        battle, spoils, discard, over), step (1-6), active, first_player,
        realm_done, xisum_done, to_move; players[seat] with suit, alive, team,
        pineapple, hand_count, draw_count, discard (codes, bottom first),
        formation (six {slot, card, razed}), exposed (slots attackable now), pool
        ({uid, commander, army, face_down}), razes, redraws, turns_taken,
        played_realm, score ([C16]); armistices ({caster, target, card, since});
        battle (see `Battle.to_dict`: attacker, defender, slot, incursion, stage,
        attack/defense {unit, from_hand, reinforcements, level}, spent, history,
        helpers, losing, actor); spoils_pending (seats still to decide about a card
        drawn as spoils, [C10]) and spoils_helpers (Aliados helpers among them);
        winners, eliminated, timed_out, over.
        """
        players = []
        for s in range(self.n_seats):
            players.append(
                {
                    "seat": s,
                    "suit": self.suits[s],
                    "alive": self.alive[s],
                    "team": list(self.team_of(s)),
                    "pineapple": self.pineapples[s],
                    "hand_count": len(self.hands[s]),
                    "draw_count": len(self.draw[s]),
                    "discard": [c.code for c in self.discard[s]],
                    "formation": [
                        {
                            "slot": rules.SLOTS[i],
                            "card": c.code if c is not None else None,
                            "razed": self.slot_razed[s][i],
                        }
                        for i, c in enumerate(self.slot_card[s])
                    ],
                    "exposed": [rules.SLOTS[i] for i in self.exposed_slots(s)],
                    "pool": [u.to_dict() for u in self.pool[s]],
                    "razes": self.razes[s],
                    "redraws": self.redraws[s],
                    "turns_taken": self.turns_taken[s],
                    "played_realm": self.played_realm[s],
                    "score": self.score(s),
                }
            )
        return {
            "game": "chama",
            "mode": self.mode,
            "aliados": self.aliados,
            "xisum": self.xisum,
            "turn_limit": self.turn_limit,
            "tournament": self.tournament,
            "game_no": self.game_no,
            "turn": self.turn,
            "phase": self.phase,
            "step": STEP_OF_PHASE.get(self.phase, 0),
            "active": self.active,
            "first_player": self.first_player,
            "realm_done": self.realm_done,
            "xisum_done": self.xisum_done,
            "next_uid": self.next_uid,
            "to_move": self.to_move,
            "mulligan_queue": list(self.mull_queue),
            "players": players,
            "armistices": [
                {"caster": c, "target": t, "card": ace.code, "since": since}
                for c, t, ace, since in self.armistices
            ],
            "battle": self.battle.to_dict() if self.battle is not None else None,
            "spoils_pending": [s for s, _ in self.spoils_pending],
            "spoils_helpers": list(self.spoils_helpers),
            "winners": list(self.winners_),
            "eliminated": list(self.eliminated),
            "timed_out": self.timed_out,
            "over": self.phase == OVER,
        }

    def view(self, seat: int) -> dict[str, Any]:
        """Public table plus `seat`'s own hand ([G4])."""
        v = self.public_state()
        v["seat"] = seat
        v["hand"] = [c.code for c in self.hands[seat]]
        v["spoils_card"] = next((c.code for s, c in self.spoils_pending if s == seat), None)
        return v

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: no hand at all."""
        v = self.public_state()
        v["seat"] = None
        v["hand"] = None
        v["spoils_card"] = None
        return v

    def snapshot(self) -> dict[str, Any]:
        """Full state, hidden parts included (tests, fingerprints)."""
        v = self.public_state()
        v["hands"] = [[c.code for c in h] for h in self.hands]
        v["draw"] = [[c.code for c in d] for d in self.draw]
        v["spoils_cards"] = [c.code for _, c in self.spoils_pending]
        v["armistice_windows"] = [list(a[:2]) + [a[3]] for a in self.armistices]
        return v
