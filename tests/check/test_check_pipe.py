"""What `gradcli check` writes off a terminal, several files, standard input and misspelt keys (issue 11)."""

import subprocess
import sys

from check_helpers import EXAMPLE, REPO, check, check_process, toml_file

WIDE = '[[problem]]\nname = "partials"\nf = "(x + 2*y) * z * w"\nanswer = { x = "z*w", y = "2*z*w", z = "(x + 2*y)*w", w = "(x + 2*y)*z" }\n'


def test_a_pipe_gets_plain_rows_that_never_wrap_numbers(tmp_path):
    outcome = check_process(toml_file(tmp_path, WIDE))
    lines = outcome.stdout.splitlines()
    assert lines[0].split() == ["problem", "status", "worst", "point", "expected", "given", "relative", "error"]
    assert len(lines) == 3 and lines[1].startswith("partials  pass    x=")   # one line per problem, however wide
    assert "d/dx=" in lines[1] and "d/dw=" in lines[1]
    assert not any(char in outcome.stdout for char in "┃│━")


def test_tsv(tmp_path):
    outcome = check(toml_file(tmp_path, WIDE), "--tsv")
    header, row = outcome.stdout.splitlines()
    assert header.split("\t") == ["problem", "status", "worst point", "expected", "given", "relative error"]
    assert row.split("\t")[:2] == ["partials", "pass"] and len(row.split("\t")) == 6


def test_several_files_name_the_file_of_each_problem(tmp_path):
    other = toml_file(tmp_path, WIDE)
    outcome = check(EXAMPLE, other)
    header, *rows = outcome.stdout.splitlines()
    assert header.startswith("file ")
    assert rows[0].startswith(str(EXAMPLE)) and rows[8].startswith(str(other))
    problems = check(EXAMPLE, other, "--json").json()["problems"]
    assert [p["file"] for p in problems] == [str(EXAMPLE)] * 8 + [str(other)]
    assert "file" not in check(other).stdout.splitlines()[0]       # one file: no file column


def test_dash_reads_standard_input():
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", "-", "--json"], input=EXAMPLE.read_bytes(),
                          capture_output=True, cwd=REPO, timeout=120)
    assert done.returncode == 1
    import json

    report = json.loads(done.stdout)
    assert (report["passed"], report["failed"]) == (6, 2)
    assert {problem["file"] for problem in report["problems"]} == {"<stdin>"}


def test_a_misspelt_key_is_named_with_its_correction(tmp_path):
    outcome = check(toml_file(tmp_path, '[[problem]]\nname = "a"\nf = "x**2"\nanwser = "2*x"\n'))
    assert outcome.exit_code == 2
    assert "unknown key 'anwser': did you mean 'answer'?" in outcome.stderr
    outcome = check(toml_file(tmp_path, '[defaults]\ntolerence = 1e-3\n[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\n'))
    assert outcome.exit_code == 2 and "unknown key 'tolerence': did you mean 'tolerance'?" in outcome.stderr


def test_many_problems_are_graded_across_cpus_as_one_by_one(tmp_path, monkeypatch):
    from gradcli.cli import output
    from gradcli.grading import grader, parallel, problems

    path = toml_file(tmp_path, "".join(f'[[problem]]\nname = "p{i}"\nf = "x**{i % 5 + 2}"\nanswer = "{i % 5 + 2}*x**{i % 5 + 1}'
                                       f'{" + 1" if i % 7 == 0 else ""}"\n' for i in range(40)))
    specs = problems.load(path)
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)
    together = parallel.mapped(grader.grade, specs, jobs=2)
    assert output.check_json(together) == output.check_json([grader.grade(s) for s in specs])
