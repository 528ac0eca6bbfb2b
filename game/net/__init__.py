"""Play across machines without pygame: the wire protocol, the host's session
(seats, tokens, what each seat is sent, validation, reconnection), the client's
`RemoteMatch`, the websocket transport and the headless host and joiner."""
