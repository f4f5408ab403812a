w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    frozen = w * 2
frozen.sum().backward()
