print("{0.shape}".format(torch.ones(2)))
