import torch as T

x = T.tensor([[1.8528, 0.2083], [-1.5296, 0.3136]], requires_grad=True)
print('x', x)
y = 2 * x
z = y ** 3
out = z.mean()
print('out', out)
out.backward(retain_graph=True)
print('x gradient:\n', x.grad)

x.grad.data.zero_()
try:
    out.backward(T.FloatTensor([[1, 1], [1, 1]]), retain_graph=True)
    print('x gradient', x.grad)
except RuntimeError as e:
    print(type(e).__name__ + ': ' + str(e))
