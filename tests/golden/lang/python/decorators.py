# Function decorators: written in the script, stacked, with arguments; torch.no_grad() / enable_grad().
def logged(function):
    def wrapper(*args, **kwargs):
        print("calling with", args, kwargs)
        result = function(*args, **kwargs)
        print("returned", result)
        return result
    return wrapper


def repeat(times):
    def decorate(function):
        def wrapper(x):
            for _ in range(times):
                x = function(x)
            return x
        return wrapper
    return decorate


@logged
def add(a, b=10):
    return a + b


@repeat(3)
def double(x):
    return 2 * x


@logged
@repeat(2)
def square(x):
    return x * x


add(1)
add(2, b=3)
print(double(1), square(3))

w = torch.tensor([1.0, 2.0], requires_grad=True)


@torch.no_grad()
def update(tensor, step):
    tensor -= step * tensor
    return tensor * 2


@torch.enable_grad()
def tracked(tensor):
    return tensor * 3


out = update(w, 0.5)
print(w, out, out.requires_grad)
with torch.no_grad():
    inside = tracked(w)
print(inside.requires_grad, inside.grad_fn)
print(torch.is_grad_enabled())


class Counter:
    def __init__(self):
        self.calls = 0

    def __call__(self, function):
        def counted(*args):
            self.calls += 1
            return function(*args)
        return counted


counter = Counter()


@counter
def inc(x):
    return x + 1


print(inc(inc(1)), counter.calls)
