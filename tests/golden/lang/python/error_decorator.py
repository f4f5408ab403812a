# An error raised by a decorator points at the decorator line, inside the class body's frame.
def deco(f):
    raise ValueError("bad decorator")

class A:
    x = 1
    y = x + 1
    def m(self):
        return self.y

print(A().m())

class B:
    @deco
    def m(self):
        pass
