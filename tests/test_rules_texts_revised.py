"""The rules viewer follows the revised rulings, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "assets" / "rules"

#: (game, ruling, English phrase, Portuguese phrase) that the revised text must hold
REVISED = [
    ("wyr", "Y2", "lowest group total", "menor total"),
    ("wyr", "Y3", "discarded by the other lords", "descartadas pelos outros lordes"),
    ("wyr", "Y6", "2-2-2-K-K beats 3-3-3-Q-Q", "2-2-2-K-K vence 3-3-3-Q-Q"),
    ("wyr", "Y9", "no roll-off", "não há disputa"),
    ("wyr", "Y11", "member out of the table is not valid", "membro fora da mesa não é válido"),
    ("wyrt", "T3", "the rules' only limit", "o único limite das regras"),
    ("wyrt", "T9", "below every player who was never expelled", "abaixo de todos os que nunca"),
    ("wyrt", "T9", "even if another opponent has a higher I", "mesmo que outro oponente tenha I"),
    ("wyrt", "T11", "no hand limit", "não tem limite de mãos"),
    ("wyrt", "T11", "out but alive", "sai vivo"),
    ("war", "W11", "on anyone's turn", "na jogada de qualquer um"),
    ("war", "G4", "Only he is told", "Só ele é avisado"),
    ("war", "W12", "never rolls more dice", "nunca rola mais dados"),
    ("chama", "C10", "always asked", "sempre perguntado"),
    ("chama", "C10", "commander", "comandante"),
    ("chama", "C17", "[C17]", "[C17]"),
    ("tournament", "R2", "by registration number", "pelo número de inscrição"),
    ("tournament", "R5", "nobody meets an earlier opponent", "ninguém reencontra"),
    ("tournament", "R6", "Semifinal tables", "Mesas semifinais"),
    ("tournament", "R9", "double points", "pontuação dupla"),
    ("tournament", "R10", "contradicts the settings is refused", "contradiz as configurações"),
]


@pytest.mark.parametrize(("game", "ruling", "en", "pt"), REVISED)
def test_rules_text_follows_the_revised_ruling(game: str, ruling: str, en: str, pt: str) -> None:
    assert en in (RULES / f"{game}.en.md").read_text("utf-8"), (game, ruling, "en")
    assert pt in (RULES / f"{game}.pt.md").read_text("utf-8"), (game, ruling, "pt")
