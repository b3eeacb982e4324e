"""Which rules this engine plays: the edition of docs/RULES.md it implements, as a number.

RULES_VERSION is bumped whenever what the rules make happen changes: a number of the default
ruleset, a rule of moving, sight, cover, hitting, snap shots, recharging, victory or fog, the
order dice are drawn in, a map key that changes play. A rewording of RULES.md that changes no
outcome leaves it. Two engines with the same RULES_VERSION agree, on the same map and state, on
every legal action, reach, line of sight and chance to hit: a network guest works its previews
out with its own engine, so a host seats only a guest that plays the same rules
(docs/PROTOCOL.md, "Versions").
"""

RULES_VERSION = 1
