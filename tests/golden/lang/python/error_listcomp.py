grads = [t.grad * 2 for t in [torch.ones(1, requires_grad=True)]]
