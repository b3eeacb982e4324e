"""Hard: an expectimax over the rest of the team's turn, deepened while its budget lasts.

The root's options are the actions the planner scores best (within `BAND` of its choice) and
ending the turn, and the planner's choice stands unless the search finds another better (by
`MARGIN`): the band and margin keep the search from chasing the errors of the appraisal its
leaves are priced by, while the team-level reply below lets it overrule the planner where the
gain is real (docs/BALANCE_LOG.md has the settings measured). Deeper, each position's best few
single actions by the appraisal (any unit's, so the search finds which unit should act first and
what the others do after a hit or a miss). Chance is exact: every result of an action comes from
the engine's `game.outcomes()` with its probability, so the game's own dice are never used and
no future roll is seen. A position is valued as it would stand if the turn ended there
(`TurnValue`): the score, the units and lasers on the board, each of our units priced by the
appraisal (a live laser credited with next turn's shot whatever AP it spent), less what the
enemy's reply is expected to take, each live enemy taking its one best shot
(`Situation.team_reply`; the reply is modelled, not played out), an enemy that must walk onto
ground our snap shots watch to see a unit keeping only a share of it; where one hit ends the
game for the enemy, that reply is the game lost with the chance that any enemy hits. Every line
is priced on its root's scale: approach and urgency walk toward where the enemies stood there,
and a hit is as keen as the root's score makes it. Hard prices with the planner's weights but
counts the way to a base as moves walk it (`HARD_WEIGHTS`), the planner that proposes its
candidates too. The search deepens one action at a time (2, 3, ... of our actions ahead) and
is anytime: when the budget (`budget.py`) runs out or it is told to answer now, it keeps the
answer of the deepest search it completed, or the planner's own choice before that. No plan
holds a move that strands a unit whose laser is off in the enemy's sight; a shot into cover at
low odds is weighed like any other (docs/BALANCE_LOG.md says why no rule leaves it out).
"""

from __future__ import annotations

from dataclasses import replace

from laser_flag.engine import (
    DEACTIVATED,
    Action,
    EndTurn,
    Game,
    Move,
    Pos,
    Unit,
    other_team,
)

from .base import Bot
from .budget import LAB_STEPS, Budget, Meter
from .escape import escape, in_danger, stranded
from .greedy import Appraiser
from .odds import Odds
from .planner import PLANNER_WEIGHTS, PlannerBot
from .situation import Situation, Weights, enemy_signature

BREADTH = 5  # at most this many of the planner's candidates at the root (and ending the turn)
INNER_BREADTH = 3  # the appraisal's best actions tried in each deeper position
FIRST_DEPTH = 2  # our actions ahead in the first complete search (the planner's own depth)
MAX_DEPTH = 8  # no turn has more worth looking at; a small map's search stops here
WIN = 100.0  # a game won (or lost) outweighs any position
BAND = 0.3  # in points: the planner's candidates this close to its best are the search's to weigh
MARGIN = 0.02  # in points: how much better than the planner's choice another option must be


# The planner's prices with the way to a base as moves walk it, and an enemy that must walk into our
# snap shots to see a unit keeps only this share of its threat there.
HARD_WEIGHTS = replace(PLANNER_WEIGHTS, base_cuts_corners=False, braved=0.6)


class OutOfBudget(Exception):
    """The budget ran out (or the bot was told to answer now) in the middle of a search."""


class TurnValue(Appraiser):
    """The appraisal with every Situation of one decision kept (a search meets the same enemy
    side, the same hits, again and again in different branches), the enemy's reply priced for
    the team: each enemy fires once, so two of our units in one enemy's sight risk one hit."""

    def __init__(self, weights: Weights = HARD_WEIGHTS) -> None:
        super().__init__(weights)
        self._situations: dict[tuple, Situation] = {}
        self._root: Game | None = None

    def start(self, root: Game) -> None:
        """A decision from `root` begins: every line's Situation is priced on its scale (see
        `Situation`'s `root`). Without it, the first position valued is taken for the root."""
        self._root = root

    def situation(self, game: Game) -> Situation:
        key = enemy_signature(game)[2:]  # the map and rules: one decision's own (and unhashable)
        sit = self._situations.get(key)
        if sit is None:
            if self._odds is None or not self._odds.fits(game):
                self._odds = Odds(game)
            self._root = self._root or game
            sit = self._situations[key] = Situation(game, self._odds, self.weights, self._root)
        return sit

    def forget(self) -> None:
        self._situations.clear()
        self._root = None

    def value(self, game: Game, team: str) -> float:
        """What the position is worth to `team` if its turn ended now, in points."""
        if game.over:
            return 0.0 if game.winner == "draw" else WIN if game.winner == team else -WIN
        w, sit = self.weights, self.situation(game)
        # What we take from the enemy is priced as the appraisal prices a hit (`Situation.gain`,
        # keener in a quiet game); what it takes from us, as the appraisal prices a loss.
        taken = w.point * game.scores[team]
        v = -w.point * sum(s for t, s in game.scores.items() if t != team)
        ours = [u for u in game.units if u.team == team]
        for u in ours:
            v += w.unit + self.turn_end_worth(sit, u)
        for u in game.units:
            if u.team != team:
                taken -= w.unit + (w.laser if u.laser != DEACTIVATED else 0.0)
        v += sit.eager * taken
        covered = self.covered(game, ours)
        if self.one_hit_loses(game, team, ours):
            p = sit.any_hit(ours, covered)
            return (1.0 - p) * v - p * WIN
        return v - sit.team_reply(ours, covered)

    @staticmethod
    def one_hit_loses(game: Game, team: str, ours: list[Unit]) -> bool:
        """Whether the enemy's next hit ends the game: it reaches its score limit, or it takes
        our last unit where every hit disqualifies. The reply is then a game lost, not a point:
        priced as a point, a snap shot the search sees (a game lost) outweighed the enemy's
        modelled shots at our units standing in its sight, so Hard held fire there."""
        enemy = other_team(team)
        if game.scores[enemy] + 1 >= game.map.score_limit[enemy]:
            return True
        return len(ours) == 1 and not game.map.usable_bases(team)

    @staticmethod
    def turn_end_worth(sit: Situation, unit: Unit) -> float:
        """A unit's worth as the turn ends (`Situation.worth`), a live laser credited with its
        best shot whatever AP it spent: it has its AP again next turn, and a charging laser is
        charged by then. (Crediting only units with AP left made firing look dearer than it is:
        a miss keeps the shot on offer next turn as much as holding fire does.)"""
        v = sit.worth(unit, unit.pos, unit.ap, unit.laser)
        if unit.laser != DEACTIVATED and not sit.armed(unit, unit.ap, unit.laser):
            v += sit.w.shot_ready * sit.best_shot(unit.unit_class, unit.pos)
        return v

    @staticmethod
    def covered(game: Game, ours: list[Unit]) -> frozenset[Pos]:
        """Every tile our units will watch with snap shots if the turn ends now (a charging
        laser is charged by then; a unit that fired keeps none)."""
        visible_from = game.map.visibility.visible_from
        return frozenset().union(*(
            visible_from(u.pos) for u in ours
            if u.laser != DEACTIVATED and not u.fired
            and game.what_if.snap_shots_kept(u.unit_class, u.ap)))


class SearchBot(Bot):
    """Iterative-deepening expectimax over our own actions, within steps or seconds."""

    name = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 breadth: int = BREADTH, weights: Weights = HARD_WEIGHTS) -> None:
        """`weights`: the prices of both the search's leaves and the planner that proposes its
        candidates, in points (`BAND`, `MARGIN` and `WIN` are in points too)."""
        super().__init__(seed)
        self.budget = budget or Budget.steps(LAB_STEPS)
        self.planner = PlannerBot(seed, weights)  # its candidates, priced as Hard prices
        self.breadth = breadth
        self.turn_value = TurnValue(weights)
        self.meter: Meter | None = None
        self.depth = 0  # our actions ahead in the last decision's deepest complete search
        self.complete = False  # whether that search saw every line to its end
        self._turn: tuple[int, int] | None = None  # (game seed, turn) the clock below counts
        self._turn_spent = 0.0
        self._stranded: dict[tuple, bool] = {}  # one decision's answers of escape.stranded

    def progress(self) -> float | None:
        meter = self.meter
        return meter.shown() if meter is not None else None

    def choose(self, game: Game) -> Action:
        action = self._search(game)
        if isinstance(action, EndTurn):
            # Before the turn ends, every unit whose laser is off walks out of the enemy's sight
            # if it can (escape.py says why); the search plans no move that strands one there.
            # It walks last, once the others have acted from where it stands (the order
            # docs/BALANCE_LOG.md found stronger).
            for unit in game.units:
                if in_danger(game, unit) and (move := escape(game, unit)) is not None:
                    return move
        return action

    def _search(self, game: Game) -> Action:
        self.meter = None  # no bar from the decision before while the candidates are found
        self._stranded.clear()
        self.turn_value.start(game)
        try:
            candidates = self._candidates(game)
            if len(candidates) == 1:
                return candidates[0]
            turn = (game.seed, game.turn)
            if turn != self._turn:
                self._turn, self._turn_spent = turn, 0.0
            meter = self.meter = self.budget.meter(self._turn_spent, self.hurry)
            try:
                return self._deepen(game, candidates, meter)
            finally:
                self._turn_spent += meter.elapsed()
        finally:
            self.turn_value.forget()

    def _candidates(self, game: Game) -> list[Action]:
        """The planner's choice first, then the other actions it scores about as high (within
        `BAND`, at most `breadth`), then EndTurn."""
        scored = sorted(self._worth_planning(game, self.planner.scored(game)),
                        key=lambda pair: -pair[0])[: self.breadth]
        if not scored or scored[0][0] <= PlannerBot.threshold:
            return [EndTurn()]
        top = scored[0][0]
        return [*(a for s, a in scored if s > PlannerBot.threshold and s >= top - BAND), EndTurn()]

    def _deepen(self, game: Game, candidates: list[Action], meter: Meter) -> Action:
        """Search one action deeper each time; keep the last answer a search completed.

        A search that took no more steps than the one before met nothing new (every line ends
        within the depth): then it is complete, and `complete` says so."""
        best, self.depth, self.complete = candidates[0], 0, False
        steps = -1
        for depth in range(FIRST_DEPTH, MAX_DEPTH + 1):
            start = meter.used
            try:
                best = self._root(game, candidates, depth, meter)
            except OutOfBudget:
                break
            self.depth = depth
            if meter.used - start == steps:
                self.complete = True
                break
            steps = meter.used - start
        return best

    def _root(self, game: Game, candidates: list[Action], depth: int, meter: Meter) -> Action:
        """The planner's choice, unless the search finds another option clearly better: the
        appraisal the search rests on is only a model, and small differences are its noise."""
        team = game.active_team
        values = [self._leaf(game, team, meter) if isinstance(action, EndTurn)
                  else self._expect(game, action, team, depth - 1, meter)
                  for action in candidates]
        best = max(range(len(values)), key=lambda i: (values[i], -i))
        return candidates[best] if values[best] > values[0] + MARGIN else candidates[0]

    def _expect(self, game: Game, action: Action, team: str, depth: int, meter: Meter) -> float:
        """The mean value of an action over its chance results, each searched `depth` deeper."""
        self._spend(meter)
        return sum(float(p) * self._best(after, team, depth, meter)
                   for p, after in game.outcomes(action))

    def _best(self, game: Game, team: str, depth: int, meter: Meter) -> float:
        """The value of a position: end the turn here, or the best of a few more actions."""
        value = self._leaf(game, team, meter)
        if depth == 0 or game.over:
            return value
        ranked = self._worth_planning(game, self.turn_value.ranked(game))[:INNER_BREADTH]
        for gain, action in ranked:
            if gain > PlannerBot.threshold:
                value = max(value, self._expect(game, action, team, depth - 1, meter))
        return value

    def _worth_planning(self, game: Game,
                        scored: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
        """The scored actions but those that strand a unit whose laser is off in the enemy's
        sight (`escape.stranded`, asked once a decision for each unit, place and move)."""
        def keeps(action: Action) -> bool:
            if not isinstance(action, Move):
                return True
            unit = game.unit(action.unit_id)
            if unit.laser != DEACTIVATED:
                return True
            armed = tuple(e.id for e in game.units if e.team != unit.team
                          and e.laser != DEACTIVATED)
            key = (unit, action.to, armed)
            if key not in self._stranded:
                self._stranded[key] = stranded(game, unit, action.to)
            return not self._stranded[key]
        return [(score, a) for score, a in scored if keeps(a)]

    def _leaf(self, game: Game, team: str, meter: Meter) -> float:
        self._spend(meter)
        return self.turn_value.value(game, team)

    @staticmethod
    def _spend(meter: Meter) -> None:
        if not meter.spend():
            raise OutOfBudget
