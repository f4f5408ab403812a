"""The script language's syntax tree: one class per statement and expression form.

Every node carries a Span (1-based lines, 0-based columns, end exclusive, as Python's `ast` counts), so
tracebacks, warnings and hints can point at the user's source.
"""

from __future__ import annotations

from typing import NamedTuple


class Span(NamedTuple):
    line: int
    col: int
    end_line: int
    end_col: int


class Node:
    """Base of all nodes: a span, then the fields named by the subclass's __slots__, in order."""

    __slots__ = ("span",)

    def __init__(self, span, *values):
        self.span = span
        names = self.__slots__
        if len(values) != len(names):
            raise TypeError(f"{type(self).__name__} has {len(names)} fields, not {len(values)}")
        for name, value in zip(names, values):  # (zip(strict=True) took longer than the rest of the call)
            setattr(self, name, value)

    def fields(self):
        return {name: getattr(self, name) for name in self.__slots__}

    def __eq__(self, other):
        return type(self) is type(other) and self.span == other.span and self.fields() == other.fields()

    def __repr__(self):
        values = ", ".join(f"{name}={value!r}" for name, value in self.fields().items())
        return f"{type(self).__name__}({values})"


# ---- expressions -------------------------------------------------------------------------------------


# The nodes of every formula (Name, Constant, BinOp, UnaryOp, Call) set their fields themselves: 2.5x faster
# than Node's loop, and a formula is mostly these (`gradcli check` parses thousands).


class Name(Node):
    __slots__ = ("id",)

    def __init__(self, span, id):
        self.span, self.id = span, id


class Constant(Node):
    __slots__ = ("value",)
    # value: int, float, str, bool, None or Ellipsis

    def __init__(self, span, value):
        self.span, self.value = span, value


class FormattedValue(Node):
    """One `{value!conversion:spec}` field of an f-string; `debug_text` is the `expr=` prefix, if any."""
    __slots__ = ("value", "conversion", "spec", "debug_text")


class FString(Node):
    __slots__ = ("parts",)
    # parts: str pieces and FormattedValue fields, in order


class ListExpr(Node):
    __slots__ = ("elts",)


class TupleExpr(Node):
    __slots__ = ("elts",)


class Starred(Node):
    __slots__ = ("value",)


class BinOp(Node):
    __slots__ = ("left", "op", "right")
    # op: the operator as written: '+', '//', '@', ...

    def __init__(self, span, left, op, right):
        self.span, self.left, self.op, self.right = span, left, op, right


class UnaryOp(Node):
    __slots__ = ("op", "operand")
    # op: '-', '+', '~' or 'not'

    def __init__(self, span, op, operand):
        self.span, self.op, self.operand = span, op, operand


class BoolOp(Node):
    __slots__ = ("op", "values")
    # op: 'and' or 'or'


class Compare(Node):
    __slots__ = ("left", "ops", "comparators")
    # ops: '<', '==', 'in', 'not in', 'is', 'is not', ...


class IfExp(Node):
    __slots__ = ("test", "body", "orelse")


class Param(Node):
    __slots__ = ("name", "default", "kind")
    # kind: "" (positional or keyword), "*" (*args), "**" (**kwargs) or "keyword" (keyword-only)


class Lambda(Node):
    __slots__ = ("params", "body", "local_names")


class Keyword(Node):
    __slots__ = ("name", "value")
    # name: None for `**mapping`


class Call(Node):
    __slots__ = ("func", "args", "keywords")
    # args: expressions, or Starred for `*iterable`

    def __init__(self, span, func, args, keywords):
        self.span, self.func, self.args, self.keywords = span, func, args, keywords


class Attribute(Node):
    __slots__ = ("value", "attr")


class Subscript(Node):
    __slots__ = ("value", "index")


class Slice(Node):
    __slots__ = ("lower", "upper", "step")


class Comprehension(Node):
    __slots__ = ("target", "iter", "ifs")


class ListComp(Node):
    __slots__ = ("elt", "generators", "local_names")
    # local_names: the generators' targets, which live in the comprehension's own scope


class SetComp(Node):
    __slots__ = ListComp.__slots__


class GeneratorExp(Node):
    __slots__ = ListComp.__slots__


class DictComp(Node):
    __slots__ = ListComp.__slots__    # elt: a two-item TupleExpr, the key and the value


class Dict(Node):
    __slots__ = ("keys", "values")
    # keys: None where `**mapping` stands


class Set(Node):
    __slots__ = ("elts",)


class Yield(Node):
    __slots__ = ("value",)


class YieldFrom(Node):
    __slots__ = ("value",)


# ---- statements --------------------------------------------------------------------------------------


class ExprStmt(Node):
    __slots__ = ("value",)


class Assign(Node):
    __slots__ = ("targets", "value")
    # targets: `a = b = value` has two


class AugAssign(Node):
    __slots__ = ("target", "op", "value")
    # op: the binary operator: '+' for '+='


class Delete(Node):
    __slots__ = ("targets",)


class Pass(Node):
    __slots__ = ()


class Break(Node):
    __slots__ = ()


class Continue(Node):
    __slots__ = ()


class Global(Node):
    __slots__ = ("names",)


class Nonlocal(Node):
    __slots__ = ("names",)


class Return(Node):
    __slots__ = ("value",)


class Raise(Node):
    __slots__ = ("exc", "cause")


class Assert(Node):
    __slots__ = ("test", "msg")


class ImportAlias(Node):
    __slots__ = ("path", "alias")
    # path: ('torch', 'nn', 'functional')


class Import(Node):
    __slots__ = ("names",)


class ImportFrom(Node):
    __slots__ = ("module", "names")
    # names: ImportAlias with one-part paths; None for `*`


class If(Node):
    __slots__ = ("test", "body", "orelse")


class While(Node):
    __slots__ = ("test", "body")


class For(Node):
    __slots__ = ("target", "iter", "body")


class ExceptHandler(Node):
    __slots__ = ("type", "name", "body")


class Try(Node):
    __slots__ = ("body", "handlers", "orelse", "finalbody")


class WithItem(Node):
    __slots__ = ("context", "name")


class With(Node):
    __slots__ = ("items", "body")


class FunctionDef(Node):
    __slots__ = ("name", "params", "body", "local_names", "decorators", "is_generator", "global_names")
    # local_names: every name the body binds (Python's rule for what is local), less those it declares
    # global or nonlocal; global_names: those it declares global


class ClassDef(Node):
    __slots__ = ("name", "bases", "body", "decorators", "private_names")
    # private_names: the `_name` attributes the class's own code defines or assigns (scripts may use them)


class Module(Node):
    __slots__ = ("body",)


COMPOUND_STATEMENTS = (If, While, For, Try, With, FunctionDef, ClassDef)
