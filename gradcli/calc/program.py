"""EXPR (or graph's CODE) parsed: the names it reads, checked against what is bound, and how it runs."""

from gradcli.calc.errors import CalcError


class Program:
    """The parsed source: one expression, or (for `graph`) statements whose last one gives the output."""

    def __init__(self, source, statements):
        from gradcli.lang import ScriptSyntaxError, nodes, parse

        self.source = source
        self.lines = source.split("\n")
        what = "CODE" if statements else "EXPR"
        try:
            module = parse(source)
        except ScriptSyntaxError as error:
            raise CalcError(f"{what} does not parse: {error.message}\n"
                            + caret(self.lines, nodes.Span(error.line, error.col, error.line, error.col + 1)))
        body = module.body
        if not body:
            raise CalcError(f"{what} is empty")
        last = body[-1]
        if not statements and (len(body) > 1 or not isinstance(last, nodes.ExprStmt)):
            raise CalcError("EXPR must be one expression (for statements, use `gradcli graph` or `gradcli eval`)\n"
                            + caret(self.lines, body[1].span if len(body) > 1 else last.span))
        if not isinstance(last, (nodes.ExprStmt, nodes.Assign)):
            raise CalcError("the last statement must give the output: an expression, or an assignment such as "
                            "f = q * z\n" + caret(self.lines, last.span))
        self.setup = nodes.Module(module.span, body[:-1])
        self.last = last
        self.body = body

    def check_names(self, calculator, bindings):
        """Every name read must be bound, by --at, the calculator or the code itself; say which are not."""
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
        from gradcli.lang import nodes

        interpreter.run(self.setup)
        if isinstance(self.last, nodes.ExprStmt):
            return interpreter.eval(self.last.value)
        interpreter.exec(self.last)
        target = self.last.targets[0]
        return interpreter.eval(target)


def names_read(body):
    """(name, span) of every Name in the tree, except the locals of lambdas, comprehensions and defs."""
    from gradcli.lang import nodes

    found = []

    def walk(value, local):
        if isinstance(value, list):
            for item in value:
                walk(item, local)
        elif isinstance(value, nodes.Node):
            if isinstance(value, nodes.Name):
                if value.id not in local:
                    found.append((value.id, value.span))
                return
            inner = local | getattr(value, "local_names", frozenset())
            for field in value.fields().values():
                walk(field, inner)

    walk(body, frozenset())
    return found


def caret(lines, span):
    from gradcli.runtime.report import source_with_caret

    return source_with_caret(lines, span)
