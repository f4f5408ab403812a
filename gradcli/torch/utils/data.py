"""torch.utils.data: Dataset, TensorDataset, Subset, random_split and a single-process DataLoader.

Batches are made as torch's default_collate makes them (tensors stacked, numbers made tensors, tuples
collated field by field into a list). The random stream advances as torch's does: each pass over a
DataLoader draws a 64-bit base seed from the default generator, and a shuffling pass draws one more, which
seeds the generator the permutation of the indices comes from (torch's RandomSampler).
"""

import math

import numpy as np

from gradcli.engine.dtypes import float64
from gradcli.engine.factory import tensor
from gradcli.engine.ops.shapes import stack
from gradcli.engine.random import Generator, default_generator
from gradcli.engine.tensor import Tensor


class Dataset:
    """Subclass with __getitem__ (and __len__, for a DataLoader that counts its batches)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        if any(t.shape[0] != tensors[0].shape[0] for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, index):
        if isinstance(index, list):
            return self.dataset[[self.indices[i] for i in index]]
        return self.dataset[self.indices[index]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """Subsets of the given lengths (or fractions) of a random permutation of the dataset's indices."""
    generator = generator if generator is not None else default_generator
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        counts = [int(math.floor(len(dataset) * frac)) for frac in lengths]
        for i in range(len(dataset) - sum(counts)):
            counts[i % len(counts)] += 1
        lengths = counts
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = generator.permutation(sum(lengths)).tolist()
    subsets, start = [], 0
    for length in lengths:
        subsets.append(Subset(dataset, indices[start:start + length]))
        start += length
    return subsets


def default_collate(batch):
    """One batch from a list of samples, as torch's default_collate makes it."""
    sample = batch[0]
    if isinstance(sample, Tensor):
        return stack(batch, 0)
    if isinstance(sample, np.ndarray):
        return stack([tensor(item) for item in batch], 0)
    if isinstance(sample, float):
        return tensor(batch, dtype=float64)  # Python floats are doubles
    if isinstance(sample, int):
        return tensor(batch)
    if isinstance(sample, dict):
        return {key: default_collate([item[key] for item in batch]) for key in sample}
    if isinstance(sample, (tuple, list)):
        if any(len(item) != len(sample) for item in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        return [default_collate(list(field)) for field in zip(*batch)]
    return batch


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=False, drop_last=False, collate_fn=None, generator=None,
                 num_workers=0, pin_memory=False):
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = bool(shuffle)
        self.drop_last = drop_last
        self.collate_fn = collate_fn if collate_fn is not None else default_collate
        self.generator = generator
        self.num_workers = num_workers

    def __len__(self):
        count = len(self.dataset)
        return count // self.batch_size if self.drop_last else -(-count // self.batch_size)

    def __iter__(self):
        _seed_from(self.generator)  # torch's iterator draws its base seed (for workers) from the stream
        return self._batches()

    def _batches(self):
        count = len(self.dataset)
        if self.shuffle:
            generator = self.generator
            if generator is None:
                generator = Generator(_seed_from(None))
            order = generator.permutation(count).tolist()
        else:
            order = range(count)
        stop = count - count % self.batch_size if self.drop_last else count
        for start in range(0, stop, self.batch_size):
            yield self.collate_fn([self.dataset[i] for i in order[start:start + self.batch_size]])


def _seed_from(generator):
    """torch.empty((), dtype=torch.int64).random_(generator=...).item(): 64 random bits modulo 2**63."""
    return (generator if generator is not None else default_generator).random64() % 2**63
