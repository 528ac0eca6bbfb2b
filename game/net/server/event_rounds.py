"""The life of an online event on a server (issue 47): starting it, pairing
each round with the organizer's code, a table per pairing, no-shows, drops,
results from finished tables, a restart, and the news entrants are sent.

`EventRounds` is the half of `game.net.server.events.EventBoard` that moves
events on; the board adds the messages. See `events` for the rules.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from game.core import Match
from game.net.guard import Doorman
from game.net.protocol import encode, refusal
from game.net.seating import SERVER_CODE_LENGTH, new_code, shown_code
from game.net.server.event_model import ServerEvent, key_of
from game.net.server.events_store import EventStore
from game.net.server.lobby import Link
from game.net.server.store import Store
from game.net.server.table import ServerTable
from game.net.session import HostSession
from game.registry import load_match
from game.rng import Rng
from game.tournament import Result, TournamentError, create_tournament
from game.tournament.model import KNOCKOUT_STAGES, Round, Table
from game.tournament.organizer import match_options
from game.tournament.play import MAX_KNOCKOUT_REPLAYS, result_from_match

log = logging.getLogger("game.net.server")

#: times a crashed or expired table is dealt again before the organizer decides
REDEALS_MAX = 2
#: the turn clock of an event's tables: nobody holds a round up forever
EVENT_CLOCK = "normal"


class EventHost(Protocol):
    """What the board needs of the hub (`game.net.server.hub.Hub`)."""

    store: Store
    clock: Callable[[], float]
    doorman: Doorman
    grace: float
    tables: dict[str, ServerTable]
    links: dict[int, Link]

    def _send(self, cid: int, text: str) -> None: ...

    def _in_table(self, t: ServerTable, fn: Callable[[HostSession], Any]) -> None: ...

    def _drop(self, t: ServerTable, reason: str) -> None: ...

    def _detach(self, link: Link, reason: str) -> None: ...


class EventRounds:
    """Events moving on; see the module docstring."""

    hub: EventHost
    db: EventStore
    events: dict[str, ServerEvent]
    #: a finished server table -> the code of the event it played (who may see its replay)
    replay_events: dict[str, str]

    def _no(self, link: Link, code: str, detail: str = "") -> None:
        """A refusal in words (`net.refused.<code>`); normal use, so no strike."""
        self.hub._send(link.id, refusal(code, detail))

    def _begin(self, ev: ServerEvent) -> str:
        """Registration closes and round 1 is paired; returns what went wrong, or ""."""
        s = dict(ev.settings)
        try:
            ev.tournament = create_tournament(
                ev.game,
                [r.spec() for r in ev.registrants],
                format=ev.format,
                name=ev.name if ev.game != "chama" else "",
                **s,
            )
        except TournamentError as e:
            return e.key
        ev.players = {i + 1: r.player for i, r in enumerate(ev.registrants) if r.player is not None}
        ev.status = "running"
        ev.start_at = None
        log.info("event %s started: %d entrants", shown_code(ev.code), len(ev.registrants))
        self._news(ev, [*ev.people(), ev.organizer], "started")
        self._advance(ev)
        self._save(ev)
        return ""

    def tick(self) -> None:
        """Time passes: start times, rounds to pair, tables to open, no-shows."""
        now, wall = self.hub.clock(), self.hub.store.wall()
        for ev in list(self.events.values()):
            if ev.tournament is None and ev.live and ev.start_at is not None:
                if wall >= ev.start_at:
                    error = self._begin(ev)
                    if error:
                        ev.start_at = None
                        self._save(ev)
                        self._news(ev, [ev.organizer], "cannot_start", reason=error)
            elif ev.status == "running":
                try:
                    self._advance(ev, now)
                except TournamentError as e:  # the organizer's code refused: say it, go on
                    log.error("event %s: %s", shown_code(ev.code), e)

    def _advance(self, ev: ServerEvent, now: float | None = None) -> None:
        t = ev.tournament
        assert t is not None
        now = self.hub.clock() if now is None else now
        changed = False
        for _ in range(50):  # rounds of byes only follow each other at once
            rnd = t.current_round
            if rnd is not None and not rnd.complete:
                break
            if t.can_start_round():
                self._news_round(ev, t.start_round())
                changed = True
                continue
            ev.status = "finished"
            final = [r.to_dict() for r in t.final_standings()]
            log.info("event %s finished: %s", shown_code(ev.code), [r["name"] for r in final])
            self._news(ev, [*ev.people(), ev.organizer], "finished", final=final)
            self._save(ev)
            return
        rnd = t.current_round
        assert rnd is not None
        for table in rnd.pending:
            changed |= self._watch_table(ev, rnd, table, now)
        if changed:
            self._save(ev)

    def _watch_table(self, ev: ServerEvent, rnd: Round, table: Table, now: float) -> bool:
        """Open a pending match's table, deal it again, or apply the grace time."""
        key = key_of(rnd.number, table.number)
        sid = ev.tables.get(key)
        st = self.hub.tables.get(sid or "")
        if sid is None:
            self._open(ev, rnd, table, now)
            return True
        if st is None or st.ended:
            if st is not None and st.ended == "finished":
                return False  # its result is being recorded
            count = ev.redeals.get(key, 0)
            if count > REDEALS_MAX:
                return False  # the organizer was told: his result ends it
            ev.redeals[key] = count + 1
            if count == REDEALS_MAX:
                self._news(ev, [ev.organizer], "stuck", round=rnd.number, table=table.number)
            else:
                self._open(ev, rnd, table, now)
            return True
        if st.session.started or now - ev.opened.setdefault(key, now) < ev.grace:
            return False
        self._no_shows(ev, rnd, table, st)
        return True

    def _open(self, ev: ServerEvent, rnd: Round, table: Table, now: float) -> None:
        """A server table for one match, its seats kept for the paired players."""
        t = ev.tournament
        assert t is not None
        hub = self.hub
        kinds: list[tuple[str, str | None]] = []
        for n in table.seats:
            bot = t.entrant(n).bot
            kinds.append(("bot", bot) if bot is not None else ("remote", None))
        session = HostSession(
            ev.game,
            kinds,
            options=match_options(t, rnd.stage, len(table.seats)),
            code=new_code(length=SERVER_CODE_LENGTH),
            clock=hub.clock,
            grace=hub.grace,
            keep_feed=True,
            doorman=hub.doorman,
        )
        for seat, n in enumerate(table.seats):  # a bot entrant sits under its event name
            if t.entrant(n).bot is not None:
                session.seats[seat].name = t.entrant(n).name
        reserved = ev.reserved(table.seats)
        st = ServerTable(
            session.table_id,
            session,
            ev.organizer,
            "",
            public=False,
            watchers_allowed=True,
            clock=EVENT_CLOCK,
            players=list(reserved),
            active_at=now,
            event=ev.code,
            reserved=reserved,
            fallback=ev.fallback,
        )
        hub.store.add_table(st.row())
        hub.tables[st.id] = st
        key = key_of(rnd.number, table.number)
        ev.tables[key] = st.id
        ev.opened[key] = now
        log.info("event %s round %s table %s: %s", shown_code(ev.code), rnd.number, key, st.id)
        if not session.open_remote_seats():  # bots only
            hub._in_table(st, HostSession.start)
        for seat, n in enumerate(table.seats):  # "go to my table"
            pid = ev.players.get(n)
            if pid is not None:
                others = [t.entrant(m).name for m in table.seats if m != n]
                self._news(
                    ev, [pid], "table", round=rnd.number, stage=rnd.stage, table_no=table.number,
                    server_table=st.id, seat=seat, opponents=others, attempt=table.attempt,
                )  # fmt: skip

    def _no_shows(self, ev: ServerEvent, rnd: Round, table: Table, st: ServerTable) -> None:
        """The grace time is over and someone is not at his table."""
        t = ev.tournament
        assert t is not None
        empty = st.session.open_remote_seats()
        absent = [table.seats[i] for i in empty]
        came = [n for n in table.seats if n not in absent]
        key = key_of(rnd.number, table.number)
        if ev.no_show == "lose" and came:
            ev.absent[key] = absent
            if len(table.seats) == 2:  # a walkover: nothing to play
                t.record_result(rnd.number, table.number, Result([came, absent], source="walkover"))
                st.ended = "forfeit"
                self.hub.store.end_table(st.id, "forfeit", None)
                self.hub._drop(st, "forfeit")
                self._news_result(ev, rnd, table)
                return

        def stand_in(session: HostSession) -> None:
            # a bot plays for each absent entrant, under his name, until he comes:
            # his player id takes the seat back, as for one who dropped
            for seat in empty:
                s = session.seats[seat]
                s.new_token()  # held by nobody: the seat counts as taken, the deal goes on
                s.name = t.entrant(table.seats[seat]).name
                session.mark(seat, "standin")
            if not session.started and not session.open_remote_seats():
                session.start()

        self.hub._in_table(st, stand_in)

    def table_finished(self, st: ServerTable) -> None:
        """A table of an event ended its match: its standings are the result."""
        ev = self.events.get(st.event)
        match = st.session.match
        if ev is None or ev.tournament is None or match is None:
            return
        key = next((k for k, sid in ev.tables.items() if sid == st.id), None)
        if key is None:
            return
        try:
            self._record(ev, key, st.id, match)
        except TournamentError as e:
            log.error("event %s table %s: %s", shown_code(ev.code), key, e)
        self._save(ev)

    def _record(self, ev: ServerEvent, key: str, sid: str, match: Match) -> None:
        t = ev.tournament
        assert t is not None
        round_no, table_no = (int(x) for x in key.split("/"))
        rnd = t.round(round_no)
        table = rnd.table(table_no)
        ev.played.setdefault(key, []).append(sid)
        self.replay_events[sid] = ev.code
        if table.done:
            return  # the organizer decided it meanwhile
        humans = any(not t.entrant(n).is_bot for n in table.seats)
        result = result_from_match(table, match, source="played" if humans else "simulated")
        absent = set(ev.absent.get(key, []))
        if absent and any(n not in absent for n in table.seats):
            # a no-show loses: everyone who came is placed above him
            came = [[n for n in g if n not in absent] for g in result.order]
            gone = [[n for n in g if n in absent] for g in result.order]
            result.order = [g for g in came if g] + [g for g in gone if g]
        if rnd.stage in KNOCKOUT_STAGES and len(result.order[0]) > 1:
            table.attempt += 1  # a drawn knockout match is played again [R4]
            del ev.tables[key]
            if table.attempt >= MAX_KNOCKOUT_REPLAYS:
                toss = Rng(f"{t.seed}/toss/{round_no}/{table.number}")
                winner = toss.choice(table.seats)
                loser = next(n for n in table.seats if n != winner)
                t.record_result(round_no, table_no, Result.win(winner, loser, source="coin_toss"))
                self._news_result(ev, rnd, table)
            return
        t.record_result(round_no, table_no, result)
        self._news_result(ev, rnd, table)

    def _drop_entrant(self, link: Link, ev: ServerEvent, number: int) -> bool:
        """An entrant leaves a running event (or the organizer removes him) [R11]."""
        t = ev.tournament
        assert t is not None
        try:
            t.drop(number)
        except TournamentError as e:
            self._no(link, "event_over" if ev.status == "finished" else "not_registered", e.key)
            return False
        rnd = t.current_round
        table = rnd.table_of(number) if rnd is not None else None
        if rnd is not None and table is not None and not table.done:
            key = key_of(rnd.number, table.number)
            st = self.hub.tables.get(ev.tables.get(key, ""))
            seat = table.seats.index(number)
            if st is not None and not st.ended and not st.session.started:
                if (
                    st.session.seats[seat].kind == "remote"
                    and seat in st.session.open_remote_seats()
                ):
                    ev.absent.setdefault(key, []).append(number)
                    self._no_shows_now(ev, rnd, table, st, seat)
            elif st is not None and not st.ended:  # under way: a bot plays it out for him
                gone = ev.players.get(number)
                for other in list(self.hub.links.values()):
                    if gone is not None and other.player == gone and other.table == st.id:
                        self.hub._detach(other, "dropped")
                self.hub._in_table(st, lambda s: s.mark(seat, "standin"))
        pid = ev.players.get(number)
        self._save(ev)
        self._news(ev, [ev.organizer, *([pid] if pid else [])], "dropped", number=number)
        return True

    def _no_shows_now(
        self, ev: ServerEvent, rnd: Round, table: Table, st: ServerTable, seat: int
    ) -> None:
        """A dropped entrant's table not yet dealt: a walkover, or a bot in his seat."""
        t = ev.tournament
        assert t is not None
        if len(table.seats) == 2:
            gone = table.seats[seat]
            other = next(n for n in table.seats if n != gone)
            t.record_result(rnd.number, table.number, Result.win(other, gone, source="walkover"))
            st.ended = "forfeit"
            self.hub.store.end_table(st.id, "forfeit", None)
            self.hub._drop(st, "forfeit")
            self._news_result(ev, rnd, table)
            return
        level, name = ev.fallback, t.entrant(table.seats[seat]).name
        self.hub._in_table(st, lambda s: s.hand_to_bot(seat, level, name))

    def _reattach(self, ev: ServerEvent) -> None:
        """After a restart: the current round's tables keep their seats for their
        players; a table that finished unrecorded is recorded from its replay; one
        that is gone is dealt again."""
        t = ev.tournament
        rnd = t.current_round if t is not None else None
        if t is None or rnd is None:
            return
        now = self.hub.clock()
        for table in rnd.pending:
            key = key_of(rnd.number, table.number)
            sid = ev.tables.get(key)
            if sid is None:
                continue
            st = self.hub.tables.get(sid)
            if st is not None:
                st.event, st.reserved = ev.code, ev.reserved(table.seats)
                st.fallback = ev.fallback
                st.players = [p if p else q for p, q in zip(st.players, st.reserved, strict=True)]
                ev.opened[key] = now  # a fresh grace time: the server was away
                continue
            replay = self.hub.store.replay(sid) if self.db.table_status(sid) == "finished" else None
            if replay is not None:
                try:
                    self._record(ev, key, sid, load_match(replay))
                    continue
                except Exception as e:  # noqa: BLE001 -- a bad replay: deal the match again
                    log.error("event %s table %s: replay unreadable: %s", ev.code, key, e)
            del ev.tables[key]
        self._save(ev)

    # -- news -----------------------------------------------------------------------

    def _news(self, ev: ServerEvent, players: list[str], kind: str, **data: Any) -> None:
        """`event_news` to every connection of these players, wherever it is."""
        wanted = set(players)
        text = encode("event_news", event=shown_code(ev.code), news=kind, data=data)
        for link in self.hub.links.values():
            if link.player is not None and link.player in wanted:
                self.hub._send(link.id, text)

    def _news_round(self, ev: ServerEvent, rnd: Round) -> None:
        """A new round: byes and walkovers are told here (tables as they open)."""
        for table in rnd.tables:
            pid = ev.players.get(table.seats[0])
            if table.is_bye and pid is not None:
                kind = "bye" if table.result and table.result.source == "bye" else "walkover"
                self._news(ev, [pid], kind, round=rnd.number, stage=rnd.stage)
        self._news(ev, [ev.organizer], "round", round=rnd.number, stage=rnd.stage)

    def _news_result(self, ev: ServerEvent, rnd: Round, table: Table) -> None:
        t = ev.tournament
        assert t is not None and table.result is not None
        order = [[t.entrant(n).name for n in g] for g in table.result.order]
        who = [ev.players[n] for n in table.seats if n in ev.players]
        self._news(
            ev, [*who, ev.organizer], "result", round=rnd.number, table_no=table.number,
            order=order, source=table.result.source,
        )  # fmt: skip

    def _save(self, ev: ServerEvent) -> None:
        self.db.save(ev.to_dict())
