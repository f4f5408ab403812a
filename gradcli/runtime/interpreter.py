"""The tree-walking interpreter: runs a parsed script statement by statement, as Python would.

Scripts never reach Python's eval/exec/compile: every node is evaluated here, every attribute goes
through gradcli.runtime.sandbox.capabilities, and every value a call returns is checked against the limits.
Each exception that leaves a node is stamped with the script position and the script frame it left
(`_gradcli_trace`), which is all a traceback in the user's terms needs.
"""

from __future__ import annotations

import functools
import itertools
import operator
import types

from gradcli.engine.tensor import Tensor
from gradcli.lang import nodes as n
from gradcli.runtime.sandbox import capabilities
from gradcli.runtime.sandbox.modules import RunModules, is_importable
from gradcli.runtime.scopes import UNBOUND, ClassScope, FunctionScope, ModuleScope
from gradcli.runtime.values import BuiltinFunction, Signature, UserFunction
from gradcli.torch.numpy_names import spelled_by_torch

TRACE_ATTRIBUTE = "_gradcli_trace"


class ControlFlow(BaseException):
    """break, continue and return travel as exceptions; script `except` clauses never see them."""


class BreakLoop(ControlFlow):
    pass


class ContinueLoop(ControlFlow):
    pass


class ReturnValue(ControlFlow):
    def __init__(self, value):
        super().__init__()
        self.value = value


class CarriedStopIteration(Exception):
    """A StopIteration that a comprehension's element raised, carried out of the Python generator that
    computes the elements (which would turn it into a RuntimeError): a list comprehension lets it through
    as Python's does."""

    def __init__(self, stop):
        super().__init__()
        self.stop = stop


BREAK = BreakLoop()
CONTINUE = ContinueLoop()
UNSET = object()
# An expression evaluated this many times (in a loop, a function called again and again) keeps its compiled
# closures; before, they are made for each evaluation and freed at once. Kept for every expression, a 1 MB
# script's closures took the cyclic garbage collector's full passes from 1 to 4 (and 1.7 s to 3.0 s).
KEEP_COMPILED_AFTER = 8


class Frame:
    """One running script function (or the module, a class body), as a traceback names it; a function's
    frame knows the function and its scope, which is what super() without arguments reads."""

    __slots__ = ("name", "function", "scope")

    def __init__(self, name, function=None, scope=None):
        self.name = name
        self.function = function
        self.scope = scope


COMPARISONS = {
    "<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge, "<=": operator.le,
    "!=": operator.ne, "is": operator.is_, "is not": operator.is_not,
    "in": lambda left, right: left in right, "not in": lambda left, right: left not in right,
}
UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert, "not": operator.not_}
BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv,
          "%": operator.mod, "**": operator.pow, "@": operator.matmul, "&": operator.and_, "|": operator.or_,
          "^": operator.xor}
INPLACE = {"+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
           "//": operator.ifloordiv, "%": operator.imod, "**": operator.ipow, "@": operator.imatmul,
           "&": operator.iand, "|": operator.ior, "^": operator.ixor}
PLAIN_RESULTS = frozenset({type(None), bool, int, float})  # what checked lets through unchanged: no tensor, no blocked type


class Interpreter:
    def __init__(self, variables, builtins, guards, display, unread=None):
        self.module_scope = ModuleScope(variables, builtins, unread)
        self.scope = self.module_scope
        self.guards = guards
        self.display = display           # display(value): the REPL's echo of top-level expression values
        self.frames = [Frame("<module>")]  # the script's call stack, innermost last
        self.location = None             # the span running now: for warnings and the engine's graph records
        self.attribute_subject = None    # the object whose attribute is being read: what a warning is about
        self.handling = []               # exceptions whose `except` blocks are running, for a bare `raise`
        self.modules = RunModules()      # the modules this run imported (random keeps its state per run)
        self.yields = {}                 # id(statement) -> (statement, whether it holds a yield: run step by step)
        builtins["super"] = BuiltinFunction("super", self.super)
        builtins["dir"] = BuiltinFunction("dir", self.dir)
        # operator -> a op b (a op= b), between the guards' checks
        self.binary = {op: guards.checked_operation(op, operation) for op, operation in BINARY.items()}
        self.inplace = {op: guards.checked_operation(op, operation) for op, operation in INPLACE.items()}
        self.compiled = {}               # id(expression) -> (its compiled function, the expression: keeps its id)
        self.evaluations = {}            # id(expression) -> how many times it was evaluated, until it is kept compiled
        self.compilers = {n.Name: self.compile_name, n.Constant: self.compile_constant, n.BinOp: self.compile_binop,
                          n.Attribute: self.compile_attribute, n.Call: self.compile_call}
        self.evaluators = {  # the other expressions, evaluated from their node each time
            n.FString: self.eval_fstring, n.ListExpr: self.eval_list, n.TupleExpr: self.eval_tuple,
            n.UnaryOp: self.eval_unary, n.BoolOp: self.eval_boolop,
            n.Compare: self.eval_compare, n.IfExp: self.eval_ifexp, n.Lambda: self.eval_lambda,
            n.Subscript: self.eval_subscript, n.Slice: self.eval_slice,
            n.ListComp: self.eval_listcomp, n.SetComp: self.eval_setcomp, n.DictComp: self.eval_dictcomp,
            n.GeneratorExp: self.eval_genexp, n.Dict: self.eval_dict, n.Set: self.eval_set,
        }
        self.statement_compilers = {n.ExprStmt: self.compile_expr_statement, n.Assign: self.compile_assign,
                                    n.AugAssign: self.compile_augassign}
        self.executors = {  # the other statements, run from their node each time
            n.AugAssign: self.exec_augassign,
            n.Delete: self.exec_delete, n.Pass: self.exec_pass, n.Break: self.exec_break,
            n.Continue: self.exec_continue, n.Return: self.exec_return, n.Raise: self.exec_raise,
            n.Assert: self.exec_assert, n.Import: self.exec_import, n.ImportFrom: self.exec_import_from,
            n.If: self.exec_if, n.While: self.exec_while, n.For: self.exec_for, n.Try: self.exec_try,
            n.With: self.exec_with, n.FunctionDef: self.exec_def, n.ClassDef: self.exec_class,
            n.Global: self.exec_pass, n.Nonlocal: self.exec_pass,
        }

    # ---- running and blaming -------------------------------------------------------------------------

    def run(self, module):
        """Run a module's statements at top level; an uncaught exception propagates, stamped."""
        for stmt in module.body:
            self.exec(stmt)

    def exec(self, stmt):
        compiler = self.statement_compilers.get(type(stmt))
        if compiler is not None:  # compiled for this once, then freed, as eval does
            compiler(stmt)()
        else:
            self.run_statement(stmt)

    def run_statement(self, stmt):
        """Run a statement by its executor, blaming an error that leaves it on it."""
        self.location = stmt.span
        try:
            self.executors[type(stmt)](stmt)
        except ControlFlow:
            raise
        except BaseException as error:
            self.blame(error, stmt.span)
            raise

    def exec_block(self, stmts):
        for run in self.kept(stmts, self.compile_block):
            run()

    def eval(self, node):
        entry = self.compiled.get(id(node))
        if entry is not None:  # the common case first, without a call more
            return entry[0]()
        return self.kept(node, self.compile)()

    def kept(self, node, compile):
        """compile(node): made anew (and freed after its use) until node has asked for it KEEP_COMPILED_AFTER
        times, then kept."""
        entry = self.compiled.get(id(node))
        if entry is not None:
            return entry[0]
        evaluations = self.evaluations.get(id(node), 0) + 1
        if evaluations < KEEP_COMPILED_AFTER:
            self.evaluations[id(node)] = evaluations
            return compile(node)
        entry = self.compiled[id(node)] = (compile(node), node)  # holding node keeps its id its own
        return entry[0]

    def blame(self, error, span):
        """Record where `error` left the current frame: the innermost node only, once per frame."""
        frame = self.frames[-1]
        trace = getattr(error, TRACE_ATTRIBUTE, None)
        if trace is None:
            trace = []
            try:
                setattr(error, TRACE_ATTRIBUTE, trace)
            except AttributeError:  # an exception type without attributes: it keeps no script position
                return
        elif trace[-1][0] is frame:
            return
        trace.append((frame, span))

    # ---- expressions, compiled ---------------------------------------------------------------------------
    # An expression is turned once into a Python closure that evaluates it, calling its operands' closures:
    # a loop's pass then runs no dispatch on node types, and what each node needs is bound beforehand.
    # Still the parse tree interpreted (no Python source is made), with every check of the tree walk. Each
    # closure blames an error leaving it on its node, as eval did: the innermost node, once per frame.

    def compile(self, node):
        """The closure (no arguments) that evaluates an expression node."""
        compiler = self.compilers.get(type(node))
        if compiler is not None:
            return compiler(node)
        evaluator, span, blame = self.evaluators[type(node)], node.span, self.blame

        def evaluate():
            try:
                return evaluator(node)
            except BaseException as error:
                blame(error, span)
                raise
        return evaluate

    def compile_name(self, node):
        name, span, blame = node.id, node.span, self.blame

        def load():
            scope = self.scope
            if type(scope) is ModuleScope:  # the common case first, without a call more
                value = scope.variables.get(name, UNBOUND)
                if value is not UNBOUND:
                    return value
            try:
                return scope.load(name)
            except BaseException as error:
                blame(error, span)
                raise
        return load

    def compile_constant(self, node):
        value = node.value
        return lambda: value

    def compile_binop(self, node):
        left, right = self.compile(node.left), self.compile(node.right)
        operate = self.binary[node.op]
        span, blame = node.span, self.blame

        def binop():
            try:
                left_value, right_value = left(), right()
                self.location = span
                return operate(left_value, right_value)
            except BaseException as error:
                blame(error, span)
                raise
        return binop

    def compile_attribute(self, node):
        value, name, span, blame = self.compile(node.value), node.attr, node.span, self.blame
        get_attribute = capabilities.get_attribute

        def attribute():
            try:
                owner = value()
                self.attribute_subject = owner
                self.location = span
                return get_attribute(owner, name)
            except BaseException as error:
                blame(error, span)
                raise
        return attribute

    def compile_call(self, node):
        function_value, arguments, keywords = self.compile(node.func), self.compile_items(node.args), node.keywords
        span, blame, checked, max_elements = node.span, self.blame, self.checked, self.guards.limits.max_elements

        def call():
            try:
                function = function_value()
                args = arguments()
                kwargs = self.eval_keywords(keywords, function) if keywords else {}
                self.location = span
                if type(function) is UserFunction:  # the common case first, without a call more
                    result = self.call_function(function, args, kwargs)
                else:
                    result = self.call(function, args, kwargs)
                self.location = span
                kind = type(result)
                if kind is Tensor and result._data.size <= max_elements or kind in PLAIN_RESULTS:
                    return result  # checked's answer, without a call more
                return checked(result)
            except BaseException as error:
                blame(error, span)
                raise
        return call

    def compile_items(self, elements):
        """A call's arguments: a closure that makes their list."""
        if any(isinstance(element, n.Starred) for element in elements):
            return lambda: self.eval_items(elements)
        values = tuple(self.compile(element) for element in elements)
        if not values:
            return list
        if len(values) == 1:
            value = values[0]
            return lambda: [value()]
        return lambda: [value() for value in values]

    # ---- statements, compiled ------------------------------------------------------------------------
    # A block run KEEP_COMPILED_AFTER times (a loop's body, a function's) keeps a closure per statement: the
    # commonest statements run without dispatch on their type, the others through their executor. Each
    # closure sets the location and blames an error leaving it on its statement, as run_statement does.

    def compile_block(self, stmts):
        return tuple(map(self.compile_statement, stmts))

    def compile_statement(self, stmt):
        compiler = self.statement_compilers.get(type(stmt))
        return compiler(stmt) if compiler is not None else functools.partial(self.run_statement, stmt)

    def blaming(self, span, body):
        """`body` run as a statement at `span`: the location set, an error leaving it (not a break, continue or
        return) blamed on the statement."""
        blame = self.blame

        def run():
            self.location = span
            try:
                body()
            except ControlFlow:
                raise
            except BaseException as error:
                blame(error, span)
                raise
        return run

    def compile_expr_statement(self, stmt):
        value = self.kept(stmt.value, self.compile)

        def body():
            result = value()
            if result is not None and len(self.frames) == 1:
                self.display(result)
        return self.blaming(stmt.span, body)

    def compile_assign(self, stmt):
        value = self.kept(stmt.value, self.compile)
        stores = tuple(map(self.compile_store, stmt.targets))
        if len(stores) == 1:
            store = stores[0]
        else:
            def store(result):  # `a = b = value`: the targets from left to right, as Python does
                for each in stores:
                    each(result)
        return self.blaming(stmt.span, lambda: store(value()))

    def compile_augassign(self, stmt):
        """`name op= v`: the other targets run through exec_augassign."""
        target = stmt.target
        if type(target) is not n.Name:
            return functools.partial(self.run_statement, stmt)
        name, value, operate, span = target.id, self.kept(stmt.value, self.compile), self.inplace[stmt.op], stmt.span
        load = self.compile_name(target)  # an unbound name is blamed on the name, as Python does

        def body():
            current = load()
            right = value()
            self.location = span
            self.scope.store(name, operate(current, right))
        return self.blaming(span, body)

    def compile_store(self, target):
        """The function that assigns a value to an assignment's target."""
        kind = type(target)
        if kind is n.Name:
            name = target.id

            def store(value):
                scope = self.scope
                if type(scope) is ModuleScope:  # the common case first, without a call more
                    scope.variables[name] = value
                else:
                    scope.store(name, value)
            return store
        if kind is n.Attribute:
            owner_value, name, span, blame = self.kept(target.value, self.compile), target.attr, target.span, self.blame
            set_attribute = capabilities.set_attribute

            def store(value):
                owner = owner_value()
                self.location = span
                try:
                    set_attribute(owner, name, value)
                except BaseException as error:  # Python points at the target, not the whole statement
                    blame(error, span)
                    raise
            return store
        return functools.partial(self.assign, target)

    # ---- expressions, evaluated from the tree ----------------------------------------------------------

    def eval_fstring(self, node):
        pieces = []
        for part in node.parts:
            if isinstance(part, str):
                pieces.append(part)
                continue
            value = self.eval(part.value)
            conversion = part.conversion
            if part.debug_text is not None:
                pieces.append(part.debug_text)
                if conversion is None and part.spec is None:
                    conversion = "r"
            if conversion is not None:
                value = {"r": repr, "s": str, "a": ascii}[conversion](value)
            spec = self.eval_fstring(part.spec) if part.spec is not None else ""
            pieces.append(format(value, spec))
        return "".join(pieces)

    def eval_items(self, elements):
        items = []
        for element in elements:
            if isinstance(element, n.Starred):
                items.extend(self.eval(element.value))
            else:
                items.append(self.eval(element))
        return items

    def eval_list(self, node):
        return self.eval_items(node.elts)

    def eval_tuple(self, node):
        return tuple(self.eval_items(node.elts))

    def eval_unary(self, node):
        operand = self.eval(node.operand)
        self.location = node.span
        return UNARY[node.op](operand)

    def eval_boolop(self, node):
        value = None
        for operand in node.values:
            value = self.eval(operand)
            if (not value) if node.op == "and" else value:
                return value
        return value

    def eval_compare(self, node):
        """`a < b < c` is `a < b and b < c`, each operand evaluated once; a lone comparison is not tested
        for truth (a tensor comparison yields a tensor)."""
        left = self.eval(node.left)
        last = len(node.ops) - 1
        for i, (op, comparator) in enumerate(zip(node.ops, node.comparators)):
            right = self.eval(comparator)
            self.location = node.span
            result = COMPARISONS[op](left, right)
            if i == last or not result:
                return result
            left = right

    def eval_ifexp(self, node):
        return self.eval(node.body) if self.eval(node.test) else self.eval(node.orelse)

    def eval_lambda(self, node):
        return self.make_function("<lambda>", node.params, node.body, node.local_names, is_lambda=True)

    def call(self, function, args, kwargs):
        """Call a value with evaluated arguments: script functions (and methods) run here directly."""
        kind = type(function)
        if kind is UserFunction:
            return self.call_function(function, args, kwargs)
        if kind is types.MethodType and type(function.__func__) is UserFunction:
            return self.call_function(function.__func__, [function.__self__, *args], kwargs)
        if kwargs and ("axis" in kwargs or "keepdims" in kwargs or "input" in kwargs):
            args, kwargs = spelled_by_torch(function, args, kwargs)
        self.guards.check_call(function, args, kwargs)
        return function(*args, **kwargs)

    def eval_keywords(self, keywords, function):
        kwargs = {}
        for keyword in keywords:
            if keyword.name is not None:
                kwargs[keyword.name] = self.eval(keyword.value)
                continue
            mapping = self.eval(keyword.value)
            if not hasattr(type(mapping), "keys"):
                raise TypeError(f"{_callable_name(function)}() argument after ** must be a mapping, "
                                f"not {capabilities.type_name(mapping)}")
            for key in mapping.keys():
                if not isinstance(key, str):
                    raise TypeError("keywords must be strings")
                if key in kwargs:
                    raise TypeError(f"{_callable_name(function)}() got multiple values for keyword argument '{key}'")
                kwargs[key] = mapping[key]
        return kwargs

    def checked(self, value):
        if isinstance(value, capabilities.BLOCKED_TYPES):
            raise TypeError(f"gradcli scripts cannot use {type(value).__name__} objects")
        return self.guards.check_result(value)

    def eval_subscript(self, node):
        value = self.eval(node.value)
        index = self.eval(node.index)
        self.location = node.span
        return self.guards.check_result(value[index])

    def eval_slice(self, node):
        parts = (node.lower, node.upper, node.step)
        return slice(*(self.eval(part) if part is not None else None for part in parts))

    def eval_dict(self, node):
        result = {}
        for key, value in zip(node.keys, node.values):
            if key is not None:
                result[self.eval(key)] = self.eval(value)
                continue
            mapping = self.eval(value)
            if not hasattr(type(mapping), "keys"):
                raise TypeError(f"'{capabilities.type_name(mapping)}' object is not a mapping")
            result.update(mapping)
        self.guards.check_length(len(result), "dict")
        return result

    def eval_set(self, node):
        return set(self.eval_items(node.elts))

    def eval_listcomp(self, node):
        return self.collected(node, "<listcomp>", [], list.append)

    def eval_setcomp(self, node):
        return self.collected(node, "<setcomp>", set(), set.add)

    def eval_dictcomp(self, node):
        return self.collected(node, "<dictcomp>", {}, lambda result, item: result.__setitem__(*item))

    def collected(self, node, name, result, add):
        """A comprehension runs in its own scope and frame, as in Python 3.11 (`<listcomp>`); its first
        iterable is evaluated outside, so `[x for x in x]` reads the outer x."""
        scope = FunctionScope({}, node.local_names, self.scope.closure(), self.scope.inner_qualname(name))
        outermost = self.eval(node.generators[0].iter)
        kind = type(result).__name__
        with self.entered(Frame(name), scope):
            try:
                for item in self.comprehension_items(node, outermost):
                    add(result, item)
                    self.guards.check_length(len(result), kind)
                return result
            except CarriedStopIteration as carried:
                stop = carried.stop
        raise stop  # out of the `except`: it keeps its own context

    def eval_genexp(self, node):
        """A generator expression: its first iterable is taken (iter()) now, the rest runs as it is consumed."""
        qualname = self.scope.inner_qualname("<genexpr>")
        scope = FunctionScope({}, node.local_names, self.scope.closure(), qualname)
        outermost = iter(self.eval(node.generators[0].iter))
        return self.generator(self.comprehension_items(node, outermost), Frame("<genexpr>"), scope, qualname)

    def comprehension_items(self, node, outermost):
        """The values of a comprehension's element, one per pass of its `for`s that its `if`s let through."""
        def generate(generators, iterable):
            first, rest = generators[0], generators[1:]
            for item in iterable:
                try:
                    self.assign(first.target, item)
                    if not first.ifs or all(self.eval(condition) for condition in first.ifs):
                        if rest:
                            yield from generate(rest, self.eval(rest[0].iter))
                        else:
                            yield self.eval(node.elt)
                except StopIteration as stop:
                    raise CarriedStopIteration(stop) from None
        return generate(node.generators, outermost)

    # ---- functions ---------------------------------------------------------------------------------------

    def make_function(self, name, params, body, local_names, is_lambda, global_names=frozenset(),
                      is_generator=False):
        defaults = {param.name: self.eval(param.default) for param in params if param.default is not None}
        signature = Signature(tuple(param.name for param in params if param.kind == ""),
                              next((param.name for param in params if param.kind == "*"), None),
                              tuple(param.name for param in params if param.kind == "keyword"),
                              next((param.name for param in params if param.kind == "**"), None))
        return UserFunction(self.scope.inner_qualname(name), signature, defaults, body, local_names, global_names,
                            self.scope.closure(), self, is_lambda, is_generator)

    def call_function(self, function, args, kwargs):
        if len(self.frames) > self.guards.limits.max_depth:
            raise RecursionError("maximum recursion depth exceeded")
        scope = FunctionScope(bind_arguments(function, args, kwargs), function._local_names, function._scope,
                              function.__qualname__, function._global_names)
        frame = Frame(function.__name__, function, scope)
        if function._is_generator:
            return self.generator(self.generate_block(function._body), frame, scope, function.__qualname__)
        with self.entered(frame, scope):
            if function._is_lambda:
                return self.eval(function._body)
            try:
                self.exec_block(function._body)
            except ReturnValue as returned:
                return returned.value
            return None

    def entered(self, frame, scope):
        return _Entered(self, frame, scope)

    def super(self, *args):
        """super(): without arguments, the class whose body defined the running method, and its first
        argument, as Python's compiler arranges."""
        if args:
            return super(*args)
        frame = self.frames[-1]
        function = frame.function
        if function is None or function._class is None:
            raise RuntimeError("super(): __class__ cell not found")
        if not function._signature.positional:
            raise RuntimeError("super(): no arguments")
        return super(function._class, frame.scope.variables[function._signature.positional[0]])

    def dir(self, *args):
        """dir(obj): what a script may read of obj (capabilities.script_names); dir(): the names bound in
        the running scope."""
        if len(args) > 1:
            raise TypeError(f"dir expected at most 1 argument, got {len(args)}")
        if args:
            return capabilities.script_names(args[0])
        scope = self.scope
        return sorted(scope.names() if type(scope) is ModuleScope else scope.variables)

    # ---- generators ----------------------------------------------------------------------------------

    def generator(self, steps, frame, scope, qualname):
        """A Python generator that runs `steps` (a script generator's statements, as a Python generator)
        in the script's own frame and scope each time it is resumed, and in the caller's in between."""
        def run():
            method, argument = steps.send, None
            while True:
                with self.entered(frame, scope):
                    try:
                        value = method(argument)
                    except StopIteration:
                        return None
                    except ReturnValue as returned:
                        return returned.value
                    except CarriedStopIteration as carried:  # PEP 479, as for any generator
                        raise RuntimeError("generator raised StopIteration") from carried.stop
                try:
                    argument, method = (yield value), steps.send
                except GeneratorExit:
                    with self.entered(frame, scope):
                        steps.close()
                    raise
                except BaseException as error:
                    argument, method = error, steps.throw
        running = run()
        running.__name__, running.__qualname__ = qualname.rsplit(".", 1)[-1], qualname  # Python's repr
        return running

    def generate_block(self, stmts):
        """Run statements as a generator function's body: those that hold a yield step by step."""
        for stmt in stmts:
            known = self.yields.get(id(stmt))
            if known is None:
                from gradcli.lang.builder import has_yield  # here: the calculator runs without the builder

                known = self.yields[id(stmt)] = (stmt, has_yield([stmt]))  # holding stmt keeps its id its own
            if known[1]:
                yield from self.generate(stmt)
            else:
                self.exec(stmt)

    def generate(self, stmt):
        """One statement that holds a yield, as Python runs it."""
        self.location = stmt.span
        try:
            kind = type(stmt)
            if kind is n.ExprStmt or kind is n.Assign:
                sent = yield from self.generate_yield(stmt.value)
                for target in stmt.targets if kind is n.Assign else ():
                    self.assign(target, sent)
            elif kind is n.If:
                yield from self.generate_block(stmt.body if self.eval(stmt.test) else stmt.orelse)
            elif kind is n.While or kind is n.For:
                yield from self.generate_loop(stmt)
            elif kind is n.Try:
                yield from self.generate_try(stmt)
            else:
                yield from self.generate_with(stmt.items, stmt.body)
        except ControlFlow:
            raise
        except BaseException as error:
            self.blame(error, stmt.span)
            raise

    def generate_yield(self, node):
        value = self.eval(node.value) if node.value is not None else None
        if type(node) is n.YieldFrom:
            return (yield from value)
        return (yield value)

    def generate_loop(self, stmt):
        items = iter(self.eval(stmt.iter)) if type(stmt) is n.For else None
        while self.eval(stmt.test) if items is None else True:
            if items is not None:
                item = next(items, UNSET)
                if item is UNSET:
                    break
                self.assign(stmt.target, item)
            try:
                yield from self.generate_block(stmt.body)
            except BreakLoop:
                break
            except ContinueLoop:
                continue

    def generate_try(self, stmt):
        """exec_try, step by step."""
        try:
            try:
                yield from self.generate_block(stmt.body)
            except ControlFlow:
                raise
            except BaseException as error:
                handler = self.entered_handler(stmt.handlers, error)
                try:
                    yield from self.generate_block(handler.body)
                finally:
                    self.left_handler(handler)
            else:
                yield from self.generate_block(stmt.orelse)
        finally:
            yield from self.generate_block(stmt.finalbody)

    def generate_with(self, items, body):
        """run_with, step by step."""
        if not items:
            yield from self.generate_block(body)
            return
        manager, kind = self.entered_context(items[0])
        try:
            yield from self.generate_with(items[1:], body)
        except BaseException as error:
            if not _exit_context(manager, kind, error):
                raise
        else:
            kind.__exit__(manager, None, None, None)

    # ---- assignment ----------------------------------------------------------------------------------

    def assign(self, target, value):
        kind = type(target)
        if kind is n.Name:
            self.scope.store(target.id, value)
        elif kind is n.Attribute:
            self.compile_store(target)(value)
        elif kind is n.Subscript:
            container, index = self.eval(target.value), self.eval(target.index)
            self.location = target.span
            try:
                container[index] = value
            except BaseException as error:
                self.blame(error, target.span)
                raise
        else:
            try:
                self.unpack(target.elts, value)
            except BaseException as error:
                self.blame(error, target.span)
                raise

    def unpack(self, targets, value):
        """Python's unpacking, with its messages: `a, b = x`, `a, *rest = x`."""
        stars = [i for i, target in enumerate(targets) if isinstance(target, n.Starred)]
        if not _is_iterable(value):
            raise TypeError(f"cannot unpack non-iterable {capabilities.type_name(value)} object")
        iterator = iter(value)
        if not stars:
            items = list(itertools.islice(iterator, len(targets) + 1))
            if len(items) > len(targets):
                raise ValueError(f"too many values to unpack (expected {len(targets)})")
            if len(items) < len(targets):
                raise ValueError(f"not enough values to unpack (expected {len(targets)}, got {len(items)})")
            for target, item in zip(targets, items):
                self.assign(target, item)
            return
        star = stars[0]
        items = list(iterator)
        after = len(targets) - star - 1
        if len(items) < len(targets) - 1:
            raise ValueError(f"not enough values to unpack (expected at least {len(targets) - 1}, "
                             f"got {len(items)})")
        for target, item in zip(targets[:star], items):
            self.assign(target, item)
        self.assign(targets[star].value, items[star:len(items) - after])
        for target, item in zip(targets[star + 1:], items[len(items) - after:]):
            self.assign(target, item)

    def delete(self, target):
        kind = type(target)
        if kind is n.Name:
            self.scope.delete(target.id)
        elif kind is n.Attribute:
            capabilities.delete_attribute(self.eval(target.value), target.attr)
        elif kind is n.Subscript:
            container = self.eval(target.value)
            del container[self.eval(target.index)]
        else:
            for element in target.elts:
                self.delete(element)

    # ---- statements --------------------------------------------------------------------------------------

    def exec_augassign(self, node):
        """`t.a op= v`, `t[i] op= v`: the target's parts are evaluated once; Python's in-place protocol does the
        rest. (`name op= v` is compiled: compile_augassign.)"""
        target, operate = node.target, self.inplace[node.op]
        if type(target) is n.Attribute:
            owner = self.eval(target.value)
            current = capabilities.get_attribute(owner, target.attr)
            value = self.eval(node.value)
            self.location = node.span
            capabilities.set_attribute(owner, target.attr, operate(current, value))
        else:
            container, index = self.eval(target.value), self.eval(target.index)
            try:
                current = container[index]
            except BaseException as error:
                self.blame(error, target.span)
                raise
            value = self.eval(node.value)
            self.location = node.span
            container[index] = operate(current, value)

    def exec_delete(self, node):
        for target in node.targets:
            self.delete(target)

    def exec_pass(self, node):
        pass

    def exec_break(self, node):
        raise BREAK

    def exec_continue(self, node):
        raise CONTINUE

    def exec_return(self, node):
        raise ReturnValue(self.eval(node.value) if node.value is not None else None)

    def exec_raise(self, node):
        if node.exc is None:
            if not self.handling:
                raise RuntimeError("No active exception to reraise")
            raise self.handling[-1]
        error = _exception_instance(self.eval(node.exc))
        if node.cause is not None:
            cause = self.eval(node.cause)
            error.__cause__ = None if cause is None else _exception_instance(cause, "exception causes")
        if hasattr(error, TRACE_ATTRIBUTE):
            delattr(error, TRACE_ATTRIBUTE)  # raised anew: its traceback starts here
        raise error

    def exec_assert(self, node):
        if not self.eval(node.test):
            error = AssertionError(self.eval(node.msg)) if node.msg is not None else AssertionError()
            self.blame(error, node.test.span)  # where Python's traceback points
            raise error

    def exec_import(self, node):
        for alias in node.names:
            name = ".".join(alias.path)
            if not is_importable(name):
                raise ModuleNotFoundError(f"No module named '{_first_missing(alias.path)}'", name=name)
            if alias.alias is not None:
                self.scope.store(alias.alias, self.modules.get(name))
            else:
                self.scope.store(alias.path[0], self.modules.get(alias.path[0]))

    def exec_import_from(self, node):
        name = ".".join(node.module)
        if not is_importable(name):
            raise ModuleNotFoundError(f"No module named '{_first_missing(node.module)}'", name=name)
        module = self.modules.get(name)
        if node.names is None:
            for key in module.public_names():
                self.scope.store(key, module.member(key))
            return
        for alias in node.names:
            member = alias.path[0]
            if member not in module.public_names():
                raise ImportError(f"cannot import name '{member}' from '{name}'", name=name)
            self.scope.store(alias.alias or member, module.member(member))

    def exec_if(self, node):
        self.exec_block(node.body if self.eval(node.test) else node.orelse)

    def exec_while(self, node):
        while self.eval(node.test) and self.exec_loop_body(node.body):
            pass

    def exec_for(self, node):
        store = self.compile_store(node.target)
        for item in self.eval(node.iter):
            store(item)
            if not self.exec_loop_body(node.body):
                break

    def exec_loop_body(self, body):
        """One pass of a loop's body: False when it breaks out of the loop."""
        try:
            self.exec_block(body)
        except BreakLoop:
            return False
        except ContinueLoop:
            pass
        return True

    def exec_try(self, node):
        try:
            try:
                self.exec_block(node.body)
            except ControlFlow:
                raise
            except BaseException as error:
                handler = self.entered_handler(node.handlers, error)
                try:
                    self.exec_block(handler.body)
                finally:
                    self.left_handler(handler)
            else:
                self.exec_block(node.orelse)
        finally:
            self.exec_block(node.finalbody)

    def matching_handler(self, handlers, error):
        for handler in handlers:
            if handler.type is None:
                return handler
            expected = self.eval(handler.type)
            classes = expected if isinstance(expected, tuple) else (expected,)
            if not all(isinstance(cls, type) and issubclass(cls, BaseException) for cls in classes):
                raise TypeError("catching classes that do not inherit from BaseException is not allowed")
            if isinstance(error, classes):
                return handler
        return None

    def entered_handler(self, handlers, error):
        """The `except` clause that takes `error`, with `as` bound; raises `error` again when none does.
        Called inside the `except` block that caught it, so the re-raise keeps its traceback."""
        handler = self.matching_handler(handlers, error)
        if handler is None:
            raise error
        if handler.name is not None:
            self.scope.store(handler.name, error)
        self.handling.append(error)
        return handler

    def left_handler(self, handler):
        self.handling.pop()
        if handler.name is not None:
            self.scope.discard(handler.name)  # as Python does, so the exception does not live on

    def exec_with(self, node):
        self.run_with(node.items, node.body)

    def run_with(self, items, body):
        if not items:
            self.exec_block(body)
            return
        manager, kind = self.entered_context(items[0])
        try:
            self.run_with(items[1:], body)
        except BaseException as error:
            if not _exit_context(manager, kind, error):
                raise
        else:
            kind.__exit__(manager, None, None, None)

    def entered_context(self, item):
        """Evaluate a `with` item and enter it; returns the manager and its type (whose __exit__ ends it)."""
        manager = self.eval(item.context)
        kind = type(manager)
        if not (hasattr(kind, "__enter__") and hasattr(kind, "__exit__")):
            raise TypeError(f"'{capabilities.type_name(manager)}' object does not support the context manager protocol")
        value = kind.__enter__(manager)
        if item.name is not None:
            self.scope.store(item.name, value)
        return manager, kind

    def exec_def(self, node):
        decorators = [self.eval(decorator) for decorator in node.decorators]
        function = self.make_function(node.name, node.params, node.body, node.local_names, False,
                                      node.global_names, node.is_generator)
        self.scope.store(node.name, self.decorated(function, decorators, node.decorators))

    def decorated(self, value, decorators, decorator_nodes):
        """Apply decorators, the innermost (last written) first, as Python does."""
        for decorator, node in zip(reversed(decorators), reversed(decorator_nodes)):
            self.location = node.span
            try:
                value = self.guards.check_result(self.call(decorator, [value], {}))
            except BaseException as error:
                self.blame(error, node.span)
                raise
        return value

    def exec_class(self, node):
        """A class statement makes a real Python class whose methods are script functions, so that a host
        base class (torch.nn.Module) runs its own __init__, __setattr__ and __call__ on script subclasses."""
        decorators = [self.eval(decorator) for decorator in node.decorators]
        bases = tuple(self.eval_items(node.bases))
        self.location = node.span
        scope = ClassScope(self.scope.closure(), self.scope.inner_qualname(node.name))
        with self.entered(Frame(node.name), scope):
            self.exec_block(node.body)
        self.location = node.span
        cls = capabilities.make_class(node.name, scope.qualname, bases, scope.variables, node.private_names)
        for function in _functions_of(scope.variables.values()):
            function._class = cls
        self.scope.store(node.name, self.decorated(cls, decorators, node.decorators))


class _Entered:
    """Context for running inside a function (or comprehension) frame and scope."""

    __slots__ = ("interpreter", "frame", "scope", "outer_scope")

    def __init__(self, interpreter, frame, scope):
        self.interpreter, self.frame, self.scope = interpreter, frame, scope

    def __enter__(self):
        self.outer_scope = self.interpreter.scope
        self.interpreter.frames.append(self.frame)
        self.interpreter.scope = self.scope

    def __exit__(self, *exc_info):
        self.interpreter.frames.pop()
        self.interpreter.scope = self.outer_scope


def bind_arguments(function, args, kwargs):
    """Parameters -> values, refusing bad calls with Python's own messages."""
    signature, defaults, name = function._signature, function._defaults, function.__qualname__
    positional, keyword_only = signature.positional, signature.keyword_only
    bound = dict(zip(positional, args))
    if len(args) > len(positional) and signature.star is None:
        required = len([param for param in positional if param not in defaults])
        takes = f"from {required} to {len(positional)}" if required < len(positional) else str(len(positional))
        plural = "" if takes == "1" else "s"
        given = f"{len(args)} {'was' if len(args) == 1 else 'were'} given"
        raise TypeError(f"{name}() takes {takes} positional argument{plural} but {given}")
    extra = {} if signature.double_star is not None else None
    for key, value in kwargs.items():
        if key in positional or key in keyword_only:
            if key in bound:
                raise TypeError(f"{name}() got multiple values for argument '{key}'")
            bound[key] = value
        elif extra is not None:
            extra[key] = value
        else:
            raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
    if len(bound) < len(positional) + len(keyword_only):
        for names, kind in ((positional, "positional"), (keyword_only, "keyword-only")):
            missing = [param for param in names if param not in bound and param not in defaults]
            if missing:
                plural = "s" if len(missing) > 1 else ""
                raise TypeError(f"{name}() missing {len(missing)} required {kind} argument{plural}: "
                                f"{_quoted_list(missing)}")
        for param, value in defaults.items():
            if param not in bound:
                bound[param] = value
    if signature.star is not None:
        bound[signature.star] = tuple(args[len(positional):])
    if extra is not None:
        bound[signature.double_star] = extra
    return bound


def _exit_context(manager, kind, error):
    """Leave a `with` block that `error` is leaving; whether the manager swallowed it. break, continue and
    return leave it as a normal exit."""
    if isinstance(error, ControlFlow):
        kind.__exit__(manager, None, None, None)
        return False
    return kind.__exit__(manager, type(error), error, error.__traceback__)


def _callable_name(function):
    """How Python names a callable in its argument errors: `__main__.f` for a script's function."""
    if type(function) is UserFunction:
        return f"__main__.{function.__qualname__}"
    return getattr(function, "__qualname__", capabilities.type_name(function))


def _functions_of(values):
    """The script functions among a class body's values, also inside staticmethod, classmethod, property."""
    for value in values:
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        inner = (value.fget, value.fset, value.fdel) if isinstance(value, property) else (value,)
        yield from (function for function in inner if type(function) is UserFunction)


def _quoted_list(names):
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"


def _exception_instance(value, what="exceptions"):
    if isinstance(value, type) and issubclass(value, BaseException):
        return value()
    if isinstance(value, BaseException):
        return value
    raise TypeError(f"{what} must derive from BaseException")


def _is_iterable(value):
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _first_missing(path):
    """Python names the first part of a dotted import that does not exist."""
    for end in range(1, len(path) + 1):
        if not is_importable(".".join(path[:end])):
            return ".".join(path[:end])
    return ".".join(path)
