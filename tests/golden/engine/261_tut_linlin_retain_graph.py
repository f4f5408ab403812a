import torch as T

x = T.tensor([[-0.7452, 1.5727], [0.1702, 0.7374]], requires_grad=True)
print('x', x)
y = 2 * x
z = y ** 3
out = z.mean()
print('out', out)
out.backward()  # without setting retain_graph to be true, it is alright for first time of backward.
print('x gradient', x.grad)

x.grad.data.zero_()
try:
    out.backward()  # Now we get complaint saying that no graph is available for tracing back.
    print('x gradient', x.grad)
except RuntimeError as e:
    print(type(e).__name__ + ': ' + str(e))
