w = torch.ones(2, requires_grad=True)
loss = (w * 3).sum()
loss.backward()
w -= 0.1 * w.grad
