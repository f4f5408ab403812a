# Issue 12: grad_fn._saved_self / _saved_other / _saved_result / _saved_exponent / ... as torch names them.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
print(y.grad_fn._saved_self, y.grad_fn._saved_other)
z = x * 2
print(z.grad_fn._saved_other, z.grad_fn._saved_self)
p = x ** 2
print(p.grad_fn._saved_self, p.grad_fn._saved_exponent, type(p.grad_fn._saved_exponent))
p3 = x ** 2.5
print(p3.grad_fn._saved_exponent)
e = x.exp()
print(e.grad_fn._saved_result, e.grad_fn._saved_result is e, e.grad_fn._saved_result.equal(e))
print(x.sin().grad_fn._saved_self is x, x.tanh().grad_fn._saved_result, x.sigmoid().grad_fn._saved_result)
d = x / w
print(d.grad_fn._saved_self, d.grad_fn._saved_other)
m = x.unsqueeze(0).mm(w.unsqueeze(1))
print(m.grad_fn._saved_self, m.grad_fn._saved_mat2)
q = torch.pow(x, w)
print(q.grad_fn._saved_self, q.grad_fn._saved_exponent, q.grad_fn._saved_result)
r = 2 ** x
print(r.grad_fn._saved_self, r.grad_fn._saved_exponent, r.grad_fn._saved_result)
s = x.log()
s.sum().backward()
try:
    s.grad_fn._saved_self
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    y.grad_fn._saved_foo
except AttributeError as err:
    print("AttributeError:", err)
print(x.sqrt().grad_fn._saved_result, x.cos().grad_fn._saved_self, x.log().grad_fn._saved_self)
print((x + w).grad_fn._saved_alpha, (x - w).grad_fn._saved_alpha)
c = x.clamp(min=1.5)
print(c.grad_fn._saved_min, c.grad_fn._saved_self)
print(x.relu().grad_fn._saved_result, x.softmax(0).grad_fn._saved_result, x.softmax(0).grad_fn._saved_dim)
