import torch

for make in (lambda: torch.tensor([1, 2], requires_grad=True),
             lambda: torch.tensor([1, 2]).requires_grad_(),
             lambda: torch.arange(3, requires_grad=True)):
    try:
        make()
    except RuntimeError as e:
        print(type(e).__name__ + ": " + str(e))
t = torch.tensor([True])
try:
    t.requires_grad = True
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(torch.tensor([1, 2], dtype=torch.float32, requires_grad=True))
