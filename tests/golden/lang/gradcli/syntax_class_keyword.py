class Net(torch.nn.Module, metaclass=type):
    pass
