import torch

print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
        with torch.set_grad_enabled(False):
            print(torch.is_grad_enabled())
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
try:
    with torch.no_grad():
        raise ValueError("boom")
except ValueError as e:
    print("caught", e, torch.is_grad_enabled())
