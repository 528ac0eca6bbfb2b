"""A Taverna server: many tables at once, a lobby, players, ratings, a store.

Sans-IO like the single table's `HostSession`: `hub.Hub` is pure logic fed by a
transport (`game.net.transport.HostServer` runs it as it runs one session) and
an injected clock; `store` keeps what survives a restart in SQLite, `ratings`
rates finished tables with OpenSkill, `bots` thinks for bot seats in a bounded
pool of processes, and `run.run_server` is the `taverna server` command.
"""
