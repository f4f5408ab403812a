# a training loop without optimizer.zero_grad(): each backward adds into .grad, so the steps use gradients
# accumulated over every iteration so far (torch runs it without a word; the hint appears once)
w = torch.tensor([0.0], requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)
for step in range(4):
    loss = (w - 1).pow(2).sum()
    loss.backward()
    optimizer.step()
    print(step, w.grad, w)
for step in range(2):  # zeroing in place (set_to_none=False) resets them too: no hint for this loop
    optimizer.zero_grad(set_to_none=False)
    (w - 1).pow(2).sum().backward()
    optimizer.step()
w
