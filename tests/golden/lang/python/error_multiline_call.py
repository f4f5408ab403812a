x = torch.ones(3, requires_grad=True)
y = torch.autograd.grad(
    (x * 2).sum(),
    torch.ones(3),
)
