# Seed 003, part c: resetting gradients with `o.grad = None` between backward passes.
# (`from fastai2.vision.all import *` dropped, as in part a.)

import math

x, y, z = tensor(3.), tensor(-4.), tensor(19.)
for o in [x, y, z]: o.requires_grad_()

q = x + 2*y    #1
f = q * z      #2
f

f.backward(retain_graph=True)

for o in [x, y, z, q, f]: print(o.grad)

for o in [x, y, z, q, f]: o.grad = None

f.backward()

for o in [x, y, z, q, f]: print(o.grad)
