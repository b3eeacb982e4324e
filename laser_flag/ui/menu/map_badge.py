"""What the chooser says about a map's balance (laser_flag.lab.badge): a short word for the map's
card and sentences for its detail pane, saying who measured it: this machine ("measured here",
lab.measured, drawn as a filled tag) or the map's author ("the map's claim", an outlined tag).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.game_map import GameMap
from ...i18n import N_, _
from ...lab import badge, measured
from ...lab.verdict import FAIR, UNDECIDED

RGB = tuple[int, int, int]
FAIR_TONE: RGB = (120, 205, 130)
LEANS_TONE: RGB = (250, 160, 80)
UNDECIDED_TONE: RGB = (130, 180, 235)
CHANGED_TONE: RGB = (205, 190, 120)
UNMEASURED_TONE: RGB = (150, 156, 170)  # widgets.DIM: nothing to say yet
HERE, CLAIM = N_("measured here"), N_("the map's claim")


@dataclass(frozen=True)
class BadgeView:
    word: str  # on the card: "fair", "leans team 1 · 64%", "undecided (192 games)", "changed"
    detail: str  # in the detail pane: who measured it, the verdict, the games and the pace
    tone: RGB
    here: bool = False  # measured on this machine, not only claimed by the map's file

    @property
    def short(self) -> str:
        """The word for a narrow card: "undecided" without its count, "leans 1 · 64%" (the
        detail pane says it in full)."""
        return self.word.split(" (")[0].replace("leans team ", "leans ")


def badge_view(gm: GameMap) -> BadgeView:
    """The map's balance as it stands now: measured here if this machine measured the map as it
    is, else the map's own badge (a badge measured for other terrain reads "changed")."""
    own = measured.find(gm)
    claim = gm.json_value(badge.KEY)
    if own is not None:
        view = _view(gm, own, HERE)
        if claim is not None and claim != own:
            note = badge.value_status(gm, claim).said
            view = BadgeView(view.word, _("{detail} The map's file claims: {note}.").format(
                detail=view.detail, note=note),
                             view.tone, here=True)
        return view
    if claim is None:
        return BadgeView(badge.NOT_MEASURED, _("Balance: not measured. Measure here plays "
                                               "bot-against-bot games on this machine."),
                         UNMEASURED_TONE)
    return _view(gm, claim, CLAIM)


def _view(gm: GameMap, value: dict[str, Any], who: str) -> BadgeView:
    status = badge.value_status(gm, value)
    head = _("Balance, {who}:").format(who=_(who))
    pace = pace_text(badge.pace(value))
    styles = ", ".join(value.get("styles") or _styles(value))
    if status.verdict == FAIR:
        # No letter right after a percent sign ("60% (", "95% bounds"): Babel would take "% i"
        # for a %-format and hold every translation to it.
        return BadgeView(FAIR, _("{head} fair. In {games:,} bot-against-bot games ({styles}), "
                                 "in every mirror pairing, team 1's wins lay inside 40-60% ("
                                 "95% bounds included). {pace}").format(
            head=head, games=status.games, styles=styles, pace=pace), FAIR_TONE, who == HERE)
    if status.leaning is not None:
        rate, (low, high) = status.leaning
        team = gm.teams[status.verdict[-1]].name
        return BadgeView(
            f"{_(status.verdict)} · {rate:.0%}",
            _("{head} {verdict} ({team}), which won {rate:.0%} [95%: {low:.0%}-{high:.0%}] of the "
              "decided games of {games:,} ({styles}). {pace}").format(
                head=head, verdict=_(status.verdict), team=team, rate=rate, low=low, high=high,
                games=status.games, styles=styles, pace=pace), LEANS_TONE,
            who == HERE)
    if status.verdict == UNDECIDED:
        undecided = status.said
        return BadgeView(undecided, _("{head} {text}: too few to tell whether team 1 wins 40-60% "
                                        "({styles}). {pace}").format(
            head=head, text=undecided, styles=styles, pace=pace), UNDECIDED_TONE,
                         who == HERE)
    if status.verdict == badge.CHANGED:
        detail = _("{head} changed since measured. The map was edited after its balance was "
                   "measured.").format(head=head)
        return BadgeView(_("changed"), detail, CHANGED_TONE)
    return BadgeView(badge.NOT_MEASURED, _("Balance: not measured."), UNMEASURED_TONE)


def _styles(value: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys(name for row in value["pairings"] for name in row["pairing"]))


def pace_text(pace: dict[str, Any]) -> str:
    """`Games last 9.1 rounds, 1.8 shots a round; 2 of 864 ended by the round limit, 1 of them
    undecided. Games stall in turtle-turtle.`, as much of it as the badge kept."""
    parts = []
    if pace["mean_rounds"] is not None:
        parts.append(_("{pace:.1f} rounds").format(pace=pace['mean_rounds']))
    if pace["shots_per_round"] is not None:
        parts.append(_("{pace:.1f} shots a round").format(pace=pace['shots_per_round']))
    text = _("Games last {join}").format(join=', '.join(parts)) if parts else ""
    if pace["round_limit"] is not None:
        ended = pace["round_limit"]
        count = _("{ended:,} of {pace:,}").format(
            ended=ended, pace=pace['games']) if ended else _("none")
        if ended and pace.get("limit_draws") is not None:
            limit = _("{count} ended by the round limit, {pace:,} of them undecided").format(
                count=count, pace=pace['limit_draws'])
        else:
            limit = _("{count} ended by the round limit").format(count=count)
        text = f"{text}; {limit}" if text else limit.capitalize()
    text = f"{text}." if text else ""
    if pace.get("stalls"):
        stalled = ", ".join("-".join(pairing) for pairing in pace["stalls"])
        stall = _("Games stall in {pairings}.").format(pairings=stalled)
        text = f"{text} {stall}".lstrip()
    return text
