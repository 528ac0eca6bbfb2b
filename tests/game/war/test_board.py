"""The board data against RULINGS.md (War section), edge by edge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.war import BOARD
from game.war.board import FULL_DECK, JOKER

RULINGS = Path("/work/shared/RULINGS.md")

#: A literal copy of the RULINGS table so the test runs without that file.
BORDERS_TEXT = """\
Alasca: Mackenzie, Vancouver, Vladivostok
Mackenzie: Alasca, Groenlândia, Vancouver, Ottawa
Groenlândia: Mackenzie, Labrador, Islândia
Vancouver: Alasca, Mackenzie, Ottawa, Califórnia
Ottawa: Mackenzie, Vancouver, Labrador, Califórnia, Nova York
Labrador: Groenlândia, Ottawa, Nova York
Califórnia: Vancouver, Ottawa, Nova York, México
Nova York: Ottawa, Labrador, Califórnia, México
México: Califórnia, Nova York, Venezuela
Venezuela: México, Peru, Brasil
Peru: Venezuela, Brasil, Argentina
Brasil: Venezuela, Peru, Argentina, Argélia
Argentina: Peru, Brasil
Islândia: Groenlândia, Inglaterra
Inglaterra: Islândia, Suécia, Alemanha, Portugal
Suécia: Inglaterra, Moscou
Moscou: Suécia, Polônia, Oriente Médio, Aral, Omsk
Alemanha: Inglaterra, Portugal, Polônia
Portugal: Inglaterra, Alemanha, Polônia, Argélia, Egito
Polônia: Moscou, Alemanha, Portugal, Egito, Oriente Médio
Argélia: Brasil, Portugal, Egito, Sudão, Congo
Egito: Portugal, Polônia, Argélia, Sudão, Oriente Médio
Sudão: Argélia, Egito, Congo, África do Sul, Madagascar
Congo: Argélia, Sudão, África do Sul
África do Sul: Sudão, Congo, Madagascar
Madagascar: Sudão, África do Sul
Oriente Médio: Moscou, Polônia, Egito, Aral, Índia
Aral: Moscou, Oriente Médio, Omsk, China, Índia
Omsk: Moscou, Aral, Dudinka, Mongólia, China
Dudinka: Omsk, Sibéria, Tchita, Mongólia
Sibéria: Dudinka, Tchita, Vladivostok
Tchita: Dudinka, Sibéria, Mongólia, Vladivostok, China
Mongólia: Omsk, Dudinka, Tchita, China
Vladivostok: Alasca, Sibéria, Tchita, China, Japão
China: Aral, Omsk, Tchita, Mongólia, Vladivostok, Índia, Japão, Vietnã
Índia: Oriente Médio, Aral, China, Vietnã, Sumatra
Japão: Vladivostok, China
Vietnã: China, Índia, Bornéu
Sumatra: Índia, Austrália
Bornéu: Vietnã, Nova Guiné, Austrália
Nova Guiné: Bornéu, Austrália
Austrália: Sumatra, Bornéu, Nova Guiné
"""

CONTINENTS_TEXT = """\
| América do Norte | 5 | Alasca, Mackenzie, Groenlândia, Vancouver, Ottawa, Labrador, Califórnia, Nova York, México |
| América do Sul | 2 | Venezuela, Peru, Brasil, Argentina |
| Europa | 5 | Islândia, Inglaterra, Suécia, Moscou, Alemanha, Polônia, Portugal |
| África | 3 | Argélia, Egito, Sudão, Congo, África do Sul, Madagascar |
| Ásia | 7 | Oriente Médio, Aral, Omsk, Dudinka, Sibéria, Tchita, Mongólia, Vladivostok, China, Índia, Japão, Vietnã |
| Oceania | 2 | Sumatra, Bornéu, Nova Guiné, Austrália |
"""

FIGURES_TEXT = {
    "triangulo": "Alasca, Vancouver, Nova York, Peru, Venezuela, Islândia, Moscou, Egito, "
    "África do Sul, Aral, Sibéria, Tchita, Vietnã, Austrália",
    "quadrado": "Califórnia, Labrador, México, Argentina, Polônia, Portugal, Congo, Sudão, "
    "Oriente Médio, Índia, Japão, Omsk, Sumatra, Bornéu",
    "circulo": "Groenlândia, Mackenzie, Ottawa, Brasil, Alemanha, Inglaterra, Suécia, "
    "Argélia, Madagascar, China, Dudinka, Mongólia, Vladivostok, Nova Guiné",
}


def _parse_borders(text: str) -> dict[str, list[str]]:
    out = {}
    for line in text.strip().splitlines():
        name, rest = line.split(":", 1)
        out[name.strip()] = [x.strip() for x in rest.split(",")]
    return out


def _parse_continents(text: str) -> dict[str, tuple[int, list[str]]]:
    out = {}
    for c, b, ts in re.findall(r"^\| (.+?) \| (\d+) \| (.+?) \|$", text, re.M):
        if c != "continent":
            out[c] = (int(b), [t.strip() for t in ts.split(",")])
    return out


def _sources() -> list[tuple[str, str, str]]:
    """(label, borders text, continents text) from the literal copy and, when
    the shared file exists, from RULINGS.md itself."""
    out = [("literal", BORDERS_TEXT, CONTINENTS_TEXT)]
    if RULINGS.exists():
        war = RULINGS.read_text(encoding="utf-8").split("## War")[1].split("\n## ")[0]
        block = war.split("```")[1]
        out.append(("RULINGS.md", block, war))
    return out


@pytest.mark.parametrize("label,borders,continents", _sources())
def test_borders_match_rulings_edge_by_edge(label: str, borders: str, continents: str) -> None:
    table = _parse_borders(borders)
    assert set(table) == set(BOARD.territories), label
    for t, ns in table.items():
        assert sorted(BOARD.neighbors(t)) == sorted(ns), f"{label}: {t}"
    edges = {tuple(sorted((a, b))) for a, ns in table.items() for b in ns}
    assert len(edges) == 79
    assert {tuple(sorted(e)) for e in BOARD.borders} == edges


@pytest.mark.parametrize("label,borders,continents", _sources())
def test_continents_and_bonuses_match_rulings(label: str, borders: str, continents: str) -> None:
    table = _parse_continents(continents)
    assert list(table) == list(BOARD.continents), label
    for c, (bonus, ts) in table.items():
        assert BOARD.bonus(c) == bonus
        assert list(BOARD.territories_of(c)) == ts


def test_figures_match_rulings() -> None:
    if RULINGS.exists():
        war = RULINGS.read_text(encoding="utf-8").split("## War")[1]
        for fig, key in (
            ("triangulo", "Triângulo"),
            ("quadrado", "Quadrado"),
            ("circulo", "Círculo"),
        ):
            m = re.search(key + r": (.+?)\.\n", war, re.S)
            assert m is not None
            assert " ".join(m.group(1).split()) == FIGURES_TEXT[fig]
    for fig, text in FIGURES_TEXT.items():
        names = [t.strip() for t in text.split(",")]
        assert len(names) == 14
        assert all(BOARD.figures[t] == fig for t in names)


def test_borders_are_symmetric_and_count_79() -> None:
    assert len(BOARD.borders) == 79
    for t in BOARD.territories:
        for n in BOARD.neighbors(t):
            assert t in BOARD.neighbors(n)
            assert BOARD.are_neighbors(t, n)
    assert len(BOARD.territories) == 42
    assert sum(len(BOARD.territories_of(c)) for c in BOARD.continents) == 42


def test_sea_crossings_are_borders() -> None:
    assert len(BOARD.sea_borders) == 17
    for a, b in BOARD.sea_borders:
        assert BOARD.are_neighbors(a, b)


def test_deck_has_42_territories_and_2_jokers() -> None:
    assert len(FULL_DECK) == 44
    assert FULL_DECK.count(JOKER) == 2
    assert BOARD.figure(JOKER) is None


def test_unknown_names_raise() -> None:
    with pytest.raises(KeyError):
        BOARD.neighbors("Atlântida")
    with pytest.raises(KeyError):
        BOARD.bonus("Antártida")
