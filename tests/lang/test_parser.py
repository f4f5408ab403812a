"""The parser: every statement and expression form becomes the right node, with its position."""

import pytest

from gradcli.lang import nodes as n
from gradcli.lang import parse


def body(source):
    return parse(source).body


def only(source):
    statements = body(source)
    assert len(statements) == 1
    return statements[0]


def expr(source):
    statement = only(source)
    assert isinstance(statement, n.ExprStmt)
    return statement.value


def test_empty_and_comment_only_scripts():
    assert body("") == []
    assert body("# nothing\n\n   \n# at all") == []


def test_assignment_forms():
    assign = only("a = b = 1")
    assert [t.id for t in assign.targets] == ["a", "b"] and assign.value.value == 1
    unpack = only("x, (y, *z) = w")
    outer = unpack.targets[0]
    assert isinstance(outer, n.TupleExpr) and isinstance(outer.elts[1], n.TupleExpr)
    assert isinstance(outer.elts[1].elts[1], n.Starred)
    attribute = only("x.grad = None").targets[0]
    assert isinstance(attribute, n.Attribute) and attribute.attr == "grad"
    subscript = only("x[0, 1:] = 1.").targets[0]
    assert isinstance(subscript.index, n.TupleExpr) and isinstance(subscript.index.elts[1], n.Slice)


def test_augmented_assignment_keeps_the_operator():
    statement = only("w.data -= lr * w.grad")
    assert isinstance(statement, n.AugAssign) and statement.op == "-"
    assert [only(f"x {op}= 1").op for op in ("+", "//", "**", "@", "%", "&", "|", "^")] == \
        ["+", "//", "**", "@", "%", "&", "|", "^"]


def test_compound_statements():
    statement = only("if a:\n    pass\nelif b:\n    x = 1\nelse:\n    y = 2\n")
    assert isinstance(statement, n.If) and isinstance(statement.orelse[0], n.If)
    assert isinstance(statement.orelse[0].orelse[0], n.Assign)
    loop = only("for i, name in zip(a, b):\n    continue\n")
    assert isinstance(loop.target, n.TupleExpr) and isinstance(loop.body[0], n.Continue)
    assert isinstance(only("while x: break").body[0], n.Break)
    with_statement = only("with torch.no_grad() as g, torch.enable_grad():\n    pass\n")
    assert [item.name for item in with_statement.items] == ["g", None]


def test_try_statement_parts():
    statement = only("try:\n    a\nexcept (ValueError, KeyError) as e:\n    b\nexcept:\n    c\nelse:\n    d\n"
                     "finally:\n    e\n")
    assert [h.name for h in statement.handlers] == ["e", None]
    assert statement.handlers[1].type is None
    assert len(statement.orelse) == 1 and len(statement.finalbody) == 1
    assert only("try:\n    a\nfinally:\n    b\n").handlers == []


def test_function_definitions_know_their_locals():
    statement = only("def f(a, b=2):\n    c = a\n    for d in b: pass\n    def g(): h = 1\n    return c\n")
    assert [p.name for p in statement.params] == ["a", "b"]
    assert statement.params[1].default.value == 2
    assert statement.local_names == {"a", "b", "c", "d", "g"}
    lam = expr("lambda x, y=1: x + y")
    assert isinstance(lam, n.Lambda) and lam.local_names == {"x", "y"}


def test_simple_statements():
    assert isinstance(only("pass"), n.Pass)
    assert only("def f():\n    return\n").body[0].value is None
    raise_statement = only("raise ValueError('x') from err")
    assert isinstance(raise_statement.cause, n.Name)
    assert only("raise").exc is None
    assert only("assert x, 'msg'").msg.value == "msg"
    assert [t.id for t in only("del a, b").targets] == ["a", "b"]
    assert len(body("a = 1; b = 2;")) == 2


def test_imports():
    statement = only("import torch as T, torch.nn.functional as F, math")
    assert [(a.path, a.alias) for a in statement.names] == [
        (("torch",), "T"), (("torch", "nn", "functional"), "F"), (("math",), None)]
    star = only("from torch import *")
    assert star.names is None and star.module == ("torch",)
    names = only("from torch.autograd import (Variable, grad as g,)")
    assert [(a.path[0], a.alias) for a in names.names] == [("Variable", None), ("grad", "g")]


@pytest.mark.parametrize("source, value", [
    ("42", 42), ("0x1f", 31), ("0o17", 15), ("0b101", 5), ("1_000", 1000), ("1.5", 1.5), ("1e-3", 1e-3),
    (".5", 0.5), ("5.", 5.0), ("True", True), ("False", False), ("None", None), ("...", ...),
    ("'a' 'b'", "ab"), (r"'\n\t\\\''", "\n\t\\'"), (r"'\x41\u00e9\N{BULLET}\101'", "Aé•A"),
    (r"r'\n'", "\\n"), ("'''two\nlines'''", "two\nlines"), ("'a\\\nb'", "ab"), (r"'\d'", "\\d"),
])
def test_literals(source, value):
    constant = expr(source)
    assert isinstance(constant, n.Constant) and constant.value == value


def test_operator_precedence_and_associativity():
    tree = expr("a + b * c ** -d ** e")
    assert tree.op == "+" and tree.right.op == "*"
    power = tree.right.right
    assert power.op == "**" and power.right.op == "-" and power.right.operand.op == "**"
    assert expr("a - b - c").left.op == "-"  # left-associative
    assert expr("a | b ^ c & d").op == "|"
    assert isinstance(expr("not a and b or c"), n.BoolOp)
    assert expr("-x @ y").op == "@"


def test_comparisons_chain():
    compare = expr("a < b <= c is not d not in e == f")
    assert compare.ops == ["<", "<=", "is not", "not in", "=="]
    assert len(compare.comparators) == 5


def test_calls_attributes_subscripts():
    call = expr("f(1, *rest, key=2)(3).attr[4]")
    assert isinstance(call, n.Subscript) and isinstance(call.value, n.Attribute)
    inner = call.value.value.func
    assert [type(a) for a in inner.args] == [n.Constant, n.Starred]
    assert [(k.name, k.value.value) for k in inner.keywords] == [("key", 2)]
    assert isinstance(expr("x[:, ::2]").index.elts[1], n.Slice)
    assert isinstance(expr("x[1,]").index, n.TupleExpr)
    assert isinstance(expr("x[...]").index, n.Constant)


def test_collections_and_comprehensions():
    assert expr("()").elts == [] and len(expr("(1,)").elts) == 1 and len(expr("[1, 2,]").elts) == 2
    assert isinstance(expr("(1)"), n.Constant)
    comp = expr("[x * y for x in a if x for y in b]")
    assert isinstance(comp, n.ListComp) and len(comp.generators) == 2
    assert len(comp.generators[0].ifs) == 1 and comp.local_names == {"x", "y"}
    assert expr("a if b else c").test.id == "b"


def test_fstring_fields():
    fstring = expr("f'{x!r:>{width}} and {y=} {{braces}}'")
    field, text, debug, rest = fstring.parts
    assert field.conversion == "r" and isinstance(field.spec, n.FString)
    assert isinstance(field.spec.parts[1], n.FormattedValue)
    assert text == " and " and debug.debug_text == "y=" and rest == " {braces}"


def test_fstring_field_positions_point_into_the_file():
    call = expr("print(\n    f'a{ value + 1 }')")
    field = call.args[0].parts[1]
    assert field.value.span == n.Span(2, 9, 2, 18)


def test_positions():
    statement = only("\n\nresult = torch.ones(2) * x\n")
    assert statement.span.line == 3
    assert statement.value.span == n.Span(3, 9, 3, 26)
    assert statement.value.left.func.span == n.Span(3, 9, 3, 19)


def test_line_continuations_and_brackets():
    assert only("x = 1 + \\\n    2").value.op == "+"
    assert len(only("f(1,\n  2,\n\n  3)").value.args) == 3
    assert len(body("if a:\n    b = [\n1]\n    c = 2\n")[0].body) == 2
