# An error inside a generator, raised while a for loop consumes it: both frames in the traceback.
def gen():
    yield 1
    yield 1 / 0

for v in gen():
    print(v)
