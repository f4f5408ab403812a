# Seed 003: "Staged computation" with fastai (cs231n's backprop example), its code cells in order up to
# the second f.backward(), whose RuntimeError the notebook shows; parts b and c go on.
# Adapted import: `from fastai2.vision.all import *` is dropped; the `tensor` it provided is torch's,
# which gradcli scripts have from the start.

import math

x, y, z = 3, -4, 19

q = x + 2*y    #1
f = q * z      #2
f

dq = z             #2
dz = q             #2
dx = dq * 1        #1
dy = dq * 2        #1
dq, dx, dy, dz

x, y, z = tensor(3.), tensor(-4.), tensor(19.)

q = x + 2*y    #1
f = q * z      #2
f

for o in [x, y, z, q, f]: print(o.requires_grad)

f.requires_grad_()

for o in [x, y, z, q, f]: print(o.requires_grad)

f.backward()

for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

q = x + 2*y    #1
q.requires_grad_()
f = q * z      #2
f

for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

f.backward()

for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

x.requires_grad_()

q = x + 2*y    #1
f = q * z      #2
f

for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

f.backward()

for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

x, y, z = tensor(3.), tensor(-4.), tensor(19.)
for o in [x, y, z]: o.requires_grad_()

q = x + 2*y    #1
f = q * z      #2
f

f.backward()

for o in [x, y, z, q, f]: print(o.grad)

f.backward()
