x = torch.tensor([1., 2.],
                 requires_grad=True
y = x * 2
