# Inheritance, super() (with and without arguments), staticmethod, classmethod, property.
class Shape:
    sides = 0

    def __init__(self, name):
        self.name = name

    def area(self):
        raise NotImplementedError(f"{type_name(self)} has no area")

    def describe(self):
        return f"{self.name} with {self.sides} sides and area {self.area():.2f}"

    @staticmethod
    def unit():
        return "cm^2"

    @classmethod
    def named(cls, name, *args):
        return cls(name, *args)


def type_name(obj):
    return "this shape"


class Rectangle(Shape):
    sides = 4

    def __init__(self, name, width, height):
        super().__init__(name)
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height

    @property
    def perimeter(self):
        return 2 * (self.width + self.height)


class Square(Rectangle):
    def __init__(self, name, side):
        super(Square, self).__init__(name, side, side)

    def describe(self):
        return "square: " + super().describe()


shapes = [Rectangle("r", 2, 3), Square.named("s", 2), Rectangle.named("t", 1.5, 4)]
for shape in shapes:
    print(shape.describe(), shape.perimeter, Shape.unit(), shape.unit())
print(isinstance(shapes[1], Rectangle), isinstance(shapes[0], Square), Square.sides)
print([type_name(s) for s in shapes])


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    @property
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5


print(Point(3, 4).norm)
Shape("blob").describe()
