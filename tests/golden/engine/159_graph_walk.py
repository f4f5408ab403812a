import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
out = (a * b + a.exp()).log()

def walk(fn, depth=0):
    if fn is None:
        print("  " * depth + "None")
        return
    print("  " * depth + type(fn).__name__)
    for child, _ in fn.next_functions:
        walk(child, depth + 1)

walk(out.grad_fn)
print(out)
