# def with defaults and keywords, return, local scope, closures, recursion, lambda.
def square(v):
    return v * v

square(3)
square(torch.tensor([1., 2.]))

def scaled(v, factor=2, shift=0.5):
    result = v * factor + shift
    result  # never echoed: not top level
    return result

scaled(1)
scaled(1, 3)
scaled(1, shift=0)
scaled(factor=10, v=1)

def no_return():
    x = 5

print(no_return())
no_return()

x = "global"
def shadow():
    x = "local"
    return x

shadow(), x

def reads_global():
    return x

reads_global()

def counter():
    count = [0]
    def bump():
        count[0] += 1
        return count[0]
    return bump

bump = counter()
bump(), bump(), bump()

def factorial(k):
    return 1 if k <= 1 else k * factorial(k - 1)

factorial(10)

defaults = []
def remember(item, seen=defaults):
    seen.append(item)
    return len(seen)

remember("a"), remember("b"), defaults

double = lambda v: v * 2
double(21)
(lambda: "no args")()
add = lambda a, b=10: a + b
add(1), add(1, 2), add(b=0, a=5)
sorted_by = max([3, -7, 5], key=lambda v: abs(v))
sorted_by

def f(x):
    y = x * 2
    z = y * y * 2
    return z

x = torch.ones(3, requires_grad=True)
out = f(x)
out
out.backward(torch.tensor([1., 2., 3.]))
x.grad

def early(flag):
    if flag:
        return "early"
    for i in range(3):
        if i == 1:
            return i
    return "late"

early(True), early(False)

def hook(g):
    print("hook saw", g)
    return g * 2

h = torch.tensor([1., 2.], requires_grad=True)
handle = h.register_hook(hook)
(h * 3).sum().backward()
h.grad

def main():
    print("main runs, as under python")

if __name__ == "__main__":
    main()
