"""The core's roll names (``CORE_ROLLS``) are exactly the tests its procedures make, read from their source."""

from __future__ import annotations

import ast
from pathlib import Path

import bbcore
from bbcore.rules.rerolls import CORE_ROLLS, roll_names

RULES = Path(bbcore.__file__).parent / "rules"
#: Where each call names its test, by position: take_test(player, TEST, ...), the move's
#: self.test(board, player, TEST, ...), plugin_reroll(ruleset, board, player, TEST) and the
#: ball's _pick_up_test(ruleset, board, player_id, TEST, ...) and the special actions' _action_roll(ruleset, board, player, TEST, ...).
TEST_ARGUMENT = {"take_test": 1, "test": 2, "plugin_reroll": 3, "_pick_up_test": 3, "_action_roll": 3}


def module_constants(tree: ast.Module) -> dict[str, str]:
    """The module's string constants, ``A = "x"`` and ``A, B = "x", "y"``."""
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = (
            zip(target.elts, value.elts, strict=False)
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
            else [(target, value)]
        )
        for name, constant in pairs:
            if isinstance(name, ast.Name) and isinstance(constant, ast.Constant) and isinstance(constant.value, str):
                found[name.id] = constant.value
    return found


def names_the_core_tests() -> tuple[set[str], int]:
    """The test names the core's calls give as literals or module constants, and how many calls pass a variable."""
    named: set[str] = set()
    variable = 0
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = module_constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            position = TEST_ARGUMENT.get(str(called))
            if position is None or len(node.args) <= position:
                continue
            argument = node.args[position]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                named.add(argument.value)
            elif isinstance(argument, ast.Name) and argument.id in constants:
                named.add(constants[argument.id])
            else:
                variable += 1
    return named, variable


def test_every_test_the_core_makes_has_a_roll_name_and_every_roll_name_is_made() -> None:
    named, variable = names_the_core_tests()
    assert len(named) > 10
    assert variable > 0, "the activation test and the move's own test() pass their name on"
    assert named - set(CORE_ROLLS) == set()
    # The block dice are no take_test: their team re-roll is offered by block() itself.
    assert set(CORE_ROLLS) - named == {"block"}


def test_each_activation_trait_is_a_roll_of_its_own() -> None:
    rules = bbcore.load_ruleset()
    names = roll_names(rules)
    assert set(rules.parameters.activation.traits) <= names
    assert set(CORE_ROLLS) <= names
