"""Fuzzing in the suite (issue 7): random token streams of the language and mutations of valid scripts
(examples/seeds, tests/golden/lang) run in-process through the interpreter; random expressions through
`gradcli grad EXPR --at x=0.5` in Typer's runner. Whatever the text, gradcli answers within a time
bound, with exit code 0, 1 or 2 and its own messages (no internal traceback, no internal exception
class). Derandomized, a fixed number of examples: the same inputs on every run, about 30 s in all.
A longer campaign: bench/fuzz_campaign.py."""

from hypothesis import HealthCheck, given, settings

from fuzz_strategies import calculator_expressions, calculator_problems, mutated_scripts, script_problems, token_streams



def fuzz(examples):
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
SECONDS = 10.0  # generous: a loaded machine runs the slowest seed script in ~1 s


@fuzz(600)
@given(token_streams())
def test_token_streams(source):
    problems, code, elapsed = script_problems(source, SECONDS)
    assert not problems, (problems, source)


@fuzz(500)
@given(mutated_scripts())
def test_mutated_scripts(source):
    problems, code, elapsed = script_problems(source, SECONDS)
    assert not problems, (problems, source)


@fuzz(400)
@given(calculator_expressions())
def test_calculator_expressions(expr):
    problems, code, elapsed = calculator_problems(expr, SECONDS)
    assert not problems, (problems, expr)


def test_the_corpus_is_there():
    from fuzz_strategies import CORPUS

    assert len(CORPUS) > 50
