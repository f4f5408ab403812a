w = torch.nn.Parameter(torch.ones(2))
optimizer = torch.optim.SGD([w], lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
for epoch in range(2):
    scheduler.step()
    (w ** 2).sum().backward()
    optimizer.step()
    optimizer.zero_grad()
print(scheduler.get_lr(), scheduler.get_last_lr())
