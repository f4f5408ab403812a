# backward(inputs=[c]) with c a non-leaf: torch's engine calls c.retain_grad(), so c.grad fills (no warning)
# and later backward calls through c keep adding to it; c's own node does not run, so hooks behind it stay
# silent and no leaf gets a gradient
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []
x.register_hook(lambda g: seen.append(g.tolist()))
c = x * 2
z = (c ** 2).sum()
z.backward(inputs=[c], retain_graph=True)
print(c.grad, c.retains_grad, x.grad, seen)
z.backward(retain_graph=True)
print(c.grad, x.grad, seen)
w = (c * x).sum()
w.backward()
print(c.grad, x.grad, seen)
g, = torch.autograd.grad((c * c).sum(), [c])
print(g, c.grad, seen)

x.grad = None
e = x.clone()
f = e.sin()
(f.sum() + e.sum()).backward(inputs=[e, x])
print(e.grad, x.grad, len(seen))
