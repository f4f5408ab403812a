"""A key's self-test: each reference answer mutated into plausible wrong answers (a sign flipped, a term
dropped, a constant factor, an exponent off by one, a factor such as the chain rule's removed), each graded
at the problem's own points. A mutant the points accept, but which differs from the reference at many
points over the range, shows the points are too few or too special (0 and 1): the teacher adds points or
widens the range. A mutant that agrees everywhere is the same function written otherwise, not a mutant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gradcli.grading import grader
from gradcli.grading.evaluation import Expression, ProblemError
from gradcli.lang import nodes

DENSE_POINTS = 200             # how many points tell a real mutant from an equivalent rewriting


@dataclass
class Mutant:
    kind: str                  # "sign flip", "dropped term", "constant factor", "exponent off by one", "factor removed"
    variable: str | None       # the partial it replaces, or None for a one-variable answer
    source: str


@dataclass
class SelfTest:
    problem: str
    status: str                # "ok", "weak" (a mutant passes), "error" (the key itself fails) or "skipped"
    message: str
    tried: int = 0
    uncaught: list = field(default_factory=list)   # (Mutant, where it differs)

    @property
    def ok(self):
        return self.status in ("ok", "skipped")


def mutants(source):
    """Plausible wrong versions of an answer's source (one expression), each once, none equal to it."""
    try:
        expression = Expression(source, "answer").program.body[-1].value
    except ProblemError:
        return []
    text = source.strip() if "\n" not in source.strip() else None
    found = {f"-({source.strip()})": "sign flip", f"2*({source.strip()})": "constant factor",
             f"({source.strip()})/2": "constant factor"}
    if text is not None and text == source:
        for node in _walk(expression):
            for kind, mutated in _node_mutants(node, text):
                found.setdefault(mutated, kind)
    found.pop(source.strip(), None)
    return [(kind, mutated) for mutated, kind in found.items()]


def _node_mutants(node, text):
    def piece(child):
        return text[child.span.col:child.span.end_col]

    def replaced(replacement):
        return text[:node.span.col] + replacement + text[node.span.end_col:]

    if node.span.line != node.span.end_line:
        return
    if isinstance(node, nodes.BinOp) and node.op in "+-":
        yield "sign flip", replaced(f"{piece(node.left)} {'-' if node.op == '+' else '+'} {piece(node.right)}")
        yield "dropped term", replaced(piece(node.left))
        yield "dropped term", replaced(f"{'' if node.op == '+' else '-'}({piece(node.right)})")
    elif isinstance(node, nodes.BinOp) and node.op in ("*", "/"):
        yield "factor removed", replaced(piece(node.left))
        if node.op == "*":
            yield "factor removed", replaced(piece(node.right))
    elif isinstance(node, nodes.BinOp) and node.op == "**" and isinstance(node.right, nodes.Constant) \
            and isinstance(node.right.value, (int, float)):
        for exponent in (node.right.value - 1, node.right.value + 1):
            yield "exponent off by one", replaced(f"{piece(node.left)}**{exponent:g}")
    elif isinstance(node, nodes.UnaryOp) and node.op == "-":
        yield "sign flip", replaced(piece(node.operand))


def _walk(node):
    if isinstance(node, list):
        for item in node:
            yield from _walk(item)
    elif isinstance(node, nodes.Node):
        yield node
        for value in node.fields().values():
            yield from _walk(value)


def selftest(spec):
    """Grade each mutant of spec's reference answer at spec's points (the key's own answer must pass)."""
    if spec.answer is None or not _expressions(spec.answer):
        return SelfTest(spec.name, "skipped", "no reference answer given as an expression")
    reference = grader.grade(spec)
    if not reference.ok:
        return SelfTest(spec.name, "error", f"the reference answer itself does not pass: {reference.message}")
    dense = spec.replace(points=DENSE_POINTS, at=[], seed=spec.seed + 1)
    tried, uncaught = 0, []
    for variable, source in _expressions(spec.answer).items():
        for kind, mutated in mutants(source):
            answer = mutated if variable is None else {**spec.answer, variable: mutated}
            if grader.grade(spec.replace(answer=answer)).status != "pass":
                tried += 1
                continue
            over_range = grader.grade(dense.replace(answer=answer))
            if over_range.status == "fail":  # a real mutant, and the problem's points let it pass
                tried += 1
                uncaught.append((Mutant(kind, variable, mutated), over_range.worst))
    if uncaught:
        return SelfTest(spec.name, "weak", f"{len(uncaught)} of {tried} mutants pass at the problem's points: "
                                           f"add points or widen the range", tried, uncaught)
    return SelfTest(spec.name, "ok", f"all {tried} mutants are rejected", tried)


def _expressions(answer):
    """{variable or None: source} of the answer's expression parts (numbers cannot be mutated)."""
    if isinstance(answer, str):
        return {None: answer}
    if isinstance(answer, dict):
        return {name: part for name, part in answer.items() if isinstance(part, str)}
    return {}
