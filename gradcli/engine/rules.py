"""Derivative rules, how an op application is recorded, and the registry every op is declared in.

A Rule is one line of data, as in PyTorch's derivatives.yaml and HIPS autograd's defvjp:

* ``grad_fn``: the node name users see (``MulBackward0``);
* ``forward``: the function of NumPy arrays (and params) computing the result;
* ``vjps``: one vector-Jacobian product per input, written with Tensor ops so that the backward pass is
  itself recorded when create_graph=True (higher derivatives for free). A vjp is called as
  ``vjp(grad, out, *inputs, *params)``; inputs the rule does not save arrive as Meta (shape, dtype).
  Broadcasting is undone once, by the engine (autograd.py calls sum_to), never per rule;
* ``formulas``: one short string per vjp, the local derivative d out / d input in the rule's terms, for
  `gradcli explain`: inputs are ``a``, ``b``, ``c`` (in order), the result ``out``, params by the names the
  vjps give them (``alpha``, ``dim``, ...). Where the Jacobian is not elementwise (matrix products, reductions
  along dims, shape changes) the formula is the vector-Jacobian product written over ``grad``
  (``grad @ b.T``). MulBackward0: ``("b", "a")``; ExpBackward0: ``("exp(a) = out",)``;
* ``saved_names``: torch's names of the inputs, then of the params, as ``grad_fn._saved_<name>`` shows them
  (``("self", "other")`` unless the rule says otherwise); the saved result is ``_saved_result``.

Ops are declared in the modules of gradcli/engine/ops/, each with ONE registration: ``op(...)`` above
its public function names its rules, its Tensor method, its torch namespace export and how many of its
leading arguments are tensors; ``unary(...)`` does all that for an elementwise function of one tensor.
"""

import numpy as np

from . import dtypes, grad_mode
from .graph import FREED_MESSAGE, SAVED_TENSORS_HOOKS, _sequence, engine_error, node_class
from .tensor import Tensor, _alias, _make, _new

_state = grad_mode.state
forward_mode = grad_mode.forward_mode

R = {}                  # rule name -> Rule: the table, filled by the op modules as they are imported
METHODS = {}            # Tensor attribute name -> function (operators and conversions: gradcli/engine/methods.py)
EXPORTS = {"torch": {}, "torch.nn.functional": {}, "torch.linalg": {}}  # namespace -> {public name: function}
_TENSOR_ARGUMENTS = {}  # public function -> how many of its leading arguments are tensors
_UNKNOWN = object()
EXACT_SCALAR_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))  # rules with scalars=True get 0-d ones as scalars


class Meta:
    """What a vjp sees of an input the node did not save: its shape and dtype."""

    __slots__ = ("shape", "np_dtype")

    def __init__(self, shape, np_dtype):
        self.shape = shape
        self.np_dtype = np_dtype

    @property
    def dtype(self):
        return dtypes.from_numpy(self.np_dtype)

    @property
    def ndim(self):
        return len(self.shape)


_metas = {}  # (shape, NumPy dtype) -> its Meta: backward needs one per unsaved input of every node it runs


def cached_meta(shape, np_dtype):
    """The Meta of (shape, np_dtype), made once (vjps only read it): a node saves it for an input it does not
    save, as that input's stand-in."""
    meta = _metas.get((shape, np_dtype))
    if meta is None:
        if len(_metas) >= 10_000:  # a long session of ever new shapes: start again rather than grow
            _metas.clear()
        meta = _metas[shape, np_dtype] = Meta(shape, np_dtype)
    return meta


class Rule:
    __slots__ = ("grad_fn_name", "forward", "vjps", "formulas", "saved_names", "save_inputs", "save_output",
                 "saves", "view", "variadic", "reads", "scalars", "node_type", "_read_sets")

    def __init__(self, grad_fn, forward, *vjps, formulas, save="inputs", view=False, variadic=False, reads=None,
                 saved_names=("self", "other"), scalars=False):
        self.grad_fn_name = grad_fn            # its Node class is made at the first record, not at import
        self.forward = forward
        self.vjps = vjps                       # one per input (variadic: one returning all the gradients)
        self.formulas = formulas               # one local-derivative string per vjp (see the module docstring)
        self.saved_names = saved_names
        self.variadic = variadic
        # Which inputs each vjp reads. As torch does, only inputs read by the vjp of an input that requires
        # grad are saved: x * c saves c alone, so modifying x in place later does not break x * c's backward.
        self.reads = reads
        self.save_inputs = save in ("inputs", "both")
        self.save_output = save in ("output", "both")
        self.saves = self.save_inputs or self.save_output
        self.view = view                       # the output shares storage (and version counter) with input 0
        # The forward is one IEEE operation (+ - * /), so it rounds NumPy float32/float64 scalars exactly as
        # it rounds 0-d arrays: operands() passes those as scalars, whose arithmetic costs a tenth of a ufunc call.
        self.scalars = scalars
        self.node_type = None                  # its Node class, made at the first record
        self._read_sets = {}                   # which inputs requiring grad -> read_set's answer

    def read_set(self, requiring):
        """The inputs a node saves when the inputs in the bit set `requiring` need a gradient: the indices of
        those read by their vjps, in order (None: every input). record looks in self._read_sets first."""
        if not self.save_inputs:
            read = ()
        elif self.reads is None:
            read = None
        else:
            read = tuple(sorted({i for k, reads in enumerate(self.reads) if requiring >> k & 1 for i in reads}))
        self._read_sets[requiring] = read
        return read

    def saved_value(self, node, field):
        """(found, value) of node's saved `field` under torch's name: 'result', or one of saved_names. A Python
        number the op took as an operand comes back as torch saves it, a 0-d tensor (int64 or float64)."""
        n_inputs = len(node.metas)
        packed = node.packed
        if packed is not None:  # saved through hooks: unpack_hook gives it back (slot -1: the result)
            slot = -1 if field == "result" else self.saved_names.index(field) if field in self.saved_names else None
            if slot in packed.values:
                return True, packed.restore(slot)
        if field == "result":  # torch unpacks a saved output as a new tensor over the same data and node
            out = node.output
            if out is None:
                return self.save_output, None
            alias = _alias(out, out._data)
            alias._requires_grad = True
            alias.grad_fn = out.grad_fn
            return True, alias
        if field in self.saved_names[:n_inputs]:
            value = node.inputs[self.saved_names.index(field)]
            if type(value) is Meta:  # an input the node did not save
                return self.save_inputs, None
            return self.save_inputs, value if value is None or type(value) is Tensor else _make(np.asarray(value))
        if field in self.saved_names[n_inputs:]:
            return True, node.params[self.saved_names.index(field) - n_inputs]
        return False, None

    def __call__(self, *inputs, params=(), arrays=None):
        """Run the forward on arrays (the inputs' own, unless given) and, if any input requires grad, record
        a node."""
        if arrays is None:
            arrays = []  # a loop, not a comprehension: one call less per op
            for x in inputs:
                arrays.append(x._data if type(x) is Tensor else x)
        return self.run(inputs, arrays, params)

    def run(self, inputs, arrays, params):
        """__call__ with the arrays known (binary ops call it directly: a call through __call__ costs more)."""
        data = self.forward(*arrays, *params) if params else self.forward(*arrays)
        if self.view:
            first = inputs[0]
            out = _alias(first, data, first._base if first._base is not None else first)
        else:
            out = _make(data)
        if _state.enabled:
            for x in inputs:
                if type(x) is Tensor and x._requires_grad:
                    record(self, inputs, params, out, _new(self.node_type or _node_type(self, len(inputs), len(params))),
                           out._location)
                    break
        if forward_mode.level is not None and not forward_mode.pushing:
            forward_mode.push(self, inputs, params, out)
        return out


def record(rule, inputs, params, out, node, location):
    """Make `node` (a bare instance of a Node class) the record of `rule` applied to `inputs`, made at `location`
    (a front end's, or None), and out's grad_fn."""
    # Plain loops, no helpers: this runs once per recorded op, so it is the engine's hottest path.
    edges, stand_ins = [], []  # stand_ins: per input, a tensor's Meta, or the number itself
    requiring = 0  # bit i set: input i has somewhere to send a gradient
    bit = 1
    for x in inputs:
        if type(x) is Tensor:
            data = x._data
            meta = _metas.get((data.shape, data.dtype)) or cached_meta(data.shape, data.dtype)
            edge = x.grad_fn
            if edge is None and x._requires_grad:
                edge = x._accumulator or x._grad_accumulator()
            if edge is not None:
                requiring |= bit
            edges.append(edge)
            stand_ins.append(meta)
        else:  # numbers are always kept
            edges.append(None)
            stand_ins.append(x)
        bit <<= 1
    read = rule._read_sets.get(requiring, _UNKNOWN)
    if read is _UNKNOWN:
        read = rule.read_set(requiring)
    # Tuples, not lists: the garbage collector stops tracking a tuple of numbers and None once it has seen
    # it, and a long graph's lists would otherwise be rescanned at every collection while the graph lives.
    metas = tuple(stand_ins)
    saved = None  # what the vjps get, if a tensor they read is among the inputs; else they get the metas
    versions = ()
    for i in range(len(inputs)) if read is None else read:  # the tensors read are kept, with their version now
        x = inputs[i]
        if type(x) is Tensor:
            if saved is None:
                saved = list(metas)
            saved[i] = x
            versions += ((x, x._version),)
    output = None
    if rule.save_output:
        output = out
        versions += ((out, out._version),)
    node.rule = rule
    node.edges = tuple(edges)
    node.metas = metas
    node.inputs = metas if saved is None else tuple(saved)  # one tuple less for the collector to visit
    node.output = output
    node.versions = versions
    node.params = params
    node.sequence_nr = next(_sequence)
    if location is not None:  # else no instance dict per node
        node.location = location
    out.grad_fn = node
    out._requires_grad = True
    if SAVED_TENSORS_HOOKS and (saved is not None or output is not None):
        from .saved_hooks import pack  # imported at the first node saved with hooks in force
        pack(node, rule, requiring)


def _node_type(rule, n_inputs, n_params):
    """The rule's Node class, with a property per torch name of what the rule saves (`grad_fn._saved_self`,
    public torch API despite the underscore)."""
    cls = rule.node_type = node_class(rule.grad_fn_name)
    for field in _saved_fields(rule, n_inputs, n_params):
        if not hasattr(cls, "_saved_" + field):
            setattr(cls, "_saved_" + field, property(_saved_getter(field)))
    return cls


def _saved_fields(rule, n_inputs, n_params):
    """torch's names of what a node of the rule with n_inputs inputs and n_params params saves: the inputs its vjps
    read (if it saves inputs), its params, and `result` if it saves its output (a field it never saves is no
    attribute, as in torch's node classes)."""
    read = range(n_inputs) if rule.reads is None else {i for reads in rule.reads for i in reads}
    inputs = [name for i, name in enumerate(rule.saved_names[:n_inputs]) if rule.save_inputs and i in read]
    params = rule.saved_names[n_inputs:n_inputs + n_params]
    return (*inputs, *params, *(("result",) if rule.save_output else ()))


def _saved_getter(field):
    def saved(node):  # as torch: freed after backward, an AttributeError if the rule does not save it
        if node.inputs is None:
            raise engine_error(FREED_MESSAGE, "freed", node=node)
        found, value = node.rule.saved_value(node, field)
        if not found:
            raise AttributeError(f"'{type(node).__name__}' object has no attribute '_saved_{field}'")
        return value
    return saved


def sum_to(g, shape):
    """Undo broadcasting: sum g down to `shape` (differentiably, so create_graph keeps working)."""
    if g.shape == shape:
        return g
    if not shape:  # torch's sum_to: a plain sum (SumBackward0), no reshape after
        return g.sum()
    lead = g.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape) if n == 1 and g.shape[i + lead] != 1)
    if dims:
        g = g.sum(dims, keepdim=True)
    return g.reshape(shape) if g.shape != shape else g


# ---- the registry ---------------------------------------------------------------------------------------------

def rule(name, new_rule):
    """Add a rule to the table under `name` (rules used only inside other ops' backward or by the engine)."""
    if name in R:
        raise ValueError(f"rule {name!r} is registered twice")
    R[name] = new_rule
    return new_rule


def op(*names, rules=None, method=True, namespaces=("torch",), tensors=1):
    """Declare a public op, as a decorator of its function: its rules join the table, and the function becomes
    Tensor.NAME (method=True; or only the names listed in `method`) and NAMESPACE.NAME for each name (the first
    is its own, the others aliases), with `tensors` leading tensor arguments (the calculator turns numbers
    given there into tensors)."""
    for key, new_rule in (rules or {}).items():
        rule(key, new_rule)

    def register(function):
        for name in (names if method is True else method or ()):
            METHODS[name] = function
        for namespace in namespaces:
            for name in names:
                EXPORTS[namespace][name] = function
        _TENSOR_ARGUMENTS[function] = tensors
        return function
    return register


def unary(name, new_rule, aliases=(), namespaces=("torch",)):
    """Declare an elementwise op of one tensor computed in floating point (an integer input becomes float32):
    its rule, public function, method and export (also under the aliases), in one call."""
    @op(name, *aliases, rules={name: new_rule}, namespaces=namespaces)
    def function(x):
        if not isinstance(x, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
        return new_rule(x, arrays=(float_array(x),))
    function.__name__ = function.__qualname__ = name
    return function


def float_array(x):
    data = x._data
    return data if data.dtype.kind == "f" else data.astype(np.float32)


def tensor_arguments(function):
    """How many leading arguments of a public engine function are tensors (None: not a tensor function).
    The calculator turns plain numbers given there into tensors: `log(2)`, `atan2(x, 2)`."""
    return _TENSOR_ARGUMENTS.get(function)
