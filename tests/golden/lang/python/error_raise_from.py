def check(value):
    if value < 0:
        raise ValueError(f"negative: {value}")
    return value

try:
    check(-1)
except ValueError as err:
    raise RuntimeError("check failed") from err
