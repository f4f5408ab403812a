w = torch.ones(2, requires_grad=True)
d = w.detach()
d.backward(torch.ones(2))
