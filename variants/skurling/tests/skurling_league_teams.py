"""The team the Skurling league tests play with, and their strict scripted coach."""

from __future__ import annotations

from bbcore_skurling.coaching import ScriptedSkurlingDecisions

from bbcore.model.team import Team, TeamPlayer


def strict(*answers: tuple[str, object]) -> ScriptedSkurlingDecisions:
    """A coach who answers exactly ``answers``, in order, and nothing else."""
    return ScriptedSkurlingDecisions(list(answers), strict=True)


def rovers(treasury: int = 0, *more: TeamPlayer, staff: dict[str, object] | None = None) -> Team:
    """The Old Road Rovers' five with a role, a Lineman on the bench and ``more`` after him."""
    players = (
        TeamPlayer(name="Bert", position="human/ogre", role="whacker"),
        TeamPlayer(name="Pip", position="human/halfling-hopeful", role="stooge"),
        TeamPlayer(name="Hal", position="human/human-lineman", role="whacker"),
        TeamPlayer(name="Gil", position="human/human-lineman", role="goon"),
        TeamPlayer(name="Cat", position="human/human-catcher", role="cuddler"),
        TeamPlayer(name="Ben", position="human/human-lineman"),
        *more,
    )
    return Team(name="Old Road Rovers", players=players, rerolls=1, treasury=treasury, staff=staff or {})
