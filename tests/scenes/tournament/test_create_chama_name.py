"""The create form gives a Chama event the mode and variants its name announces
([R10]: a name that contradicts the event's settings is refused)."""

from __future__ import annotations

from scenes.tournament.create_form import TournamentForm


def test_the_name_sets_the_mode_and_variants_r10() -> None:
    form = TournamentForm.first("chama")
    form.chama_type = "Guerrilha"
    form.chama_variants = ["Aliados"]
    form.options["xisum"] = True  # switched on elsewhere, but not in the name
    opts = form.named_options()
    assert opts.get("mode") == "guerrilha" and opts.get("aliados") is True
    assert "xisum" not in opts
    form.add_bots(8, form.default_bot)
    t = form.create()
    assert t.options.get("mode") == "guerrilha" and t.name.startswith("Chama: Guerrilha Taverna")
