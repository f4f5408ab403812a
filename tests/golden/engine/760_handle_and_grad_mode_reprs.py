# Issue 13: the objects hooks and grad modes return print as torch prints them.
import torch
import torch.utils.hooks

x = torch.tensor([1.0, 2.0], requires_grad=True)
handle = x.register_hook(lambda g: g * 2)
print(handle)
print(isinstance(handle, torch.utils.hooks.RemovableHandle), type(handle).__name__)
print(x.register_post_accumulate_grad_hook(lambda t: None))
(x * x).sum().backward()
print(x.grad)
handle.remove()

mode = torch.set_grad_enabled(False)
print(mode)
print(repr(mode), torch.is_grad_enabled())
print(torch.set_grad_enabled(mode=True), torch.is_grad_enabled())
with torch.set_grad_enabled(mode=False) as entered:
    print(entered, torch.is_grad_enabled(), (x * 2).requires_grad)
print(torch.is_grad_enabled())
print(torch.no_grad())
print(torch.enable_grad())
with torch.no_grad() as entered:
    print(entered)
