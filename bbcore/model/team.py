"""Team files (ARCHITECTURE §8)."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen

from bbcore.model.common import SkillRef
from bbcore.model.inducement import InducementStake


@frozen
class Advancement:
    kind: str
    skill: SkillRef | None = None
    characteristic: str | None = None


@frozen
class TeamPlayer:
    """One player of a team file: his name and position (``<roster-id>/<position-id>``), and his league career so far.

    ``advancements`` are rows of the value-increases table (with the skill each gave); ``spp``
    his Star Player Points not yet spent; ``miss_next_game``, ``niggling_injuries`` and
    ``temporarily_retired`` what his injuries left; ``lasting_injuries`` and ``gained_skills``
    as below. :func:`bbcore.teams.profiles.current_profile` works out his profile from them.
    """

    name: str
    position: str
    number: int | None = None
    role: str | None = None
    advancements: tuple[Advancement, ...] = ()
    spp: int = 0
    miss_next_game: bool = False
    niggling_injuries: int = 0
    temporarily_retired: bool = False
    #: Rows of the lasting-injury table suffered, each a characteristic made worse, in the order suffered.
    lasting_injuries: tuple[str, ...] = ()
    #: The team's captain (a team with the Team Captain special rule names one).
    captain: bool = False
    #: Skills and traits gained outside the advancements (Hatred from Getting Even, say): they add no value.
    gained_skills: tuple[SkillRef, ...] = ()
    #: League seasons he has taken part in before this one (a re-draft charges an agent's fee for each).
    seasons: int = 0

    @property
    def available(self) -> bool:
        """Whether the player may play the next game: neither missing it nor Temporarily Retiring (who stays on the
        roster, counting towards its size, but plays no more this season and leaves the Current Team Value)."""
        return not (self.miss_next_game or self.temporarily_retired)

    @property
    def identity(self) -> tuple[str, str]:
        """Who he is from one team file to the next, which give players no ids: his name and position."""
        return (self.name, self.position)

    @property
    def roster_id(self) -> str:
        return self.position.split("/", 1)[0]

    @property
    def position_id(self) -> str:
        return self.position.split("/", 1)[1]


@frozen
class InducementOrder:
    """``count`` of one inducement; one that hires a player names its ``position`` and any ``skill`` bought with it.

    One whose price is a stake names its ``stake``.
    """

    id: str
    count: int = 1
    position: str | None = None
    skill: SkillRef | None = None
    #: The amount staked, for an inducement whose price is a stake the team names.
    stake: int | None = None

    @classmethod
    def counted(cls, id: str, count: int, stake: InducementStake | None) -> InducementOrder:
        """``count`` of an inducement ordered by number alone: one whose price is a stake (``stake`` set) stakes the
        least it may, as the post-game settles a bet that named none."""
        return cls(id, count, stake=stake.min if stake is not None else None)

    @property
    def roster_id(self) -> str | None:
        return self.position.split("/", 1)[0] if self.position else None

    @property
    def position_id(self) -> str | None:
        return self.position.split("/", 1)[1] if self.position else None


@frozen
class Team:
    name: str
    players: tuple[TeamPlayer, ...]
    id: str | None = None
    variant: str | None = None
    roster: str | None = None
    league: str | None = None
    special_rules: tuple[str, ...] = ()
    budget: int | None = None
    rerolls: int = 0
    inducements: tuple[InducementOrder, ...] = ()
    staff: Mapping[str, bool | int | tuple[str, ...]] = field(factory=dict)
    treasury: int = 0
    #: The team holds the League Trophy: ``league.trophy_rerolls`` more team re-rolls, free, counted in its value.
    league_trophy: bool = False
