import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([1.0, 2.0])
for f in (lambda: (x * 2).sum().backward(inputs=[]),
          lambda: torch.autograd.grad((x * c).sum(), c),
          lambda: c.register_hook(lambda g: g),
          lambda: c.retain_grad(),
          lambda: torch.autograd.grad((x * 2).sum(), x, grad_outputs=torch.ones(2)),
          lambda: torch.autograd.backward([x.sum(), x.sum()], [torch.tensor(1.0)])):
    try:
        f()
        print("no error")
    except (RuntimeError, ValueError, TypeError) as e:
        print(type(e).__name__ + ": " + str(e))
