# backward(inputs=[a non-leaf]) whose node runs after other nodes: its gradient lands in .grad of that
# tensor, not of a leaf or of what an earlier node saved
import torch
import warnings

warnings.simplefilter("ignore", UserWarning)  # .grad of a non-leaf
x = torch.tensor(2.0, requires_grad=True)
a = x * 2
b = a * 3
c = (b * 4 + a).exp() * 1e-8
c.backward(inputs=[b, a])
print(b.grad, a.grad, x.grad)
