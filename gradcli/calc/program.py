"""EXPR (or graph's CODE) parsed: the names it reads, checked against what is bound, and how it runs."""

from gradcli.calc import notation
from gradcli.calc.errors import CalcError


class Program:
    """The parsed source: one expression, or (for `graph`) statements whose last one gives the output."""

    def __init__(self, source, statements):
        from gradcli.calc import plain

        self.source = source
        self.lines = source.split("\n")
        what = "CODE" if statements else "EXPR"
        self.refuse(notation.before_parsing(source), what)
        syntax = nodes()
        module = plain.parsed(source)  # the same tree, for most formulas, without the script grammar
        self.plain = module is not None
        if module is None:
            from gradcli.lang import ScriptSyntaxError, parse  # here: the script parser loads only for these

            try:
                module = parse(source)
            except ScriptSyntaxError as error:
                self.refuse(notation.after_parse_error(source), what)  # 2x
                raise CalcError(f"{what} does not parse: {error.message}\n"
                                + self.caret_at(error.line, error.col, 1)) from None
            for node in walk(module.body):  # a plain formula has neither
                if isinstance(node, (syntax.BinOp, syntax.AugAssign)) and node.op == "^":
                    self.refuse(notation.power_with_caret(source), what)
                if isinstance(node, syntax.Call) and isinstance(node.func, syntax.Constant):  # 2(x + 1)
                    self.refuse(notation.after_parse_error(source), what)
        body = module.body
        if not body:
            raise CalcError(f"{what} is empty")
        last = body[-1]
        if not statements and (len(body) > 1 or not isinstance(last, syntax.ExprStmt)):
            raise CalcError("EXPR must be one expression (for statements, use `gradcli graph` or `gradcli eval`)\n"
                            + caret(self.lines, body[1].span if len(body) > 1 else last.span))
        if not isinstance(last, (syntax.ExprStmt, syntax.Assign)):
            raise CalcError("the last statement must give the output: an expression, or an assignment such as "
                            "f = q * z\n" + caret(self.lines, last.span))
        self.setup = syntax.Module(module.span, body[:-1])
        self.last = last
        self.body = body

    def caret_at(self, line, col, length):
        from gradcli.lang.nodes import Span

        return caret(self.lines, Span(line, col, line, col + length))

    def refuse(self, suggestion, what):
        """A usage error for mathematical notation the language writes otherwise (gradcli.calc.notation)."""
        if suggestion is not None:
            raise CalcError(f"{what}: {suggestion.message}\n"
                            + self.caret_at(suggestion.line, suggestion.col, suggestion.length))

    def check_names(self, calculator, bindings):
        """Every name read must be bound, by --at, the calculator or the code itself; say which are not."""
        if self.plain:
            assigned = ()  # a plain formula binds no name (and gradcli.lang.builder need not load)
        else:
            from gradcli.lang.builder import bound_names
            from gradcli.lang.diagnostics import ScriptSyntaxError

            try:
                assigned = bound_names(self.body)
            except ScriptSyntaxError:  # `from torch import *` in CODE: names are checked as it runs instead
                return
        unbound = {}
        for name, span in names_read(self.body):
            if name not in bindings and name not in assigned and not calculator.has(name):
                unbound.setdefault(name, span)
        if unbound:
            names = list(unbound)
            quoted = ", ".join(f"'{name}'" for name in names)
            fix = " ".join(f"--at {name}=VALUE" for name in names)
            near = calculator.close_to(names[0])
            raise CalcError(f"{'name' if len(names) == 1 else 'names'} {quoted} {'is' if len(names) == 1 else 'are'} "
                            f"not bound: add {fix}" + (f" (or did you mean {near}?)" if near else "") + "\n"
                            + caret(self.lines, unbound[names[0]]))

    def run(self, interpreter):
        """The output's value, computed by `interpreter` (the graph view's one watches every sub-expression)."""
        interpreter.run(self.setup)
        if isinstance(self.last, nodes().ExprStmt):
            return interpreter.eval(self.last.value)
        interpreter.exec(self.last)
        target = self.last.targets[0]
        return interpreter.eval(target)


def nodes():
    from gradcli.lang import nodes

    return nodes


def walk(body):
    """Every syntax node under `body` (a node or a list of them), parents first, iteratively (a
    10,000-term expression is a tree that deep)."""
    Node = nodes().Node
    stack = [body]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(reversed(value))
        elif isinstance(value, Node):
            yield value
            stack.extend(reversed(list(value.fields().values())))


def names_read(body):
    """(name, span) of every Name in the tree, in source order, except the locals of lambdas,
    comprehensions and defs."""
    Name, Node = nodes().Name, nodes().Node
    found = []
    stack = [(body, frozenset())]
    while stack:
        value, local = stack.pop()
        if type(value) is list:
            stack.extend([(item, local) for item in reversed(value)])
        elif type(value) is Name:
            if value.id not in local:
                found.append((value.id, value.span))
        elif isinstance(value, Node):
            inner = local | value.local_names if hasattr(value, "local_names") else local
            stack.extend([(getattr(value, field), inner) for field in reversed(value.__slots__)])
    return found


def caret(lines, span):
    from gradcli.runtime.report import source_with_caret

    return source_with_caret(lines, span)


LONGEST_TEXT = 200  # a longer source text is shown by its two ends (a 10,000-term EXPR labels every sum)
ALL_BUT_PARENTHESES = bytes(byte for byte in range(256) if byte not in b"()")


def source_text(lines, span):
    """The source text of `span`, its parentheses balanced; longer than LONGEST_TEXT, its ends around ' … '."""
    if span.line != span.end_line:
        text = "\n".join([lines[span.line - 1][span.col:], *lines[span.line:span.end_line - 1],
                          lines[span.end_line - 1][:span.end_col]])
        return shortened(text)
    line, start, end = lines[span.line - 1], span.col, span.end_col
    # A binary operation's span starts at its left operand without the parentheses around it
    # (`(x + y) * z` spans `x + y) * z`): widen it to the parentheses its text leaves unmatched.
    closing, opening = _unmatched_parentheses(line[start:end])
    for _ in range(closing):
        start = max(line.rfind("(", 0, start), 0)
    for _ in range(opening):
        end = line.find(")", end) + 1 or len(line)
    return shortened(line[start:end])


def _unmatched_parentheses(text):
    """How many of the text's ')' and of its '(' have no partner inside it. In whole-array operations
    (labels of a 10,000-term EXPR are long); in UTF-8 no byte of another character is a parenthesis."""
    import numpy as np

    parentheses = text.encode("utf-8", "surrogatepass").translate(None, ALL_BUT_PARENTHESES)
    if not parentheses:
        return 0, 0
    depths = np.cumsum(np.where(np.frombuffer(parentheses, dtype=np.uint8) == ord("("), 1, -1))
    closing = max(0, -int(depths.min()))
    return closing, int(depths[-1]) + closing


def shortened(text):
    if len(text) <= LONGEST_TEXT:
        return text
    half = LONGEST_TEXT // 2
    return f"{text[:half]} … {text[-half:]}"
