"""Online events on a server (issue 47): registration, rounds played at the
server's tables, results reported by the tables themselves.

`EventBoard` lives beside the hub's tables. It answers the `event_*` lobby
messages and, on every tick, moves each running event on with the existing
organizer code (`game.tournament`): `start_round` pairs or seats a round
exactly as a local event with the same entrants and seed would, and each
pairing gets a table of the server with the event's options whose seats are
kept for the paired players' ids (`ServerTable.reserved`: nobody else may sit
there). A finished table reports its standings to the event by itself
(`table_finished`, called by the hub); nobody reports a result by hand but the
organizer, who corrects one with a reason shown to that table's entrants.

An entrant not at his table within the event's grace time loses the match
(a duel is a walkover at once; at a melee table a bot plays his seat and he is
placed below everyone who came) or, if the organizer chose so, a bot plays
for him. A table nobody at all came to is played by bots, so a round always
ends. An entrant who leaves a running event is dropped [R11]: never paired
again; a match of his already under way is played on by a bot. A table whose
engine crashed (or that expired) is dealt again, twice at most; then the
organizer enters its result.

News reach every connection of an entrant wherever it is (`event_news`). The
event's document is stored after every change (`events_store`), and a server
restart carries on: tables in progress come back with their seats still kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.names import free_bot_name, unique_name
from game.net.protocol import Message, encode, printable
from game.net.seating import SERVER_CODE_LENGTH, new_code, normal_code, shown_code
from game.net.server.event_model import NO_SHOW, Registrant, ServerEvent, key_of
from game.net.server.event_rounds import EventHost, EventRounds
from game.net.server.events_store import EventStore
from game.net.server.lobby import Link
from game.registry import get_info
from game.tournament import Result, TournamentError, bot_choices, create_tournament
from game.tournament.model import FORMATS

log = logging.getLogger("game.net.server")

#: live events one player may organize, and be registered in
EVENTS_PER_PLAYER = 3
REGISTRATIONS_PER_PLAYER = 5
#: live events on one server
MAX_EVENTS = 100
#: entrants of one event at most
MAX_ENTRANTS = 64
#: events a list answer names at most
LIST_MAX = 100
#: the grace time's bounds and default, in seconds (below the hub's idle expiry)
GRACE_MIN, GRACE_MAX, GRACE_DEFAULT = 5, 600, 120
#: corrections one event keeps at most (each shown to its table's entrants)
MAX_CORRECTIONS = 500
#: how far ahead a start time may be (seconds)
START_AHEAD_MAX = 30 * 24 * 3600


def bot_entrant_name(taken: list[str]) -> str:
    """A bot entrant's name: a tavern name no entrant has (as a bot is named at
    a local table; "easy #2" read as a level, not a player)."""
    return unique_name(free_bot_name(taken, len(taken)), taken)


class EventBoard(EventRounds):
    """Every event of a server; see the module docstring."""

    def __init__(self, hub: EventHost) -> None:
        self.hub = hub
        self.db = EventStore(hub.store)
        self.events: dict[str, ServerEvent] = {}
        self.replay_events: dict[str, str] = {}
        for doc in self.db.load_all():
            try:
                ev = ServerEvent.from_dict(doc)
            except (KeyError, TypeError, ValueError) as e:
                log.error("event %s cannot be rebuilt: %s", doc.get("code"), e)
                continue
            self.events[ev.code] = ev
            for sids in ev.played.values():  # the played tables come back with the event
                self.replay_events.update(dict.fromkeys(sids, ev.code))
            if ev.status == "running":
                self._reattach(ev)

    def may_see_replay(self, table: str, player: str) -> bool:
        """A finished table of an event: its replay is for the event's organizer
        and every person registered in it (they study each other's matches)."""
        ev = self.events.get(self.replay_events.get(table, ""))
        return ev is not None and (ev.organizer == player or ev.registered(player))

    # -- messages -------------------------------------------------------------------

    def receive(self, link: Link, msg: Message) -> None:
        """One `event_*` message of a greeted connection."""
        handler = _HANDLERS.get(msg.type)
        if handler is None:
            self._no(link, "unknown_type", msg.type)
            return
        if msg.type in ("event_create", "event_list"):
            handler(self, link, msg, None)
            return
        ev = self.events.get(normal_code(str(msg.get("event"))))
        if ev is None:
            self.hub.doorman.failed(link.address)
            self._no(link, "no_event")
            return
        if msg.type in _ORGANIZER and ev.organizer != link.player:
            self._no(link, "not_organizer")
            return
        handler(self, link, msg, ev)

    def _create(self, link: Link, msg: Message, _ev: ServerEvent | None) -> None:
        assert link.player is not None
        live = [e for e in self.events.values() if e.live]
        if len(live) >= MAX_EVENTS:
            self._no(link, "server_full")
            return
        if sum(1 for e in live if e.organizer == link.player) >= EVENTS_PER_PLAYER:
            self._no(link, "too_many_events")
            return
        game, fmt = str(msg.get("game")), str(msg.get("format"))
        try:
            get_info(game)
        except KeyError:
            self._no(link, "bad_game", game)
            return
        seats = int(msg.get("seats"))
        bot = str(msg.get("bot") or bot_choices(game)[0])
        no_show = str(msg.get("no_show", "lose"))
        fill = int(msg.get("fill_bots", 0))
        now_wall = self.hub.store.wall()
        start_at = msg.get("start_at")
        problem = ""
        if fmt not in FORMATS:
            problem = "format"
        elif not 2 <= seats <= MAX_ENTRANTS:
            problem = "seats"
        elif no_show not in NO_SHOW:
            problem = "no_show"
        elif bot not in bot_choices(game):
            problem = "bot"
        elif fill > seats:
            problem = "fill_bots"
        elif start_at is not None and not now_wall < start_at <= now_wall + START_AHEAD_MAX:
            problem = "start_at"
        if problem:
            self._no(link, "bad_event", problem)
            return
        settings: dict[str, Any] = {
            "rounds": msg.get("rounds"),
            "top_cut": int(msg.get("top_cut", 0)),
            "semifinal": bool(msg.get("semifinal", False)),
            "double_points": bool(msg.get("double_points", False)),
            "ranked": bool(msg.get("double_points", False)),
            "turn_limit": int(msg.get("turn_limit", 0)),
            "options": dict(msg.get("options", {})),
        }
        name = printable(str(msg.get("name") or "")).strip()
        try:  # the settings as a full field would take them (Chama names itself)
            create_tournament(
                game,
                [f"e{i}" for i in range(seats)],
                format=fmt,
                name=name if game != "chama" else "",
                seed=0,
                **settings,
            )
        except TournamentError as e:
            self._no(link, "bad_event", e.key)
            return
        code = new_code(length=SERVER_CODE_LENGTH)
        ev = ServerEvent(
            code=code,
            organizer=link.player,
            game=game,
            format=fmt,
            name=name,
            seats=seats,
            settings=settings,
            public=bool(msg.get("public", True)),
            late=bool(msg.get("late", False)),
            grace=float(min(GRACE_MAX, max(GRACE_MIN, int(msg.get("grace", GRACE_DEFAULT))))),
            no_show=no_show,
            start_at=float(start_at) if start_at is not None else None,
            fallback=bot,
            created=now_wall,
        )
        for _ in range(fill):
            ev.registrants.append(Registrant(bot_entrant_name(ev.entrant_names()), None, bot))
        self.events[code] = ev
        self._save(ev)
        log.info("event %s %s %s created by %s", shown_code(code), game, fmt, link.player)
        self.hub._send(link.id, encode("event_created", event=shown_code(code)))

    def _list(self, link: Link, msg: Message, _ev: ServerEvent | None) -> None:
        game = msg.get("game")
        rows = []
        for ev in self.events.values():
            mine = ev.organizer == link.player or ev.registered(link.player or "")
            if not (mine or (ev.public and ev.live)) or (game is not None and ev.game != game):
                continue
            row = ev.summary()
            row["event"] = shown_code(ev.code)
            row["mine"] = mine
            rows.append(row)
        self.hub._send(link.id, encode("events", events=rows[-LIST_MAX:]))

    def _view(self, link: Link, _msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None
        self._send_view(link.id, ev, link.player)

    def _send_view(self, cid: int, ev: ServerEvent, viewer: str | None) -> None:
        view = ev.public_view(viewer)
        view["event"] = shown_code(ev.code)
        self.hub._send(cid, encode("event", event=view))

    def _join(self, link: Link, _msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None and link.player is not None
        if ev.registered(link.player):
            self._no(link, "already_registered")
            return
        mine = [e for e in self.events.values() if e.live and e.registered(link.player)]
        if len(mine) >= REGISTRATIONS_PER_PLAYER:
            self._no(link, "too_many_registrations")
            return
        if len(ev.entrant_names()) >= ev.seats:
            self._no(link, "event_full", str(ev.seats))
            return
        name = unique_name(link.name, ev.entrant_names())
        if ev.status == "registering":
            ev.registrants.append(Registrant(name, link.player))
        elif ev.status == "running" and ev.late and ev.tournament is not None:
            try:
                entrant = ev.tournament.add_entrant(name)
            except TournamentError as e:
                self._no(link, "event_closed", e.key)
                return
            ev.players[entrant.number] = link.player
        else:
            self._no(link, "event_closed")
            return
        self._save(ev)
        self._news(ev, [ev.organizer], "entrant", name=name, entrants=len(ev.entrant_names()))
        self._send_view(link.id, ev, link.player)

    def _leave(self, link: Link, _msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None and link.player is not None
        if not ev.registered(link.player):
            self._no(link, "not_registered")
            return
        if ev.tournament is None:
            ev.registrants = [r for r in ev.registrants if r.player != link.player]
            self._save(ev)
        else:
            number = ev.number_of(link.player)
            assert number is not None
            if not self._drop_entrant(link, ev, number):
                return
        self._send_view(link.id, ev, link.player)

    def _close(self, link: Link, _msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None
        if ev.status != "registering":
            self._no(link, "event_closed")
            return
        ev.status = "closed"
        self._save(ev)
        self._send_view(link.id, ev, link.player)

    def _start(self, link: Link, _msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None
        if ev.tournament is not None:
            self._no(link, "event_started")
            return
        error = self._begin(ev)
        if error:
            self._no(link, "event_cannot_start", error)
            return
        self._send_view(link.id, ev, link.player)

    def _remove(self, link: Link, msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None
        number = int(msg.get("number"))
        if ev.tournament is None:
            if not 1 <= number <= len(ev.registrants):
                self._no(link, "not_registered", str(number))
                return
            gone = ev.registrants.pop(number - 1)
            self._save(ev)
            if gone.player is not None:
                self._news(ev, [gone.player], "removed")
        elif not self._drop_entrant(link, ev, number):
            return
        self._send_view(link.id, ev, link.player)

    def _bot(self, link: Link, msg: Message, ev: ServerEvent | None) -> None:
        assert ev is not None
        level = str(msg.get("bot"))
        if level not in bot_choices(ev.game):
            self._no(link, "bad_event", "bot")
            return
        if len(ev.entrant_names()) >= ev.seats:
            self._no(link, "event_full", str(ev.seats))
            return
        name = bot_entrant_name(ev.entrant_names())
        if ev.tournament is None and ev.status != "finished":
            ev.registrants.append(Registrant(name, None, level))
        elif ev.tournament is not None and ev.live:
            try:
                ev.tournament.add_entrant(name, level)
            except TournamentError as e:
                self._no(link, "event_closed", e.key)
                return
        else:
            self._no(link, "event_closed")
            return
        self._save(ev)
        self._send_view(link.id, ev, link.player)

    def _result(self, link: Link, msg: Message, ev: ServerEvent | None) -> None:
        """The organizer's correction (or his decision for a table that cannot end)."""
        assert ev is not None
        t = ev.tournament
        reason = printable(str(msg.get("reason"))).strip()
        if t is None or not reason or len(ev.corrections) >= MAX_CORRECTIONS:
            self._no(link, "bad_result", "reason" if t is not None else "not_started")
            return
        round_no, table_no = int(msg.get("round")), int(msg.get("table"))
        try:
            table = t.round(round_no).table(table_no)
            seats = table.seats
            order = [[seats[i] for i in group] for group in msg.get("order")]
            result = Result.ranking(order, source="override")
            if table.done:
                t.override_result(round_no, table_no, result)
            else:
                t.record_result(round_no, table_no, result)
        except (TournamentError, IndexError) as e:
            self._no(link, "bad_result", getattr(e, "key", "seat"))
            return
        key = key_of(round_no, table_no)
        st = self.hub.tables.get(ev.tables.get(key, ""))
        if st is not None and not st.ended:  # decided: the match in progress stops
            st.ended = "corrected"
            self.hub.store.end_table(st.id, "corrected", None)
            self.hub._drop(st, "corrected")
        names = [[t.entrant(n).name for n in g] for g in order]
        ev.corrections.append(
            {"round": round_no, "table": table_no, "order": names, "reason": reason}
        )
        self._save(ev)
        who = [ev.players[n] for n in seats if n in ev.players]
        self._news(
            ev, who, "correction", round=round_no, table=table_no, order=names, reason=reason
        )
        self._send_view(link.id, ev, link.player)

    # -- the event's life -----------------------------------------------------------


_ORGANIZER = frozenset(("event_close", "event_start", "event_remove", "event_bot", "event_result"))

_HANDLERS: dict[str, Callable[[EventBoard, Link, Message, ServerEvent | None], None]] = {
    "event_create": EventBoard._create,
    "event_list": EventBoard._list,
    "event_view": EventBoard._view,
    "event_join": EventBoard._join,
    "event_leave": EventBoard._leave,
    "event_close": EventBoard._close,
    "event_start": EventBoard._start,
    "event_remove": EventBoard._remove,
    "event_bot": EventBoard._bot,
    "event_result": EventBoard._result,
}
