"""torch.random: the seeding functions of the default generator, as `torch.random.manual_seed(42)` reaches them."""

from gradcli.engine.factory import get_rng_state, initial_seed, manual_seed, set_rng_state  # noqa: F401
from gradcli.engine.random import default_generator  # noqa: F401
