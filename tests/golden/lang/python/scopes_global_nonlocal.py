# global and nonlocal: counters and closures as tutorials write them.
step = 0
history = []


def train_step(loss):
    global step
    step += 1
    history.append(loss)


for loss in [0.9, 0.5, 0.2]:
    train_step(loss)
print(step, history)


def make_counter():
    count = 0

    def increment(by=1):
        nonlocal count
        count += by
        return count
    return increment


counter = make_counter()
counter()
counter(5)
print(counter())


def outer():
    value = "outer"

    def inner():
        nonlocal value
        value = "changed"
    inner()
    return value


print(outer())


def reset():
    global step
    step = 0


reset()
print(step)


def broken():
    total += 1


broken()
