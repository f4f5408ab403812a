"""torch.optim.Optimizer: parameter groups, per-parameter state, zero_grad and step, state_dict and
load_state_dict, with torch's messages."""

import copy
from collections import defaultdict
from collections.abc import Iterable
from itertools import chain

from gradcli.engine.grad_mode import enable_grad, no_grad
from gradcli.engine.tensor import Tensor

from ..misuse import report
from ..nn.module import zero_grads


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = defaultdict(dict)  # as torch's: optimizer.state[p] is {} for a parameter not stepped yet
        self.param_groups = []
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            f"but got torch.{params.dtype.legacy_name}")
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self._stepped_grads = {}  # param id -> (its grad, its version, its accumulations) when step() last used them

    def add_param_group(self, param_group):
        params = param_group["params"]
        param_group["params"] = [params] if isinstance(params, Tensor) else list(params)
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        zero_grads((p for group in self.param_groups for p in group["params"]), set_to_none)

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        self._check_gradients()
        with no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if p._grad is not None:
                        state = self._state_of(p) if self._keeps_state(group) else None
                        self._update(p, p._grad, state, group)
        return loss

    def _check_gradients(self):
        """Report a step with no gradient at all, and a gradient step() already used that nothing reset since
        (zero_grad() drops it or zeroes it in place, either of which this sees), then remember the gradients."""
        params = [p for group in self.param_groups for p in group["params"]]
        if all(p._grad is None for p in params):
            report("step_without_grad", optimizer=self)
        stale = [p for p in params if p._grad is not None and self._unchanged_since_step(p)]
        if stale:
            report("grad_not_reset", optimizer=self, param=stale[0])
        # the grad itself is kept (not its id): a new gradient could otherwise reuse a freed one's id
        self._stepped_grads = {id(p): (p._grad, p._grad._version, _accumulations(p._grad))
                               for p in params if p._grad is not None}

    def _unchanged_since_step(self, param):
        """The same .grad, written since only by backward passes adding into it (each bumps its version)."""
        grad, version, accumulations = self._stepped_grads.get(id(param), (None, None, None))
        return grad is param._grad and grad._version - version == _accumulations(grad) - accumulations

    def _state_of(self, p):
        return self.state[p]

    def _keeps_state(self, group):
        """Whether step() makes a state (a dict in self.state, which state_dict() lists) for the group's parameters."""
        return True

    def _update(self, param, grad, state, group):
        raise NotImplementedError

    def state_dict(self):
        index = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            packed["params"] = [index.setdefault(id(p), len(index)) for p in group["params"]]
            groups.append(packed)
        state = {index[id(p)]: s for p, s in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        """The groups' settings and the states of a state_dict() (this optimizer's or one of the same layout), onto
        this optimizer's parameters in order. As in torch, the state's tensors are taken, not copied."""
        groups = self.param_groups
        saved_groups = copy.deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                             "optimizer's group")
        id_map = dict(zip(chain.from_iterable(g["params"] for g in saved_groups),
                          chain.from_iterable(g["params"] for g in groups)))
        state = defaultdict(dict)
        for key, value in state_dict["state"].items():
            if key in id_map:
                state[id_map[key]] = _cast(id_map[key], value)
            else:
                state[key] = value
        for group, saved in zip(groups, saved_groups):
            saved["params"] = group["params"]
        self.state = state
        self.param_groups = saved_groups

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


def check_range(name, value, low=0.0):
    if not low <= value:
        raise ValueError(f"Invalid {name}: {value}")


def _accumulations(grad):
    return getattr(grad, "accumulations", 0)


def _cast(param, value, key=None):
    """A loaded state value as torch loads it: its tensors in the parameter's floating dtype, the step count kept."""
    if isinstance(value, Tensor):
        return value.to(dtype=param.dtype) if key != "step" and param.is_floating_point() else value
    if isinstance(value, dict):
        return {k: _cast(param, v, k) for k, v in value.items()}
    if isinstance(value, Iterable):
        return type(value)(_cast(param, v) for v in value)
    return value
