"""torch.nn.functional: activations and losses."""

from gradcli.engine.nn_functional import (  # noqa: F401
    binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy, l1_loss, log_softmax, mse_loss,
    linear, nll_loss, relu, sigmoid, softmax, tanh,
)
