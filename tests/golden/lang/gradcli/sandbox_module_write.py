torch.tensor = None
