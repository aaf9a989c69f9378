"""Playing at several computers (issue 31): the host judges, clients see only their seats.

No pygame here: `nile serve` runs these modules headless. `protocol` (the messages),
`codec` (observations and logs on the wire), `table` and `hub` (the hosted matches and
their saves), `server` and `hosting` (the asyncio host), `client` (the player's end, on
threads beside the pygame loop), `serve` (the command line). See docs/network.md.
"""
