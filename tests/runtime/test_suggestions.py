"""A misspelt name or attribute gets Python's "Did you mean" (gradcli.runtime.suggestions): the exception line
of each script of tests/golden/suggestions/ is what `python script.py` printed with PyTorch 2.13
(tests/golden/gen_suggestions.py), suggestion or none."""

import json
from pathlib import Path

import pytest

from gradcli.runtime import suggestions
from test_golden_scripts import run_gradcli

CORPUS = Path(__file__).resolve().parents[1] / "golden" / "suggestions"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_exception_line_is_pythons(name):
    code, _, err = run_gradcli(CORPUS / name)
    assert code == 1 and [line for line in err.splitlines() if not line.startswith("hint: ")][-1] == EXPECTED[name]


@pytest.mark.parametrize("name, candidates, found", [
    ("backwards", ["backward", "backward_hook"], "backward"),
    ("Item", ["item", "items"], "item"),             # a change of case costs half an edit
    ("sze", ["size", "sizes"], "size"),
    ("ab", ["xyz"], None),                            # too far: more than a third of the characters
    ("p" + "y" * 38 + "q", ["r" + "y" * 38 + "s"], "r" + "y" * 38 + "s"),
    ("p" + "y" * 41 + "q", ["r" + "y" * 41 + "s"], None),  # past 40 characters once common ends are trimmed
    ("tensr", ["tensor"] * 750, None),                # a list of 750 names is not searched
])
def test_closest_follows_pythons_rule(name, candidates, found):
    assert suggestions.closest(name, candidates) == found
