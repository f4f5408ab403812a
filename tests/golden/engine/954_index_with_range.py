# A range indexes as a sequence does (an index tensor): reads, writes and their gradients, as
# makemore's logprobs[range(n), Yb]
import torch

x = torch.arange(12.).reshape(3, 4).requires_grad_()
rows = torch.tensor([3, 0, 2])
picked = x[range(3), rows]
print(picked)
(-picked.mean()).backward()
print(x.grad)
d = torch.zeros(3, 4)
d[range(3), rows] = -1.0 / 3
print(d, x[range(1, 3)], x.detach()[range(2), 1:])
