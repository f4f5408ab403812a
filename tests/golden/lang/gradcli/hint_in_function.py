def train_step(w):
    loss = (w * w).sum()
    loss.backward()
    return loss

w = torch.ones(2, requires_grad=True)
loss = train_step(w)
loss.backward()
