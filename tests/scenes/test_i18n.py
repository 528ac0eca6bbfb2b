"""Language: pt-BR when the system locale starts with "pt", else English; live switching."""

from __future__ import annotations

import pytest

from scenes import i18n


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE"}, "en"),
    ],
)
def test_default_language_from_locale(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str
) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert i18n.detect_language() == expected


def test_tr_switches_language_and_formats() -> None:
    i18n.set_language("pt")
    assert i18n.tr("ui.common.back") == "Voltar"
    assert i18n.tr("ui.curtain.pass_to", name="Ana") == "Passe para Ana"
    i18n.set_language("en")
    assert i18n.tr("ui.curtain.pass_to", name="Ana") == "Pass to Ana"
    assert i18n.tr("ui.no.such.key") == "ui.no.such.key"


def test_error_messages_translate() -> None:
    from game import IllegalAction

    i18n.set_language("en")
    assert (
        i18n.tr_error(IllegalAction("G3", "core.illegal.not_your_turn", seat=1))
        == "It is not your turn."
    )
    assert i18n.tr_error(ValueError("plain")) == "plain"
