# Assignment: several targets, unpacking from any iterable, attributes, subscripts, augmented forms.
a = b = 3
a, b
x, y, z = tensor(3.), tensor(-4.), tensor(19.)
x, y, z
first, second = "ab"
first, second
(p, q), r = (1, 2), [3]
p, q, r
[s, t] = range(2)
s, t
head, *rest = [1, 2, 3, 4]
head, rest
*init, last = (1, 2, 3)
init, last
u, *middle, v = "xyz"
u, middle, v
v, i = torch.tensor([[1., 5.], [7., 2.]]).max(0)
v
i
row0, row1 = torch.tensor([[1., 2.], [3., 4.]])
row1
w = torch.tensor([1., 2., 3.], requires_grad=True)
w.grad = None
w.requires_grad = True
loss = (w * w).sum()
loss.backward()
lr = 0.1
w.data -= lr * w.grad
w
w.grad.zero_()
m = torch.zeros(2, 3)
m[0] = 1.
m[1, 2] = 5.
m[:, 0] += 2.
m
items = [1, 2, 3]
items[0] = 10
items[1:] = [20]
items
n = 5
n += 2
n -= 1
n *= 3
n //= 4
n **= 2
n %= 7
n
f = 7.0
f /= 2
f
text = "ab"
text *= 2
text
acc = torch.ones(2)
alias = acc
acc += 1
alias
acc = acc + 1
alias
del items[0]
items
del n
bits = 6
bits &= 3
bits |= 8
bits ^= 1
bits
