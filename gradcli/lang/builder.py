"""From the grammar's rules to the syntax tree of gradcli.lang.nodes, checking what the grammar cannot:
valid assignment targets, argument order, string escapes and f-string fields."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from gradcli.lang import nodes as n
from gradcli.lang.diagnostics import PYTHON_ONLY_KEYWORDS, ScriptSyntaxError, not_in_the_language

SIMPLE_ESCAPES = {"\n": "", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f", "n": "\n",
                  "r": "\r", "t": "\t", "v": "\v"}
ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|[0-7]{1,3}|[\s\S])")
STRING_PREFIX = re.compile(r"[rRfF]*")
CONVERSIONS = ("r", "s", "a")
# Operands of one chain such as `x + x + ... + x`, a left-deep tree as deep as it is long. Evaluating it
# recurses (on the script thread's deep stack about 25,000 levels fit; deeper, a RecursionError stops the
# script, exit 1); past this many, parsing stops with the SyntaxError of any nesting too deep (exit 2), so
# that a 1 MB expression fails in seconds rather than being built and walked.
MAX_CHAIN_OPERANDS = 100_000


class BareGenerator(NamedTuple):
    """A call's generator-expression argument without its own brackets: `sum(x for x in xs)`, which Python
    allows as the only argument only."""
    node: n.GeneratorExp


def joined_span(first, last):
    return _new_tuple(n.Span, (first.line, first.col, last.end_line, last.end_col))


_new_tuple = tuple.__new__  # a Span without the Python-level __new__ of a NamedTuple


def _check_chain_length(operands):
    if len(operands) > MAX_CHAIN_OPERANDS:
        raise error_at(operands[MAX_CHAIN_OPERANDS].span, "too many nested expressions")


def error_at(span, message):
    return ScriptSyntaxError(message, span.line, span.col)


class ASTBuilder:
    """A method per grammar rule (or alias) that gradcli.lang.lalr calls with the span the rule matched and
    its children, returning the node that stands for it; `parse_field(text)` gives the node of an f-string
    field's expression."""

    def __init__(self, parse_field):
        self.parse_field = parse_field

    # ---- statement lists ----

    def file_input(self, span, children):
        statements = _flatten(children)
        _check_placement(statements, in_function=False, in_loop=False)
        return n.Module(span, statements)

    def eval_input(self, span, children):
        return children[0]

    def simple_stmt(self, span, children):
        return [child for child in children if child is not None]

    def suite(self, span, children):
        return _flatten(children)

    # ---- simple statements ----

    def expr_stmt(self, span, children):
        value = children[0]
        _check_no_star(value)
        return n.ExprStmt(span, value)

    def assign(self, span, children):
        *targets, value = children
        for target in targets:
            if isinstance(target, (n.Yield, n.YieldFrom)):
                raise error_at(target.span, "assignment to yield expression not possible")
            _check_target(target)
        _check_no_star(value)
        return n.Assign(span, targets, value)

    def annassign(self, span, children):
        target, annotation, value = children
        if not isinstance(target, (n.Name, n.Attribute, n.Subscript)):
            what = "tuple" if isinstance(target, n.TupleExpr) else "list" if isinstance(target, n.ListExpr) else None
            raise error_at(target.span, f"only single target (not {what}) can be annotated" if what
                           else f"illegal target for annotation")
        _check_no_star(annotation)
        # the annotation is ignored (never evaluated); `x: int` alone binds nothing
        return n.Assign(span, [target], value) if value is not None else n.Pass(span)

    def global_stmt(self, span, children):
        return n.Global(span, [str(name) for name in children])

    def nonlocal_stmt(self, span, children):
        return n.Nonlocal(span, [str(name) for name in children])

    def yield_stmt(self, span, children):
        return n.ExprStmt(span, children[0])

    def yield_expr(self, span, children):
        return n.Yield(span, children[0])

    def yield_from(self, span, children):
        return n.YieldFrom(span, children[0])

    def augassign(self, span, children):
        target, op, value = children
        if not isinstance(target, (n.Name, n.Attribute, n.Subscript)):
            raise error_at(target.span, f"'{_describe(target)}' is an illegal expression for augmented assignment")
        return n.AugAssign(span, target, op[:-1], value)

    def augassign_op(self, span, children):
        return str(children[0])

    def del_stmt(self, span, children):
        target = children[0]
        targets = target.elts if isinstance(target, n.TupleExpr) else [target]
        for each in targets:
            _check_target(each, deleting=True)
        return n.Delete(span, targets)

    def pass_stmt(self, span, children):
        return n.Pass(span)

    def break_stmt(self, span, children):
        return n.Break(span)

    def continue_stmt(self, span, children):
        return n.Continue(span)

    def return_stmt(self, span, children):
        return n.Return(span, children[0])

    def raise_stmt(self, span, children):
        return n.Raise(span, children[0], children[1])

    def assert_stmt(self, span, children):
        return n.Assert(span, children[0], children[1])

    def import_stmt(self, span, children):
        return n.Import(span, children)

    def dotted_as_name(self, span, children):
        path, alias = children
        return n.ImportAlias(span, path, str(alias) if alias is not None else None)

    def dotted_name(self, span, children):
        return tuple(str(part) for part in children)

    def from_import(self, span, children):
        module, names = children
        return n.ImportFrom(span, module, None if names == "*" else names)

    def star(self, span, children):
        return "*"

    def import_names(self, span, children):
        return children

    def import_as_name(self, span, children):
        name, alias = children
        return n.ImportAlias(span, (str(name),), str(alias) if alias is not None else None)

    # ---- compound statements ----

    def if_stmt(self, span, children):
        test, body, *elifs, orelse = children
        orelse = orelse or []
        for clause in reversed(elifs):
            clause.orelse = orelse
            orelse = [clause]
        return n.If(span, test, body, orelse)

    def elif_clause(self, span, children):
        test, body = children
        return n.If(span, test, body, [])

    def while_stmt(self, span, children):
        return n.While(span, children[0], children[1])

    def for_stmt(self, span, children):
        target, iterable, body = children
        _check_target(target)
        return n.For(span, target, iterable, body)

    def try_stmt(self, span, children):
        body, *handlers, orelse, finalbody = children
        for handler in handlers[:-1]:
            if handler.type is None:
                raise error_at(handler.span, "default 'except:' must be last")
        return n.Try(span, body, handlers, orelse or [], finalbody or [])

    def try_finally(self, span, children):
        body, finalbody = children
        return n.Try(span, body, [], [], finalbody)

    def except_clause(self, span, children):
        exc_type, name, body = children
        return n.ExceptHandler(span, exc_type, str(name) if name is not None else None, body)

    def with_stmt(self, span, children):
        *items, body = children
        return n.With(span, items, body)

    def with_item(self, span, children):
        context, name = children
        return n.WithItem(span, context, str(name) if name is not None else None)

    def funcdef(self, span, children):
        name, params, _returns, body = children
        params = params or []
        global_names, nonlocal_names = _declared_names(body, {param.name for param in params})
        local_names = (frozenset(param.name for param in params) | bound_names(body)) - global_names - nonlocal_names
        return n.FunctionDef(span, str(name), params, body, local_names, [], has_yield(body), global_names)

    def classdef(self, span, children):
        name, arguments, body = children
        for argument in arguments or []:
            if isinstance(argument, n.Keyword):
                raise error_at(argument.span, not_in_the_language("class keywords (metaclass=...)"))
        private = {name for name in bound_names(body) | _assigned_attributes(body) if _is_private(name)}
        return n.ClassDef(span, str(name), arguments or [], body, [], frozenset(private))

    def decorated(self, span, children):
        *decorators, definition = children
        definition.decorators = decorators
        definition.span = span  # as Python 3.8+: the definition's position is its first decorator's
        return definition

    def decorator(self, span, children):
        return children[0]

    def parameters(self, span, children):
        """Python's order: plain parameters, then *args (or a bare *), keyword-only ones, then **kwargs."""
        seen = set()
        has_default = keyword_only = False
        params = []
        for i, param in enumerate(children):
            if param.name in seen:
                raise error_at(param.span, f"duplicate argument '{param.name}' in function definition")
            if params and params[-1].kind == "**":
                raise error_at(param.span, "arguments cannot follow var-keyword argument")
            if param.kind == "*":
                if keyword_only:
                    raise error_at(param.span, "* argument may appear only once")
                keyword_only = True
                if param.name is None:
                    if i == len(children) - 1 or children[i + 1].kind == "**":
                        raise error_at(param.span, "named arguments must follow bare *")
                    continue
            elif param.kind == "" and keyword_only:
                param.kind = "keyword"
            elif param.kind == "" and param.default is None and has_default:
                raise error_at(param.span, "non-default argument follows default argument")
            seen.add(param.name)
            has_default = has_default or (param.default is not None and param.kind == "")
            params.append(param)
        return params

    lambda_parameters = parameters

    def parameter(self, span, children):
        return n.Param(span, str(children[0]), children[-1], "")

    lambda_parameter = parameter

    def star_parameter(self, span, children):
        return n.Param(span, str(children[0]) if children[0] is not None else None, None, "*")

    lambda_star_parameter = star_parameter

    def double_star_parameter(self, span, children):
        return n.Param(span, str(children[0]), None, "**")

    lambda_double_star_parameter = double_star_parameter

    # ---- expressions ----

    def ifexp(self, span, children):
        body, test, orelse = children
        return n.IfExp(span, test, body, orelse)

    def lambdef(self, span, children):
        params, body = children
        params = params or []
        return n.Lambda(span, params, body, frozenset(param.name for param in params))

    def generator_exp(self, span, children):
        return self._comprehension(n.GeneratorExp, span, children[0], children[1:])

    def argument_generator(self, span, children):
        return BareGenerator(self.generator_exp(span, children))

    def set_comp(self, span, children):
        return self._comprehension(n.SetComp, span, children[0], children[1:])

    def dict_comp(self, span, children):
        key, value, *generators = children
        return self._comprehension(n.DictComp, span, n.TupleExpr(joined_span(key.span, value.span), [key, value]),
                                   generators)

    def dict(self, span, children):
        items = [child for child in children if child is not None]
        return n.Dict(span, [key for key, _ in items], [value for _, value in items])

    def key_value(self, span, children):
        return children[0], children[1]

    def dict_unpack(self, span, children):
        return None, children[0]

    def set(self, span, children):
        return n.Set(span, [child for child in children if child is not None])

    def or_op(self, span, children):
        return n.BoolOp(span, "or", children)

    def and_op(self, span, children):
        return n.BoolOp(span, "and", children)

    def not_op(self, span, children):
        return n.UnaryOp(span, "not", children[0])

    def compare(self, span, children):
        return n.Compare(span, children[0], children[1::2], children[2::2])

    def comp_op(self, span, children):
        return " ".join(str(token) for token in children)

    def binary_chain(self, span, children):
        _check_chain_length(children[::2])
        result = children[0]
        for op, right in zip(children[1::2], children[2::2]):
            result = n.BinOp(joined_span(result.span, right.span), result, str(op), right)
        return result

    def _same_operator_chain(op):
        def chain(self, span, children):
            _check_chain_length(children)
            result = children[0]
            for right in children[1:]:
                result = n.BinOp(joined_span(result.span, right.span), result, op, right)
            return result
        return chain

    binary_chain_or = _same_operator_chain("|")
    binary_chain_xor = _same_operator_chain("^")
    binary_chain_and = _same_operator_chain("&")
    del _same_operator_chain

    def unary(self, span, children):
        return n.UnaryOp(span, str(children[0]), children[1])

    def power(self, span, children):
        return n.BinOp(span, children[0], "**", children[1])

    def call(self, span, children):
        func, arguments = children
        arguments = arguments or []
        args, keywords = [], []
        for argument in arguments:
            if isinstance(argument, BareGenerator):
                if len(arguments) > 1:
                    raise error_at(argument.node.span, "Generator expression must be parenthesized")
                argument = argument.node
            unpacking = any(keyword.name is None for keyword in keywords)
            if isinstance(argument, n.Keyword):
                if argument.name is not None and any(keyword.name == argument.name for keyword in keywords):
                    raise error_at(argument.span, f"keyword argument repeated: {argument.name}")
                keywords.append(argument)
            elif isinstance(argument, n.Starred) and unpacking:
                raise error_at(argument.span, "iterable argument unpacking follows keyword argument unpacking")
            elif keywords and not isinstance(argument, n.Starred):
                raise error_at(argument.span, "positional argument follows keyword argument unpacking"
                               if unpacking else "positional argument follows keyword argument")
            else:
                args.append(argument)
        return n.Call(span, func, args, keywords)

    def arguments(self, span, children):
        return children

    def keyword(self, span, children):
        name, value = children
        return n.Keyword(span, str(name), value)

    def star_arg(self, span, children):
        return n.Starred(span, children[0])

    def double_star_arg(self, span, children):
        return n.Keyword(span, None, children[0])

    def subscript(self, span, children):
        return n.Subscript(span, children[0], children[1])

    def subscript_tuple(self, span, children):
        return n.TupleExpr(span, children)

    def slice(self, span, children):
        lower, upper, step = children
        return n.Slice(span, lower, upper, step)

    def attribute(self, span, children):
        return n.Attribute(span, children[0], str(children[1]))

    def tuple(self, span, children):
        return n.TupleExpr(span, children)

    def list(self, span, children):
        return n.ListExpr(span, [child for child in children if child is not None])

    def starred(self, span, children):
        return n.Starred(span, children[0])

    def list_comp(self, span, children):
        return self._comprehension(n.ListComp, span, children[0], children[1:])

    def _comprehension(self, kind, span, elt, generators):
        _check_no_star(elt)
        targets = frozenset().union(*(_target_names(generator.target) for generator in generators))
        return kind(span, elt, generators, targets)

    def comp_for(self, span, children):
        target, iterable, *conditions = children
        _check_target(target)
        return n.Comprehension(span, target, iterable, conditions)

    def comp_if(self, span, children):
        return children[0]

    def name(self, span, children):
        name = str(children[0])
        if name in PYTHON_ONLY_KEYWORDS:  # `(yield)`, `x = await`: Python would not take them for names
            raise error_at(span, not_in_the_language(name))
        return n.Name(span, name)

    def int_literal(self, span, children):
        try:
            return n.Constant(span, int(str(children[0]), 0))
        except ValueError as err:  # more digits than Python converts (sys.get_int_max_str_digits)
            raise error_at(span, str(err)) from None

    def float_literal(self, span, children):
        return n.Constant(span, float(str(children[0]).replace("_", "")))

    def ellipsis(self, span, children):
        return n.Constant(span, ...)

    def none(self, span, children):
        return n.Constant(span, None)

    def true(self, span, children):
        return n.Constant(span, True)

    def false(self, span, children):
        return n.Constant(span, False)

    # ---- strings ----

    def strings(self, span, children):
        """Adjacent literals concatenate; with any f-string among them the result is an f-string."""
        parts = []
        for token in children:
            parts.extend(self._string_parts(token))
        if all(isinstance(part, str) for part in parts):
            return n.Constant(span, "".join(parts))
        return n.FString(span, _merge_text(parts))

    def _string_parts(self, token):
        text = str(token)
        prefix = STRING_PREFIX.match(text).group().lower()
        quote = 3 if text[len(prefix):len(prefix) + 3] in ('"""', "'''") else 1
        start = len(prefix) + quote
        body = text[start:len(text) - quote]
        raw = "r" in prefix
        if "f" not in prefix:
            return [body if raw else decode_escapes(body, token.span)]
        return self._fstring_parts(token, body, start, raw)

    def _fstring_parts(self, token, body, start, raw):
        """Split an f-string body into text and fields; `start` is the body's offset in the token."""
        parts, text, i = [], [], 0
        while i < len(body):
            char = body[i]
            if char in "{}" and body[i + 1:i + 2] == char:
                text.append(char)
                i += 2
            elif char == "}":
                raise error_at(_offset_span(token, start + i), "f-string: single '}' is not allowed")
            elif char == "{":
                literal = "".join(text)
                parts.append(literal if raw else decode_escapes(literal, _offset_span(token, start + i)))
                text = []
                field, i = self._field(token, body, start, i)
                parts.append(field)
            else:
                text.append(char)
                i += 1
        literal = "".join(text)
        parts.append(literal if raw else decode_escapes(literal, _offset_span(token, start + len(body))))
        return [part for part in parts if part != ""]

    def _field(self, token, body, start, i):
        """Parse the `{...}` field opening at body[i]; returns the FormattedValue and the index after it."""
        expr_start = i + 1
        expr_end = _field_expression_end(body, expr_start)
        if expr_end is None:
            raise error_at(_offset_span(token, start + i), "f-string: expecting '}'")
        expression = body[expr_start:expr_end]
        debug_text = None
        stripped = expression.rstrip()
        if stripped.endswith("=") and not stripped.endswith(("==", "!=", "<=", ">=")):
            debug_text = expression
            expression = stripped[:-1]
        if not expression.strip():
            raise error_at(_offset_span(token, start + expr_start), "f-string: empty expression not allowed")
        if "\\" in expression:
            raise error_at(_offset_span(token, start + expr_start),
                           "f-string expression part cannot include a backslash")
        lead = len(expression) - len(expression.lstrip())
        value = self._field_expression(token, start + expr_start + lead, expression[lead:])
        i = expr_end
        conversion = spec = None
        if body[i:i + 1] == "!":
            conversion = body[i + 1:i + 2]
            if conversion not in CONVERSIONS:
                raise error_at(_offset_span(token, start + i),
                               "f-string: invalid conversion character: expected 's', 'r', or 'a'")
            i += 2
        if body[i:i + 1] == ":":
            spec_end = _spec_end(body, i + 1)
            if spec_end is None:
                raise error_at(_offset_span(token, start + i), "f-string: expecting '}'")
            spec_parts = self._fstring_parts(token, body[i + 1:spec_end], start + i + 1, raw=True)
            spec = n.FString(_offset_span(token, start + i + 1), _merge_text(spec_parts))
            i = spec_end
        if body[i:i + 1] != "}":
            raise error_at(_offset_span(token, start + i), "f-string: expecting '}'")
        field_span = _offset_span(token, start + expr_start - 1, start + i + 1)
        return n.FormattedValue(field_span, value, conversion, spec, debug_text), i + 1

    def _field_expression(self, token, offset, expression):
        """Parse a field's expression, with positions moved to where it stands in the file."""
        line, col = _offset_position(token, offset)
        try:
            value = self.parse_field(expression)
        except ScriptSyntaxError as err:
            raise ScriptSyntaxError(f"f-string: {err.message}", line + err.line - 1,
                                    (col if err.line == 1 else 0) + err.col) from None
        return _moved(value, line - 1, col)


# ---- helpers ----------------------------------------------------------------------------------------


def _flatten(children):
    result = []
    for child in children:
        if isinstance(child, list):
            result.extend(child)
        elif child is not None:
            result.append(child)
    return result


def _merge_text(parts):
    merged = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    return merged


def _offset_position(token, offset):
    """The (line, 0-based column) of character `offset` of a token's text."""
    before = str(token)[:offset]
    newlines = before.count("\n")
    if newlines == 0:
        return token.line, token.column - 1 + offset
    return token.line + newlines, len(before) - before.rfind("\n") - 1


def _offset_span(token, offset, end_offset=None):
    line, col = _offset_position(token, offset)
    end_line, end_col = _offset_position(token, offset + 1 if end_offset is None else end_offset)
    return n.Span(line, col, end_line, end_col)


def _moved(node, lines, cols):
    """`node` with every span moved: by `lines` lines, and by `cols` columns on the node's first line."""
    def move(span):
        return n.Span(span.line + lines, span.col + (cols if span.line == 1 else 0),
                      span.end_line + lines, span.end_col + (cols if span.end_line == 1 else 0))

    def visit(value):
        if isinstance(value, n.Node):
            value.span = move(value.span)
            for item in value.fields().values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)
    visit(node)
    return node


def _field_expression_end(body, i):
    """Where a field's expression ends: at the first '}', '!' (not '!='), or ':' outside brackets/strings."""
    depth = 0
    quote = None
    while i < len(body):
        char = body[i]
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return i if char == "}" else None
            depth -= 1
        elif depth == 0 and (char == ":" or (char == "!" and body[i + 1:i + 2] != "=")):
            return i
        i += 1
    return None


def _spec_end(body, i):
    """The index of the '}' that closes a format spec, which may hold nested {fields}."""
    depth = 0
    while i < len(body):
        if body[i] == "{":
            depth += 1
        elif body[i] == "}":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    return None


def decode_escapes(text, span):
    """Python's backslash escapes in a non-raw string; unknown escapes stay as written, as in Python."""
    if "\\" not in text:
        return text

    def replace(match):
        escape = match.group(1)
        head = escape[0]
        if head in SIMPLE_ESCAPES:
            return SIMPLE_ESCAPES[head]
        if head in "xuU" and len(escape) > 1:
            return chr(int(escape[1:], 16))
        if head in "xuU":
            raise error_at(span, f"truncated \\{head} escape in string")
        if head == "N":
            try:
                return unicodedata.lookup(escape[2:-1])
            except (KeyError, IndexError):
                raise error_at(span, "malformed \\N character escape in string") from None
        if head in "01234567":
            return chr(int(escape, 8))
        return "\\" + escape

    try:
        return ESCAPE.sub(replace, text)
    except ValueError:  # \U beyond the Unicode range
        raise error_at(span, "illegal Unicode character in string") from None


def _describe(node):
    return {n.Call: "function call", n.Constant: "literal", n.BinOp: "expression", n.UnaryOp: "expression",
            n.BoolOp: "expression", n.Compare: "comparison", n.TupleExpr: "tuple", n.ListExpr: "list",
            n.Lambda: "lambda", n.IfExp: "conditional expression", n.FString: "f-string expression",
            n.ListComp: "list comprehension", n.Starred: "starred", n.Dict: "dict literal", n.Set: "set display",
            n.SetComp: "set comprehension", n.DictComp: "dict comprehension", n.GeneratorExp: "generator expression",
            n.Yield: "yield expression", n.YieldFrom: "yield expression"}.get(type(node), "expression")


def _check_target(target, deleting=False):
    """Python's rule for what may stand left of '=' (or after `for`, or in `del`)."""
    verb = "delete" if deleting else "assign to"
    if isinstance(target, (n.Name, n.Attribute, n.Subscript)):
        return
    if isinstance(target, (n.TupleExpr, n.ListExpr)):
        stars = [elt for elt in target.elts if isinstance(elt, n.Starred)]
        if len(stars) > 1:
            raise error_at(stars[1].span, "multiple starred expressions in assignment")
        for elt in target.elts:
            _check_target(elt.value if isinstance(elt, n.Starred) and not deleting else elt, deleting)
        return
    if isinstance(target, n.Starred):
        raise error_at(target.span, "starred assignment target must be in a list or tuple")
    raise error_at(target.span, f"cannot {verb} {_describe(target)}")


def _check_no_star(value):
    if isinstance(value, n.Starred):
        raise error_at(value.span, "can't use starred expression here")


def _target_names(target):
    if isinstance(target, n.Name):
        return {target.id}
    if isinstance(target, (n.TupleExpr, n.ListExpr)):
        return set().union(*(_target_names(elt) for elt in target.elts))
    if isinstance(target, n.Starred):
        return _target_names(target.value)
    return set()


def _blocks(stmt):
    """The statement lists directly inside a compound statement (a function's body is its own scope)."""
    if isinstance(stmt, n.If):
        return [stmt.body, stmt.orelse]
    if isinstance(stmt, (n.For, n.While, n.With)):
        return [stmt.body]
    if isinstance(stmt, n.Try):
        return [stmt.body, stmt.orelse, stmt.finalbody, *(handler.body for handler in stmt.handlers)]
    return []


def _check_placement(body, in_function, in_loop):
    """Python's rules for where return, break and continue may stand."""
    for stmt in body:
        if type(stmt) in (n.ExprStmt, n.Assign):  # most statements: only a yield can be out of place
            if isinstance(stmt.value, (n.Yield, n.YieldFrom)) and not in_function:
                raise error_at(stmt.value.span, "'yield' outside function")
            continue
        if isinstance(stmt, n.Return) and not in_function:
            raise error_at(stmt.span, "'return' outside function")
        if isinstance(stmt, n.Break) and not in_loop:
            raise error_at(stmt.span, "'break' outside loop")
        if isinstance(stmt, n.Continue) and not in_loop:
            raise error_at(stmt.span, "'continue' not properly in loop")
        if isinstance(stmt, n.Nonlocal) and not in_function:
            raise error_at(stmt.span, "nonlocal declaration not allowed at module level")
        if isinstance(stmt, n.FunctionDef):
            _check_placement(stmt.body, in_function=True, in_loop=False)
        if isinstance(stmt, n.ClassDef):
            _check_placement(stmt.body, in_function=False, in_loop=False)
        for block in _blocks(stmt):
            _check_placement(block, in_function, in_loop or isinstance(stmt, (n.For, n.While)))


def _is_private(name):
    return name.startswith("_") and not name.startswith("__")


def _walk(value):
    """Every node in a tree (or list of trees), depth first."""
    if isinstance(value, n.Node):
        yield value
        for item in value.fields().values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def _assigned_attributes(body):
    """The attribute names that code anywhere in `body` assigns: `self._cache = ...` gives _cache."""
    names = set()
    for node in _walk(body):
        if isinstance(node, (n.Assign, n.AugAssign, n.For)):
            for target in node.targets if isinstance(node, n.Assign) else [node.target]:
                names |= {each.attr for each in _walk(target) if isinstance(each, n.Attribute)}
    return names


def has_yield(body):
    """Whether a function body yields (which makes it a generator function), not looking into nested ones."""
    for stmt in body:
        value = stmt.value if isinstance(stmt, (n.ExprStmt, n.Assign)) else None
        if isinstance(value, (n.Yield, n.YieldFrom)):
            return True
        if any(has_yield(block) for block in _blocks(stmt)):
            return True
    return False


def _declared_names(body, params):
    """The names a function body declares `global` and `nonlocal` (not looking into nested functions)."""
    declared = {n.Global: set(), n.Nonlocal: set()}
    for stmt in body:
        if isinstance(stmt, (n.Global, n.Nonlocal)):
            kind = "global" if isinstance(stmt, n.Global) else "nonlocal"
            for name in stmt.names:
                if name in params:
                    raise error_at(stmt.span, f"name '{name}' is parameter and {kind}")
                declared[type(stmt)].add(name)
        for block in _blocks(stmt):
            inner_global, inner_nonlocal = _declared_names(block, params)
            declared[n.Global] |= inner_global
            declared[n.Nonlocal] |= inner_nonlocal
    return frozenset(declared[n.Global]), frozenset(declared[n.Nonlocal])


def bound_names(body):
    """The names a function body binds (Python's locals), not looking inside nested functions."""
    names = set()
    for stmt in body:
        if isinstance(stmt, n.Assign):
            for target in stmt.targets:
                names |= _target_names(target)
        elif isinstance(stmt, (n.AugAssign, n.For)):
            names |= _target_names(stmt.target)
        elif isinstance(stmt, n.Delete):
            for target in stmt.targets:
                names |= _target_names(target)
        elif isinstance(stmt, (n.FunctionDef, n.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, n.Import):
            names |= {alias.alias or alias.path[0] for alias in stmt.names}
        elif isinstance(stmt, n.ImportFrom):
            if stmt.names is None:
                raise error_at(stmt.span, "import * only allowed at module level")
            names |= {alias.alias or alias.path[0] for alias in stmt.names}
        elif isinstance(stmt, n.With):
            names |= {item.name for item in stmt.items if item.name}
        elif isinstance(stmt, n.Try):
            names |= {handler.name for handler in stmt.handlers if handler.name}
        for block in _blocks(stmt):
            names |= bound_names(block)
    return frozenset(names)
