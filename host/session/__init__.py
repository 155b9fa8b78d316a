"""One game: its Session (the only writer of the game), the Session's parts and its words.

`core` holds the Session; `batches` its queue and worker, `seats` who sits where,
`timers` its clocks and bots, `recovery` the way back to the journal, `publication`
what each audience sees, `roles` who may send what, `in_flight` presses on their way,
`terms` the words every part shares (Origin, Outcome).
"""
