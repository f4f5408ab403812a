"""torch.autograd.graph: hooks on the tensors that autograd saves for backward (gradcli/engine/saved_hooks.py
runs them, as torch's SavedVariable does)."""

from gradcli.engine.graph import SAVED_TENSORS_HOOKS


class saved_tensors_hooks:
    """A context in which every tensor a recorded op saves for backward goes through pack_hook (under no_grad),
    and comes back through unpack_hook when backward or grad_fn._saved_<name> reads it."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        SAVED_TENSORS_HOOKS.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        SAVED_TENSORS_HOOKS.pop()
        return False

    def __repr__(self):
        return f"<torch.autograd.graph.{type(self).__name__} object at {id(self):#x}>"


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors kept in CPU memory, as (device, CPU copy), and moved back for backward: on a CPU-only
    build the tensor itself, or with pin_memory a copy (torch copies into pinned memory)."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return tensor.device, tensor.clone() if pin_memory else tensor.cpu()

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device)

        super().__init__(pack_to_cpu, unpack_from_cpu)
