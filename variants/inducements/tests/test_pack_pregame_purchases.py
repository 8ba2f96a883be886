"""The 2020 list bought in the core's pre-game step: Star Players both teams want, a side bet's stake, a giant."""

from __future__ import annotations

from collections.abc import Mapping

from bbcore_inducement_packs.boons import side_bet_step

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.model.team import InducementOrder, Team
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.rules.hired_players import hired_players
from bbcore.rules.pregame import buy_inducements
from bbcore.rules.sequences import GameState, TeamState

STARS, BET, GIANT = "bb2020/star-players", "bb2020/side-bet", "bb2020/giant-mercenary"
HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"
TROLL = "orc/troll"


def match(rules: bbcore.Ruleset, *, away_team: Team | None = None, away_treasury: int = 500_000) -> GameState:
    """Eleven Humans at 1,000K (home) against eleven Orcs at 1,400K (away) with ``away_treasury`` to spend."""
    players: dict[str, tuple[str, str, tuple[int, int] | None]] = {f"h{n}": ("home", HUMAN, None) for n in range(11)}
    players.update({f"a{n}": ("away", ORC, None) for n in range(11)})
    board = build_board(rules, players, statuses=dict.fromkeys(players, "reserves"))
    home = TeamState("home", "Humans", "human", 1, ctv=1_000_000)
    away = TeamState("away", "Orcs", "orc", 1, ctv=1_400_000, treasury=away_treasury, team=away_team)
    if away_team is not None:  # the players its file hires are on the board, as the caller puts them there
        for player in hired_players(rules, "away", away_team.inducements, tuple(board.players)):
            board = board.with_player(player)
    return GameState(home, away, board)


def shop(
    rules: bbcore.Ruleset, state: GameState, away: tuple[InducementOrder, ...], home: tuple[InducementOrder, ...]
) -> tuple[GameState, tuple[Event, ...]]:
    """The higher CTV (away) orders first, then home."""
    with ScriptedDecisions([("inducement-orders", away), ("inducement-orders", home)], strict=True) as decisions:
        return buy_inducements(rules, state, ScriptedDice([]), decisions)


def test_a_star_both_teams_hire_before_the_game_is_fielded_by_neither_and_both_pay(bb2020: bbcore.Ruleset) -> None:
    star = InducementOrder(STARS, position=TROLL)
    after, events = shop(bb2020, match(bb2020), (star,), (star,))
    assert not [p for p in after.board.players.values() if p.hired]
    fee = bb2020.position(TROLL).cost
    assert after.away.treasury == 500_000 - fee
    assert [e.detail["cost"] for e in events if e.kind == "inducements"] == [fee, fee]
    alone, _ = shop(bb2020, match(bb2020), (star,), ())
    assert [(p.team, p.position, p.star) for p in alone.board.players.values() if p.hired] == [("away", TROLL, True)]


def test_a_star_hired_with_the_team_file_leaves_when_the_opponent_buys_him_before_the_game(bb2020: bbcore.Ruleset) -> None:
    star = InducementOrder(STARS, position=TROLL)
    state = match(bb2020, away_team=Team("Orcs", (), roster="orc", inducements=(star,)))
    (brought,) = [p for p in state.board.players.values() if p.hired]
    after, events = shop(bb2020, state, (), (star,))
    assert brought.id not in after.board.players
    assert not [p for p in after.board.players.values() if p.hired]
    hired = next(e for e in events if e.kind == "hired-players")
    assert (hired.who, hired.detail["players"], hired.detail["fielded_by_neither"]) == ("home", [], [brought.id])


def test_a_side_bet_bought_before_the_game_is_settled_on_the_stake_its_order_named(bb2020: bbcore.Ruleset) -> None:
    bet = InducementOrder(BET, stake=40_000)
    bought, events = shop(bb2020, match(bb2020), (bet,), ())
    assert next(e for e in events if e.who == "away" and e.kind == "inducements").detail["orders"] == [
        {"id": BET, "count": 1, "stake": 40_000}
    ]
    assert bought.away.treasury == 500_000 - 40_000
    won = bought.update_team("away", score=1)
    settled, (event,) = side_bet_step(bb2020, won, ScriptedDice([]), DefaultDecisions())
    assert event.detail["stake"] == 40_000
    assert settled.away.treasury == bought.away.treasury + 2 * 40_000  # the 2020 list pays twice the stake back


def test_a_giant_bought_before_the_game_joins_the_reserves(bb2020: bbcore.Ruleset) -> None:
    after, events = shop(bb2020, match(bb2020), (InducementOrder(GIANT),), ())
    (giant,) = [p for p in after.board.players.values() if p.hired]
    assert (giant.team, giant.position, giant.status) == ("away", GIANT, Status.RESERVES)
    assert next(e for e in events if e.kind == "hired-players").detail["players"] == [giant.id]


def test_a_side_bet_bought_by_count_stakes_the_least(bb2020: bbcore.Ruleset) -> None:
    class Counter(DefaultDecisions):
        def buy_inducements(self, team: str, prices: Mapping[str, int], budget: int) -> Mapping[str, int]:
            return {BET: 1} if team == "away" else {}

    least = bb2020.inducement(BET).stake
    assert least is not None
    bought, _ = buy_inducements(bb2020, match(bb2020), ScriptedDice([]), Counter())
    assert bought.away.treasury == 500_000 - least.min
    assert bought.away.orders == (InducementOrder(BET, stake=least.min),)
