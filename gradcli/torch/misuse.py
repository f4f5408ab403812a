"""Silent misuses: code torch runs without a word that is almost surely a mistake, such as an optimizer step
before any backward (nothing has a gradient, so nothing moves) or gradients left to accumulate across steps
(a forgotten zero_grad()). torch's behaviour is kept exactly; the namespace only reports what it saw, and a
front end that installed a hook (gradcli run) explains it as hint lines."""

_hook = None


def set_hook(hook):
    """hook(kind, **objects) hears each misuse; None turns reporting off."""
    global _hook
    _hook = hook


def report(kind, **objects):
    if _hook is not None:
        _hook(kind, **objects)
