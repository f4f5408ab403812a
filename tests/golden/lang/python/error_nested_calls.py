# A traceback through several script functions: each frame with its line and a caret line.
def inner(t):
    return t.backward()

def middle(t):
    doubled = t * 2
    return inner(doubled)

def outer():
    x = torch.ones(2, requires_grad=True)
    middle(x.sum())
    return middle(x)

outer()
