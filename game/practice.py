"""Undo and redo without limit, by replaying the action log ([G1]).

Undo goes back to just before the last action of a person (the bots' replies
go with it); redo walks forward again along the log as it was before the
first undo, to just before the next action of a person. A new move that
leaves that path ends the redo path: the log is the only history.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import Action, Match
from game.registry import load_match


class UndoHistory:
    """The redo path of one practice table (the undo path is the match's own log)."""

    def __init__(self) -> None:
        #: the furthest log reached before undoing (empty: nothing to redo)
        self.path: list[tuple[int, Action]] = []

    def can_undo(self, match: Match, is_human: Callable[[int], bool]) -> bool:
        """Whether a person's action is in the log."""
        return any(is_human(seat) for seat, _ in match.log)

    def can_redo(self, match: Match) -> bool:
        """Whether the match stands on the redo path, short of its end."""
        n = len(match.log)
        return n < len(self.path) and match.log == self.path[:n]

    def undo(self, match: Match, is_human: Callable[[int], bool]) -> Match | None:
        """The match just before the last person's action (None: nothing to undo)."""
        idx = max((i for i, (seat, _) in enumerate(match.log) if is_human(seat)), default=None)
        if idx is None:
            return None
        if not self.can_redo(match):
            self.path = list(match.log)  # a fresh path starts from where we stand
        back = load_match(match.save(), upto=idx)
        back.meta = match.meta
        return back

    def redo(self, match: Match, is_human: Callable[[int], bool]) -> Match | None:
        """The match moved forward along the redo path (None: nothing to redo).

        Goes through the person's action that was undone and the replies after
        it, stopping before the next person's action or at the end of the path.
        """
        if not self.can_redo(match):
            return None
        n = len(match.log)
        stop = next(
            (i for i in range(n + 1, len(self.path)) if is_human(self.path[i][0])),
            len(self.path),
        )
        data = match.save()
        data["actions"] = [[seat, action.to_dict()] for seat, action in self.path[:stop]]
        forward = load_match(data)
        forward.meta = match.meta
        return forward
