"""Seat statuses of a Wyrt session.

Only PLAYING seats are dealt in; the others keep their stack (frozen) so chips
are conserved across the whole session.
"""

PLAYING = "playing"
BUSTED = "busted"  # lost every chip ([T8])
EXPELLED = "expelled"  # caught cheating ([T9])
LEFT = "left"  # got up ([T8])
AWAY = "away"  # Life Cassino: got up, may join again between hands ([T11])
DEAD = "dead"  # O Morto took the soul ([T11])
DEFEATED = "defeated"  # O Morto at 0 PV or caught (Death Match, [T11])
