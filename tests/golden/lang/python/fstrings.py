# f-strings: fields, conversions, format specs (0-d tensors format like Python numbers), nesting.
name, value = "loss", 0.123456
f"{name}: {value}"
f"{name!r} {name!s} {name!a}"
f"{value:.2f} {value:10.3f}| {value:<10}| {value:e} {value:.1%}"
f"{42:05d} {42:x} {42:>6} {42:^7}| {1234567:,}"
width, precision = 8, 3
f"{value:{width}.{precision}f}"
f"{{literal braces}} {value}"
f"{value=}, {value = :.2f}, {name=!s}"
f"{'nested' + ' quotes'} {[1, 2][0]} {(lambda v: v * 2)(4)}"
f"{1 if value > 0 else -1}"
loss = torch.tensor(0.25)
f"{loss}"
f"{loss:.3f}"
f"{loss.item():.3f}"
x = torch.tensor([1., 2.])
f"{x}"
f"{x!r}"
f"{x.sum():>8.2f}|"
f"""multi
{name}
line"""
rf"raw {name}\n"
print(f"{name}\t{value:.3f}")
f"{torch.tensor(3):d}"
