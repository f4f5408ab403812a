# SGD keeps a parameter's state only for a momentum buffer: without momentum state_dict()'s state stays empty
# after steps; with it, each stepped parameter has its buffer (Adam's state for comparison)
import torch

w = torch.nn.Parameter(torch.ones(2))
b = torch.nn.Parameter(torch.zeros(1))
plain = torch.optim.SGD([w, b], lr=0.1)
(w * 2).sum().backward()
plain.step()
print(plain.state_dict()["state"], len(plain.state))
heavy = torch.optim.SGD([w, b], lr=0.1, momentum=0.9)
heavy.step()
print(heavy.state_dict()["state"])
adam = torch.optim.Adam([w], lr=0.1)
adam.step()
print(sorted(adam.state_dict()["state"][0]))
