# try/except/else/finally, raise, assert, except ... as e.
try:
    1 / 0
except ZeroDivisionError as e:
    print("caught:", e)
    e

try:
    value = int("7")
except ValueError:
    print("not reached")
else:
    print("else runs, value", value)
finally:
    print("finally runs")

def risky(n):
    try:
        if n == 0:
            raise ValueError("zero!")
        return 10 / n
    except ValueError as err:
        return "handled " + str(err)
    finally:
        print("cleanup", n)

risky(2)
risky(0)

try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as err:
    print("assert:", err)

try:
    assert False
except AssertionError as err:
    print("bare assert:", f"{err!r}")

try:
    raise RuntimeError
except RuntimeError as err:
    print("raised a class:", f"{err!r}")

try:
    try:
        [][1]
    except KeyError:
        print("wrong handler")
except (IndexError, TypeError) as err:
    print("outer caught", err)

try:
    try:
        raise ValueError("inner")
    except ValueError:
        print("re-raising")
        raise
except ValueError as err:
    print("got back", err)

x = torch.tensor([2.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
y.backward()
try:
    y.backward()
except RuntimeError as err:
    print("second backward:", str(err)[:40])

try:
    torch.ones(2).backward()
except RuntimeError as err:
    print(err)

try:
    undefined_name
except NameError as err:
    print(err)

try:
    pass
finally:
    print("finally without except")

for attempt in range(3):
    try:
        if attempt < 2:
            raise KeyError(attempt)
        print("succeeded on", attempt)
    except KeyError as err:
        print("retry after", err)
        continue
    finally:
        print("attempt done", attempt)

try:
    raise ValueError("a") from KeyError("b")
except ValueError as err:
    print("raised from:", err.args)

try:
    x.nonexistent_attribute
except AttributeError as err:
    print(err)
