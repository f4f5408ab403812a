x = torch.tensor([1., 2.])
assert x.sum() == 3
assert x.sum() > 5, f"sum is only {x.sum().item()}"
